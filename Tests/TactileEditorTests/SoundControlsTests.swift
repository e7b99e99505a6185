import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// Sound by touch (issue 18): the selected clip's level line and fade handles, the track's mute
/// and ducking buttons; each change one undo step, logged.
final class SoundControlsTests: XCTestCase {
    private func selectingMusic() -> EditorHarness {
        let h = EditorHarness()
        h.tap("clip:music")
        XCTAssertEqual(h.state.selection, "music")
        return h
    }

    func testASelectedClipWithSoundShowsItsLevelFadesAndTrackButtons() {
        let h = selectingMusic()
        XCTAssertEqual(h.element("clip:music.level")?.state["decibels"], .number(0))
        XCTAssertNotNil(h.element("clip:music.fadeIn"))
        XCTAssertNotNil(h.element("clip:music.fadeOut"))
        XCTAssertEqual(h.elements(role: "trackButton").map(\.label), ["Mute track", "Lower under other sound"])
        XCTAssertTrue(h.elements(role: "trackButton").allSatisfy { $0.hitFrame.width >= 44 && $0.hitFrame.height >= 44 }, "a finger's 44 pt")
        // A text has no sound: no controls.
        h.tap("clip:hello")
        XCTAssertNil(h.element("clip:hello.level"))
        XCTAssertTrue(h.elements(role: "trackButton").isEmpty)
    }

    func testTheTrackButtonsAndTheFadeHandleNeverCoverAClipsTitle() throws {
        let h = selectingMusic()
        // Scrolled so that the Soundtrack's start is off screen: its title sticks to the timeline's edge.
        h.state.playhead = .seconds(6)
        h.frame()
        let buttons = h.elements(role: "trackButton").map(\.hitFrame)
        let fade = try XCTUnwrap(h.element("clip:music.fadeIn")).frame
        func titleFrame(_ title: String) -> Rect? {
            h.output.drawList.commands.compactMap { c -> Rect? in
                if case let .text(run) = c, run.text == title { return run.frame }; return nil
            }.first
        }
        let title = try XCTUnwrap(titleFrame("Soundtrack"))
        for b in buttons { XCTAssertGreaterThanOrEqual(title.minX, b.maxX, "the title starts after the buttons: \(title) \(b)") }
        XCTAssertGreaterThanOrEqual(title.minX, fade.maxX, "and after the fade-in handle")
        // Birdsong, on the same row, when scrolled to its start: clear of the buttons too.
        h.state.playhead = .seconds(15)
        h.frame()
        if let bird = titleFrame("Birdsong") {
            for b in h.elements(role: "trackButton").map(\.hitFrame) { XCTAssertFalse(bird.intersects(b), "\(bird) \(b)") }
        }
    }

    func testDraggingTheLevelLineSetsTheLevelAndCatchesAtZeroWithACue() {
        let h = selectingMusic()
        let line = h.element("clip:music.level")!.hitFrame
        let start = Point(x: line.midX, y: line.midY)
        h.drag(from: start, to: Point(x: start.x, y: start.y + 14))
        let lowered = h.state.project.clip(withID: "music")!.clip.sound.decibels
        XCTAssertLessThan(lowered, -2, "down is quieter")
        XCTAssertGreaterThan(lowered, -6, "by a few decibels for a short drag: a fine drag over editing.levelDragTravel, not the clip's height")
        XCTAssertTrue(h.log.contains { $0.kind == "edit" && $0.fields["edit"] == .string("level") && $0.fields["afterDecibels"] == .number(lowered) })
        // Back up past where it was: it catches at 0 dB with a cue.
        h.cues.removeAll()
        let again = h.element("clip:music.level")!.hitFrame
        h.drag(from: Point(x: again.midX, y: again.midY), to: Point(x: again.midX, y: again.midY - 14.3))
        XCTAssertEqual(h.state.project.clip(withID: "music")!.clip.sound.decibels, 0, "caught at 0 dB")
        XCTAssertTrue(h.cues.contains { $0.reason == "levelUnity" })
        // Each drag is one undo step.
        h.tap("toolbar.undo")
        XCTAssertEqual(h.state.project.clip(withID: "music")!.clip.sound.decibels, lowered)
        h.tap("toolbar.undo")
        XCTAssertEqual(h.state.project.clip(withID: "music")!.clip.sound.decibels, 0)
    }

    func testDraggingTheFadeHandlesSetsTheFadesAlongTime() {
        let h = selectingMusic()
        let pps = h.state.pointsPerSecond
        let fadeIn = h.element("clip:music.fadeIn")!.frame.center
        h.drag(from: fadeIn, to: Point(x: fadeIn.x + 1.5 * pps, y: fadeIn.y))
        XCTAssertEqual(h.state.project.clip(withID: "music")!.clip.sound.fadeIn.seconds, 1.5, accuracy: 0.05)
        XCTAssertEqual(
            h.element("clip:music.fadeIn")?.state["seconds"].flatMap { if case let .number(n) = $0 { return n } else { return nil } } ?? 0, 1.5, accuracy: 0.05)
        XCTAssertTrue(h.log.contains { $0.kind == "edit" && $0.fields["edit"] == .string("fadeIn") })
        // The fade out's handle sits at the clip's end (scrolled to it); dragged back 2 s.
        h.state.playhead = .seconds(13)
        h.frame()
        let fadeOut = h.element("clip:music.fadeOut")!.frame.center
        h.drag(from: fadeOut, to: Point(x: fadeOut.x - 2 * pps, y: fadeOut.y))
        XCTAssertEqual(h.state.project.clip(withID: "music")!.clip.sound.fadeOut.seconds, 2, accuracy: 0.05)
        // A fade never runs past the clip: dragged far, the fade out stops where the fade in ends.
        let end = h.element("clip:music.fadeOut")!.frame.center
        h.drag(from: end, to: Point(x: end.x - 40 * pps, y: end.y))
        let sound = h.state.project.clip(withID: "music")!.clip.sound
        XCTAssertEqual((sound.fadeIn + sound.fadeOut).seconds, 14, accuracy: 0.001)
    }

    func testMuteAndDuckToggleTheTrackAsOneUndoStepEach() {
        let h = selectingMusic()
        h.tap("track:audio.mute")
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.isMuted)
        XCTAssertEqual(h.element("track:audio.mute")?.label, "Unmute track")
        // The demo's soundtrack ducks under the beach's voice: the button stops it, and back.
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.ducksUnderOtherSound)
        h.tap("track:audio.duck")
        XCTAssertFalse(h.state.project.tracks.first { $0.id == "audio" }!.ducksUnderOtherSound)
        XCTAssertTrue(h.log.contains { $0.fields["edit"] == .string("mute") && $0.fields["track"] == .string("audio") })
        XCTAssertTrue(h.log.contains { $0.fields["edit"] == .string("stopDucking") })
        h.tap("toolbar.undo")
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.ducksUnderOtherSound)
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.isMuted)
        h.tap("toolbar.undo")
        XCTAssertFalse(h.state.project.tracks.first { $0.id == "audio" }!.isMuted)
    }
}
