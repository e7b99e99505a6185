import XCTest
@testable import TactileInput

final class CueSoundTests: XCTestCase {
    func testEveryCueIsShortBoundedAndDistinct() {
        var seen: [[Float]] = []
        for cue in HapticCue.allCases {
            let s = CueSound.samples(for: cue, sampleRate: 48_000)
            XCTAssertFalse(s.isEmpty)
            XCTAssertLessThan(s.count, 48_000 / 3, "\(cue) is under a third of a second")
            XCTAssertLessThanOrEqual(s.map { abs($0) }.max()!, 1)
            XCTAssertGreaterThan(s.map { abs($0) }.max()!, 0.1, "\(cue) is audible")
            XCTAssertLessThan(abs(s.last!), 0.01, "\(cue) ends without a click")
            XCTAssertFalse(seen.contains(s), "\(cue) sounds like another cue")
            seen.append(s)
        }
    }

    func testVolumeScalesAndZeroIsSilent() {
        let loud = CueSound.samples(for: .impactMedium, sampleRate: 48_000, volume: 1)
        let quiet = CueSound.samples(for: .impactMedium, sampleRate: 48_000, volume: 0.25)
        XCTAssertEqual(quiet.map { abs($0) }.max()!, loud.map { abs($0) }.max()! * 0.25, accuracy: 1e-4)
        XCTAssertEqual(CueSound.samples(for: .success, sampleRate: 48_000, volume: 0).map { abs($0) }.max(), 0)
    }
}
