import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// The sticker picker (issue 14): a handful of shapes drawn by our own draw list.
final class StickerPickerTests: XCTestCase {
    func testTheStickerButtonOpensThePickerAndAShapeIsAddedAtThePlayhead() {
        let h = EditorHarness()
        h.state.playhead = .seconds(12)
        h.frame()
        h.tap("toolbar.add.sticker")
        XCTAssertNotNil(h.element("stickerPicker"), "the picker opens")
        let options = h.elements(role: "stickerOption")
        XCTAssertEqual(options.map(\.label), ["Star", "Heart", "Bolt", "Arrow", "Bubble", "Sun", "Smile", "Sparkle"], "every shape, named")
        XCTAssertTrue(options.allSatisfy { $0.hitFrame.width >= 44 && $0.hitFrame.height >= 44 }, "each a finger's size")
        let clips = h.state.project.tracks.flatMap(\.clips).count
        XCTAssertEqual(h.state.project.tracks.flatMap(\.clips).count, clips, "nothing added just by opening it")

        h.tap("stickerPicker.heart")
        XCTAssertNil(h.element("stickerPicker"), "choosing closes it")
        let added = h.state.project.tracks.flatMap(\.clips).first { $0.sticker == .heart }
        XCTAssertEqual(added?.start, .seconds(12))
        XCTAssertEqual(added?.title, "Heart")
        XCTAssertEqual(h.state.selection, added?.id)
        XCTAssertNotNil(h.element("overlay:\(added?.id ?? "")"), "and it is on the canvas")
        XCTAssertTrue(h.log.contains { $0.kind == "edit" && $0.fields["edit"] == .string("add") })
    }

    func testATapOutsideOrEscapeClosesThePickerAddingNothing() {
        let h = EditorHarness()
        let before = h.state.project
        h.tap("toolbar.add.sticker")
        h.tap(Point(x: 20, y: 30))
        XCTAssertNil(h.element("stickerPicker"))
        h.tap("toolbar.add.sticker")
        h.frame([InputEvent(time: h.now, kind: .key(.escape))])
        h.frame()
        XCTAssertNil(h.element("stickerPicker"))
        XCTAssertEqual(h.state.project, before)
    }

    func testEveryShapeDrawsSomethingOfItsOwn() {
        var seen: [[DrawCommand]] = []
        for shape in StickerShape.allCases {
            let ui = UIContext(
                memory: UIMemory(input: TactileConfiguration().input), touches: [], now: .zero,
                viewport: Size(width: 100, height: 100), measurer: FixedWidthTextMeasurer(), theme: Theme())
            StickerArt.draw(shape, in: Rect(x: 0, y: 0, width: 100, height: 100), ui: ui)
            let commands = ui.draw.commands
            XCTAssertFalse(commands.isEmpty, "\(shape) draws")
            XCTAssertFalse(seen.contains(commands), "\(shape) looks like no other")
            seen.append(commands)
        }
    }
}
