import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// One behaviour for every sheet and picker: a tap on its own background never closes it, a tap
/// outside does (the text editor's is Done, keeping the words), and the screen behind it —
/// toolbar and title bar too — is dimmed evenly, but for the canvas where a sheet shows its work.
final class SheetBehaviourTests: XCTestCase {
    /// Opens each sheet on a fresh demo; returns the harness, the sheet's element id, and whether it is open.
    private func sheets() -> [(name: String, open: (EditorHarness) -> Void, element: String, isOpen: (EditorState) -> Bool, clearsCanvas: Bool)] {
        [
            (
                "export",
                { h in
                    h.state.exportSheet = true; h.frame()
                }, "exportSheet", { $0.exportSheet }, false
            ),
            ("stickers", { $0.tap("toolbar.add.sticker") }, "stickerPicker", { $0.stickerPicker }, false),
            ("transitions", { $0.tap("junction:city") }, "transitionPicker", { $0.transitionPicker != nil }, true),
            ("format", { $0.tap("formatButton") }, "formatPicker", { $0.formatPicker }, false),
            (
                "clip",
                { h in
                    h.tap("clip:beach"); h.tap("clipChip")
                }, "clipSheet", { $0.clipSheet != nil }, true
            ),
            ("media", { $0.tap("toolbar.add.video") }, "mediaBrowser", { $0.browser != nil }, false),
            (
                "text",
                { h in
                    h.tap("clip:hello"); h.now += .milliseconds(100); h.tap("clip:hello"); h.run(until: h.now + .seconds(0.5))
                }, "textEditor.field", { $0.textEdit != nil }, true
            ),
        ]
    }

    func testATapInsideASheetNeverClosesItAndATapOutsideDoes() throws {
        for sheet in sheets() {
            let h = EditorHarness()
            sheet.open(h)
            h.run(until: h.now + .seconds(0.5))
            XCTAssertTrue(sheet.isOpen(h.state), "\(sheet.name) opens")
            let id = sheet.name == "text" ? "textEditor.body" : (sheet.name == "media" ? "mediaBrowser" : sheet.element + ".body")
            let frame = try XCTUnwrap(h.element(id), sheet.name).frame
            // Its own background: just inside its top corner, clear of its controls. The tap ends
            // there: the clip selected stays selected (the timeline beneath does not take it).
            let selection = h.state.selection
            h.tap(Point(x: frame.minX + 3, y: frame.minY + 3))
            h.run(until: h.now + .seconds(0.3))
            XCTAssertTrue(sheet.isOpen(h.state), "a tap on the \(sheet.name) sheet's background leaves it open")
            XCTAssertEqual(h.state.selection, selection, "a tap on the \(sheet.name) sheet's background reaches nothing beneath")
            // The screen behind it, evenly dimmed: the toolbar too.
            let dims = h.output.drawList.commands(in: .topmost).compactMap { c -> (Rect, Color)? in
                if case let .fillRect(r, color, _) = c, color.r == 0, color.g == 0, color.a > 0, color.a < 255 { return (r, color) }
                return nil
            }
            XCTAssertEqual(Set(dims.map(\.1)).count, 1, "one dim for the \(sheet.name) sheet")
            let toolbar = h.frameOf("toolbar.add.audio").center
            XCTAssertTrue(dims.contains { $0.0.contains(toolbar) }, "the toolbar is dimmed under the \(sheet.name) sheet")
            let canvas = h.frameOf("canvas").center
            XCTAssertEqual(dims.contains { $0.0.contains(canvas) }, !sheet.clearsCanvas, "the canvas under the \(sheet.name) sheet")
            // Outside: the title bar's middle.
            h.tap(Point(x: 195, y: 60))
            h.run(until: h.now + .seconds(0.5))
            XCTAssertFalse(sheet.isOpen(h.state), "a tap outside closes the \(sheet.name) sheet")
        }
    }

    func testSheetsShareOneHeaderStyle() {
        let h = EditorHarness()
        h.tap("toolbar.add.sticker")
        let done = h.element("stickerPicker.action")
        XCTAssertEqual(done?.label, "Done")
        h.tap("stickerPicker.action")
        XCTAssertFalse(h.state.stickerPicker, "Done closes it")
        h.tap("junction:city")
        XCTAssertNotNil(h.element("transitionPicker.action"))
    }
}
