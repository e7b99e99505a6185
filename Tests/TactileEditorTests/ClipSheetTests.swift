import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// The clip sheet, by touch: the selected clip's chip opens it, its tabs show one section at a
/// time; a preset or the slider sets the clip's speed (its length and the clips after it follow,
/// one undo step a change, a drag included); Fit, Fill and Blur set how its picture fills another
/// shape; it closes like every sheet. (Its Volume and Fades: SoundControlsTests.)
final class ClipSheetTests: XCTestCase {
    private func openOnBeach(_ h: EditorHarness) {
        h.tap(h.frameOf("clip:beach").center)
        XCTAssertEqual(h.element("clipChip")?.state["words"], .string("Beach · 4.5s"))
        h.tap("clipChip")
    }

    func testTheChipOpensTheSheetOnTheSelectedClip() {
        let h = EditorHarness()
        XCTAssertNil(h.element("clipChip"), "no chip without a selection")
        openOnBeach(h)
        let sheet = h.element("clipSheet")
        XCTAssertEqual(sheet?.state["clip"], .string("beach"))
        XCTAssertEqual(sheet?.state["sections"], .string("speed,picture"), "the beach's footage (none here: silent)")
        XCTAssertEqual(sheet?.state["section"], .string("speed"), "the first time, on Speed")
        XCTAssertEqual(h.elements(role: "clipSheetTab").map(\.label), ["Speed", "Picture"])
        XCTAssertEqual(h.elements(role: "clipSheetChoice").map(\.label), ["0.25×", "0.5×", "1×", "1.5×", "2×", "4×"])
        let height = h.frameOf("clipSheet").height
        h.tap("clipSheet.section.picture")
        XCTAssertEqual(h.elements(role: "clipSheetChoice").map(\.label), ["Fit", "Fill", "Blur"])
        XCTAssertEqual(h.frameOf("clipSheet").height, height, "as tall on every section: switching never moves it")
        for choice in h.elements(role: "clipSheetChoice") + h.elements(role: "clipSheetTab") {
            XCTAssertGreaterThanOrEqual(choice.frame.height, 44, choice.label)
        }
        XCTAssertTrue(h.log.contains { $0.kind == "openClipSheet" && $0.fields["clip"] == .string("beach") })
    }

    func testAPresetChangesTheClipsSpeedAndLengthInOneUndoStep() {
        let h = EditorHarness()
        openOnBeach(h)
        let cityBefore = h.state.project.clip(withID: "city")!.clip.start
        h.tap("clipSheet.speed.2")
        let beach = h.state.project.clip(withID: "beach")!.clip
        XCTAssertEqual(beach.speed, 2)
        XCTAssertEqual(beach.duration, .seconds(2.25), "4.5 s of footage at 2×")
        XCTAssertEqual(h.state.project.clip(withID: "city")!.clip.start, cityBefore - .seconds(2.25), "City Lights follows its end")
        XCTAssertEqual(h.element("clipSheet")?.state["speed"], .number(2))
        XCTAssertEqual(h.element("clipSheet.speed.2")?.state["chosen"], .bool(true))
        XCTAssertEqual(h.element("clipChip")?.state["words"], .string("Beach · 2×"), "short of room the speed stays, the length goes")
        let edit = h.log.last { $0.kind == "edit" }
        XCTAssertEqual(edit?.fields["edit"], .string("speed"))
        XCTAssertEqual(edit?.fields["beforeSpeed"], .number(1))
        XCTAssertEqual(edit?.fields["afterSpeed"], .number(2))
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make(), "one undo: as before")
    }

    func testADragOnTheSliderIsOneUndoStepAndDraggingBackGivesBackTheProject() {
        let h = EditorHarness()
        openOnBeach(h)
        let slider = h.frameOf("clipSheet.speed")
        // The middle is 1×; a quarter of the track to the left is 0.5× (a doubling each quarter).
        let one = Point(x: slider.midX, y: slider.midY), half = Point(x: slider.minX + 13 + (slider.width - 26) * 0.25, y: slider.midY)
        h.drag(from: one, to: half, steps: 16, hold: true)
        XCTAssertEqual(h.state.project.clip(withID: "beach")!.clip.speed, 0.5, accuracy: 0.051, "live while the finger moves")
        XCTAssertEqual(h.element("clipSheet")?.state["duration"], .number(h.state.project.clip(withID: "beach")!.clip.duration.seconds))
        h.run(until: h.now + .seconds(0.15))
        h.frame([.touch(.up, id: 1, at: half, time: h.now)])
        h.frame()
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.count, 1, "one edit for the whole drag")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make())

        h.drag(from: one, to: half, steps: 8, hold: true)
        h.drag(from: half, to: one, steps: 8, hold: false)
        XCTAssertEqual(h.state.project.clip(withID: "beach")!.clip.speed, 1)
    }

    func testTheSlidersGesturesEndInTheSheetNotInTheTimelineUnderIt() {
        let h = EditorHarness()
        openOnBeach(h)
        let playhead = h.state.playhead
        let slider = h.frameOf("clipSheet.speed")
        h.tap(Point(x: slider.minX + 13 + (slider.width - 26) * 0.75, y: slider.midY))
        XCTAssertEqual(h.state.project.clip(withID: "beach")!.clip.speed, 2, accuracy: 0.051, "a tap puts the speed under the finger")
        XCTAssertEqual(h.state.selection, "beach", "and is not also a tap on the timeline under the sheet")
        h.drag(from: Point(x: slider.midX, y: slider.midY), to: Point(x: slider.minX + 20, y: slider.midY))
        XCTAssertEqual(h.state.playhead, playhead, "a drag on the slider scrolls no timeline")
        XCTAssertFalse(h.log.contains { $0.kind == "deselect" })
    }

    func testFitFillAndBlurAreChosenPerClipAndUndone() {
        let h = EditorHarness()
        openOnBeach(h)
        h.tap("clipSheet.section.picture")
        XCTAssertEqual(h.element("clipSheet.fit.fit")?.state["chosen"], .bool(true), "fit, as every clip begins")
        h.tap("clipSheet.fit.blur")
        XCTAssertEqual(h.state.project.clip(withID: "beach")!.clip.fit, .blur)
        XCTAssertEqual(h.state.project.clip(withID: "city")!.clip.fit, .fit, "only this clip")
        XCTAssertEqual(h.log.last { $0.kind == "edit" }?.fields["afterFit"], .string("blur"))
        h.tap("clipSheet.fit.blur")
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.count, 1, "choosing what it has is no edit")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project.clip(withID: "beach")!.clip.fit, .fit)
    }

    func testASoundClipOffersSpeedAndSoundAndATextNoSheet() {
        let h = EditorHarness()
        h.tap(h.frameOf("clip:music").center)
        h.tap("clipChip")
        XCTAssertEqual(h.element("clipSheet")?.state["sections"], .string("speed,volume,fades"))
        XCTAssertNil(h.element("clipSheet.section.picture"))
        XCTAssertNil(h.element("clipSheet.fit.fill"))
        XCTAssertNotNil(h.element("clipSheet.speed.0.5"))
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.element("clipSheet"), "Escape closes it")
        h.tap(h.frameOf("clip:hello").center)
        XCTAssertNil(h.element("clipChip"), "a text has no speed, fit or sound: its name and length only")
    }

    func testATapOutsideClosesTheSheetAndATapInsideNever() {
        let h = EditorHarness()
        openOnBeach(h)
        let sheet = h.frameOf("clipSheet")
        h.tap(Point(x: sheet.midX, y: sheet.maxY - 4))
        XCTAssertNotNil(h.element("clipSheet"), "a tap on the sheet's own background")
        h.tap("clipSheet.action")
        XCTAssertNil(h.element("clipSheet"), "Done")
        XCTAssertEqual(h.state.selection, "beach", "\(h.log.suffix(4).map(\.kind))")
        h.tap("clipChip")
        h.tap(Point(x: 10, y: 60))
        XCTAssertNil(h.element("clipSheet"), "a tap outside")
        XCTAssertEqual(h.state.project, DemoProject.make(), "nothing changed")
    }

    func testTheFormatPickerStaysOpenAfterChoosing() {
        let h = EditorHarness()
        h.tap("formatButton")
        h.tap("formatPicker.16:9")
        XCTAssertNotNil(h.element("formatPicker"))
        XCTAssertEqual(h.state.project.format.aspect, .landscape)
    }
}
