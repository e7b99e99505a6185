import Foundation
import TactileCore
import XCTest

@testable import TactileMedia

/// A span cut out of a movie by copying its packets: the frames and the sound of that span,
/// starting with the frame on show at the span's start, though the span starts between keyframes.
final class StreamCopyCutTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// Three seconds at 30 frames a second, a keyframe a second, B-frames, and a sound that is
    /// silent until 1.5 s and a 440 Hz tone after.
    func makeMovie() throws -> URL {
        let url = folder.appendingPathComponent("whole.mp4")
        var settings = VideoEncoder.Settings(codec: .h264, width: 160, height: 96, framesPerSecond: 30, keyframeInterval: 30, audioSampleRate: 48_000)
        settings.audioChannels = 1
        let encoder = try VideoEncoder(url: url, settings: settings)
        for i in 0..<90 { try encoder.append(TestPattern.frame(i, width: 160, height: 96, style: 1)) }
        let samples = (0..<(3 * 48_000)).map { i -> Float in i < 72_000 ? 0 : 0.5 * Float(sin(2 * Double.pi * 440 * Double(i) / 48_000)) }
        try encoder.appendAudio(samples)
        try encoder.finish()
        return url
    }

    func testACutBetweenKeyframesStartsOnTheFrameOnShowThenAndKeepsItsSoundInStep() throws {
        let whole = try makeMovie()
        let clip = folder.appendingPathComponent("clip.mp4")
        // 1.25 s is between keyframes (0, 1 and 2 s) and inside frame 37 (1.233 … 1.267 s).
        let result = try StreamCopyCut.cut(whole, from: 1.25, to: 2.5, into: clip)
        XCTAssertEqual(result.seconds, 2.5 - 37.0 / 30, accuracy: 0.001, "from frame 37 to the end of the last frame before 2.5 s")

        let source = try VideoDecoder(path: whole.path), cut = try VideoDecoder(path: clip.path)
        let first = try cut.frame(at: .zero)
        XCTAssertEqual(first.time.seconds, 0, accuracy: 0.001, "the clip's first frame is at 0, the ones before it hidden")
        XCTAssertTrue(first.image.pixels == (try source.frame(at: .seconds(1.25)).image.pixels), "the frame on show at 1.25 s")
        XCTAssertFalse(first.image.pixels == (try source.frame(at: .seconds(1.0)).image.pixels), "not the keyframe it was decoded from")
        // The clip's clock is the source's moved back to frame 37's start.
        for inClip in [0.51, 1.21] {
            XCTAssertTrue(
                try cut.frame(at: .seconds(inClip)).image.pixels == source.frame(at: .seconds(inClip + 37.0 / 30)).image.pixels,
                "the frame at \(inClip) s of the clip is the source's \(37.0 / 30) s later")
        }
        let probe = MediaProbe.probe(clip.path)
        XCTAssertEqual(probe.video?.codec, "h264")
        XCTAssertEqual(probe.audio?.codec, "aac", "the sound is copied too")
        XCTAssertEqual(probe.duration ?? 0, result.seconds, accuracy: 0.05)

        // The sound, in step with the pictures: silent until 1.5 s of the source, which is
        // 0.267 s into the clip, then the tone.
        let decoder = try AudioDecoder(path: clip.path, sampleRate: 48_000, channels: 1)
        var samples: [Float] = []
        while try decoder.read(into: &samples) {}
        XCTAssertEqual(Double(samples.count) / 48_000, result.seconds, accuracy: 0.03, "as long as the pictures")
        func rms(_ from: Double, _ to: Double) -> Double {
            let part = samples[Int(from * 48_000)..<min(samples.count, Int(to * 48_000))]
            return (part.reduce(0) { $0 + Double($1) * Double($1) } / Double(part.count)).squareRoot()
        }
        XCTAssertLessThan(rms(0, 0.24), 0.02, "silence before the tone, as in the source")
        XCTAssertEqual(rms(0.3, 1.2), 0.5 / 2.0.squareRoot(), accuracy: 0.03, "the tone from 0.267 s on")
    }

    func testASpanWithNoPictureIsRefusedAndLeavesNoFile() throws {
        let whole = try makeMovie()
        let clip = folder.appendingPathComponent("clip.mp4")
        XCTAssertThrowsError(try StreamCopyCut.cut(whole, from: 5, to: 6, into: clip)) {
            XCTAssertTrue("\($0)".contains("no picture between 5.00 and 6.00 s"), "\($0)")
        }
        XCTAssertThrowsError(try StreamCopyCut.cut(whole, from: 2, to: 1, into: clip)) { XCTAssertTrue("\($0)".contains("is empty"), "\($0)") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["whole.mp4"], "nothing half-written left")
    }
}
