import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileInput
@testable import TactileApp

/// Files that once crashed or hung Tactile, each run through the real binary: exit 2 and one
/// line naming the field, never a crash, never a terminal escape echoed back.
final class HostileFileTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("hostile") }
    override func tearDown() { removeTestFolder() }

    /// Runs `tactile` with `arguments`; returns its exit status and standard error.
    func tactile(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let process = Process()
        process.executableURL = try tactileBinary()
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func assertRefused(_ arguments: [String], naming field: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (status, error) = try tactile(arguments)
        XCTAssertEqual(status, 2, "exit 2 for a bad input: \(error)", file: file, line: line)
        XCTAssertEqual(error.split(separator: "\n").count, 1, "one line: \(error)", file: file, line: line)
        XCTAssertTrue(error.contains(field), "names \(field): \(error)", file: file, line: line)
        XCTAssertFalse(
            error.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control characters: \(error.debugDescription)",
            file: file, line: line)
    }

    func session(named name: String, trace: String) throws -> String {
        let session = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        try trace.write(to: session.appendingPathComponent("trace.jsonl"), atomically: true, encoding: .utf8)
        try "".write(to: session.appendingPathComponent("log.jsonl"), atomically: true, encoding: .utf8)
        return session.path
    }

    func testATimeOfATrillionSecondsIsRefusedByReplayHeatmapAndReport() throws {
        let text = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n{\"t\":1e12,\"type\":\"down\",\"id\":1,\"x\":10,\"y\":10}\n"
        let s = try session(named: "far", trace: text)
        try assertRefused(["replay", s], naming: "line 2: t:")
        try assertRefused(["heatmap", s, "--out", path("heat.png")], naming: "line 2: t:")
        try assertRefused(["report", s], naming: "line 2: t:")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("heat.png")), "nothing is written")
    }

    func testHugeNumbersInEveryTraceFieldAreRefusedNamingTheField() throws {
        let header = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n"
        for (line, field) in [
            ("{\"t\":1,\"type\":\"down\",\"id\":1e300,\"x\":10,\"y\":10}", "id:"),
            ("{\"t\":1,\"type\":\"down\",\"id\":true,\"x\":10,\"y\":10}", "id:"),
            ("{\"t\":1,\"type\":\"down\",\"id\":1,\"x\":1e300,\"y\":10}", "x, y:"),
            ("{\"t\":1,\"type\":\"down\",\"id\":1,\"x\":1,\"y\":1,\"p\":1e300}", "p:"),
            ("{\"t\":-1,\"type\":\"down\",\"id\":1,\"x\":1,\"y\":1}", "t:"),
        ] {
            try "\(header)\(line)\n".write(toFile: path("t.jsonl"), atomically: true, encoding: .utf8)
            try assertRefused(["replay", path("t.jsonl")], naming: field)
        }
        try "{\"tactile_trace\":1e300,\"viewport\":{\"width\":390,\"height\":844}}\n".write(toFile: path("t.jsonl"), atomically: true, encoding: .utf8)
        try assertRefused(["replay", path("t.jsonl")], naming: "tactile_trace:")
        try "{\"tactile_trace\":1,\"viewport\":{\"width\":1e9,\"height\":844}}\n".write(toFile: path("t.jsonl"), atomically: true, encoding: .utf8)
        try assertRefused(["replay", path("t.jsonl")], naming: "viewport:")
    }

    func testTerminalEscapesInAFileAreShownNotSent() throws {
        let text = "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n{\"t\":1,\"type\":\"\\u001b]0;pwned\\u0007\\u001b[2J\"}\n"
        try text.write(toFile: path("escape.jsonl"), atomically: true, encoding: .utf8)
        let (status, error) = try tactile(["replay", path("escape.jsonl")])
        XCTAssertEqual(status, 2)
        XCTAssertFalse(error.contains("\u{1B}"), "no escape reaches the terminal: \(error.debugDescription)")
        XCTAssertTrue(error.contains("\\u{1B}]0;pwned"), "the escape is shown: \(error)")
        let project = "{\"version\":1,\"name\":\"x\",\"tracks\":[{\"id\":\"a\",\"kind\":\"video\\u001b[31m\",\"clips\":[]}]}"
        try project.write(toFile: path("p.json"), atomically: true, encoding: .utf8)
        try assertRefused(["snapshot", "--project", path("p.json"), "--out", path("p.png")], naming: "tracks[0].kind")
    }

    func testAHugeVersionNumberInAProjectIsRefused() throws {
        try "{\"version\":1e300,\"name\":\"x\",\"tracks\":[]}".write(toFile: path("p.json"), atomically: true, encoding: .utf8)
        try assertRefused(["snapshot", "--project", path("p.json"), "--out", path("p.png")], naming: "version")
    }

    func testAFingerHeldForADayIsRefusedNotReplayedForHours() throws {
        // Select Beach, hold its trailing handle (the marching ants animate), lift a day later.
        let text = """
            {"tactile_trace":1,"viewport":{"width":390,"height":844}}
            {"t":0.1,"type":"down","id":1,"x":249,"y":606}
            {"t":0.2,"type":"up","id":1,"x":249,"y":606}
            {"t":0.5,"type":"down","id":1,"x":306,"y":606}
            {"t":0.6,"type":"move","id":1,"x":290,"y":606}
            {"t":86400,"type":"up","id":1,"x":290,"y":606}

            """
        try text.write(toFile: path("held.jsonl"), atomically: true, encoding: .utf8)
        // Half a minute of frames rather than the default ten, so the refusal comes quickly.
        try #"{"session":{"replayIdleLimit":0.5}}"#.write(toFile: path("limit.json"), atomically: true, encoding: .utf8)
        let started = Date()
        try assertRefused(
            ["replay", "--config", path("limit.json"), path("held.jsonl")],
            naming: "t: the editor animates without input from 30.600 s and the trace goes on to 86400.000 s; a replay runs at most 1800 frames")
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "bounded")
    }

    func testPlanNumbersZeroAndOneAreNumbersNotBooleans() throws {
        for (test, value) in [("atLeast", "1"), ("atLeast", "0"), ("atMost", "0.0"), ("atMost", "1.0"), ("equals", "0"), ("equals", "1")] {
            let plan = "{\"tasks\":[{\"prompt\":\"p\",\"done\":[{\"path\":\"clip:beach.duration\",\"\(test)\":\(value)}]}]}"
            XCTAssertNoThrow(try TaskPlan.parse(Data(plan.utf8)), "\(test): \(value)")
        }
        let plan = try TaskPlan.parse(Data("{\"tasks\":[{\"prompt\":\"p\",\"done\":[{\"path\":\"clip:beach.start\",\"equals\":0}]}]}".utf8))
        XCTAssertTrue(plan.tasks[0].done[0].holds(in: DemoProject.make()), "Beach starts at 0")
        let boolean = "{\"tasks\":[{\"prompt\":\"p\",\"done\":[{\"path\":\"clip:beach.start\",\"atLeast\":true}]}]}"
        XCTAssertThrowsError(try TaskPlan.parse(Data(boolean.utf8))) { XCTAssertTrue("\($0)".contains("done[0].atLeast"), "\($0)") }
    }

    func testAHugeConditionPathIsRefusedAtOnce() throws {
        let long = String(repeating: "tracks[0].", count: 1_000_000) + "name"
        let plan = "{\"tasks\":[{\"prompt\":\"p\",\"done\":[{\"path\":\"\(long)\",\"exists\":true}]}]}"
        try plan.write(toFile: path("plan.json"), atomically: true, encoding: .utf8)
        let started = Date()
        try "{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n".write(toFile: path("t.jsonl"), atomically: true, encoding: .utf8)
        try assertRefused(["replay", "--plan", path("plan.json"), path("t.jsonl")], naming: "done[0].path")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }
}
