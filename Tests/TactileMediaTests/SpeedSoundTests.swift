import Foundation
import XCTest
import TactileCore
@testable import TactileMedia

/// A clip's sound at another speed: it lasts as long as the clip on the timeline, keeps its
/// pitch (atempo), and starts from the right place in its source.
final class SpeedSoundTests: XCTestCase {
    /// Zero crossings per second of the left channel of `samples` (interleaved stereo at 48 kHz),
    /// halved: the tone's frequency.
    private func frequency(_ samples: ArraySlice<Float>) -> Double {
        let left = stride(from: samples.startIndex, to: samples.endIndex - 1, by: 2).map { samples[$0] }
        var crossings = 0
        for i in 1..<left.count where (left[i - 1] < 0) != (left[i] < 0) { crossings += 1 }
        return Double(crossings) / 2 / (Double(left.count) / 48_000)
    }

    private func loudness(_ samples: ArraySlice<Float>) -> Float { samples.map(abs).max() ?? 0 }

    func testTheAtempoChainReachesAQuarterSpeedInHalves() {
        XCTAssertEqual(TempoStretcher.chain(for: 0.25), [0.5, 0.5])
        XCTAssertEqual(TempoStretcher.chain(for: 0.3).count, 2)
        XCTAssertEqual(TempoStretcher.chain(for: 0.3).reduce(1, *), 0.3, accuracy: 1e-9)
        XCTAssertEqual(TempoStretcher.chain(for: 4), [2, 2], "above 2 atempo skips rather than blends")
        XCTAssertEqual(TempoStretcher.chain(for: 3).reduce(1, *), 3, accuracy: 1e-9)
    }

    func testASpedUpClipSoundsAsLongAsItLastsAtItsOwnPitch() throws {
        MediaLog.quiet()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-speed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("tone.m4a")
        try AudioEncoder.write(AudioEncoder.tone(hz: 440, seconds: 4, sampleRate: 48_000, level: 0.5), sampleRate: 48_000, codec: .aac, to: url)
        for speed in [2.0, 0.5, 0.25, 4.0] {
            // The whole 4 s of tone from 0.5 s on the timeline: at 2× it lasts 2 s, at 0.5× 8 s.
            var clip = Clip(id: "a", kind: .audio, media: url.path, title: "a", start: .seconds(0.5), duration: .seconds(4), sourceDuration: .seconds(4))
            clip.speed = speed
            clip.duration = clip.timelineSpan(ofFootage: .seconds(4))
            let project = Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])])
            let mixer = PlaybackMixer(project: project, from: .zero, sampleRate: 48_000) { _ in true }
            let seconds = 0.5 + 4 / speed + 0.5
            var out: [Float] = []
            for _ in 0..<Int(seconds * 10) { out += mixer.render(frames: 4_800) }
            func part(_ from: Double, _ to: Double) -> ArraySlice<Float> { out[(Int(from * 48_000) * 2)..<(Int(to * 48_000) * 2)] }
            let end = 0.5 + 4 / speed
            XCTAssertLessThan(loudness(part(0, 0.45)), 0.01, "\(speed)×: silence before the clip")
            XCTAssertGreaterThan(loudness(part(0.6, end - 0.1)), 0.3, "\(speed)×: the tone all through the clip")
            XCTAssertLessThan(loudness(part(end + 0.1, seconds)), 0.01, "\(speed)×: silence once the clip is over")
            XCTAssertEqual(frequency(part(0.7, end - 0.2)), 440, accuracy: 15, "\(speed)×: the same pitch, not \(440 * speed) Hz")
            XCTAssertTrue(mixer.problems.isEmpty, "\(mixer.problems)")
        }
    }

    func testStartingInsideASpedUpClipSeeksToItsFootageAtThatSpeed() throws {
        MediaLog.quiet()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-speed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("steps.wav")
        // 2 s of tone, then 2 s of silence: at 2× the silence begins 1 s into the clip.
        try AudioEncoder.write(
            AudioEncoder.tone(hz: 500, seconds: 2, sampleRate: 48_000, level: 0.4) + [Float](repeating: 0, count: 96_000), sampleRate: 48_000,
            codec: .wav, to: url)
        var clip = Clip(id: "a", kind: .audio, media: url.path, title: "a", start: .zero, duration: .seconds(2), sourceDuration: .seconds(4))
        clip.speed = 2
        let project = Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])])
        let mixer = PlaybackMixer(project: project, from: .seconds(0.5), sampleRate: 48_000) { _ in true }
        var out: [Float] = []
        for _ in 0..<10 { out += mixer.render(frames: 4_800) } // timeline 0.5 … 1.5 s
        XCTAssertGreaterThan(loudness(out[0..<(2 * 19_200)]), 0.25, "0.5 … 0.9 s plays footage 1 … 1.8 s: tone")
        XCTAssertLessThan(loudness(out[(2 * 28_800)..<(2 * 48_000)]), 0.02, "1.1 … 1.5 s plays footage 2.2 … 3 s: silence")
    }
}
