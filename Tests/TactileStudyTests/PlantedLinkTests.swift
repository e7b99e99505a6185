import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileCore
import TactileHeadless
import TactileStudy
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// A folder someone else can write to never decides what Tactile writes, deletes or renames,
/// through the real program: links planted before a command runs (a movie's lock and partial
/// file, a participant's folder prepared in advance, the withdrawn list, a configuration) are
/// refused by name and what they point to is untouched; a resume whose answers name a folder
/// outside is refused; a withdrawal deletes what the study made of the participant and lists,
/// never deletes, what only looks like theirs.
final class PlantedLinkTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("planted-links") }
    override func tearDown() { removeTestFolder() }

    static var study: URL { exampleStudy }
    static func pilot(_ n: Int) -> String { study.deletingLastPathComponent().appendingPathComponent("pilot/P0\(n).jsonl").path }

    func tactile(_ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = try tactileBinary()
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging([
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
        ]) { $1 }
        let out = Pipe(), stdin = Pipe()
        p.standardOutput = out; p.standardError = out; p.standardInput = stdin
        try p.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A file of the person's own that a planted link points to.
    func precious(_ name: String = "doc") throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data("the person's own words\n".utf8).write(to: url)
        return url
    }

    func assertUntouched(_ url: URL, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            try String(contentsOf: url, encoding: .utf8), "the person's own words\n", "\(url.lastPathComponent) is untouched", file: file, line: line)
    }

    func plantLink(at url: URL, to target: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target.path)
    }

    func testALinkPlantedAsAMoviesLockOrPartialFileIsRefusedByNameAndWhatItNamesIsUntouched() throws {
        let doc = try precious()
        let out = folder.appendingPathComponent("out"), movie = out.appendingPathComponent("movie.mp4")
        for planted in [".movie.mp4.lock", ".movie.mp4.partial.mp4"] {
            let link = out.appendingPathComponent(planted)
            try plantLink(at: link, to: doc)
            let (status, output) = try tactile(["export", "--out", movie.path, "--size", "720p"])
            XCTAssertNotEqual(status, 0, output)
            XCTAssertTrue(output.contains("\(link.path): it is a symbolic link"), output)
            assertUntouched(doc)
            XCTAssertFalse(FileManager.default.fileExists(atPath: movie.path), "no movie is made past a refused link")
            XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), doc.path, "the link is left as it was, for its owner to see")
            try FileManager.default.removeItem(at: link)
        }
    }

    func testLinksPlantedInAParticipantsFolderAreNeverWrittenThroughAndTheRunSaysWhatWasNotSaved() throws {
        let doc = try precious()
        let results = folder.appendingPathComponent("results")
        let lock = results.appendingPathComponent(".P05.lock")
        try plantLink(at: lock, to: doc)
        let run = ["study", "run", Self.study.path, "--participant", "5", "--out", results.path, "--script", Self.pilot(1), "--headless"]
        var (status, output) = try tactile(run)
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("\(lock.path): it is a symbolic link"), output)
        assertUntouched(doc)
        try FileManager.default.removeItem(at: lock)

        // The participant's folder prepared in advance: its study log and the practice's log
        // link to the person's file, the practice's trace to a file that does not exist yet.
        let participant = results.appendingPathComponent("P05"), outside = folder.appendingPathComponent("made-outside")
        try plantLink(at: participant.appendingPathComponent("study-log.jsonl"), to: doc)
        try plantLink(at: participant.appendingPathComponent("practice/log.jsonl"), to: doc)
        try plantLink(at: participant.appendingPathComponent("practice/trace.jsonl"), to: outside)
        (status, output) = try tactile(run)
        XCTAssertEqual(status, 3, "what could not be saved makes the run fail: \(output)")
        XCTAssertTrue(output.contains("study-log.jsonl: it is a symbolic link"), output)
        XCTAssertTrue(output.contains("not everything could be saved"), output)
        assertUntouched(doc)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside.path), "a dangling link creates no file outside")
    }

    func testAWithdrawnListThatIsALinkIsRefusedAndWhatItNamesIsNeverCopiedIntoTheResults() throws {
        let secret = try precious("secret")
        let results = folder.appendingPathComponent("results")
        let (ran, runOutput) = try tactile([
            "study", "run", Self.study.path, "--participant", "2", "--out", results.path, "--script", Self.pilot(2), "--headless",
        ])
        XCTAssertEqual(ran, 0, runOutput)
        let list = results.appendingPathComponent(StudyWithdrawal.fileName)
        try plantLink(at: list, to: secret)
        let (status, output) = try tactile(["study", "withdraw", results.path, "P02", "--yes"])
        XCTAssertEqual(status, 3, output)
        XCTAssertTrue(output.contains("\(list.path): it is a symbolic link"), output)
        XCTAssertTrue(output.contains("nothing was deleted"), output)
        assertUntouched(secret)
        XCTAssertTrue(FileManager.default.fileExists(atPath: results.appendingPathComponent("P02/answers.json").path), "nothing was deleted")
        let copies = try FileManager.default.subpathsOfDirectory(atPath: results.path).filter { path in
            (try? String(contentsOf: results.appendingPathComponent(path), encoding: .utf8))?.contains("the person's own words") == true
                && (try? FileManager.default.destinationOfSymbolicLink(atPath: results.appendingPathComponent(path).path)) == nil
        }
        XCTAssertEqual(copies, [], "the secret is nowhere in the results folder")
    }

    func testSetPinAndTheTuningPanelWriteThroughAConfigurationsLinkAlikeAndBothRefuseAHardLinkedOne() throws {
        // A configuration kept in a dotfiles folder, linked from where Tactile is pointed.
        let dotfiles = folder.appendingPathComponent("dotfiles/tactile.json")
        try FileManager.default.createDirectory(at: dotfiles.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\n  \"kiosk\": {\"pin\": \"1234\"}\n}\n".utf8).write(to: dotfiles)
        chmod(dotfiles.path, 0o644)
        let link = folder.appendingPathComponent("tactile.json")
        try plantLink(at: link, to: dotfiles)
        var (status, output) = try tactile(["config", "--set-pin", link.path], input: "4321\n")
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), dotfiles.path, "the link stays a link")
        let written = try String(contentsOf: dotfiles, encoding: .utf8)
        XCTAssertTrue(written.contains("pinHash"), written)
        XCTAssertFalse(written.contains("\"pin\""), "no plain PIN is left in the file the link names: \(written)")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: dotfiles.path)[.posixPermissions] as? Int, 0o600, "readable by its owner only")
        // The tuning panel's saver goes the same way: through the link, into the same file.
        XCTAssertEqual(try VariantFile.save("tuned-1", changes: .object([("input", .object([("tapSlop", .number(12))]))]), at: link, schema: .tactile), .file)
        XCTAssertTrue(try String(contentsOf: dotfiles, encoding: .utf8).contains("tuned-1"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), dotfiles.path)

        // A file with another hard name: a PIN written by replacing it would leave the old file,
        // and its PIN, under the other name. Refused by name; both names unchanged.
        let other = folder.appendingPathComponent("kiosk.json"), hard = folder.appendingPathComponent("kiosk-copy.json")
        try Data("{\"kiosk\": {\"pin\": \"1234\"}}\n".utf8).write(to: other)
        XCTAssertEqual(Glibc.link(other.path, hard.path), 0)
        (status, output) = try tactile(["config", "--set-pin", other.path], input: "4321\n")
        XCTAssertNotEqual(status, 0, output)
        XCTAssertTrue(output.contains("another name (a hard link)"), output)
        XCTAssertEqual(try String(contentsOf: hard, encoding: .utf8), "{\"kiosk\": {\"pin\": \"1234\"}}\n")
        XCTAssertEqual(try String(contentsOf: other, encoding: .utf8), "{\"kiosk\": {\"pin\": \"1234\"}}\n")
    }

    func testAResumeWhoseAnswersNameAFolderOutsideTheResultsIsRefusedAndNothingIsRenamed() throws {
        let results = folder.appendingPathComponent("results"), victim = folder.appendingPathComponent("victimdir")
        try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
        let run = ["study", "run", Self.study.path, "--participant", "2", "--out", results.path, "--script", Self.pilot(2), "--headless"]
        XCTAssertEqual(try tactile(run).status, 0)
        // The answers of a participant interrupted in their last block, whose folder is given as a path out.
        let answers = results.appendingPathComponent("P02/answers.json")
        var root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: answers)) as? [String: Any])
        root["finished"] = nil
        var blocks = try XCTUnwrap(root["blocks"] as? [[String: Any]])
        blocks[blocks.count - 1]["folder"] = "../../victimdir"
        blocks[blocks.count - 1]["ended"] = nil
        root["blocks"] = blocks
        try JSONSerialization.data(withJSONObject: root).write(to: answers)
        let (status, output) = try tactile(run + ["--resume"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("blocks[\(blocks.count - 1)].folder: \"../../victimdir\" holds a \"/\""), output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: victim.path), "the folder outside is where it was")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasPrefix("victimdir-") })
        // The report leaves the same file out, naming the same field.
        let (reported, report) = try tactile(["report", results.path])
        XCTAssertEqual(reported, 0, report)
        XCTAssertTrue(report.contains("Left out: P02/answers.json: blocks[\(blocks.count - 1)].folder: holds a \"/\""), report)
    }

    func testAWithdrawalDeletesWhatTheStudyMadeOfThemAndListsButLeavesWhatOnlyLooksLikeTheirs() throws {
        let results = folder.appendingPathComponent("results"), fm = FileManager.default
        let (ran, runOutput) = try tactile([
            "study", "run", Self.study.path, "--participant", "3", "--out", results.path, "--script", Self.pilot(3), "--headless",
        ])
        XCTAssertEqual(ran, 0, runOutput)
        let clips = results.appendingPathComponent("clips")
        let (cut, cutOutput) = try tactile([
            "clips", results.path, "--out", clips.path, "--participant", "P03", "--tasks", "--before", "0", "--after", "0.2", "--scale", "0.25",
            "--fps", "4",
        ])
        XCTAssertEqual(cut, 0, cutOutput)
        let made = try fm.contentsOfDirectory(atPath: clips.path).filter { $0.hasSuffix(".mp4") }.sorted()
        XCTAssertFalse(made.isEmpty)
        // However a participant's sessions are given, what is made of them carries their id.
        for given in [results, results.appendingPathComponent("P03"), results.appendingPathComponent("P03/block1-outside")] {
            let names = try BatchVideos.sessions(under: [given.path]).map(\.name)
            XCTAssertTrue(names.allSatisfy { $0.hasPrefix("P03-") }, "\(given.lastPathComponent): \(names)")
        }
        // Beside them: the researcher's own files, a pilot's P03 video, another study's two folders down.
        let own = ["P03-notes.mp4.txt", "P03-interview.mp4.srt", "P03.mp4.bak"].map { clips.appendingPathComponent($0) }
        let pilot = results.appendingPathComponent("pilot-videos/P03-block1-outside.mp4")
        let elsewhere = folder.appendingPathComponent("videos"), another = elsewhere.appendingPathComponent("study2/deep/P03-block1-outside.mp4")
        for url in own + [pilot, another] {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("someone else's\n".utf8).write(to: url)
        }
        // One clip replaced since it was made is no longer provably the one made.
        let replaced = clips.appendingPathComponent(made[0])
        try fm.removeItem(at: replaced)
        try Data("a different file now\n".utf8).write(to: replaced)

        let (status, output) = try tactile(["study", "withdraw", results.path, "P03", "--videos", elsewhere.path, "--yes"])
        XCTAssertEqual(status, 0, output)
        for name in made.dropFirst() { XCTAssertFalse(fm.fileExists(atPath: clips.appendingPathComponent(name).path), "\(name) made of P03 is deleted") }
        XCTAssertFalse(fm.fileExists(atPath: results.appendingPathComponent("P03").path))
        for url in own + [pilot, another, replaced] { XCTAssertTrue(fm.fileExists(atPath: url.path), "\(url.lastPathComponent) is left: \(output)") }
        XCTAssertTrue(output.contains("Left, as Tactile cannot prove"), output)
        XCTAssertTrue(output.contains("\(pilot.path) (not in made.jsonl"), output)
        XCTAssertTrue(output.contains("\(another.path) (not in made.jsonl"), output)
        XCTAssertTrue(output.contains("\(replaced.path) (replaced since Tactile made it)"), output)
        XCTAssertFalse(output.contains("P03-notes.mp4.txt"), "the researcher's notes are not even listed: \(output)")
        let record = (try? String(contentsOf: results.appendingPathComponent(StudyManifest.fileName), encoding: .utf8)) ?? ""
        XCTAssertFalse(record.contains("P03"), "the record forgets what it listed of them: \(record)")
    }

    /// Issue 46: a withdrawal finds every copy — the report, its CSV files and the heatmaps made
    /// of the participant with others: their rows are taken out of the CSV files, and what cannot
    /// be un-pooled is marked stale.
    func testAWithdrawalTakesTheirRowsOutOfTheCSVFilesAndMarksThePooledReportsStale() throws {
        let results = folder.appendingPathComponent("results"), fm = FileManager.default
        for n in [1, 3] {
            let (ran, output) = try tactile([
                "study", "run", Self.study.path, "--participant", "\(n)", "--out", results.path, "--script", Self.pilot(n), "--headless",
            ])
            XCTAssertEqual(ran, 0, output)
        }
        let analysis = results.appendingPathComponent("analysis")
        try fm.createDirectory(at: analysis, withIntermediateDirectories: true)
        let md = analysis.appendingPathComponent("report.md"), json = analysis.appendingPathComponent("report.json")
        let csv = analysis.appendingPathComponent("csv"), map = analysis.appendingPathComponent("map.png")
        let (reported, reportOutput) = try tactile([
            "report", results.path, "--out", md.path, "--json", json.path, "--csv", csv.path, "--include-scripted",
        ])
        XCTAssertEqual(reported, 0, reportOutput)
        let (mapped, mapOutput) = try tactile(["heatmap", results.path, "--out", map.path, "--screen", "editor", "--scale", "0.25", "--include-scripted"])
        XCTAssertEqual(mapped, 0, mapOutput)
        // A report of P03 alone, whatever its name, is theirs alone.
        let alone = analysis.appendingPathComponent("summary.md")
        XCTAssertEqual(try tactile(["report", results.path, "--out", alone.path, "--participant", "P03", "--include-scripted"]).status, 0)
        let attemptsBefore = try String(contentsOf: csv.appendingPathComponent("attempts.csv"), encoding: .utf8)
        XCTAssertTrue(attemptsBefore.contains("\r\nP03,") && attemptsBefore.contains("\r\nP01,"))

        let (listed, listOutput) = try tactile(["study", "withdraw", results.path, "P03"])
        XCTAssertEqual(listed, 0, listOutput)
        XCTAssertTrue(listOutput.contains("Takes P03's rows out of:") && listOutput.contains(csv.appendingPathComponent("attempts.csv").path), listOutput)
        XCTAssertTrue(listOutput.contains("Marks stale") && listOutput.contains(md.path), listOutput)
        let (status, output) = try tactile(["study", "withdraw", results.path, "P03", "--yes"])
        XCTAssertEqual(status, 0, output)
        for file in ["attempts.csv", "answers.csv", "participants.csv", "markers.csv"] {
            let text = try String(contentsOf: csv.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.contains("\r\nP03,"), "\(file): P03's rows are gone")
            XCTAssertTrue(text.hasPrefix("participant,"), "\(file): its header stays")
        }
        XCTAssertTrue(try String(contentsOf: csv.appendingPathComponent("attempts.csv"), encoding: .utf8).contains("\r\nP01,"), "the others' rows stay")
        XCTAssertTrue(try String(contentsOf: md, encoding: .utf8).hasPrefix("> **Stale:** this report was made before P03 withdrew"))
        let marked = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any], "still JSON")
        XCTAssertTrue((marked["stale"] as? String)?.contains("made before P03 withdrew") == true)
        XCTAssertFalse(fm.fileExists(atPath: map.path))
        XCTAssertFalse(fm.fileExists(atPath: alone.path), "made of them alone: deleted with their folder")
        XCTAssertTrue(fm.fileExists(atPath: analysis.appendingPathComponent("STALE-map.png").path), "the picture pooling them is renamed")
        // A second withdrawal finds the CSV files again (noted anew without P03): now made of P01
        // alone, they go with P01's folder.
        let (again, againOutput) = try tactile(["study", "withdraw", results.path, "P01", "--yes"])
        XCTAssertEqual(again, 0, againOutput)
        XCTAssertFalse(fm.fileExists(atPath: csv.appendingPathComponent("attempts.csv").path), againOutput)
    }

    func testAKilledExportsPartialAndLockAreClearedByTheNextWriteIntoTheFolderWhoeverHeldThem() throws {
        let out = folder.appendingPathComponent("out")
        try fm().createDirectory(at: out, withIntermediateDirectories: true)
        // What a kill -9 leaves: a partial movie written a moment ago and the lock that says who held it.
        let partial = out.appendingPathComponent(".a.mp4.partial.mp4"), lock = out.appendingPathComponent(".a.mp4.lock")
        try Data(repeating: 7, count: 1000).write(to: partial)
        try Data("{\"pid\": 99999999, \"bootID\": \"gone\", \"startTicks\": 1, \"command\": \"tactile export\", \"since\": 0}\n".utf8).write(to: lock)
        chmod(lock.path, 0o600)
        let (status, output) = try tactile(["export", "--out", out.appendingPathComponent("b.mp4").path, "--size", "720p"])
        XCTAssertEqual(status, 0, output)
        XCTAssertFalse(fm().fileExists(atPath: partial.path), "the dead writer's partial is removed")
        XCTAssertFalse(fm().fileExists(atPath: lock.path), "and its lock")
        XCTAssertTrue(fm().fileExists(atPath: out.appendingPathComponent("b.mp4").path))
    }

    func testAHeatmapIntoAFolderIsWrittenInsideItAndAnObserversNoteReachesTheReportAsText() throws {
        let results = folder.appendingPathComponent("results")
        XCTAssertEqual(
            try tactile(["study", "run", Self.study.path, "--participant", "1", "--out", results.path, "--script", Self.pilot(1), "--headless"]).status, 0)
        // An observer's note typed as HTML.
        let log = results.appendingPathComponent("P01/block1-outside/log.jsonl")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                "{\"t\":1,\"kind\":\"marker\",\"category\":\"note\",\"note\":\"<img src=x onerror=alert(1)> & more\",\"source\":\"observer\"}\n".utf8))
        try handle.close()
        let report = folder.appendingPathComponent("report.md")
        // (A scripted run, so brought into the figures, as a pilot's analysis is.)
        let (reported, reportOutput) = try tactile(["report", results.path, "--out", report.path, "--include-scripted"])
        XCTAssertEqual(reported, 0, reportOutput)
        let text = try String(contentsOf: report, encoding: .utf8)
        XCTAssertTrue(text.contains("&lt;img src=x onerror=alert(1)&gt; &amp; more"), "the note as typed, never HTML")
        XCTAssertFalse(text.contains("<img"))

        let maps = folder.appendingPathComponent("maps")
        try fm().createDirectory(at: maps, withIntermediateDirectories: true)
        let (status, output) = try tactile(["heatmap", results.path, "--out", maps.path, "--scale", "0.5", "--include-scripted"])
        XCTAssertEqual(status, 0, output)
        let inside = try fm().contentsOfDirectory(atPath: maps.path)
        XCTAssertTrue(inside.contains("heatmap-editor.png"), "\(inside)")
        XCTAssertFalse(try fm().contentsOfDirectory(atPath: folder.path).contains { $0.hasPrefix("maps-") }, "nothing beside the folder")
    }

    /// `tactile ARGS` run as the user `nobody` (another user than the one who left a lock).
    func tactileAsNobody(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runTool(
            "/usr/bin/setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", "env", "HOME=\(folder.path)", "XDG_DATA_HOME=\(folder.path)/nobody-data",
                "XDG_CACHE_HOME=\(folder.path)/nobody-cache", "SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy", try tactileBinary().path,
            ] + arguments)
    }

    func testALockLeftPrivateByAnotherUsersKilledRunIsStaleForTheNextUser() throws {
        guard getuid() == 0, fm().isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("needs root and setpriv to be two users") }
        // A results folder shared by the lab (anyone may write), and a lock that root's killed run
        // left readable by root only.
        let results = folder.appendingPathComponent("shared")
        try fm().createDirectory(at: results, withIntermediateDirectories: true)
        chmod(folder.path, 0o777); chmod(results.path, 0o777)
        let lock = results.appendingPathComponent(".P05.lock")
        try Data("{\"pid\": 99999999, \"bootID\": \"gone\", \"startTicks\": 1, \"command\": \"tactile study run\", \"since\": 0}\n".utf8).write(to: lock)
        chmod(lock.path, 0o600)
        var (status, output) = try tactileAsNobody([
            "study", "run", Self.study.path, "--participant", "5", "--out", results.path, "--script", Self.pilot(1), "--headless",
        ])
        XCTAssertEqual(status, 0, "no \"Permission denied\", no \"taking part right now\": \(output)")
        XCTAssertTrue(fm().fileExists(atPath: results.appendingPathComponent("P05/answers.json").path), output)
        // The same for a withdrawal by the next user.
        try Data("{}\n".utf8).write(to: lock)
        chmod(lock.path, 0o600)
        (status, output) = try tactileAsNobody(["study", "withdraw", results.path, "P05", "--yes"])
        XCTAssertEqual(status, 0, output)
        XCTAssertFalse(fm().fileExists(atPath: results.appendingPathComponent("P05").path), output)
    }

    func fm() -> FileManager { FileManager.default }
}
