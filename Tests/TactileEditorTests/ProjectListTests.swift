import Foundation
import XCTest
import TactileCore
import TactileHost
import TactileInput
import TactileUI
@testable import TactileEditor

/// The project list (issue 48), driven by taps through a host session with a real shelf in a
/// temporary folder: the project on screen joins the shelf and is saved there after every
/// change; New, open, duplicate, rename and delete with Undo; what the shelf says is input a
/// trace keeps, so a replay without the files shows and opens the same.
final class ProjectListTests: XCTestCase {
    private var folder: URL!
    private var shelf: ProjectShelf { ProjectShelf(folder: folder) }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-projects-\(UUID().uuidString)")
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A session with the shelf, recording every step's input as a trace would.
    private func harness(_ input: UnsafeMutablePointer<[InputEvent]>? = nil, configuration: TactileConfiguration = TactileConfiguration()) -> EditorHarness {
        var services = HostServices()
        services.projectShelf = shelf
        let h = EditorHarness(configuration: configuration, services: services)
        if let input { h.session.add(SessionEvents(step: { input.pointee += $0.input })) }
        return h
    }

    private func settle(_ h: EditorHarness) { h.run(until: h.now + .seconds(0.3)) }

    func testTheProjectOnScreenJoinsTheShelfAndIsSavedThereAfterEveryChange() throws {
        let h = harness()
        XCTAssertNotNil(h.element("titleBar.projects"), "the title bar offers the project list")
        XCTAssertEqual(try shelf.list().count, 0)
        h.tap("titleBar.projects")
        settle(h)
        let id = try XCTUnwrap(h.state.projectID, "the demo was put on the shelf when the list opened")
        XCTAssertEqual(try shelf.list().map(\.id), [id])
        let row = try XCTUnwrap(h.element("projects.row:" + id))
        XCTAssertEqual(row.state["current"], .bool(true))
        XCTAssertNil(h.element("toolbar.undo"), "the editor is not drawn under the list")
        h.tap("projects.done")
        XCTAssertNil(h.state.projectList)
        // An edit is in the shelf's file by the next frame: no Save button, nothing lost.
        let clips = h.state.project.tracks[0].clips.count
        h.state.selection = h.state.project.tracks[0].clips[0].id
        h.frame([.key(.backspace, time: h.now)])
        h.frame()
        XCTAssertEqual(try shelf.open(id).tracks[0].clips.count, clips - 1)
        XCTAssertEqual(try shelf.open(id), h.state.project)
    }

    func testNewOpensAnEmptyProjectWithAHistoryOfItsOwnAndARowTapGoesBack() throws {
        let h = harness()
        h.tap("titleBar.projects")
        settle(h)
        let demo = try XCTUnwrap(h.state.projectID)
        let demoName = h.state.project.name
        h.tap("projects.new")
        settle(h)
        XCTAssertNil(h.state.projectList, "the new project opens in the editor")
        XCTAssertEqual(h.state.project.name, "New project")
        XCTAssertEqual(h.state.project.duration, .zero)
        XCTAssertFalse(h.state.history.canUndo, "its own history: undo cannot bring the demo back into it")
        XCTAssertNotEqual(h.state.projectID, demo)
        XCTAssertEqual(try shelf.list().count, 2)
        // A second New is numbered.
        h.tap("titleBar.projects")
        settle(h)
        h.tap("projects.new")
        settle(h)
        XCTAssertEqual(h.state.project.name, "New project 2")
        // Back to the demo from its row.
        h.tap("titleBar.projects")
        settle(h)
        XCTAssertEqual(h.elements(role: "projectRow").count, 3)
        XCTAssertEqual(h.elements(role: "projectRow").first?.label, "New project 2", "the project on screen first")
        h.tap("projects.row:" + demo)
        settle(h)
        XCTAssertEqual(h.state.projectID, demo)
        XCTAssertEqual(h.state.project.name, demoName)
        XCTAssertGreaterThan(h.state.project.tracks[0].clips.count, 0)
        XCTAssertTrue(
            h.log.contains {
                if case .projects(.new, _) = $0.event { return true }; return false
            }, "logged")
    }

    func testDuplicateRenameAndDeleteWithUndoOnTheRows() throws {
        let h = harness()
        h.tap("titleBar.projects")
        settle(h)
        let demo = try XCTUnwrap(h.state.projectID), demoName = h.state.project.name
        // Duplicate the project on screen: a copy beside it.
        h.tap("projects.more:" + demo)
        XCTAssertNil(h.element("projects.delete:" + demo), "the project on screen cannot be deleted from under itself")
        h.tap("projects.duplicate:" + demo)
        settle(h)
        let copy = try XCTUnwrap(h.state.shelf.first { $0.id != demo })
        XCTAssertEqual(copy.name, demoName + " copy")
        XCTAssertEqual(try shelf.open(copy.id).tracks, h.state.project.tracks, "the whole project copied")
        // Rename the copy on the list's own keyboard: Done keeps it; the project on screen is untouched.
        h.tap("projects.more:" + copy.id)
        h.tap("projects.rename:" + copy.id)
        XCTAssertNotNil(h.state.textEdit)
        h.frame([.text("Beach cut", time: h.now)])
        XCTAssertEqual(h.element("textEditor.field")?.label, "Beach cut", "the field shows the name typed")
        h.frame([.key(.enter, time: h.now)])
        settle(h)
        XCTAssertNil(h.state.textEdit)
        XCTAssertEqual(try shelf.open(copy.id).name, "Beach cut")
        XCTAssertEqual(h.element("projects.row:" + copy.id)?.label, "Beach cut")
        XCTAssertEqual(h.state.project.name, demoName)
        XCTAssertFalse(h.state.history.canUndo, "renaming another project is not an edit of this one")
        // Delete it: gone from the list and the folder, with Undo for a while.
        h.tap("projects.more:" + copy.id)
        h.tap("projects.delete:" + copy.id)
        settle(h)
        XCTAssertNil(h.element("projects.row:" + copy.id))
        XCTAssertEqual(try shelf.list().map(\.id), [demo])
        XCTAssertEqual(h.element("projects.deleted")?.label, "Deleted “Beach cut”")
        h.tap("projects.undo")
        settle(h)
        XCTAssertEqual(try shelf.open(copy.id).name, "Beach cut", "back whole, under its id")
        XCTAssertNotNil(h.element("projects.row:" + copy.id))
        XCTAssertNil(h.element("projects.deleted"))
        // Deleted again and left: the Undo goes after `editing.projectUndoDuration`.
        h.tap("projects.more:" + copy.id)
        h.tap("projects.delete:" + copy.id)
        settle(h)
        XCTAssertNotNil(h.element("projects.undo"))
        h.run(until: h.now + .seconds(TactileConfiguration().editing.projectUndoDuration + 0.1))
        XCTAssertNil(h.element("projects.undo"), "gone when its time is up, without a touch")
    }

    func testWhatTheShelfSaidIsInputAReplayWithoutTheFilesGivesBack() throws {
        var input: [InputEvent] = []
        let h = harness(&input)
        h.tap("titleBar.projects")
        settle(h)
        h.tap("projects.new")
        settle(h)
        let news = input.filter {
            if case .projects = $0.kind { return true }; return false
        }
        XCTAssertGreaterThanOrEqual(news.count, 3, "kept, listed, opened, listed")
        // Each kind of news is written and read back the same.
        var trace = Trace(viewport: h.state.viewport, events: news)
        trace.offersProjects = true
        let read = try Trace.parse(trace.serialized())
        XCTAssertEqual(read.events, news)
        XCTAssertTrue(read.offersProjects)
        // A session without the shelf takes the same news and ends on the same project.
        let replay = EditorHarness()
        replay.session.replaysProjects = true
        replay.frame()
        XCTAssertNotNil(replay.element("titleBar.projects"), "a replay of a session with a shelf shows the button")
        replay.frame(news.map { InputEvent(time: replay.now, kind: $0.kind) })
        XCTAssertEqual(replay.state.project, h.state.project)
        XCTAssertEqual(replay.state.projectID, h.state.projectID)
    }

    func testABadProjectsLineInATraceIsRefusedNamingTheField() {
        let header = #"{"tactile_trace":1,"viewport":{"width":390,"height":844}}"#
        for (line, field) in [
            (#"{"t":1,"type":"projects","listed":[{"id":"p-1"}]}"#, "listed:"),
            (#"{"t":1,"type":"projects","opened":{"id":"p-1","project":{"version":1}}}"#, "opened.project:"),
            (#"{"t":1,"type":"projects","kept":5}"#, "kept:"),
            (#"{"t":1,"type":"projects"}"#, "a projects line"),
        ] {
            XCTAssertThrowsError(try Trace.parse(header + "\n" + line)) { XCTAssertTrue("\($0)".contains(field), "\($0)") }
        }
    }

    func testNoProjectListWhileATestPlanRuns() throws {
        let h = harness()
        XCTAssertNotNil(h.element("titleBar.projects"))
        let plan = #"{"title": "Study", "tasks": [{"id": "t", "prompt": "Delete the Star", "done": [{"path": "clip:star", "exists": false}]}]}"#
        h.state.tasks = TaskRun(plan: try TaskPlan.parse(Data(plan.utf8)))
        h.frame()
        XCTAssertNil(h.element("titleBar.projects"), "a participant stays in the task's project")
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.state.projectList)
    }

    func testAtTripleSizeTheDetailsWrapWholeAndTheActionsStackAndScroll() throws {
        let small = harness()
        small.tap("titleBar.projects")
        settle(small)
        let oneLine = try XCTUnwrap(small.elements(role: "projectRow").first).frame.height
        try? FileManager.default.removeItem(at: folder)
        var c = TactileConfiguration()
        c.layout.uiScale = 3
        c.theme.locale = "de_DE"
        let h = harness(configuration: c)
        h.tap("titleBar.projects")
        settle(h)
        let row = try XCTUnwrap(h.elements(role: "projectRow").first)
        guard case let .string(details)? = row.state["details"] else { return XCTFail("no details") }
        XCTAssertFalse(details.contains("…"), "the details whole, wrapped: \(details)")
        XCTAssertGreaterThan(row.frame.height, 3 * oneLine + 1, "the row as tall as its wrapped lines, more than three times a row at 1×")
        h.tap("projects.more:" + (h.state.projectID ?? ""))
        settle(h)
        let actions = h.elements(role: "projectAction")
        XCTAssertGreaterThan(Set(actions.map(\.frame.minY)).count, 1, "Duplizieren and Umbenennen on lines of their own: \(actions.map(\.frame))")
        // A drag that starts on an action scrolls the list; it does not rename.
        let rename = try XCTUnwrap(actions.first { $0.id.hasPrefix("projects.rename:") && !$0.hitFrame.isEmpty })
        let before = h.element("projects")?.state["scroll"]
        h.drag(from: rename.hitFrame.center, to: Point(x: rename.hitFrame.midX, y: rename.hitFrame.midY + 80))
        h.drag(from: rename.hitFrame.center, to: Point(x: rename.hitFrame.midX, y: rename.hitFrame.midY - 80))
        XCTAssertNotEqual(h.element("projects")?.state["scroll"], before, "the list moved")
        XCTAssertNil(h.state.projectList?.renaming, "no rename began")
    }
}
