import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// A clip's sound (issues 18 and 48): set in the clip sheet's Volume and Fades sections — volume, fades, the
/// track's mute and ducking, each change one undo step, logged — and only drawn on the clip, so a
/// drag on a selected clip with sound always moves it.
final class SoundControlsTests: XCTestCase {
    private func soundSheetOnMusic() -> EditorHarness {
        let h = EditorHarness()
        h.tap("clip:music")
        XCTAssertEqual(h.state.selection, "music")
        h.tap("clipChip")
        XCTAssertEqual(h.element("clipSheet")?.state["sections"], .string("speed,volume,fades"), "a sound clip: its speed and its sound")
        h.tap("clipSheet.section.volume")
        XCTAssertEqual(h.element("clipSheet")?.state["section"], .string("volume"))
        return h
    }

    private func music(_ h: EditorHarness) -> ClipSound { h.state.project.clip(withID: "music")!.clip.sound }

    /// The point `share` of the way along slider `id`'s track (the thumb's travel).
    private func along(_ h: EditorHarness, _ id: String, _ share: Double) -> Point {
        let slider = h.frameOf(id), inset = 13.0
        return Point(x: slider.minX + inset + (slider.width - 2 * inset) * share, y: slider.midY)
    }

    func testTheSelectedClipShowsItsSoundButOffersNoControlOnItsBody() {
        let h = EditorHarness()
        h.tap("clip:music")
        XCTAssertEqual(h.element("clip:music.soundLine")?.state["decibels"], .number(0), "the level and fades drawn on the clip")
        for id in ["clip:music.level", "clip:music.fadeIn", "clip:music.fadeOut", "track:audio.mute", "track:audio.duck"] {
            XCTAssertNil(h.element(id), "\(id): no sound control on the timeline")
        }
        // A text has no sound: nothing drawn, no Volume or Fades section.
        h.tap("clip:hello")
        XCTAssertNil(h.element("clip:hello.soundLine"))
    }

    func testTheVolumeAndFadesSectionsShowTheirSlidersAndTheTracksSwitchesAFingerTall() {
        let h = soundSheetOnMusic()
        XCTAssertEqual(h.elements(role: "clipSheetTab").map(\.label), ["Speed", "Volume", "Fades"])
        XCTAssertEqual(h.elements(role: "slider").map(\.label), ["Volume"])
        XCTAssertEqual(h.elements(role: "clipSheetSwitch").map(\.label), ["Mute track", "Lower under other sound"])
        func check() {
            let sheet = h.frameOf("clipSheet")
            let controls = h.elements(role: "slider") + h.elements(role: "clipSheetSwitch") + h.elements(role: "clipSheetTab")
            for (i, a) in controls.enumerated() {
                XCTAssertGreaterThanOrEqual(a.hitFrame.height, 44, a.id)
                XCTAssertTrue(sheet.contains(a.hitFrame), "\(a.id) inside the sheet")
                for b in controls[(i + 1)...] { XCTAssertFalse(a.hitFrame.intersects(b.hitFrame), "\(a.id) \(b.id)") }
            }
        }
        check()
        h.tap("clipSheet.section.fades")
        XCTAssertEqual(h.elements(role: "slider").map(\.label), ["Fade in", "Fade out"])
        check()
    }

    func testDraggingTheVolumeSetsTheLevelCatchesAtZeroWithACueAndIsOneUndoStep() {
        let h = soundSheetOnMusic()
        let unity = ClipSound.linePosition(decibels: 0)
        h.drag(from: along(h, "clipSheet.level", unity), to: along(h, "clipSheet.level", unity - 0.1))
        let lowered = music(h).decibels
        XCTAssertLessThan(lowered, -2, "left is quieter")
        XCTAssertGreaterThan(lowered, -12)
        XCTAssertEqual(h.element("clip:music.soundLine")?.state["decibels"], .number(lowered), "the line on the clip follows")
        XCTAssertTrue(h.log.contains { $0.kind == "edit" && $0.fields["edit"] == .string("level") && $0.fields["afterDecibels"] == .number(lowered) })
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.count, 1, "one edit for the whole drag")
        // Back up to near where it was: it catches at 0 dB with a cue.
        h.cues.removeAll()
        h.drag(from: along(h, "clipSheet.level", unity - 0.1), to: along(h, "clipSheet.level", unity + 0.004))
        XCTAssertEqual(music(h).decibels, 0, "caught at 0 dB")
        XCTAssertTrue(h.cues.contains { $0.reason == "levelUnity" })
        // Undo from the keyboard (a tap on the toolbar would close the sheet first).
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(music(h).decibels, lowered)
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(music(h).decibels, 0)
        XCTAssertEqual(h.state.project, DemoProject.make())
    }

    func testTheFadeSlidersSetTheFadesInTenthsAndNeverRunPastTheClip() {
        let h = soundSheetOnMusic()
        h.tap("clipSheet.section.fades")
        // The Soundtrack lasts 14 s: the sliders reach 10 s.
        h.tap(along(h, "clipSheet.fadeIn", 0.15))
        XCTAssertEqual(music(h).fadeIn.seconds, 1.5, accuracy: 0.001)
        XCTAssertTrue(h.log.contains { $0.kind == "edit" && $0.fields["edit"] == .string("fadeIn") })
        h.drag(from: along(h, "clipSheet.fadeOut", 0), to: along(h, "clipSheet.fadeOut", 0.2))
        XCTAssertEqual(music(h).fadeOut.seconds, 2, accuracy: 0.001)
        XCTAssertEqual(h.element("clip:music.soundLine")?.state["fadeOut"], .number(2))
        // Both at their longest: the fade out stops where the fade in ends.
        h.tap(along(h, "clipSheet.fadeIn", 1))
        h.tap(along(h, "clipSheet.fadeOut", 1))
        let sound = music(h)
        XCTAssertEqual(sound.fadeIn.seconds, 10, accuracy: 0.001)
        XCTAssertEqual((sound.fadeIn + sound.fadeOut).seconds, 14, accuracy: 0.001)
    }

    func testMuteAndDuckInTheSheetToggleTheTrackAsOneUndoStepEachAndTheClipsSayMuted() {
        let h = soundSheetOnMusic()
        XCTAssertTrue(h.elements(role: "mutedBadge").isEmpty)
        h.tap("clipSheet.mute")
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.isMuted)
        XCTAssertEqual(h.element("clipSheet.mute")?.state["chosen"], .bool(true))
        // The demo's soundtrack ducks under the beach's voice: the switch stops it, and back.
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.ducksUnderOtherSound)
        h.tap("clipSheet.duck")
        XCTAssertFalse(h.state.project.tracks.first { $0.id == "audio" }!.ducksUnderOtherSound)
        XCTAssertTrue(h.log.contains { $0.fields["edit"] == .string("mute") && $0.fields["track"] == .string("audio") })
        XCTAssertTrue(h.log.contains { $0.fields["edit"] == .string("stopDucking") })
        h.frame([.key(.undo, time: h.now)])
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.ducksUnderOtherSound)
        XCTAssertTrue(h.state.project.tracks.first { $0.id == "audio" }!.isMuted)
        h.frame([.key(.undo, time: h.now)])
        XCTAssertFalse(h.state.project.tracks.first { $0.id == "audio" }!.isMuted)
    }

    func testAMutedTracksClipsCarryTheMutedSpeaker() {
        let h = soundSheetOnMusic()
        h.tap("clipSheet.mute")
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.element("clipSheet"))
        XCTAssertEqual(Set(h.elements(role: "mutedBadge").compactMap { $0.state["clip"] }), [.string("music")], "the Soundtrack on show carries it")
    }

    func testTheSheetOpensOnTheSectionLastShown() {
        let h = soundSheetOnMusic()
        h.frame([.key(.escape, time: h.now)])
        /// Scrolls to `seconds`, selects clip `id` and opens its sheet.
        func openSheet(on id: String, at seconds: Double) {
            h.state.playhead = .seconds(seconds)
            h.frame()
            h.tap(h.frameOf("clip:\(id)").center)
            h.tap("clipChip")
        }
        // The Birdsong (scrolled to) opens on Volume too.
        openSheet(on: "birds", at: 16)
        XCTAssertEqual(h.element("clipSheet")?.state["section"], .string("volume"))
        h.frame([.key(.escape, time: h.now)])
        // The beach (its footage silent here) has no Volume: its sheet opens on its first section.
        openSheet(on: "beach", at: 1)
        XCTAssertEqual(h.element("clipSheet")?.state["sections"], .string("speed,picture"))
        XCTAssertEqual(h.element("clipSheet")?.state["section"], .string("speed"))
        h.tap("clipSheet.section.picture")
        h.frame([.key(.escape, time: h.now)])
        // The Soundtrack has no Picture: its first section.
        h.tap("clip:music")
        h.tap("clipChip")
        XCTAssertEqual(h.element("clipSheet")?.state["section"], .string("speed"))
    }

    func testALongTabNameGivesWayInSizeButNeverLosesLetters() {
        // German's four tabs on a phone at 2× (a video with sound): "Lautstärke" was drawn "Lautstär…".
        let theme = Theme()
        let ui = UIContext(
            memory: UIMemory(input: TactileConfiguration.Input()), touches: [], now: .zero, viewport: Size(width: 390, height: 844),
            measurer: FixedWidthTextMeasurer(), theme: theme)
        let row = Rect(x: 0, y: 0, width: 4 * 64, height: 44)
        _ = ClipSheetChoices(ui: ui, theme: theme, scale: 1).tabs(
            [("a", "Tempo", false), ("b", "Bild", false), ("c", "Lautstärke", true), ("d", "Blenden", false)], in: row, columns: 4)
        let words = ui.draw.commands.compactMap { c -> String? in
            if case let .text(run) = c { return run.text }; return nil
        }
        XCTAssertEqual(words, ["Tempo", "Bild", "Lautstärke", "Blenden"], "every name whole, each on one line")
        let size = ui.draw.commands.compactMap { c -> Double? in
            if case let .text(run) = c, run.text == "Lautstärke" { return run.font.size }; return nil
        }.first
        XCTAssertLessThan(size ?? 99, theme.clipFont.size, "the long one smaller")
        XCTAssertGreaterThanOrEqual(size ?? 0, theme.clipFont.size * theme.metrics.clipSheet.tabSmallestShare - 1e-9, "within its floor")
    }
}
