import Foundation
import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// Questionnaires in a test plan as a participant meets them: the SEQ after each task, the SUS
/// and a study's own items at the end, one item at a time, answers logged with their time.
final class QuestionnaireTests: XCTestCase {
    let planJSON = """
        {"title": "Study", "tasks": [{"id": "delete-star", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}]}],
         "afterEachTask": "seq",
         "atEnd": [{"id": "pref", "title": "One more thing", "items": [
            {"id": "which", "text": "Which did you prefer?", "choices": ["A", "B", "No preference"]},
            {"id": "grab", "text": "The handles were easy to grab.", "scale": 5, "low": "Strongly disagree", "high": "Strongly agree"}]}]}
        """

    /// `h` with the plan running, its task skipped: the SEQ on screen.
    @discardableResult
    private func askingSEQ(_ h: EditorHarness) throws -> EditorHarness {
        h.state.tasks = TaskRun(plan: try TaskPlan.parse(Data(planJSON.utf8)))
        h.frame()
        h.tap("task.skip")
        h.now += .seconds(2)
        h.frame()
        XCTAssertEqual(h.element("questionnaire")?.state["questionnaire"], .string("seq"))
        return h
    }

    func testAnswersAreAskedOneItemAtATimeAndLoggedWithTheirTime() throws {
        let h = try askingSEQ(EditorHarness())
        XCTAssertEqual(h.element("questionnaire.next")?.state["enabled"], .bool(false), "Done waits for an answer")
        h.tap(Point(x: 20, y: 700)) // the scrim: nothing under it takes the tap
        XCTAssertEqual(h.state.project, DemoProject.make(), "the editor under it is untouched")
        for id in ["questionnaire.seq.2", "questionnaire.seq.6"] {
            h.now += .seconds(1)
            h.tap(id)
        }
        XCTAssertEqual(h.element("questionnaire.seq.6")?.state["chosen"], .bool(true), "the last tap wins")
        h.now += .seconds(0.5)
        h.tap("questionnaire.next")
        let seq = try XCTUnwrap(h.log.first { $0.kind == "answer" })
        XCTAssertEqual(seq.fields["value"], .number(6))
        XCTAssertEqual(seq.fields["task"], .string("delete-star"))
        let shown = try XCTUnwrap(h.log.first { $0.kind == "questionnaire.began" }).time
        XCTAssertEqual(seq.fields["seconds"], .number(((seq.time - shown).seconds * 1e6).rounded() / 1e6), "from the item's showing to Next")
        XCTAssertGreaterThan((seq.time - shown).seconds, 2.5)
        h.frame()
        XCTAssertEqual(h.element("questionnaire")?.state["item"], .string("which"))
        XCTAssertNil(h.element("questionnaire.back"), "no Back on the first item")
        h.tap("questionnaire.which.2")
        h.tap("questionnaire.next")
        h.tap("questionnaire.back")
        XCTAssertEqual(h.element("questionnaire")?.state["chosen"], .number(2), "the answer is kept on the way back")
        h.tap("questionnaire.which.3")
        h.tap("questionnaire.next")
        h.tap("questionnaire.grab.4")
        h.tap("questionnaire.next")
        let answers = h.log.filter { $0.kind == "answer" && $0.fields["questionnaire"] == .string("pref") }
        XCTAssertEqual(answers.map { $0.fields["value"] }, [.number(2), .number(3), .number(4)])
        XCTAssertEqual(answers[1].fields["revised"], .bool(true))
        XCTAssertEqual(answers[1].fields["choice"], .string("No preference"))
        h.frame()
        XCTAssertEqual(h.state.tasks?.isComplete, true)
        XCTAssertEqual(h.log.filter { $0.kind == "task.finished" }.count, 1)
        XCTAssertNil(h.element("questionnaire"))
    }

    func testAPlanKeepsItsQuestionnairesThroughItsFile() throws {
        let plan = try TaskPlan.parse(Data(planJSON.utf8))
        XCTAssertEqual(try TaskPlan.parse(plan.json), plan)
        XCTAssertEqual(plan.afterEachTask, .seq)
    }

    func testBadQuestionnairesAreRefusedNamingTheKey() {
        let cases: [(String, String)] = [
            (#""afterEachTask": "nasa""#, "afterEachTask"),
            (#""atEnd": ["sus", "sus"]"#, "atEnd[1]"),
            (#""atEnd": [{"id": "x", "title": "T", "items": [{"id": "a", "text": "Q", "scale": 1, "low": "l", "high": "h"}]}]"#, "atEnd[0].items[0].scale"),
            (#""atEnd": [{"id": "x", "title": "T", "items": [{"id": "a", "text": "Q", "choices": ["only"]}]}]"#, "atEnd[0].items[0].choices"),
            (#""atEnd": [{"id": "x", "title": "T", "items": [{"id": "a", "text": "", "scale": 5, "low": "l", "high": "h"}]}]"#, "atEnd[0].items[0].text"),
            (#""atEnd": [{"id": "x", "title": "T", "items": [{"id": "a", "text": "Q", "scale": 5}]}]"#, "atEnd[0].items[0].low"),
        ]
        for (fragment, key) in cases {
            let json = #"{"tasks": [{"prompt": "p", "done": [{"path": "name", "exists": true}]}], "#.appending(fragment).appending("}")
            XCTAssertThrowsError(try TaskPlan.parse(Data(json.utf8)), fragment) { error in
                XCTAssertEqual((error as? ConfigurationError)?.key, key, "\(error)")
            }
        }
    }

    /// The SEQ at ×3 on a small phone (issue 49): drawn at the scale asked, not the bars'; its
    /// answers scroll under a Done that stays in place, or, in landscape, scroll to Done.
    private func largeSEQ(_ viewport: Size) throws -> EditorHarness {
        var c = TactileConfiguration()
        c.layout.uiScale = 3
        return try askingSEQ(EditorHarness(configuration: c, viewport: viewport))
    }

    /// Drags the questionnaire up along its trailing edge until `id` shows whole.
    private func scroll(to id: String, _ h: EditorHarness) {
        for _ in 0..<20 {
            guard let e = h.element(id), e.hitFrame != e.frame else { return }
            let panel = h.frameOf("questionnaire")
            let from = Point(x: panel.maxX - 8, y: panel.midY + 60)
            h.drag(from: from, to: Point(x: from.x, y: from.y - 120))
        }
    }

    func testAtTripleSizeTheQuestionIsReadLargeAndItsAnswersScrollUnderDone() throws {
        let h = try largeSEQ(Size(width: 320, height: 568))
        let question = h.output.drawList.commands.lazy.compactMap { c -> Double? in
            if case let .text(run) = c, run.text.hasPrefix("Overall") { return run.font.size }; return nil
        }.first
        XCTAssertGreaterThan(question ?? 0, 2 * Theme().metrics.form.questionFont.size, "the question at ×3 (its longest word given way a little)")
        XCTAssertLessThan(h.output.uiScale, 1.5, "the bars at what the phone holds")
        XCTAssertEqual(h.element("questionnaire.seq.7")?.hitFrame.isEmpty, true, "the last answer below the window at first")
        let done = h.frameOf("questionnaire.next")
        scroll(to: "questionnaire.seq.7", h)
        XCTAssertEqual(h.frameOf("questionnaire.next"), done, "Done stays where it was")
        h.now += .seconds(1)
        h.tap("questionnaire.seq.7")
        h.tap("questionnaire.next")
        XCTAssertEqual(h.log.first { $0.kind == "answer" }?.fields["value"], .number(7))
    }

    func testInLandscapeAtTripleSizeDoneScrollsWithTheAnswers() throws {
        let h = try largeSEQ(Size(width: 568, height: 320))
        XCTAssertEqual(h.element("questionnaire.next")?.hitFrame.isEmpty, true, "Done after the answers, below the window")
        scroll(to: "questionnaire.seq.1", h)
        h.now += .seconds(1)
        h.tap("questionnaire.seq.1")
        scroll(to: "questionnaire.next", h)
        h.tap("questionnaire.next")
        XCTAssertEqual(h.log.first { $0.kind == "answer" }?.fields["value"], .number(1))
    }
}
