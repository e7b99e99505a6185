import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileMedia
import TactileStudy
import TactileTestSupport
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// Think-aloud sound end to end: `tactile run --record DIR --record-audio` with SDL's disk audio
/// driver feeding the "microphone" a known tone, then `tactile replay DIR --video`, and the
/// exported MP4 checked by our own probe and decoder: an AAC track under the picture, as long as
/// what was said, with the tone's pitch and level.
final class ThinkAloudTests: XCTestCase, ReplayTesting, RunsAlone {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("think-aloud") }
    override func tearDown() { removeTestFolder() }

    func testTheMicrophoneIsRecordedOnTheSessionsClockAndBecomesTheVideosSoundTrack() throws {
        let binary = try tactileBinary()
        // 6 s of a 440 Hz tone at half scale, 32-bit float mono at 48 kHz: the disk driver's input.
        let rate = 48_000.0
        var tone = Data()
        for i in 0..<(6 * 48_000) {
            var s = Float(0.5 * sin(2 * Double.pi * 440 * Double(i) / rate))
            withUnsafeBytes(of: &s) { tone.append(contentsOf: $0) }
        }
        let input = folder.appendingPathComponent("tone.raw")
        try tone.write(to: input)
        let session = folder.appendingPathComponent("session")
        let run = Process()
        run.executableURL = binary
        run.arguments = ["run", "--record", session.path, "--record-audio", "--scale", "1"]
        run.environment = ProcessInfo.processInfo.environment.merging([
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILEIN": input.path,
            "SDL_DISKAUDIOFILE": folder.appendingPathComponent("out.raw").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
        ]) { $1 }
        let log = Pipe()
        run.standardOutput = log; run.standardError = log
        try run.run()
        // A real window on a real clock: let it talk for two and a half seconds, then stop it as
        // systemd would (an idle window drains the microphone at its next wake, so the file is no
        // sign of progress: the talking itself takes the time).
        usleep(2_500_000)
        run.terminate()
        let said = String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.waitUntilExit()
        XCTAssertEqual(run.terminationStatus, 0, said)
        XCTAssertTrue(said.contains("of think-aloud sound"), said)

        let track = try XCTUnwrap(try ThinkAloudTrack.open(in: session), "audio.json and audio.wav in the session folder")
        XCTAssertGreaterThan(track.duration.seconds, 1.5, "most of the 2.5 s was recorded")
        XCTAssertLessThan(track.start.seconds, 1.0, "the sound starts when the session does")

        let video = folder.appendingPathComponent("session.mp4")
        let summary = try Commands.replay(trace: session.path, project: nil, outputs: .init(video: video.path), scale: 1, until: nil)
        XCTAssertTrue(summary.contains("video"), summary)
        let probe = MediaProbe.probe(video.path)
        XCTAssertTrue(probe.ok, "\(probe.json)")
        XCTAssertEqual(probe.audio?.codec, "aac", "a sound track")
        XCTAssertEqual(probe.video?.codec, "h264")
        XCTAssertGreaterThanOrEqual(probe.duration ?? 0, (track.start + track.duration).seconds - 0.05, "as long as what was said")

        // The tone is there, at its pitch and level: count zero crossings and take the RMS of a
        // second from the middle of the recording.
        let decoder = try AudioDecoder(path: video.path, sampleRate: 48_000, channels: 1)
        var samples: [Float] = []
        while try decoder.read(into: &samples) {}
        let from = Int((track.start.seconds + 0.5) * rate), to = from + 48_000
        XCTAssertLessThanOrEqual(to, samples.count)
        let second = Array(samples[from..<min(to, samples.count)])
        let crossings = zip(second, second.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        XCTAssertEqual(Double(crossings), 440, accuracy: 5, "440 Hz")
        let rms = (second.reduce(0) { $0 + Double($1) * Double($1) } / Double(second.count)).squareRoot()
        XCTAssertEqual(rms, 0.5 / 2.0.squareRoot(), accuracy: 0.03, "the level it was spoken at")
        let before = samples.prefix(Int(track.start.seconds * rate))
        XCTAssertTrue(before.allSatisfy { abs($0) < 0.05 }, "silence before the sound starts")

        // A clip (`tactile clips`) half a second before the sound's end has the sound of that
        // moment: half a second of tone, then silence (not the sound from its start).
        let clip = folder.appendingPathComponent("clip.mp4")
        let clipStart = (track.start + track.duration).seconds - 0.5
        _ = try Commands.replay(
            trace: session.path, project: nil, outputs: .init(video: clip.path, videoFrom: clipStart), scale: 1, until: clipStart + 1)
        let cut = MediaProbe.probe(clip.path)
        XCTAssertEqual(cut.audio?.codec, "aac", "the clip has the think-aloud sound")
        XCTAssertEqual(cut.duration ?? 0, 1, accuracy: 0.15, "a second long")
        let clipDecoder = try AudioDecoder(path: clip.path, sampleRate: 48_000, channels: 1)
        var clipSamples: [Float] = []
        while try clipDecoder.read(into: &clipSamples) {}
        let head = Array(clipSamples.prefix(19_200)), tail = Array(clipSamples.dropFirst(28_800).prefix(19_200))
        XCTAssertEqual(Double(zip(head, head.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count), 176, accuracy: 5, "the tone in its first 0.4 s")
        XCTAssertTrue(tail.allSatisfy { abs($0) < 0.05 }, "silence after the sound's end, 0.6 s in")
    }
}
