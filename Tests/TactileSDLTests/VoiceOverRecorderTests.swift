import CSDL2
import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileCore
import TactileEditor
import TactileInput
import TactileMedia
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// The window's voice-over microphone for real: SDL's audio capture through its `disk` driver,
/// fed a known tone as the microphone, and the WAV it writes read back by our decoder — the
/// level the meter shows, the count-in left out, the length and pitch of what was said.
final class VoiceOverRecorderTests: XCTestCase, RunsAlone {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-voice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // 10 s of a 440 Hz tone at half scale, 32-bit float mono at 48 kHz: what the microphone hears.
        var tone = Data()
        for i in 0..<(10 * 48_000) {
            var s = Float(0.5 * sin(2 * Double.pi * 440 * Double(i) / 48_000))
            withUnsafeBytes(of: &s) { tone.append(contentsOf: $0) }
        }
        let input = folder.appendingPathComponent("tone.raw")
        try tone.write(to: input)
        setenv("SDL_DISKAUDIOFILEIN", input.path, 1)
        setenv("SDL_DISKAUDIOFILE", folder.appendingPathComponent("out.raw").path, 1)
        SDL_AudioQuit()
        guard SDL_AudioInit("disk") == 0 else { throw XCTSkip("SDL's disk audio driver: \(String(cString: SDL_GetError()))") }
    }

    override func tearDown() {
        // Back to the driver the rest of the suite uses ($SDL_AUDIODRIVER, dummy under Scripts/test):
        // a quit alone would leave SDL's audio subsystem marked as started with no driver.
        SDL_AudioQuit()
        unsetenv("SDL_DISKAUDIOFILEIN"); unsetenv("SDL_DISKAUDIOFILE")
        _ = SDL_AudioInit(nil)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Takes news for `seconds` of real time (the disk driver delivers the file at its own pace).
    private func listen(_ recorder: VoiceOverRecorder, for seconds: Double) -> [VoiceNews] {
        var news: [VoiceNews] = []
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            news += recorder.takeNews(now: .zero)
            usleep(20_000)
        }
        return news
    }

    func testWhatIsSaidAfterTheCountInIsWrittenAsAWavWithItsLevelShownOnTheWay() throws {
        let recorder = VoiceOverRecorder(folder: folder.appendingPathComponent("voice-overs"))
        recorder.carryOut(.listen, now: .zero)
        let countIn = listen(recorder, for: 0.5)
        let levels = countIn.compactMap { news -> Double? in
            if case let .level(l) = news { return l }; return nil
        }
        XCTAssertFalse(levels.isEmpty, "the meter moves during the count-in: \(countIn)")
        XCTAssertEqual(levels.max() ?? 0, 0.5, accuracy: 0.05, "the tone's peak")
        recorder.carryOut(.record, now: .zero)
        _ = listen(recorder, for: 1.2)
        recorder.carryOut(.keep(name: "Voice-over 1"), now: .zero)
        var saved: (String, Double)?
        Readiness.wait(timeout: 10, poll: 0.02) {
            for news in recorder.takeNews(now: .zero) {
                if case let .saved(path, seconds) = news { saved = (path, seconds) }
                if case let .failed(reason) = news { XCTFail(reason) }
            }
            return saved != nil
        }
        let (path, seconds) = try XCTUnwrap(saved, "the file is written off the frame loop, and said")
        XCTAssertTrue(path.hasPrefix(folder.appendingPathComponent("voice-overs").path), path)
        XCTAssertTrue((path as NSString).lastPathComponent.hasPrefix("Voice-over 1 "), path)
        XCTAssertEqual(seconds, 1.2, accuracy: 0.35, "what was said after the count-in, not the count-in")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("voice-overs").path)
        XCTAssertEqual(leftovers.count, 1, "no half-written file beside it: \(leftovers)")

        let decoder = try AudioDecoder(path: path, sampleRate: 48_000, channels: 1)
        var samples: [Float] = []
        while try decoder.read(into: &samples) {}
        XCTAssertEqual(Double(samples.count) / 48_000, seconds, accuracy: 0.02)
        let middle = Array(samples[(samples.count / 4)..<(samples.count * 3 / 4)])
        let crossings = zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        XCTAssertEqual(Double(crossings) / (Double(middle.count) / 48_000), 440, accuracy: 8, "the voice's pitch")
        XCTAssertEqual(Double(middle.map(abs).max() ?? 0), 0.5, accuracy: 0.05, "its level")
    }

    func testDiscardWritesNothing() throws {
        let recorder = VoiceOverRecorder(folder: folder.appendingPathComponent("voice-overs"))
        recorder.carryOut(.listen, now: .zero)
        recorder.carryOut(.record, now: .zero)
        _ = listen(recorder, for: 0.3)
        recorder.carryOut(.discard, now: .zero)
        let after = listen(recorder, for: 0.3)
        XCTAssertTrue(after.isEmpty, "\(after)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("voice-overs").path))
    }
}
