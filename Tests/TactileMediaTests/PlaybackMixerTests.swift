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
        try AudioEncoder.write(
            [Float](repeating: 0, count: 44_100) + AudioEncoder.tone(hz: 440, seconds: 1, sampleRate: 44_100, level: 0.5),
            sampleRate: 44_100, codec: .wav, to: url)
        let clip = Clip(
            id: "a", kind: .audio, media: url.path, title: "a", start: .seconds(0.5), duration: .seconds(0.5),
            sourceStart: .seconds(1.25), sourceDuration: .seconds(2))
        let project = Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])])
        let mixer = PlaybackMixer(project: project, from: .seconds(0.25), sampleRate: 48_000) { _ in true }
        var out: [Float] = []
        for _ in 0..<10 { out += mixer.render(frames: 4_800) } // 1 s, in 0.1 s blocks
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

    func testAMonoSourcePlaysOnBothSidesAtItsOwnLevel() throws {
        MediaLog.quiet()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, codec) in [("mono.wav", AudioEncoder.Codec.wav), ("mono.m4a", .aac)] {
            let url = folder.appendingPathComponent(name)
            try AudioEncoder.write(
                AudioEncoder.tone(hz: 440, seconds: 1, sampleRate: 48_000, level: 0.5), sampleRate: 48_000, channels: 1, codec: codec, to: url)
            let clip = Clip(id: "a", kind: .audio, media: url.path, title: "a", start: .zero, duration: .seconds(1), sourceDuration: .seconds(1))
            let mixer = PlaybackMixer(project: Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])]), from: .zero, sampleRate: 48_000) {
                _ in true
            }
            var out: [Float] = []
            for _ in 0..<10 { out += mixer.render(frames: 4_800) }
            let middle = out[(48_000 / 4 * 2)..<(48_000 * 3 / 4 * 2)]
            let left = stride(from: middle.startIndex, to: middle.endIndex, by: 2).map { abs(middle[$0]) }.max() ?? 0
            let right = stride(from: middle.startIndex + 1, to: middle.endIndex, by: 2).map { abs(middle[$0]) }.max() ?? 0
            XCTAssertEqual(Double(left), 0.5, accuracy: 0.03, "\(name): dual mono at unity, not 3 dB down (0.35)")
            XCTAssertEqual(Double(right), 0.5, accuracy: 0.03, name)
        }
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
        let mixer = PlaybackMixer(
            project: Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])]),
            from: .seconds(0.75), sampleRate: 48_000
        ) { _ in true }
        let out = mixer.render(frames: 24_000) // 0.75 … 1.25 s
        let first = out[0..<(2 * 9_600)].map(abs).max()!, second = out[(2 * 14_400)..<(2 * 24_000)].map(abs).max()!
        XCTAssertGreaterThan(first, 0.3, "0.75 … 0.95 s is tone")
        XCTAssertLessThan(second, 0.02, "1.05 … 1.25 s is silence")
    }

    /// A file of `seconds` of a 440 Hz tone at `level` (0: silence), made by our encoder.
    private func toneFile(_ name: String, seconds: Double, level: Float, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        let samples =
            level > 0
            ? AudioEncoder.tone(hz: 440, seconds: seconds, sampleRate: 48_000, level: level)
            : [Float](repeating: 0, count: Int(seconds * 48_000))
        try AudioEncoder.write(samples, sampleRate: 48_000, codec: .wav, to: url)
        return url.path
    }

    /// The loudest sample of `out` (interleaved stereo at 48 kHz) between two times.
    private func peak(_ out: [Float], _ from: Double, _ to: Double) -> Double {
        Double(out[(Int(from * 48_000) * 2)..<(Int(to * 48_000) * 2)].map(abs).max() ?? 0)
    }

    private func render(_ project: Project, seconds: Double, settings: TactileConfiguration.Media = .init()) -> [Float] {
        let mixer = PlaybackMixer(project: project, from: .zero, sampleRate: 48_000, settings: settings) { _ in true }
        var out: [Float] = []
        for _ in 0..<Int(seconds * 10) { out += mixer.render(frames: 4_800) }
        XCTAssertTrue(mixer.problems.isEmpty, "\(mixer.problems)")
        return out
    }

    func testALevelAndFadesAreHeardAsSet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tone = try toneFile("tone.wav", seconds: 3, level: 0.5, in: folder)
        var clip = Clip(id: "a", kind: .audio, media: tone, title: "a", start: .zero, duration: .seconds(2), sourceDuration: .seconds(3))
        clip.sound = ClipSound(decibels: -6, fadeIn: .seconds(1), fadeOut: .seconds(0.5))
        let out = render(Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])]), seconds: 2)
        XCTAssertEqual(peak(out, 0.45, 0.5), 0.5 * 0.501 * 0.5, accuracy: 0.01, "half way up the fade in, at −6 dB")
        XCTAssertEqual(peak(out, 1.1, 1.4), 0.5 * 0.501, accuracy: 0.01, "−6 dB between the fades")
        XCTAssertLessThan(peak(out, 1.95, 2.0), 0.5 * 0.501 * 0.11, "nearly silent at the end of the fade out")
        // The same clip on a muted track is not heard.
        let muted = render(Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip], isMuted: true)]), seconds: 1)
        XCTAssertEqual(peak(muted, 0, 1), 0)
    }

    func testSoundCrossFadesUnderATransitionFromTheClipsHandles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tone = try toneFile("tone.wav", seconds: 4, level: 0.4, in: folder)
        let silence = try toneFile("silence.wav", seconds: 4, level: 0, in: folder)
        // The tone's clip ends at 1 s with footage to spare; a silent clip follows with a 1 s dissolve.
        let a = Clip(id: "a", kind: .audio, media: tone, title: "a", start: .zero, duration: .seconds(1), sourceDuration: .seconds(4))
        var b = Clip(
            id: "b", kind: .audio, media: silence, title: "b", start: .seconds(1), duration: .seconds(1), sourceStart: .seconds(1), sourceDuration: .seconds(4))
        b.transitionIn = Transition(.crossDissolve, duration: .seconds(1))
        let out = render(Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [a, b])]), seconds: 2)
        XCTAssertEqual(peak(out, 0.2, 0.45), 0.4, accuracy: 0.02, "full before the transition")
        XCTAssertEqual(peak(out, 0.99, 1.01), 0.2, accuracy: 0.02, "half way at the cut")
        XCTAssertGreaterThan(peak(out, 1.3, 1.4), 0.05, "the tone plays on past its clip's end, from its handle")
        XCTAssertLessThan(peak(out, 1.55, 2), 0.01, "and is gone when the transition ends")
    }

    func testMusicDucksUnderAnotherTracksSoundAndComesBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let music = try toneFile("music.wav", seconds: 4, level: 0.4, in: folder)
        let voice = try toneFile("voice.wav", seconds: 1, level: 0, in: folder)
        var settings = TactileConfiguration.Media()
        settings.duckDecibels = -12
        settings.duckRampSeconds = 0.1
        let project = Project(
            name: "p",
            tracks: [
                Track(
                    id: "m", kind: .audio,
                    clips: [Clip(id: "song", kind: .audio, media: music, title: "Song", start: .zero, duration: .seconds(3), sourceDuration: .seconds(4))],
                    ducksUnderOtherSound: true),
                Track(
                    id: "v", kind: .audio,
                    clips: [Clip(id: "talk", kind: .audio, media: voice, title: "Talk", start: .seconds(1), duration: .seconds(1), sourceDuration: .seconds(1))]
                ),
            ])
        let out = render(project, seconds: 3, settings: settings)
        XCTAssertEqual(peak(out, 0.5, 0.9), 0.4, accuracy: 0.02, "full before the voice")
        XCTAssertEqual(peak(out, 1.3, 1.9), 0.4 * 0.251, accuracy: 0.02, "12 dB down under it")
        XCTAssertEqual(peak(out, 2.3, 2.9), 0.4, accuracy: 0.02, "back up after it")
    }
}
