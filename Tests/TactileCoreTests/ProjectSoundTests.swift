import XCTest
@testable import TactileCore

/// The sound edits the timeline's controls make, and the level line's scale.
final class ProjectSoundTests: XCTestCase {
    func testTheLevelLinesScaleIsAFadersCubeLawAndItsOwnInverse() {
        XCTAssertEqual(ClipSound.linePosition(decibels: ClipSound.maximumDecibels), 1, accuracy: 1e-9)
        XCTAssertEqual(ClipSound.linePosition(decibels: ClipSound.minimumDecibels), 0)
        XCTAssertEqual(ClipSound.linePosition(decibels: 0), 0.63, accuracy: 0.005, "as recorded, two thirds up")
        for db in [-48.0, -20, -6, -1, 0, 3, 12] {
            XCTAssertEqual(ClipSound.decibels(atLinePosition: ClipSound.linePosition(decibels: db)), db, accuracy: 1e-9)
        }
        // The usual range (−20 … +6 dB) takes most of the line.
        XCTAssertGreaterThan(ClipSound.linePosition(decibels: 6) - ClipSound.linePosition(decibels: -20), 0.5)
        XCTAssertEqual(ClipSound.decibels(atLinePosition: -1), ClipSound.minimumDecibels)
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
