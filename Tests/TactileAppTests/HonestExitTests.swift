import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileMedia
import TactileServer
import TactileStudy
import TactileTestSupport
@testable import TactileApp
@testable import TactileExport

/// The third reliability round's smaller classes, each through the real program where a person
/// would meet it: one rule for bad input (exit 2 before any work, with a sentence), no terminal
/// escapes from files, listening addresses checked as such, whole-number keys out of range named,
/// movie names within NAME_MAX, partial files cleared by every exporter, and kiosk metrics that
/// count a failed save as an error rather than a session.
final class HonestExitTests: XCTestCase, ReplayTesting, RunsAlone {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("honest-exit") }
    override func tearDown() { removeTestFolder() }

    func tactile(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runTool(try tactileBinary().path, arguments, environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])
    }

    func testBadNumbersAndFoldersExit2BeforeAnyWorkWithASentence() throws {
        let session = folder.appendingPathComponent("session")
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let cases: [([String], String)] = [
            (["videos", session.path, "--out", path("v"), "--fps", "-30"], "--fps must be between 1 and 240, not -30"),
            (["videos", session.path, "--out", path("v"), "--jobs", "-1"], "--jobs"),
            (["videos", session.path, "--out", path("v"), "--scale", "0"], "--scale must be between 0.25 and 8, not 0"),
            (["videos", session.path, "--out", file.path], "--out: \(file.path) is a file"),
            (["devices", "--seconds", "-1"], "--seconds must be between 0 and 600, not -1"),
            (["export", "--out", path("m.mp4"), "--fps", "-30"], "--fps"),
            (["export", "--out", path(String(repeating: "é", count: 130) + ".mp4")], "--out: the file name is 264 bytes long; at most 242"),
            (["snapshot", "--out", path("s.png"), "--scale", "abc"], "abc"),
            (["snapshot", "--out", path("s.png"), "--no-such-option"], "no-such-option"),
            (["clips", session.path, "--out", path("c"), "--before", "-1"], "--before must be 0 to 600 seconds, not -1"),
            (["clips", session.path, "--out", path("c"), "--fps", "0"], "--fps must be between 1 and 240, not 0"),
        ]
        for (arguments, expected) in cases {
            let (status, output) = try tactile(arguments)
            XCTAssertEqual(status, 2, "\(arguments): \(output)")
            XCTAssertTrue(output.contains(expected), "\(arguments): \(output)")
            XCTAssertFalse(output.contains("NSCocoaErrorDomain") || output.contains("\\u{A}"), "\(arguments): a sentence, not a dump: \(output)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("v")), "nothing was made before the input was checked")
    }

    func testClipsAndVideosThatFailSayEveryReasonOnOneLine() throws {
        // A session that cannot be replayed: its trace is broken on two lines, and it has a marker.
        let session = folder.appendingPathComponent("session")
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Corpus/task-run")
        try FileManager.default.copyItem(at: corpus, to: session)
        let trace = session.appendingPathComponent("trace.jsonl")
        var lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[2] = #"{"t": 1, "kind":"#
        lines[4] = "not json"
        try Data(lines.joined(separator: "\n").utf8).write(to: trace)
        let log = session.appendingPathComponent("log.jsonl")
        let marker = #"{"t":0.5,"kind":"marker","category":"quote","key":"1","source":"keyboard"}"# + "\n"
        try Data(((try? String(contentsOf: log, encoding: .utf8)) ?? "").appending(marker).utf8).write(to: log)
        for (arguments, expected) in [
            (["clips", session.path, "--out", path("c"), "--before", "0.2", "--after", "0.2"], "0 of 1 clips into"),
            (["videos", session.path, "--out", path("v")], "0 of 1 videos into"),
        ] {
            let (status, output) = try tactile(arguments)
            XCTAssertEqual(status, 1, "\(arguments): \(output)")
            let failure = output.split(separator: "\n").filter { $0.hasPrefix("tactile: ") }
            XCTAssertEqual(failure.count, 1, "one failure line: \(output)")
            XCTAssertTrue(failure.first?.contains(expected) ?? false, "\(arguments): \(output)")
            XCTAssertTrue(failure.first?.contains("trace.jsonl: line 3") ?? false, "the reason, naming the line: \(output)")
            XCTAssertFalse(output.contains("\\u{A}"), "no newline shown as an escape: \(output)")
        }
    }

    func testASigtermWhileAFirstStartMakesTheDemosMediaEndsItCleanly() throws {
        // A fresh cache: the first start paints and encodes the demo's media before the window.
        let app = Process()
        app.executableURL = try tactileBinary()
        app.arguments = ["run", "--device", "fill"]
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in [
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_CACHE_HOME": path("cache"), "XDG_DATA_HOME": path("data"),
        ] { environment[k] = v }
        app.environment = environment
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        // Stopped while the demo's media are being made: once the first of them is in the cache.
        Readiness.wait(timeout: 30) { !(FileManager.default.enumerator(atPath: self.path("cache"))?.allObjects.isEmpty ?? true) }
        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        XCTAssertEqual(app.terminationReason, .exit, "asked to stop, not killed")
        XCTAssertEqual(app.terminationStatus, 0)
        let left = FileManager.default.enumerator(atPath: path("cache"))?.allObjects as? [String] ?? []
        XCTAssertFalse(left.contains { $0.contains(".partial") }, "no half-made file left behind: \(left)")
    }

    func testJSONOnStandardOutputStaysJSONWithMarksAndControlsInItsText() throws {
        // A project named with a right-to-left mark, an override and an escape: inspect's JSON
        // carries them as JSON escapes (it was "\u{200F}", which no JSON reader takes).
        let name = "\u{200F}Trip \u{202E}evil\u{1B}[2J"
        var project = Project(name: name, tracks: [])
        project.format = CompositionFormat(.portrait)
        try ProjectFile.save(project, to: folder.appendingPathComponent("p.json"))
        let (status, output) = try tactile(["inspect", "--project", path("p.json")])
        XCTAssertEqual(status, 0, output)
        XCTAssertFalse(output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x200F }, "nothing raw reaches the terminal")
        let doc = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "valid JSON")
        let labels = (doc["elements"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        XCTAssertTrue(labels.contains(name), "the name, as it is: \(labels.prefix(8))")
    }

    func testTextFromFilesNeverDrivesTheTerminal() throws {
        try Data(#"{"variants": {"a": {}}}"#.utf8).write(to: folder.appendingPathComponent("v.json"))
        let evil = "Evil \u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m"
        let study: [String: Any] = [
            "title": evil, "consent": "x", "configuration": "v.json", "variants": ["a"],
            "tasks": [["id": "d", "prompt": "Delete \u{1B}[5m", "done": [["path": "clip:star", "exists": false]]]],
        ]
        try JSONSerialization.data(withJSONObject: study).write(to: folder.appendingPathComponent("study.json"))
        let results = folder.appendingPathComponent("results")
        try StudyFixture.write(
            participant: 1, blocks: [StudyFixture.Block(variant: "a", attempts: [("d", true, 3)], seq: ["d": 6])], variants: ["a"],
            into: results, title: evil)
        for arguments in [["study", "check", path("study.json")], ["report", results.path]] {
            let (status, output) = try tactile(arguments)
            XCTAssertEqual(status, 0, output)
            XCTAssertTrue(output.contains("Evil \\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\u{9B}31m"), "shown, not sent: \(output.prefix(300))")
            XCTAssertFalse(
                output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B },
                "\(arguments): no control character reaches the terminal")
        }
    }

    func testListeningAddressesAreCheckedAsAddressesAndBigWholeNumbersAreNamed() throws {
        for (host, ok) in [
            ("127.0.0.1:80", false), ("999.1.1.1", false), ("127.0.0.1\u{0}x", false), ("127.0.0.1\n", false), ("0.0.0.0", true), ("::1", true),
            ("localhost", true), ("10.0.0.7", true),
        ] {
            var c = TactileConfiguration()
            c.kiosk.healthHost = host
            c.study.observerHost = host
            let keys = c.problems().map(\.key)
            XCTAssertEqual(keys.contains("kiosk.healthHost"), !ok, host)
            XCTAssertEqual(keys.contains("study.observerHost"), !ok, host)
        }
        for value in ["1e308", "-1e308", "1e19", "9.3e18"] {
            try Data(#"{"kiosk": {"pinAttempts": \#(value)}}"#.utf8).write(to: folder.appendingPathComponent("c.json"))
            let (status, output) = try tactile(["config", "--check", path("c.json")])
            XCTAssertEqual(status, 2, output)
            XCTAssertTrue(output.contains("kiosk.pinAttempts: is out of range: must be 1 … 100, not "), "\(value): \(output)")
        }
    }

    func testAWindowExportOfALongNameFitsTheFileSystemAndPartialFilesAreClearedByEveryExporter() throws {
        var project = DemoProject.make()
        project.name = String(repeating: "Ünïcødé 動画 ", count: 30)
        let exporter = BackgroundMovieExport(editor: EditorSettings())
        exporter.folder = folder
        let url = try exporter.destination(for: project)
        XCTAssertLessThanOrEqual(url.lastPathComponent.utf8.count, 242, url.lastPathComponent)
        XCTAssertTrue(url.lastPathComponent.hasPrefix("Ünïcødé 動画"), url.lastPathComponent)
        XCTAssertTrue(String(decoding: Array(url.lastPathComponent.utf8), as: UTF8.self) == url.lastPathComponent, "cut at a character's edge")
        // The name, its partial file and its lock can all be made.
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.appendingPathComponent(".\(url.lastPathComponent).partial.mp4").path, contents: nil))
        XCTAssertNoThrow(try WriterLock.file(url).remove())

        // A partial file a killed export left, untouched for ten minutes: `tactile export` clears it.
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let left = out.appendingPathComponent(".old.mp4.partial.mp4")
        try Data(count: 1000).write(to: left)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-600)], ofItemAtPath: left.path)
        let (status, output) = try tactile(["export", "--out", out.appendingPathComponent("new.mp4").path, "--fps", "abc"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(FileManager.default.fileExists(atPath: left.path), "bad input does no work, not even clearing")
        let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Corpus/kiosk-visitor-1")
        let (videos, said) = try tactile(["videos", session.path, "--out", out.path, "--fps", "2", "--scale", "0.25"])
        XCTAssertEqual(videos, 0, said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: left.path), "`videos` clears it as the window's sheet does")
    }

    func testAKioskVisitorSessionThatCannotBeSavedCountsAsAnErrorNotASession() throws {
        // The sessions folder is a file: no visitor's session can be saved.
        let blocked = folder.appendingPathComponent("sessions")
        try Data("x".utf8).write(to: blocked)
        let reporting = HealthReporting(configuration: TactileConfiguration(), dataFolder: folder.path, recovered: false)
        let visitors = KioskVisitors(folder: blocked, configuration: try RecordedConfiguration(TactileConfiguration()))
        reporting.attach(to: visitors)
        let state = EditorState(project: DemoProject.make(), viewport: Size(width: 390, height: 844))
        visitors.handle(.visitorArrived, state: state, at: .seconds(1), framesPerSecond: 60)
        visitors.handle(.visitorLeft, state: state, at: .seconds(9), framesPerSecond: 60)
        let metrics = String(decoding: reporting.telemetry.metrics(), as: UTF8.self)
        XCTAssertTrue(metrics.contains("tactile_errors_total 1"), metrics)
        XCTAssertEqual(visitors.saved, 0)
        let health = reporting.telemetry.health(stallAfter: 15, lowSpace: 0).serialized()
        XCTAssertTrue(health.contains("\"sessions\":{\"today\":0,\"total\":0}"), health)

        // A folder that works: one session saved, counted once.
        let working = KioskVisitors(folder: folder.appendingPathComponent("ok"), configuration: try RecordedConfiguration(TactileConfiguration()))
        reporting.attach(to: working)
        working.handle(.visitorArrived, state: state, at: .seconds(1), framesPerSecond: 60)
        working.handle(.visitorLeft, state: state, at: .seconds(9), framesPerSecond: 60)
        XCTAssertTrue(reporting.telemetry.health(stallAfter: 15, lowSpace: 0).serialized().contains("\"sessions\":{\"today\":1,\"total\":1}"))
    }

    func testTwoKiosksSavingIntoOneFolderInTheSameSecondEachKeepTheirOwnSession() throws {
        let shared = folder.appendingPathComponent("sessions")
        let a = KioskVisitors(folder: shared, configuration: try RecordedConfiguration(TactileConfiguration()))
        let b = KioskVisitors(folder: shared, configuration: try RecordedConfiguration(TactileConfiguration()))
        var first = DemoProject.make(), second = DemoProject.make()
        first.name = "First stand"; second.name = "Second stand"
        let viewport = Size(width: 390, height: 844)
        a.handle(.visitorArrived, state: EditorState(project: first, viewport: viewport), at: .seconds(1), framesPerSecond: 60)
        b.handle(.visitorArrived, state: EditorState(project: second, viewport: viewport), at: .seconds(1), framesPerSecond: 60)
        a.handle(.visitorLeft, state: EditorState(project: first, viewport: viewport), at: .seconds(5), framesPerSecond: 60)
        b.handle(.visitorLeft, state: EditorState(project: second, viewport: viewport), at: .seconds(5), framesPerSecond: 60)
        XCTAssertEqual(a.saved + b.saved, 2, "both saved")
        XCTAssertNotEqual(a.lastSession, b.lastSession, "each in a folder of its own")
        let names = try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted()
        XCTAssertEqual(names.count, 2, "\(names)")
        let kept = try names.map {
            try ProjectFile.load(from: shared.appendingPathComponent($0).appendingPathComponent(SessionRecorder.FileName.projectEnd)).name
        }
        XCTAssertEqual(Set(kept), ["First stand", "Second stand"])
        XCTAssertTrue(
            try names.allSatisfy { !(try FileManager.default.contentsOfDirectory(atPath: shared.appendingPathComponent($0).path)).contains(".tactile.lock") })
    }
}
