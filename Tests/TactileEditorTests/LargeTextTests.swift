import XCTest
import TactileCore
import TactileInput
import TactileHost
import TactileUI
@testable import TactileEditor

/// Large text (issue 49): at `--ui-scale` 3 on a small phone the bars draw at the largest scale
/// the screen holds, what is there to be read (sheets, pickers, the project list) at the scale
/// asked, and a sheet taller than the screen scrolls — its controls work wherever it is scrolled.
final class LargeTextTests: XCTestCase {
    private func harness(locale: String = "de_DE", tapMaximumDuration: Double? = nil) -> EditorHarness {
        var c = TactileConfiguration()
        c.layout.uiScale = 3
        if let tapMaximumDuration { c.input.tapMaximumDuration = tapMaximumDuration }
        c.theme.locale = locale
        let h = EditorHarness(configuration: c, viewport: Size(width: 320, height: 568), services: HostServices(exporter: ExportSheetTests.ScriptedExporter()))
        h.frame()
        return h
    }

    /// The size of the first run of `words` drawn.
    private func fontSize(of words: String, _ h: EditorHarness) -> Double? {
        h.output.drawList.commands.lazy.compactMap { c -> Double? in
            if case let .text(run) = c, run.text == words { return run.font.size }; return nil
        }.first
    }

    /// Scrolls `sheet` until element `id` shows whole in its window (a few drags at most).
    private func reveal(_ id: String, in sheet: String, _ h: EditorHarness) {
        for _ in 0..<15 {
            guard let e = h.element(id), e.hitFrame != e.frame else { return }
            let panel = h.frameOf(sheet)
            let by = max(-150, min(150, e.frame.midY - panel.midY))
            let from = Point(x: panel.maxX - 6, y: panel.midY + by / 2)
            h.drag(from: from, to: Point(x: from.x, y: from.y - by))
        }
    }

    func testTheExportSheetIsReadAtTheScaleAskedAndScrollsToItsExportButton() {
        let h = harness()
        XCTAssertLessThan(h.output.uiScale, 1.5, "the bars at what the phone holds")
        h.tap("toolbar.export")
        let designed = Theme().titleFont.size
        XCTAssertGreaterThanOrEqual(fontSize(of: "Exportieren", h) ?? 0, 3 * designed * Theme().metrics.sheet.titleSmallestShare, "the sheet's title at ×3")
        let start = h.element(ExportSheetView.startID)
        XCTAssertEqual(start?.hitFrame.isEmpty, true, "Export is below the sheet's window at first")
        reveal(ExportSheetView.startID, in: "exportSheet", h)
        let shown = h.element(ExportSheetView.startID)!
        XCTAssertEqual(shown.hitFrame, shown.frame, "scrolled into the window whole")
        XCTAssertTrue(h.state.exportSheet, "a drag inside the sheet never closes it")
        h.now += .seconds(1)
        h.frame([.touch(.down, id: 1, at: shown.hitFrame.center, time: h.now)])
        h.now += .milliseconds(80)
        XCTAssertEqual(h.frame([.touch(.up, id: 1, at: shown.hitFrame.center, time: h.now)]).exports, [.start(h.state.exportChoice)])
    }

    func testADragUpOnAChoiceScrollsAndDoesNotChooseIt() {
        let h = harness(locale: "en")
        h.tap("toolbar.export")
        let before = h.state.exportChoice
        let choice = h.elements(role: "exportChoice").first { !$0.hitFrame.isEmpty }!
        h.drag(from: choice.hitFrame.center, to: Point(x: choice.hitFrame.midX, y: choice.hitFrame.midY - 120))
        XCTAssertEqual(h.state.exportChoice, before)
        XCTAssertLessThan(h.frameOf(choice.id).minY, choice.frame.minY - 60, "the choices moved up with the finger")
    }

    func testASliderInAScrolledSheetFollowsTheFingerAcrossAndTheSheetStaysPut() {
        let h = harness()
        h.tap("clip:music")
        h.tap("clipChip")
        reveal("clipSheet.section.volume", in: "clipSheet", h)
        h.tap("clipSheet.section.volume")
        reveal(ClipSheetView.levelID, in: "clipSheet", h)
        let slider = h.element(ClipSheetView.levelID)!
        XCTAssertEqual(slider.hitFrame, slider.frame, "the level's slider in the window")
        h.now += .seconds(1)
        h.drag(from: Point(x: slider.frame.minX + 20, y: slider.frame.midY), to: Point(x: slider.frame.maxX - 20, y: slider.frame.midY + 30))
        XCTAssertGreaterThan(h.state.project.clip(withID: "music")!.clip.sound.decibels, 0, "dragged towards loud")
        XCTAssertEqual(h.frameOf(ClipSheetView.levelID), slider.frame, "the sheet did not scroll under a sideways drag")
    }

    func testHoldingABarButtonShowsItsNameLargeAndLiftingPutsItAway() {
        // (A tap may last 2 s here: what keeps the lift from pressing is that it was shown large.)
        let h = harness(tapMaximumDuration: 2)
        let add = h.element("toolbar.add.text")!.hitFrame.center
        let clips = h.state.project.tracks.flatMap(\.clips).count
        h.frame([.touch(.down, id: 1, at: add, time: h.now)])
        XCTAssertNil(h.element("largeContent"), "not at once: a tap stays a tap")
        // The frame loop wakes for the moment it shows, with no finger moving.
        h.run(until: h.now + .seconds(0.6))
        let shown = h.element("largeContent")
        XCTAssertEqual(shown?.state["for"], .string("toolbar.add.text"))
        XCTAssertEqual(shown?.label, "Text")
        let size = h.output.drawList.commands.lazy.compactMap { c -> Double? in
            if case let .text(run) = c, run.text == "Text", run.font.size > Theme().titleFont.size { return run.font.size }; return nil
        }.first
        XCTAssertGreaterThanOrEqual(size ?? 0, 3 * Theme().titleFont.size * 0.99, "its name at the scale asked")
        h.frame([.touch(.up, id: 1, at: add, time: h.now)])
        XCTAssertNil(h.element("largeContent"))
        XCTAssertEqual(h.state.project.tracks.flatMap(\.clips).count, clips, "a hold to read is not a tap")
    }

    func testAtTheScaleTheBarsHoldNothingShowsLarge() {
        let h = EditorHarness()
        let add = h.element("toolbar.add.text")!.hitFrame.center
        h.frame([.touch(.down, id: 1, at: add, time: h.now)])
        h.now += .seconds(1)
        h.frame()
        XCTAssertNil(h.element("largeContent"))
        h.frame([.touch(.up, id: 1, at: add, time: h.now)])
    }
}
