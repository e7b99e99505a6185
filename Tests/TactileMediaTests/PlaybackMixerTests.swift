import Foundation
import XCTest
import TactileCore
@testable import TactileMedia

/// Playback sound: clips' sound mixed at their timeline places, from their source offsets.
final class PlaybackMixerTests: XCTestCase {
    func testClipsSoundPlaysAtItsPlaceFromItsSourceOffset() throws {
        MediaLog.quiet()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // One second of silence, then one second of tone: the source offset decides what plays.
        let url = folder.appendingPathComponent("half.wav")
        try AudioEncoder.write([Float](repeating: 0, count: 44_100) + AudioEncoder.tone(hz: 440, seconds: 1, sampleRate: 44_100, level: 0.5),
                               sampleRate: 44_100, codec: .wav, to: url)
        let clip = Clip(id: "a", kind: .audio, media: url.path, title: "a", start: .seconds(0.5), duration: .seconds(0.5),
                        sourceStart: .seconds(1.25), sourceDuration: .seconds(2))
        let project = Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])])
        let mixer = PlaybackMixer(project: project, from: .seconds(0.25), sampleRate: 48_000) { _ in true }
        var out: [Float] = []
        for _ in 0..<10 { out += mixer.render(frames: 4_800) }                 // 1 s, in 0.1 s blocks
        func loudness(_ from: Double, _ to: Double) -> Float {
            let a = Int(from * 48_000) * 2, b = Int(to * 48_000) * 2
            return out[a..<b].map(abs).max() ?? 0
        }
        XCTAssertLessThan(loudness(0, 0.24), 0.01, "silence before the clip (timeline 0.25 … 0.5 s)")
        XCTAssertEqual(Double(loudness(0.26, 0.74)), 0.5, accuracy: 0.05, "the tone from its source offset")
        XCTAssertLessThan(loudness(0.76, 1.0), 0.01, "silence after the clip")
        XCTAssertEqual(mixer.position, .seconds(1.25))
        XCTAssertTrue(mixer.problems.isEmpty)
    }

    func testStartingInsideAClipSeeksIntoItsSource() throws {
        MediaLog.quiet()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("steps.m4a")
        // 0.5 s silence, 0.5 s tone, repeated: starting at 0.75 s lands in the first tone.
        let block = [Float](repeating: 0, count: 24_000) + AudioEncoder.tone(hz: 500, seconds: 0.5, sampleRate: 48_000, level: 0.4)
        try AudioEncoder.write(block + block, sampleRate: 48_000, codec: .aac, to: url)
        let clip = Clip(id: "a", kind: .audio, media: url.path, title: "a", start: .zero, duration: .seconds(2), sourceDuration: .seconds(2))
        let mixer = PlaybackMixer(project: Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])]),
                                  from: .seconds(0.75), sampleRate: 48_000) { _ in true }
        let out = mixer.render(frames: 24_000)                                   // 0.75 … 1.25 s
        let first = out[0..<(2 * 9_600)].map(abs).max()!, second = out[(2 * 14_400)..<(2 * 24_000)].map(abs).max()!
        XCTAssertGreaterThan(first, 0.3, "0.75 … 0.95 s is tone")
        XCTAssertLessThan(second, 0.02, "1.05 … 1.25 s is silence")
    }
}
