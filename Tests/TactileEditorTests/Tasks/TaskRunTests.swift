import Foundation
import XCTest
import TactileCore
import TactileInput
@testable import TactileEditor

/// Test plans as a participant meets them: a prompt on screen, done when the project says so,
/// skipped or timed out, with the time on task and the slips logged.
final class TaskRunTests: XCTestCase {
    let planJSON = """
        {"title": "Study", "tasks": [
          {"id": "delete-star", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}]},
          {"id": "trim-beach", "prompt": "Trim Beach to 4 seconds", "done": [{"path": "clip:beach.duration", "equals": 4, "within": 0.1}], "timeLimit": 30}
        ]}
        """

    func harness() throws -> EditorHarness {
        let h = EditorHarness()
        h.state.tasks = TaskRun(plan: try TaskPlan.parse(Data(planJSON.utf8)))
        h.frame()
        return h
    }

    func events(_ h: EditorHarness, _ kind: String) -> [LogEvent] { h.log.filter { $0.kind == kind } }

    func testThePromptShowsAndATaskDoneByEditingIsLoggedWithItsTimeAndSlips() throws {
        let h = try harness()
        XCTAssertEqual(h.element("task")?.label, "Delete the Star sticker")
        XCTAssertEqual(events(h, "task.began").first?.fields["task"], .string("delete-star"))
        h.now += .seconds(2)
        h.tap(Point(x: 20, y: 30)) // a miss: nothing there
        h.now += .seconds(1)
        h.tap("clip:star")
        h.now += .seconds(1)
        XCTAssertTrue(events(h, "task.ended").isEmpty, "selecting is not deleting")
        h.tap("toolbar.delete")
        XCTAssertTrue(events(h, "task.ended").isEmpty, "judged only once the project has settled")
        h.run(until: h.now + .seconds(0.3))
        let ended = try XCTUnwrap(events(h, "task.ended").first)
        XCTAssertEqual(ended.fields["settle"], .number(0.3), "the settle time is logged apart")
        XCTAssertEqual(ended.fields["outcome"], .string("completed"))
        XCTAssertEqual(ended.fields["task"], .string("delete-star"))
        XCTAssertEqual(ended.fields["misses"], .number(1))
        guard case let .number(seconds)? = ended.fields["seconds"] else { return XCTFail("no time on task") }
        XCTAssertEqual(seconds, 4.24, accuracy: 0.01, "from the prompt to the delete button's lift")
        XCTAssertTrue(h.cues.contains { $0.cue == .success && $0.reason == "task" })
        XCTAssertEqual(h.element("task")?.state["outcome"], .string("completed"), "the card says Done for a moment")
        h.run(until: h.now + .seconds(1.6))
        XCTAssertEqual(h.element("task")?.label, "Trim Beach to 4 seconds", "then the next task")
        XCTAssertEqual(events(h, "task.began").count, 2)
    }

    /// The trim task on show, Beach (4.5 s, 24 pt/s) selected, and its trailing handle.
    func trimTask() throws -> (EditorHarness, Point) {
        let h = try harness()
        h.tap("task.skip")
        h.run(until: h.now + .seconds(1.6))
        XCTAssertEqual(h.element("task")?.label, "Trim Beach to 4 seconds")
        h.tap("clip:beach")
        return (h, h.element("clip:beach.trimHandle.trailing")!.hitFrame.center)
    }

    /// Issue 31: success is judged on the settled project, never in the middle of a drag.
    func testATrimThatPassesThroughTheTargetAndSettlesOutsideItIsNoSuccess() throws {
        let (h, handle) = try trimTask()
        // 24 pt left: through 4 s (12 pt) on the way to 3.5 s, where the finger lifts.
        h.drag(from: handle, to: Point(x: handle.x - 24, y: handle.y), steps: 24)
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.state.project.clip(withID: "beach")!.clip.duration.seconds, 3.5, accuracy: 0.05)
        XCTAssertEqual(events(h, "task.ended").filter { $0.fields["task"] == .string("trim-beach") }, [], "passing through 4 s is no success")
    }

    func testATrimThatSettlesOnTheTargetSucceedsAndATouchDuringTheSettleTimeWaits() throws {
        let (h, handle) = try trimTask()
        h.drag(from: handle, to: Point(x: handle.x - 12, y: handle.y))
        let lifted = h.now
        XCTAssertEqual(h.state.project.clip(withID: "beach")!.clip.duration.seconds, 4, accuracy: 0.1)
        // A finger comes down on the canvas before the settle time is up and stays a while.
        h.now += .seconds(0.1)
        h.frame([.touch(.down, id: 2, at: Point(x: 195, y: 250), time: h.now)])
        h.run(until: h.now + .seconds(1))
        XCTAssertEqual(events(h, "task.ended").filter { $0.fields["task"] == .string("trim-beach") }, [], "not while a finger is down")
        h.frame([.touch(.up, id: 2, at: Point(x: 195, y: 250), time: h.now)])
        let liftedAgain = h.now
        h.run(until: h.now + .seconds(0.5))
        let ended = try XCTUnwrap(events(h, "task.ended").last)
        XCTAssertEqual(ended.fields["outcome"], .string("completed"))
        XCTAssertEqual(ended.time, liftedAgain + .seconds(0.3), "judged a settle time after the last lift")
        guard case let .number(seconds)? = ended.fields["seconds"], let began = events(h, "task.began").last?.time else { return XCTFail() }
        XCTAssertEqual(
            seconds, (lifted - began).seconds, accuracy: 1e-6,
            "time on task runs to when the project first met the rule: the touch changed nothing")
        XCTAssertGreaterThan(liftedAgain, lifted)
    }

    func testAProjectThatMetTheRuleInsideTheTimeLimitIsJudgedCompletedAfterIt() throws {
        let (h, handle) = try trimTask()
        guard let began = events(h, "task.began").last?.time else { return XCTFail("no task") }
        // The trim lands on 4 s 0.1 s before the 30 s limit; the settle time runs past it.
        let drag = 12.0 / 60 + 0.15 // the harness's drag: 12 moves a frame apart, a rest, the lift
        h.run(until: began + .seconds(30 - 0.1 - drag))
        h.drag(from: handle, to: Point(x: handle.x - 12, y: handle.y))
        let lifted = h.now
        XCTAssertLessThan(lifted, began + .seconds(30))
        h.run(until: h.now + .seconds(1))
        let ended = try XCTUnwrap(events(h, "task.ended").last)
        XCTAssertEqual(ended.fields["outcome"], .string("completed"), "done in time: the judgement's wait is not the participant's")
        XCTAssertEqual(ended.fields["seconds"], .number(TaskController.micro(lifted - began)))
    }

    func testAProjectChangedAwayFromTheRuleAfterTheLimitTimesOut() throws {
        let (h, handle) = try trimTask()
        guard let began = events(h, "task.began").last?.time else { return XCTFail("no task") }
        let drag = 12.0 / 60 + 0.15
        h.run(until: began + .seconds(30 - 0.2 - drag))
        h.drag(from: handle, to: Point(x: handle.x - 12, y: handle.y))
        // A finger lands before the judgement and holds past the limit: the task waits for it.
        h.now += .seconds(0.1)
        let canvas = Point(x: 195, y: 250)
        h.frame([.touch(.down, id: 2, at: canvas, time: h.now)])
        h.run(until: began + .seconds(31))
        XCTAssertEqual(events(h, "task.ended").filter { $0.fields["task"] == .string("trim-beach") }, [], "still judging what was done in time")
        // Then the participant trims on, away from 4 s: time is up.
        h.frame([.touch(.up, id: 2, at: canvas, time: h.now)])
        let handleNow = h.element("clip:beach.trimHandle.trailing")!.hitFrame.center
        h.drag(from: handleNow, to: Point(x: handleNow.x - 12, y: handleNow.y))
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(events(h, "task.ended").last?.fields["outcome"], .string("timedOut"))
    }

    /// Issue 31: a long prompt is shown whole, wrapped on a taller card, never cut to one line.
    func testALongPromptWrapsOnATallerCardInsteadOfBeingCutShort() throws {
        let prompt = "Trim City Lights to 3 seconds (drag the right handle of the clip towards its start until the label says 3.0 s)"
        let h = EditorHarness()
        h.state.tasks = TaskRun(plan: TaskPlan(title: "Study", tasks: [.init(id: "t", prompt: prompt, done: [])]))
        h.frame()
        let card = try XCTUnwrap(h.element("task"))
        XCTAssertEqual(card.label, prompt)
        XCTAssertGreaterThan(card.frame.height, 64, "taller than a one-line card")
        let lines = h.output.drawList.commands.compactMap { command -> String? in
            if case let .text(run) = command, card.frame.contains(run.frame.center), run.text != "Task 1 of 1", run.text != "Skip" { return run.text }
            return nil
        }
        XCTAssertGreaterThan(lines.count, 1, "wrapped: \(lines)")
        XCTAssertEqual(lines.joined(separator: " "), prompt, "every word shown, none cut")
    }

    func testSkipGivesUpAndATimeLimitEndsTheTask() throws {
        let h = try harness()
        h.tap("task.skip")
        XCTAssertEqual(events(h, "task.ended").last?.fields["outcome"], .string("skipped"))
        XCTAssertEqual(h.state.project.clip(withID: "star")?.clip.id, "star", "skipping edits nothing")
        h.run(until: h.now + .seconds(1.6))
        XCTAssertEqual(events(h, "task.began").last?.fields["task"], .string("trim-beach"))
        h.run(until: h.now + .seconds(30))
        XCTAssertEqual(events(h, "task.ended").last?.fields["outcome"], .string("timedOut"), "the editor woke by itself for the limit")
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(events(h, "task.finished").count, 1)
        XCTAssertEqual(h.element("task")?.label, "All 2 tasks done. Thank you!")
        XCTAssertNil(h.element("task.skip"))
    }

    func testConditionsReadPathsInTheProjectsJSON() {
        let project = DemoProject.make()
        func holds(_ path: String, _ test: TaskCondition.Test) -> Bool { TaskCondition(path: path, test: test).holds(in: project) }
        XCTAssertTrue(holds("tracks[0].clips[1].duration", .equals(6, within: 0.01)))
        XCTAssertTrue(holds("clip:city.end", .equals(10.5, within: 0.01)))
        XCTAssertTrue(holds("clip:hello.title", .equalsText("Hello!")))
        XCTAssertTrue(holds("tracks[1].clips", .count(3)))
        XCTAssertTrue(holds("clip:beach.duration", .atLeast(4.5)))
        XCTAssertFalse(holds("clip:beach.duration", .atMost(4)))
        XCTAssertFalse(holds("tracks[9].clips", .exists(true)))
        XCTAssertTrue(holds("clip:nothing", .exists(false)))
    }

    func testABadPlanNamesTheKey() {
        func error(_ json: String) -> String {
            do { _ = try TaskPlan.parse(Data(json.utf8)); return "parsed" } catch { return "\(error)" }
        }
        XCTAssertEqual(error(#"{"tasks": []}"#), "tasks: needs at least one task")
        XCTAssertEqual(
            error(#"{"tasks": [{"prompt": "x", "done": [{"path": "name", "equal": 1}]}]}"#),
            "tasks[0].done[0].equal: is not a key here (expected one of atLeast, atMost, count, equals, exists, path, within)")
        XCTAssertEqual(
            error(#"{"tasks": [{"prompt": "x", "done": [{"path": "name"}]}]}"#),
            "tasks[0].done[0]: needs exactly one of equals, atLeast, atMost, count, exists")
        XCTAssertEqual(
            error(#"{"tasks": [{"prompt": "x", "done": [{"path": "name", "exists": true}], "timeLimit": -1}]}"#),
            "tasks[0].timeLimit: must be seconds, more than 0 and at most 86,400 (a day)")
        let plan = try! TaskPlan.parse(Data(planJSON.utf8))
        XCTAssertEqual(try TaskPlan.parse(plan.json), plan, "a recorded plan reads back the same")
    }
}

/// Issue 46: a study's task is sealed once judged — no input reaches the editor from the
/// judgement to the next task's card — and the next task starts from the study's project,
/// nothing open or selected, as the log says.
final class SealedTaskTests: XCTestCase {
    static let planJSON = """
        {"title": "Study", "tasks": [
          {"id": "delete-star", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}]},
          {"id": "trim-beach", "prompt": "Trim Beach to 4 seconds", "done": [{"path": "clip:beach.duration", "equals": 4, "within": 0.1}], "timeLimit": 30}
        ]}
        """

    func harness(sealed: Bool) throws -> EditorHarness {
        let h = EditorHarness()
        var plan = try TaskPlan.parse(Data(SealedTaskTests.planJSON.utf8))
        plan.sealed = sealed
        h.state.tasks = TaskRun(plan: plan)
        h.frame()
        return h
    }

    /// Deletes the star (task 1) and lets it be judged.
    func deleteTheStar(_ h: EditorHarness) throws {
        h.tap("clip:star")
        h.tap("toolbar.delete")
        h.run(until: h.now + .seconds(0.35))
        XCTAssertEqual(h.log.filter { $0.kind == "task.ended" }.count, 1, "judged")
    }

    func testATapAndAKeyAfterTheJudgementChangeNothingAndTheNextTaskStartsFromTheStudysProject() throws {
        let h = try harness(sealed: true)
        try deleteTheStar(h)
        let judged = h.state.project
        // The review's slip: half a second after the judgement, a tap on a clip, and an undo that
        // would bring the star back.
        h.now += .seconds(0.5)
        h.tap("clip:city")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertNil(h.state.selection, "the tap reached nothing")
        XCTAssertEqual(h.state.project, judged, "the edit that belongs to no task was never made")
        XCTAssertFalse(h.log.contains { $0.kind == "gesture.recognized" && $0.time > h.now - .seconds(0.5) }, "no gesture logged for it")
        h.run(until: h.now + .seconds(1.2))
        XCTAssertEqual(h.element("task")?.label, "Trim Beach to 4 seconds")
        XCTAssertNotNil(h.state.project.clip(withID: "star"), "the next task starts from the study's project: the star is back")
        XCTAssertEqual(h.log.filter { $0.kind == "task.reset" }.map { $0.fields["task"] }, [.string("trim-beach")])
        XCTAssertFalse(h.state.history.canUndo, "nothing of the last task to undo")
        // And the editor takes input again.
        h.tap("clip:beach")
        XCTAssertEqual(h.state.selection, "beach")
    }

    func testAPlanThatIsNotSealedRunsAsItAlwaysDid() throws {
        let h = try harness(sealed: false)
        try deleteTheStar(h)
        h.now += .seconds(0.5)
        h.tap("clip:city")
        XCTAssertEqual(h.state.selection, "city", "a plan recorded before seals replays as it ran")
        h.run(until: h.now + .seconds(1.2))
        XCTAssertNil(h.state.project.clip(withID: "star"))
        XCTAssertTrue(h.log.filter { $0.kind == "task.reset" }.isEmpty)
    }

    func testASealedPlanSaysSoInItsFileAndReadsBack() throws {
        var plan = try TaskPlan.parse(Data(SealedTaskTests.planJSON.utf8))
        XCTAssertFalse(plan.sealed)
        plan.sealed = true
        XCTAssertTrue(try TaskPlan.parse(plan.json).sealed)
        XCTAssertThrowsError(
            try TaskPlan.parse(Data(#"{"tasks": [{"id": "a", "prompt": "p", "done": [{"path": "clip:star", "exists": false}]}], "sealed": 2}"#.utf8)))
    }
}

/// Issue 46: one definition of a miss (`Misses`): a tap that cleared the way — closed a picker,
/// deselected a clip — was needed, never a miss nor off the task.
final class MissDefinitionTests: XCTestCase {
    func testClosingAPickerTheTaskDidNotNameIsNoOffTaskMissButOpeningItIs() throws {
        let h = EditorHarness()
        h.state.tasks = TaskRun(
            plan: try TaskPlan.parse(
                Data(
                    #"{"tasks": [{"id": "delete-star", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}], "needs": ["clip:star", "toolbar.delete"]}]}"#
                        .utf8)))
        h.frame()
        h.tap("junction:city") // not what the task needs: off the task
        h.now += .seconds(0.5)
        h.frame()
        XCTAssertNotNil(h.state.transitionPicker)
        h.tap("transitionPicker.action") // Done: closes what was in the way
        h.now += .seconds(0.5)
        h.frame()
        XCTAssertNil(h.state.transitionPicker)
        XCTAssertEqual(h.state.tasks?.misses, 1, "the junction only")
        XCTAssertEqual(h.state.tasks?.offTask, 1)
        let done = h.log.compactMap { e -> InteractionEvent.Gesture? in
            if case let .gesture(g) = e.event, g.isTap, g.target.hasPrefix("transitionPicker") { return g } else { return nil }
        }
        XCTAssertEqual(done.count, 1, "the Done tap is logged (on the picker)")
        XCTAssertNil(done.first?.miss, "the log marks it no miss, so the heatmap draws none")
        XCTAssertEqual(Misses.counted(in: h.log).count, 1, "what the heatmap draws is what the task counted")
    }
}
