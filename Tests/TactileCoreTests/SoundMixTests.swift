import XCTest
@testable import TactileCore

/// The sound mix's rules: level and fades, cross-fades under transitions, muted tracks, ducking.
final class SoundMixTests: XCTestCase {
    func testLevelAndFadesShapeTheGain() {
        let sound = ClipSound(decibels: -6, fadeIn: .seconds(1), fadeOut: .seconds(2))
        XCTAssertEqual(sound.gain, 0.501, accuracy: 0.001)
        XCTAssertEqual(sound.gain(at: .seconds(0.5), of: .seconds(10)), 0.2506, accuracy: 0.001, "half way into the fade in")
        XCTAssertEqual(sound.gain(at: .seconds(5), of: .seconds(10)), 0.501, accuracy: 0.001)
        XCTAssertEqual(sound.gain(at: .seconds(9.5), of: .seconds(10)), 0.1253, accuracy: 0.001, "a quarter of the fade out left")
        XCTAssertEqual(ClipSound(decibels: ClipSound.minimumDecibels).gain, 0, "the bottom of the level line is silence")
    }

    func testUnderATransitionTheClipsCrossFadeOverTheirHandles() throws {
        let a = Clip(
            id: "a", kind: .video, media: "a.mp4", title: "A", start: .zero, duration: .seconds(4), sourceStart: .seconds(1), sourceDuration: .seconds(10))
        var b = Clip(
            id: "b", kind: .video, media: "b.mp4", title: "B", start: .seconds(4), duration: .seconds(4), sourceStart: .seconds(2), sourceDuration: .seconds(10)
        )
        b.transitionIn = Transition(.crossDissolve, duration: .seconds(1))
        let mix = SoundMix(project: Project(name: "p", tracks: [Track(id: "v", kind: .video, clips: [a, b])]), hasSound: { _ in true })
        let (va, vb) = (mix.voices[0], mix.voices[1])
        XCTAssertEqual(va.end, .seconds(4.5), "the outgoing clip sounds on half the transition past the cut")
        XCTAssertEqual(vb.start, .seconds(3.5), "the incoming one from half before it")
        XCTAssertEqual(vb.sourceAtStart, .seconds(1.5), "from its footage before its start")
        XCTAssertEqual(va.gain(at: .seconds(3)), 1)
        XCTAssertEqual(va.gain(at: .seconds(4)), 0.5)
        XCTAssertEqual(vb.gain(at: .seconds(4)), 0.5)
        XCTAssertEqual(va.gain(at: .seconds(3.75)) + vb.gain(at: .seconds(3.75)), 1, accuracy: 1e-9, "the two always add up to one")
        XCTAssertEqual(va.gain(at: .seconds(4.6)), 0)
    }

    func testMutedTracksAreNotHeardAndDuckingFollowsTheOtherTracks() {
        let music = Track(
            id: "m", kind: .audio, clips: [Clip(id: "song", kind: .audio, media: "song.m4a", title: "Song", start: .zero, duration: .seconds(10))],
            ducksUnderOtherSound: true)
        let voice = Track(
            id: "v", kind: .audio, clips: [Clip(id: "talk", kind: .audio, media: "talk.m4a", title: "Talk", start: .seconds(2), duration: .seconds(3))])
        let mix = SoundMix(project: Project(name: "p", tracks: [music, voice]), hasSound: { _ in true })
        XCTAssertFalse(mix.duckingSoundPlays(at: .seconds(1)))
        XCTAssertTrue(mix.duckingSoundPlays(at: .seconds(3)))
        var muted = voice
        muted.isMuted = true
        let quiet = SoundMix(project: Project(name: "p", tracks: [music, muted]), hasSound: { _ in true })
        XCTAssertEqual(quiet.voices.map(\.clip.id), ["song"], "a muted track is not heard")
        XCTAssertFalse(quiet.duckingSoundPlays(at: .seconds(3)), "nor does it duck the music")
    }
}
