import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// Editing a text overlay's words and look (issue 14): opened by a double tap, typed on the
/// on-screen keyboard and a hardware keyboard at once, one undo step.
final class TextEditingTests: XCTestCase {
    /// The demo with "Hello!" being edited, the keyboard settled.
    private func editingHello(viewport: Size? = nil) -> EditorHarness {
        let h = EditorHarness(viewport: viewport)
        h.tap("clip:hello")
        h.now += .milliseconds(100)
        h.tap("clip:hello") // the second tap of a double tap edits
        XCTAssertNotNil(h.element("keyboard"), "the keyboard opens")
        h.run(until: h.now + .seconds(0.5))
        return h
    }

    private func title(_ h: EditorHarness) -> String { h.state.project.clip(withID: "hello")!.clip.title }

    private func type(_ keys: String, _ h: EditorHarness) { for k in keys { h.tap(k == " " ? "key:space" : "key:\(k)") } }

    func testADoubleTapOnATextClipOpensTheEditorAtItsTime() {
        let h = editingHello()
        XCTAssertEqual(h.state.textEdit?.clipID, "hello")
        XCTAssertEqual(h.state.playhead, .seconds(1), "the playhead moved into the text so the canvas shows it")
        XCTAssertNotNil(h.element("overlay:hello"))
        XCTAssertEqual(h.element("textEditor.field")?.state["text"], .string("Hello!"))
    }

    /// The review's case: a 16:9 project in landscape had the field and keyboard across the
    /// whole screen, over the canvas that shows the words live (9:16 put them beside it); so did
    /// every format with the columns mirrored (Arabic).
    func testInLandscapeTheKeyboardStandsBesideTheCanvasInEveryFormatAndDirection() {
        for (locale, format) in [("en", CompositionFormat.legacy), ("en", .default), ("ar_EG", .legacy), ("ar_EG", .default)] {
            var c = TactileConfiguration()
            c.theme.locale = locale
            var project = DemoProject.make()
            project.format = format
            let h = EditorHarness(project: project, configuration: c, viewport: Size(width: 844, height: 390))
            h.tap("clip:hello")
            h.now += .milliseconds(100)
            h.tap("clip:hello")
            h.run(until: h.now + .seconds(0.5))
            let name = "\(locale) \(format.aspect.rawValue)"
            guard let keyboard = h.element("keyboard")?.frame, let canvas = h.element("canvas")?.frame else {
                XCTFail("\(name): the editor is open"); continue
            }
            XCTAssertFalse(keyboard.intersects(canvas), "\(name): the keyboard \(keyboard) beside the canvas \(canvas)")
            XCTAssertFalse(h.frameOf("textEditor.field").intersects(canvas), "\(name): the field too")
        }
    }

    func testADoubleTapOnTheOverlayOpensTheEditorToo() {
        let h = EditorHarness()
        h.state.playhead = .seconds(2)
        h.frame()
        h.tap("overlay:hello")
        h.now += .milliseconds(100)
        h.tap("overlay:hello")
        XCTAssertEqual(h.state.textEdit?.clipID, "hello")
    }

    func testTypedKeysChangeTheWordsLiveAndDoneIsOneUndoStep() {
        let h = editingHello()
        h.tap("key:⌫")
        type(" hi", h)
        XCTAssertEqual(title(h), "Hello hi", "backspace took the \"!\", then the keys typed (shift was on only for a first letter)")
        XCTAssertEqual(h.element("overlay:hello")?.label, "Hello hi", "the canvas shows the words as they are typed")
        h.tap("key:⇧")
        type("x", h)
        XCTAssertEqual(title(h), "Hello hiX", "shift makes the next letter a capital")
        h.tap(Self.doneID)
        XCTAssertNil(h.element("keyboard"), "Done closes the keyboard")
        let edits = h.log.filter { $0.kind == "edit" && $0.fields["edit"] == .string("text") }
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?.fields["afterText"], .string("Hello hiX"))
        h.tap("toolbar.undo")
        XCTAssertEqual(title(h), "Hello!", "one undo brings the old words back")
    }

    static let doneID = "textEditor.done"

    func testATapInTheFieldPlacesTheCaretWhereTypingAndBackspaceThenWork() throws {
        let h = editingHello()
        let field = try XCTUnwrap(h.element("textEditor.field"))
        XCTAssertEqual(field.state["caret"], .number(6), "the caret starts after the words")
        // The fixed-width measurer: each character 0.55 em; the words start after the caret's width.
        let font = Theme().bodyFont.size, inset = Theme().metrics.textEditor.fieldInset + Theme().metrics.textEditor.caretWidth
        let afterHel = field.frame.minX + inset + 3 * 0.55 * font
        h.tap(Point(x: afterHel + 1, y: field.frame.midY))
        XCTAssertEqual(h.element("textEditor.field")?.state["caret"], .number(3), "the nearest place to the finger: after \"Hel\"")
        XCTAssertEqual(h.state.textEdit?.clipID, "hello", "a tap in the field does not end the edit")
        type("p", h)
        XCTAssertEqual(title(h), "Helplo!", "typed at the caret")
        h.tap("key:⌫")
        h.tap("key:⌫")
        XCTAssertEqual(title(h), "Helo!", "backspace takes the character before the caret")
        XCTAssertEqual(h.element("textEditor.field")?.state["caret"], .number(2))
        h.frame([.text("l", time: h.now)])
        XCTAssertEqual(title(h), "Hello!", "a hardware keyboard types at the caret too")
    }

    func testDraggingInTheFieldCarriesTheCaretUnderAMagnifierAboveTheFinger() throws {
        let h = editingHello()
        let field = try XCTUnwrap(h.element("textEditor.field")).frame
        let font = Theme().bodyFont.size, inset = Theme().metrics.textEditor.fieldInset + Theme().metrics.textEditor.caretWidth
        let start = Point(x: field.minX + inset + 5 * 0.55 * font, y: field.midY)
        h.drag(from: start, to: Point(x: start.x - 2 * 0.55 * font, y: start.y), steps: 10, hold: true)
        let magnifier = try XCTUnwrap(h.element("textEditor.magnifier"), "a magnifier while the finger moves the caret")
        XCTAssertLessThan(magnifier.frame.maxY, field.minY, "above the field, clear of the finger")
        XCTAssertEqual(h.element("textEditor.field")?.state["caret"], .number(3), "the caret followed the finger")
        let end = Point(x: start.x - 2 * 0.55 * font, y: start.y)
        h.frame([.touch(.up, id: 1, at: end, time: h.now)])
        XCTAssertNil(h.element("textEditor.magnifier"), "gone when the finger lifts")
        XCTAssertEqual(h.element("textEditor.field")?.state["caret"], .number(3))
        XCTAssertEqual(title(h), "Hello!", "placing the caret changes no words")
    }

    func testAHardwareKeyboardTypesAtTheSameTime() {
        let h = editingHello()
        h.frame([.text(" wörld", time: h.now)])
        h.frame([.key(.backspace, time: h.now), .key(.space, time: h.now)])
        type("s", h)
        XCTAssertEqual(title(h), "Hello! wörls", "text input, backspace, and the on-screen keys together; space alone types nothing")
        XCTAssertFalse(h.state.isPlaying, "space does not play while typing")
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.state.textEdit, "Escape is done")
        XCTAssertEqual(title(h), "Hello! wörls", "and keeps the words")
    }

    func testALongPressOnALetterOffersItsAccents() {
        let h = editingHello()
        let e = h.element("key:e")!.hitFrame.center
        h.frame([.touch(.down, id: 1, at: e, time: h.now)])
        h.run(until: h.now + .seconds(0.6))
        let acute = try! XCTUnwrap(h.element("accent:é"), "holding e shows é among its accents")
        h.now += .milliseconds(30)
        h.frame([.touch(.move, id: 1, at: acute.frame.center, time: h.now)])
        XCTAssertEqual(h.element("accent:é")?.state["chosen"], .bool(true), "the accent under the finger is marked")
        h.now += .milliseconds(30)
        h.frame([.touch(.up, id: 1, at: acute.frame.center, time: h.now)])
        XCTAssertEqual(title(h), "Hello!é")
        XCTAssertNil(h.element("accent:é"), "the accents go with the finger")
    }

    func testStylesChangeTheOverlayAndAreKept() throws {
        let h = editingHello()
        let before = h.frameOf("overlay:hello")
        h.tap("textEditor.size.large")
        h.tap("textEditor.colour.yellow")
        h.tap("textEditor.background")
        h.tap(Self.doneID)
        let style = h.state.project.clip(withID: "hello")!.clip.textStyle
        XCTAssertEqual(style, TextStyle(size: .large, colour: .yellow, background: true))
        XCTAssertGreaterThan(h.frameOf("overlay:hello").height, before.height * 1.3, "large is larger on the canvas")
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(h.state.project)), h.state.project, "the style is saved in the file")
    }

    func testEveryStyleButtonIsAFingerWideAndTheColoursTakeARowOfTheirOwnOnAPhone() {
        // A phone (390 pt): nine buttons of 44 pt do not fit one row, so the colours go under the sizes.
        let h = editingHello()
        let styles = h.elements(role: "textSize") + h.elements(role: "textBackground") + h.elements(role: "textColour")
        XCTAssertEqual(styles.count, 9)
        for (i, a) in styles.enumerated() {
            XCTAssertGreaterThanOrEqual(a.hitFrame.width, 44, a.id)
            XCTAssertGreaterThanOrEqual(a.hitFrame.height, 44, a.id)
            for b in styles[(i + 1)...] { XCTAssertFalse(a.hitFrame.intersects(b.hitFrame), "\(a.id) \(b.id)") }
        }
        let colours = h.elements(role: "textColour"), sizes = h.elements(role: "textSize")
        XCTAssertGreaterThanOrEqual(colours[0].frame.minY, sizes[0].frame.maxY, "the colours on their own row")
        XCTAssertLessThanOrEqual(colours.map(\.frame.maxY).max()!, h.frameOf("keyboard").minY, "above the keyboard")
        // A tablet holds them on one row.
        let wide = editingHello(viewport: Size(width: 834, height: 1194))
        XCTAssertEqual(wide.elements(role: "textColour")[0].frame.minY, wide.elements(role: "textSize")[0].frame.minY, "one row")
    }

    func testANewTextOpensTheKeyboardAtOnceWithItsPlaceholderSelectedAndReplacedByTheFirstKey() throws {
        let h = EditorHarness()
        h.tap("toolbar.add.text")
        let id = try XCTUnwrap(h.state.selection, "the new text is selected")
        XCTAssertEqual(h.state.project.clip(withID: id)?.clip.title, "Text")
        // The review's case: two more taps were needed to type. The keyboard is open at once.
        XCTAssertEqual(h.state.textEdit?.clipID, id, "editing the new text")
        XCTAssertNotNil(h.element("keyboard"), "the keyboard is up")
        XCTAssertEqual(h.log.filter { $0.kind == "textEditBegan" }.count, 1)
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.element("textEditor.field")?.state["selected"], .bool(true), "the placeholder is selected")
        type("summer", h)
        XCTAssertEqual(h.state.project.clip(withID: id)?.clip.title, "Summer", "typed over the placeholder, not after it, with a capital first")
        h.tap("textEditor.colour.yellow")
        h.tap(Self.doneID)
        let edit = try XCTUnwrap(h.log.last { $0.kind == "edit" && $0.fields["edit"] == .string("text") })
        XCTAssertEqual(edit.fields["beforeText"], .string("Text"))
        XCTAssertEqual(edit.fields["afterText"], .string("Summer"))
        XCTAssertEqual(edit.fields["beforeStyle"], .string("medium white"), "the style is in the log too")
        XCTAssertEqual(edit.fields["afterStyle"], .string("medium yellow"))
        // Words of one's own are never selected: editing again appends.
        h.now += .milliseconds(400)
        h.tap("clip:\(id)")
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.element("textEditor.field")?.state["selected"], .bool(false))
        type("s", h)
        XCTAssertEqual(h.state.project.clip(withID: id)?.clip.title, "Summers")
    }

    func testBackspaceOnTheSelectedPlaceholderClearsItAndAnEmptiedTextKeepsItsWords() throws {
        let h = EditorHarness()
        h.tap("toolbar.add.text")
        let id = try XCTUnwrap(h.state.selection)
        h.run(until: h.now + .seconds(0.5))
        h.tap("key:⌫")
        XCTAssertEqual(h.state.project.clip(withID: id)?.clip.title, "", "the whole placeholder went")
        h.tap(Self.doneID)
        XCTAssertEqual(h.state.project.clip(withID: id)?.clip.title, "Text", "a text left empty keeps the words it had")
    }

    func testATapOutsideTheKeyboardIsDoneAndPressesRightAfterOpeningAreIgnored() {
        let h = EditorHarness()
        h.tap("clip:hello")
        h.now += .milliseconds(100)
        h.tap("clip:hello")
        h.now += .milliseconds(50)
        h.tap("key:q") // a finger still bouncing from the double tap
        XCTAssertEqual(title(h), "Hello!", "nothing is typed in the first moments")
        h.run(until: h.now + .seconds(0.5))
        h.tap(Point(x: 195, y: 150)) // over the canvas
        XCTAssertNil(h.state.textEdit)
    }

    func testLongWordsWrapInsideThePicture() {
        let h = editingHello()
        h.frame([.text("and a very long line of words that goes on", time: h.now)])
        h.tap(Self.doneID)
        let box = h.frameOf("overlay:hello"), picture = h.frameOf("canvas")
        XCTAssertLessThanOrEqual(box.width, picture.width * 0.9 + 1, "no wider than the picture's wrap width")
        XCTAssertGreaterThan(box.height, before(h) * 1.8, "the words run onto more lines")
    }

    func testALongWordAtLargeSizeShrinksRatherThanBreaking() throws {
        let h = editingHello()
        h.tap("textEditor.size.large")
        for _ in 0..<6 { h.tap("key:⌫") }
        h.frame([.text("Unbelievably wonderful", time: h.now)])
        h.tap(Self.doneID)
        let lines = try XCTUnwrap(h.element("overlay:hello")?.state["lines"])
        guard case let .string(text) = lines else { return XCTFail("\(lines)") }
        XCTAssertEqual(text.split(separator: "\n").map(String.init), ["Unbelievably", "wonderful"], "each word whole, none split: \(text)")
        let box = h.frameOf("overlay:hello"), picture = h.frameOf("canvas")
        XCTAssertLessThanOrEqual(box.width, picture.width * 0.9 + 1, "and inside the picture")
    }

    /// The review's case: a long word at Large was split and drawn smaller than at Medium, and a
    /// long title at Large ran off the bottom of the picture.
    func testLargeIsNeverSmallerThanMediumNeverSplitsAWordAndStaysInsideThePicture() throws {
        func typed(_ words: String, size: String) throws -> (size: Double, lines: [String], box: Rect, picture: Rect) {
            let h = editingHello()
            h.tap("textEditor.size.\(size)")
            for _ in 0..<6 { h.tap("key:⌫") }
            h.frame([.text(words, time: h.now)])
            h.tap(Self.doneID)
            let overlay = try XCTUnwrap(h.element("overlay:hello"))
            guard case let .string(text)? = overlay.state["lines"] else { throw XCTSkip("no lines") }
            let lines = text.split(separator: "\n").map(String.init)
            let box = h.frameOf("overlay:hello")
            return (box.height / Double(lines.count) / Theme().metrics.canvas.textLineHeight, lines, box, h.frameOf("canvas"))
        }
        let word = "Sonnenuntergangsstimmung"
        let large = try typed(word, size: "large"), medium = try typed(word, size: "medium")
        XCTAssertEqual(large.lines, [word], "whole: \(large.lines)")
        XCTAssertEqual(medium.lines, [word])
        XCTAssertGreaterThanOrEqual(large.size, medium.size - 0.01, "Large never smaller than Medium")
        XCTAssertLessThanOrEqual(large.box.width, large.picture.width * 0.9 + 1, "inside the picture's wrap width")

        let title = Array(repeating: "a long title that goes on", count: 8).joined(separator: " ")
        let long = try typed(title, size: "large")
        XCTAssertLessThanOrEqual(long.box.height, long.picture.height * 0.9 + 1, "inside the picture's height: \(long.box) in \(long.picture)")
        XCTAssertTrue(long.lines.allSatisfy { !$0.isEmpty })
    }

    private func before(_ h: EditorHarness) -> Double {
        let m = Theme().metrics.canvas, picture = h.frameOf("canvas")
        return min(picture.width, picture.height) * m.textShare * m.textLineHeight
    }
}

/// The title renames the project on tap (issue 48): the name selected in the field, typed over
/// on either keyboard, kept with Done or Return, one undo step; an emptied name keeps the old.
final class ProjectRenameTests: XCTestCase {
    private func type(_ keys: String, _ h: EditorHarness) { for k in keys { h.tap(k == " " ? "key:space" : "key:\(k)") } }

    func testTappingTheTitleRenamesTheProjectInOneUndoStep() {
        let h = EditorHarness()
        XCTAssertGreaterThanOrEqual(h.element("titleBar.rename")?.hitFrame.width ?? 0, 44, "a finger's width")
        h.tap("titleBar.rename")
        XCTAssertNotNil(h.element("keyboard"), "the keyboard is up")
        XCTAssertEqual(h.element("textEditor.field")?.state["selected"], .bool(true), "the whole name selected")
        XCTAssertTrue(h.elements(role: "textColour").isEmpty, "a name has no styles")
        h.run(until: h.now + .seconds(0.5))
        type("road trip", h)
        XCTAssertEqual(h.state.project.name, "Road trip", "typed over the old name, a capital first")
        XCTAssertEqual(h.element("titleBar.title")?.label, "Road trip", "live in the title")
        h.tap("key:return")
        XCTAssertNil(h.state.textEdit, "Return is Done for a name")
        let edit = h.log.last { $0.kind == "edit" }
        XCTAssertEqual(edit?.fields["edit"], .string("rename"))
        XCTAssertEqual(edit?.fields["beforeText"], .string("Demo"))
        XCTAssertEqual(edit?.fields["afterText"], .string("Road trip"))
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make(), "one undo step")
    }

    func testAnEmptiedNameKeepsTheOldOneAndAHardwareKeyboardTypesToo() {
        let h = EditorHarness()
        h.tap("titleBar.rename")
        h.run(until: h.now + .seconds(0.5))
        h.tap("key:⌫")
        XCTAssertEqual(h.state.project.name, "")
        h.tap(TextEditingTests.doneID)
        XCTAssertEqual(h.state.project.name, "Demo", "nothing typed: the name stays")
        h.tap("titleBar.rename")
        h.frame([.text("Trip", time: h.now)])
        h.frame([.key(.enter, time: h.now)])
        XCTAssertEqual(h.state.project.name, "Trip")
        XCTAssertNil(h.state.textEdit)
    }
}
