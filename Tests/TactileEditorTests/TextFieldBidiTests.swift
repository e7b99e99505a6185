import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileInput
import TactileTestSupport
@testable import TactileApp
import TactileHeadless

/// The text field's caret with the fonts and the bidi algorithm the window draws with, through
/// `tactile inspect`: it stands after the last character typed, on the side that character is
/// written towards, whatever the chrome's language; a tap in mixed words finds the place the
/// finger is over.
final class TextFieldBidiTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-text-bidi") }
    override func tearDown() { removeTestFolder() }

    /// Adds a text, opens it and types `words`, in `locale`; the field's frame and state.
    private func field(typing words: String, locale: String, then more: [InputEvent] = []) throws -> (frame: Rect, state: [String: Any]) {
        let settings = Settings(locale: locale)
        func elements(_ events: [InputEvent]) throws -> [String: (frame: Rect, hit: Rect, state: [String: Any])] {
            try write(events, to: "bidi.jsonl")
            let until = (events.last?.time.seconds ?? 0) + 0.5
            let json = try Commands.inspect(project: nil, replay: path("bidi.jsonl"), size: nil, scale: nil, at: nil, settings: settings, until: until)
            let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            var out: [String: (Rect, Rect, [String: Any])] = [:]
            for e in doc["elements"] as! [[String: Any]] {
                let f = e["frame"] as! [String: Double]
                out[e["id"] as! String] = (Rect(x: f["x"]!, y: f["y"]!, width: f["w"]!, height: f["h"]!), .zero, e["state"] as? [String: Any] ?? [:])
            }
            return out
        }
        // A new text opens its keyboard at once.
        let add = tap(try XCTUnwrap(elements([])["toolbar.add.text"]).frame.center, at: 0.2)
        let events = add + [.text(words, time: .seconds(1.2))] + more
        let field = try XCTUnwrap(elements(events)["textEditor.field"], "editing")
        return (field.frame, field.state)
    }

    func testTheCaretStandsAfterTheLastCharacterOnTheSideItIsWrittenTowards() throws {
        let english = try field(typing: "Summer", locale: "ar_EG")
        XCTAssertEqual(english.state["rightToLeft"] as? Bool, false)
        let arabic = try field(typing: "مرحبا", locale: "ar_EG")
        XCTAssertEqual(arabic.state["rightToLeft"] as? Bool, true)
        let englishCaret = try XCTUnwrap(english.state["caretX"] as? Double), arabicCaret = try XCTUnwrap(arabic.state["caretX"] as? Double)
        // English words sit at the field's left and the caret follows them; Arabic words sit at
        // its right and the caret is at their left end, where the next letter goes.
        XCTAssertLessThan(englishCaret, english.frame.midX, "English in an Arabic chrome: the caret right of the words, near the field's left")
        XCTAssertGreaterThan(englishCaret, english.frame.minX + 30)
        XCTAssertGreaterThan(arabicCaret, arabic.frame.midX, "Arabic: the caret left of the words, which end near the field's right")
        XCTAssertLessThan(arabicCaret, arabic.frame.maxX - 30)
        let englishInEnglish = try field(typing: "Summer", locale: "en")
        XCTAssertEqual(
            englishInEnglish.state["caretX"] as? Double ?? 0, englishCaret - english.frame.minX + englishInEnglish.frame.minX, accuracy: 1,
            "the same place in either chrome")
    }

    func testATapInMixedWordsPutsTheCaretWhereTheFingerIs() throws {
        // "مرحبا Beach": an Arabic line with an English word at its left end.
        let typed = try field(typing: "مرحبا Beach", locale: "ar_EG")
        let atEnd = try XCTUnwrap(typed.state["caretX"] as? Double)
        XCTAssertEqual(typed.state["caret"] as? Double, 11)
        // A tap just right of the Arabic word's first letter (its right end): the caret before it.
        let arabicStart = typed.frame.maxX - 20
        let tapped = try field(typing: "مرحبا Beach", locale: "ar_EG", then: tap(Point(x: arabicStart, y: typed.frame.midY), at: 1.6))
        let caret = try XCTUnwrap(tapped.state["caret"] as? Double)
        XCTAssertLessThanOrEqual(caret, 1, "at the start of the words, which is their right end")
        XCTAssertGreaterThan(try XCTUnwrap(tapped.state["caretX"] as? Double), atEnd + 25, "right of the Arabic word, not after \"Beach\"")
    }
}
