import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
@testable import TactileApp

/// Autosave's files: saved on change, kept on a clean close, brought back after a crash.
final class AutosaveTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("autosave") }
    override func tearDown() { removeTestFolder() }

    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    func testEveryChangeIsSavedAndACleanCloseKeepsTheLastProject() throws {
        var project = DemoProject.make()
        let autosave = try Autosave(folder: folder, project: project)
        XCTAssertEqual(autosave.saves, 1)
        autosave.save(project)
        XCTAssertEqual(autosave.saves, 1, "nothing changed, nothing written")
        project.tracks[0].clips.removeLast()
        autosave.save(project)
        XCTAssertEqual(autosave.saves, 2)
        let pid = ProcessInfo.processInfo.processIdentifier
        XCTAssertEqual(try ProjectFile.load(from: folder.appendingPathComponent("project-\(pid).json")), project)
        XCTAssertNil(Autosave.recover(from: folder), "a running session is not recovered")
        autosave.finish(project: project)
        XCTAssertEqual(try names(), [Autosave.FileName.lastSession])
        XCTAssertEqual(try ProjectFile.load(from: folder.appendingPathComponent(Autosave.FileName.lastSession)), project)
    }

    func testTheNewestProjectOfSessionsThatDiedIsBroughtBack() throws {
        var older = DemoProject.make(), newer = DemoProject.make()
        older.tracks[0].clips.removeLast(); newer.tracks[1].clips.removeLast()
        // Two sessions that died (process ids no process has), one saved a minute after the other.
        for (pid, project, age) in [(999_991, older, 120.0), (999_992, newer, 60.0)] {
            try Data("\(pid)\n".utf8).write(to: folder.appendingPathComponent("running-\(pid)"))
            let file = folder.appendingPathComponent("project-\(pid).json")
            try ProjectFile.save(project, to: file)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: file.path)
        }
        let recovered = try XCTUnwrap(Autosave.recover(from: folder))
        XCTAssertEqual(recovered.project, newer)
        XCTAssertEqual(try names().filter { $0.hasPrefix("recovered-") }.count, 2, "both are kept, neither is lost")
        XCTAssertTrue(try names().allSatisfy { !$0.hasPrefix("running-") })
    }

    func testAnUnreadableAutosaveIsSkippedNotFatal() throws {
        try Data("1\n".utf8).write(to: folder.appendingPathComponent("running-999993"))
        try Data("{ torn".utf8).write(to: folder.appendingPathComponent("project-999993.json"))
        XCTAssertNil(Autosave.recover(from: folder))
    }

    func testRecoveredProjectsDoNotPileUp() throws {
        // A stand that crashed every day for a month.
        for day in 1...30 {
            try ProjectFile.save(DemoProject.make(), to: folder.appendingPathComponent(String(format: "recovered-2026-10-%02dT09-00-00.json", day)))
        }
        try Data("999994\n".utf8).write(to: folder.appendingPathComponent("running-999994"))
        try ProjectFile.save(DemoProject.make(), to: folder.appendingPathComponent("project-999994.json"))
        let recovered = try XCTUnwrap(Autosave.recover(from: folder, keep: 20))
        let kept = try names().filter { $0.hasPrefix("recovered-") }
        XCTAssertEqual(kept.count, 20, "at most session.keepRecoveredProjects")
        XCTAssertTrue(kept.contains(recovered.file.lastPathComponent), "never the one just recovered")
        XCTAssertFalse(kept.contains("recovered-2026-10-01T09-00-00.json"), "the oldest went first")
    }
}

/// Autosave across a crash and a restart that gets the dead session's process id, made real: the
/// program runs as process 1 of a new PID namespace (`unshare --pid --fork`, as in a container
/// or after a deterministic boot), is killed, and starts again as process 1.
final class AutosaveReusedProcessIDTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("pid-reuse") }
    override func tearDown() { removeTestFolder() }

    /// `tactile run ARGS` as process 1 of a new PID namespace; `unshare` sends `signal` to it
    /// when `unshare` itself dies.
    func startInNamespace(_ arguments: [String], data: URL, signal: String) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        p.arguments = ["--pid", "--fork", "--mount-proc", "--kill-child=\(signal)", try tactileBinary().path, "run"] + arguments
        p.environment = ProcessInfo.processInfo.environment.merging([
            "XDG_DATA_HOME": data.path, "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        ]) { $1 }
        p.standardOutput = FileHandle.nullDevice; p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    func testARestartWithTheDeadSessionsProcessIDRecoversItsProjectInsteadOfOverwritingIt() throws {
        guard getuid() == 0 else { throw XCTSkip("a PID namespace needs root (as in CI)") }
        let probe = try runTool("/usr/bin/unshare", ["--pid", "--fork", "--mount-proc", "/bin/true"])
        guard probe.status == 0 else { throw XCTSkip("cannot make a PID namespace here: \(probe.output)") }
        var mine = DemoProject.make()
        mine.name = "Twelve clips"
        mine.tracks[0].clips.removeLast()
        let file = folder.appendingPathComponent("mine.json")
        try ProjectFile.save(mine, to: file)
        let data = folder.appendingPathComponent("data"), autosave = data.appendingPathComponent("tactile/autosave")
        let marker = autosave.appendingPathComponent("running-1"), saved = autosave.appendingPathComponent("project-1.json")

        // The first session: process 1, editing its project; then the power goes (kill -9).
        let first = try startInNamespace(["--project", file.path], data: data, signal: "SIGKILL")
        waitFor("the first session autosaves as process 1") { (try? ProjectFile.load(from: saved))?.name == "Twelve clips" }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        waitFor("process 1 of the namespace is gone and its lock with it", seconds: 10) { !WriterLock.isHeld(marker) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker.path), "the dead session's marker stays")

        // The restart: process 1 again, no project asked for, so the dead session's comes back.
        let second = try startInNamespace([], data: data, signal: "SIGTERM")
        waitFor("the second session takes the folder") { WriterLock.isHeld(marker) }
        let recovered = try FileManager.default.contentsOfDirectory(atPath: autosave.path).filter { $0.hasPrefix("recovered-") }
        XCTAssertEqual(recovered.count, 1, "the dead session's project is kept aside: \(recovered)")
        if let name = recovered.first {
            XCTAssertEqual(try ProjectFile.load(from: autosave.appendingPathComponent(name)), mine)
        }
        waitFor("the new session autosaves the recovered project") { (try? ProjectFile.load(from: saved))?.name == "Twelve clips" }
        // unshare blocks SIGTERM while it waits: killing it passes SIGTERM on to the program.
        kill(second.processIdentifier, SIGKILL)
        second.waitUntilExit()
        let last = autosave.appendingPathComponent(Autosave.FileName.lastSession)
        waitFor("a clean close keeps it as the last session", seconds: 20) { !WriterLock.isHeld(marker) && FileManager.default.fileExists(atPath: last.path) }
        let kept = try ProjectFile.load(from: last)
        XCTAssertEqual(kept.name, "Twelve clips")
        XCTAssertEqual(kept.tracks.map(\.clips.count), mine.tracks.map(\.clips.count), "not the fresh demo")
    }

    func testALiveProcessThatGotTheOldIDDoesNotBlockRecoveryAndALiveSessionIsNeverTaken() throws {
        let autosave = folder.appendingPathComponent("autosave")
        try FileManager.default.createDirectory(at: autosave, withIntermediateDirectories: true)
        // A dead session whose id an unrelated live process has now (this test's own parent).
        let parent = getppid()
        let stale = WriterLock.Holder(pid: parent, bootID: ProcessIdentity.bootID, startTicks: 12345, command: "tactile run", since: Date())
        try Data(stale.text.utf8).write(to: autosave.appendingPathComponent("running-\(parent)"))
        try ProjectFile.save(DemoProject.make(), to: autosave.appendingPathComponent("project-\(parent).json"))
        XCTAssertNotNil(Autosave.recover(from: autosave), "recovered although a live process has its id")
        // A live session (this one) is never taken.
        let live = try Autosave(folder: autosave, project: DemoProject.make())
        XCTAssertNil(Autosave.recover(from: autosave))
        XCTAssertTrue(FileManager.default.fileExists(atPath: autosave.appendingPathComponent("project-\(live.id).json").path))
        // A second Autosave in the same folder and process (another instance in another PID
        // namespace would look the same) gets a name of its own.
        let other = try Autosave(folder: autosave, project: DemoProject.make())
        XCTAssertNotEqual(other.id, live.id)
        live.finish(project: DemoProject.make())
        other.finish(project: DemoProject.make())
    }
}
