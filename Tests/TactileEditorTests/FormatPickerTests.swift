import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class FormatPickerTests: XCTestCase {
    func testTheTitleBarShowsTheProjectsFormat() {
        let h = EditorHarness()
        XCTAssertEqual(h.element("formatButton")?.state["aspect"], .string("9:16"), "the demo is 9:16, as phones film")
        let canvas = h.frameOf("canvas")
        XCTAssertEqual(canvas.width / canvas.height, 9.0 / 16.0, accuracy: 0.01)
        XCTAssertNil(h.element("formatPicker"), "the picker is closed")
    }

    func testChoosingAFormatReshapesTheCanvasAndUndoPutsItBack() {
        let h = EditorHarness()
        h.tap("formatButton")
        XCTAssertEqual(h.elements(role: "formatOption").map(\.label), ["9:16", "16:9", "1:1", "4:5"])
        XCTAssertEqual(h.element("formatPicker.9:16")?.state["chosen"], .bool(true))
        h.tap("formatPicker.1:1")
        XCTAssertEqual(h.state.project.format, CompositionFormat(.square))
        XCTAssertNotNil(h.element("formatPicker"), "choosing leaves the picker open, to compare shapes")
        h.frame([.key(.escape, time: h.now)])
        let square = h.frameOf("canvas")
        XCTAssertEqual(square.width, square.height, accuracy: 0.01, "the canvas previews at the new aspect")
        XCTAssertEqual(h.cues.last?.cue, .selection)
        XCTAssertEqual(h.log.last { $0.kind == "edit" }?.fields["afterFormat"], .string("1:1"))

        h.tap("formatButton")
        h.tap("formatPicker.16:9")
        h.frame([.key(.escape, time: h.now)])
        let wide = h.frameOf("canvas")
        XCTAssertEqual(wide.width / wide.height, 16.0 / 9.0, accuracy: 0.01)

        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project.format.aspect, .square, "one undo, one format back")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project.format.aspect, .portrait)
        XCTAssertEqual(h.log.last?.fields["format"], .string("9:16"), "the undo's log names the format it restored")
        h.frame([.key(.redo, time: h.now)])
        XCTAssertEqual(h.state.project.format.aspect, .square)
    }

    func testATapOutsideOrEscapeClosesThePickerAndChangesNothing() {
        let h = EditorHarness()
        h.tap("formatButton")
        XCTAssertNotNil(h.element("formatPicker"))
        h.tap(h.frameOf("clip:beach").center)
        XCTAssertNil(h.element("formatPicker"))
        XCTAssertNil(h.state.selection, "the tap that closes the picker does not reach the clip under it")
        XCTAssertEqual(h.state.project.format.aspect, .portrait)
        XCTAssertFalse(h.state.history.canUndo)

        h.tap("formatButton")
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.element("formatPicker"))
        h.tap("formatButton")
        h.tap("formatPicker.9:16")
        XCTAssertFalse(h.state.history.canUndo, "choosing the format already in use is no edit")
    }

    func testThePickerStaysOnScreenOnANarrowPhone() {
        let h = EditorHarness(viewport: Size(width: 320, height: 568))
        h.tap("formatButton")
        let panel = h.frameOf("formatPicker")
        XCTAssertGreaterThanOrEqual(panel.minX, 0)
        XCTAssertLessThanOrEqual(panel.maxX, 320)
        for option in h.elements(role: "formatOption") {
            XCTAssertGreaterThanOrEqual(option.frame.width, 44, "\(option.label): a finger-sized target")
        }
    }
}
