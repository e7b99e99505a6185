import Foundation
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
@testable import TactileApp

/// Autosave's files: saved on change, kept on a clean close, brought back after a crash.
final class AutosaveTests: XCTestCase, ReplayTesting {
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
