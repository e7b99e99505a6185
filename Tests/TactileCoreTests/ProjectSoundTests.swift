import XCTest
@testable import TactileCore

/// The sound edits the timeline's controls make, and the level line's scale.
final class ProjectSoundTests: XCTestCase {
    func testTheLevelLinesScaleIsAFadersLawAndItsOwnInverse() {
        XCTAssertEqual(ClipSound.linePosition(decibels: ClipSound.maximumDecibels), 1, accuracy: 1e-9)
        XCTAssertEqual(ClipSound.linePosition(decibels: ClipSound.minimumDecibels), 0)
        XCTAssertEqual(ClipSound.linePosition(decibels: 0), 0.717, accuracy: 0.001, "as recorded, near three quarters up")
        for db in [-60.0, -48, -24, -20, -6, -1, 0, 3, 12] {
            XCTAssertEqual(ClipSound.decibels(atLinePosition: ClipSound.linePosition(decibels: db)), db, accuracy: 1e-9)
        }
        // The useful range (−24 … +12 dB) takes most of the line, a decibel the same height throughout.
        XCTAssertEqual(ClipSound.linePosition(decibels: 12) - ClipSound.linePosition(decibels: -24), 0.85, accuracy: 1e-9)
        XCTAssertEqual(
            ClipSound.linePosition(decibels: -20) - ClipSound.linePosition(decibels: -21),
            ClipSound.linePosition(decibels: 6) - ClipSound.linePosition(decibels: 5),
            accuracy: 1e-9)
        XCTAssertEqual(ClipSound.decibels(atLinePosition: -1), ClipSound.minimumDecibels)
        XCTAssertEqual(ClipSound.decibels(atLinePosition: .nan), ClipSound.minimumDecibels)
        XCTAssertEqual(ClipSound.decibels(atLinePosition: 2), ClipSound.maximumDecibels, accuracy: 1e-9)
    }

    func testSettingSoundKeepsTheLevelInRangeAndTheFadesWithinTheClip() {
        let clip = Clip(id: "a", kind: .audio, media: "/a.wav", title: "A", start: .zero, duration: .seconds(4), sourceDuration: .seconds(10))
        let project = Project(name: "p", tracks: [Track(id: "t", kind: .audio, clips: [clip])])
        let set = project.settingSound(ClipSound(decibels: 40, fadeIn: .seconds(3), fadeOut: .seconds(3)), ofClip: "a")
        let sound = set?.clip(withID: "a")?.clip.sound
        XCTAssertEqual(sound?.decibels, ClipSound.maximumDecibels)
        XCTAssertEqual(sound?.fadeIn, .seconds(3))
        XCTAssertEqual(sound?.fadeOut, .seconds(1), "the fade out ends where the fade in does")
        XCTAssertNil(project.settingSound(.standard, ofClip: "nope"))
        XCTAssertEqual(project.settingTrack("t", muted: true)?.tracks[0].isMuted, true)
        XCTAssertEqual(project.settingTrack("t", ducks: true)?.tracks[0].ducksUnderOtherSound, true)
        XCTAssertNil(project.settingTrack("x", muted: true))
    }
}
