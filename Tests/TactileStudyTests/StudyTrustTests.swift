import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileHeadless
import TactileInput
import TactileStudy
import TactileTestSupport
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// Studies a researcher can trust (issue 31), through the real program: a study never runs
/// without the observer page it was given.
final class StudyTrustTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("study-trust") }
    override func tearDown() { removeTestFolder() }

    func tactile(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runTool(
            try tactileBinary().path, arguments,
            environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": folder.appendingPathComponent("data").path])
    }

    /// A one-task study in the test folder over the configuration `settings` (JSON) with one variant.
    func study(_ name: String = "study", settings: String = "{}") throws -> URL {
        let study = folder.appendingPathComponent("\(name).json")
        var configuration = try JSONSerialization.jsonObject(with: Data(settings.utf8)) as! [String: Any]
        configuration["variants"] = ["a": [String: Any]()]
        try JSONSerialization.data(withJSONObject: configuration).write(to: folder.appendingPathComponent("\(name)-variants.json"))
        try Data(
            #"{"title": "Delete", "consent": "You will edit a short video.", "configuration": "\#(name)-variants.json", "variants": ["a"], "tasks": [{"id": "delete", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}]}]}"#
                .utf8
        ).write(to: study)
        return study
    }

    /// A port another program listens on (closed when the test ends).
    func busyPort() throws -> (port: Int, socket: Int32) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(fd, 4), 0)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
        return (Int(UInt16(bigEndian: address.sin_port)), fd)
    }

    func testAnObserverPortInUseRefusesToStartTheStudyNamingThePortAndTheKey() throws {
        let (port, fd) = try busyPort()
        defer { close(fd) }
        let results = folder.appendingPathComponent("results")
        let (status, output) = try tactile(["study", "run", try study().path, "--participant", "1", "--out", results.path, "--observer-port", "\(port)"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(
            output.contains("--observer-port \(port): the observer page cannot listen on 127.0.0.1:\(port) (another program listens on it)"), output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: results.appendingPathComponent("P01").path), "no participant was started")

        // Set in the study's configuration instead, the key is named.
        let withKey = try study("with-port", settings: #"{"study": {"observerPort": \#(port)}}"#)
        let (keyStatus, keyOutput) = try tactile(["study", "run", withKey.path, "--participant", "2", "--out", results.path])
        XCTAssertEqual(keyStatus, 2, keyOutput)
        XCTAssertTrue(keyOutput.contains("study.observerPort \(port): the observer page cannot listen"), keyOutput)
    }

    func testTappingTheTaskCardToReadItNeverReachesTheEditorUnderIt() throws {
        let plan = try TaskPlan.parse(
            Data(
                #"{"tasks": [{"id": "trim", "prompt": "Trim City Lights to 3 seconds (drag its end), then look at the whole clip again", "done": [{"path": "clip:city.duration", "equals": 3}]}]}"#
                    .utf8))
        let session = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, plan: plan)
        let card = try XCTUnwrap(session.player.runFrame().elements.first { $0.id == "task" }, "the task card")
        // On the prompt's words, over the canvas (a tap on the canvas plays).
        let p = Point(x: card.frame.minX + 60, y: card.frame.maxY - 10)
        var trace = Trace(viewport: Size(width: 390, height: 844), events: [])
        trace.events = [.touch(.down, id: 1, at: p, time: .seconds(1)), .touch(.up, id: 1, at: p, time: .seconds(1.08))]
        session.player.play(trace, until: .seconds(2))
        XCTAssertFalse(session.player.log.contains { $0.kind == "play" }, "\(session.player.log.map(\.kind))")
        XCTAssertNil(session.player.state.playback, "the video did not start")
        XCTAssertEqual(session.player.state.tasks?.ended, nil, "nor was the task skipped")
    }

    func testStudyHelpDescribesEverySubcommand() throws {
        let (status, output) = try tactile(["study", "--help"])
        XCTAssertEqual(status, 0, output)
        let text = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        XCTAssertTrue(text.contains("run a participant through a study, check a study file"), output)
        for (name, words) in [
            ("run", "Run one participant through a study"), ("check", "Check a study file"), ("withdraw", "Delete everything of a participant who withdraws"),
        ] {
            let line = output.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + " ") }
            XCTAssertNotNil(line, "\(name) is listed: \(output)")
            XCTAssertTrue(text.contains(words), "\(name) is described: \(output)")
        }
    }

    /// Issue 46: a task's solution trace, replayed headless by `study check`, proves the task can be done.
    func testStudyCheckReplaysEachTasksSolutionAndRefusesOneThatDoesNotCompleteIt() throws {
        // Where a hand would tap: the star, then Delete, as the editor lays them out.
        let session = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1)
        let shown = session.player.runFrame().elements
        let star = try XCTUnwrap(shown.first { $0.id == "clip:star" }).hitFrame.center
        let delete = try XCTUnwrap(shown.first { $0.id == "toolbar.delete" }).hitFrame.center
        func trace(_ taps: [Point]) -> String {
            var lines = [#"{"tactile_trace":1,"viewport":{"width":390,"height":844}}"#]
            for (i, p) in taps.enumerated() {
                let t = 1.0 + Double(i)
                lines.append(#"{"t":\#(t),"type":"down","id":1,"x":\#(p.x),"y":\#(p.y)}"#)
                lines.append(#"{"t":\#(t + 0.08),"type":"up","id":1,"x":\#(p.x),"y":\#(p.y)}"#)
            }
            return lines.joined(separator: "\n") + "\n"
        }
        try trace([star, delete]).write(to: folder.appendingPathComponent("delete-star.jsonl"), atomically: true, encoding: .utf8)
        try trace([star]).write(to: folder.appendingPathComponent("only-select.jsonl"), atomically: true, encoding: .utf8)
        let file = try study()
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        var tasks = object["tasks"] as! [[String: Any]]
        tasks[0]["solution"] = "delete-star.jsonl"
        object["tasks"] = tasks
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let (status, output) = try tactile(["study", "check", file.path])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("Solutions replayed: delete completed in "), output)

        tasks[0]["solution"] = ["a": "only-select.jsonl"]
        object["tasks"] = tasks
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let (failed, failedOutput) = try tactile(["study", "check", file.path])
        XCTAssertEqual(failed, 2, failedOutput)
        XCTAssertTrue(
            failedOutput.contains("tasks[0].solution.a: only-select.jsonl does not complete the task: when it ends the project does not meet the rule"),
            failedOutput)

        tasks[0]["solution"] = ["b": "delete-star.jsonl"]
        object["tasks"] = tasks
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        let (unknown, unknownOutput) = try tactile(["study", "check", file.path])
        XCTAssertEqual(unknown, 2, unknownOutput)
        XCTAssertTrue(unknownOutput.contains("tasks[0].solution.b: is not one of the variants (a)"), unknownOutput)
    }

    func testStudyCheckNamesARuleOnAClipTheProjectLacksAndWhereATruncatedFileEnds() throws {
        let misspelt = folder.appendingPathComponent("misspelt.json")
        var object = try JSONSerialization.jsonObject(with: Data(contentsOf: try study())) as! [String: Any]
        object["tasks"] = [["id": "trim", "prompt": "Trim City Lights to 3 s", "done": [["path": "clip:citty.duration", "equals": 3]]]]
        try JSONSerialization.data(withJSONObject: object).write(to: misspelt)
        let (status, output) = try tactile(["study", "check", misspelt.path])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(
            output.contains(#"tasks[0].done[0].path: names clip "citty", which the study's project does not have (did you mean "city"?)"#), output)

        // A misspelt field after a good clip id: the task could never be completed.
        object["tasks"] = [["id": "dissolve", "prompt": "Add a dissolve", "done": [["path": "clip:city.transtion.kind", "equals": "crossDissolve"]]]]
        try JSONSerialization.data(withJSONObject: object).write(to: misspelt)
        let (fieldStatus, fieldOutput) = try tactile(["study", "check", misspelt.path])
        XCTAssertEqual(fieldStatus, 2, fieldOutput)
        XCTAssertTrue(
            fieldOutput.contains(#"tasks[0].done[0].path: has no field "transtion" in "clip:city" (did you mean "transition"?)"#), fieldOutput)
        // A field that only some clips hold (a transition) is a field all the same.
        object["tasks"] = [["id": "dissolve", "prompt": "Add a dissolve", "done": [["path": "clip:city.transition.kind", "equals": "crossDissolve"]]]]
        try JSONSerialization.data(withJSONObject: object).write(to: misspelt)
        let (goodStatus, goodOutput) = try tactile(["study", "check", misspelt.path])
        XCTAssertEqual(goodStatus, 0, goodOutput)
        // A task whose rule the project meets already would be judged done at once.
        object["tasks"] = [["id": "keep", "prompt": "Keep City Lights", "done": [["path": "clip:city", "exists": true]]]]
        try JSONSerialization.data(withJSONObject: object).write(to: misspelt)
        let (metStatus, metOutput) = try tactile(["study", "check", misspelt.path])
        XCTAssertEqual(metStatus, 2, metOutput)
        XCTAssertTrue(metOutput.contains("tasks[0].done: is met by the study's project as it starts"), metOutput)
        // Below a number there is nothing.
        object["tasks"] = [["id": "t", "prompt": "p", "done": [["path": "tracks[0].clips[0].duration.seconds", "atLeast": 1]]]]
        try JSONSerialization.data(withJSONObject: object).write(to: misspelt)
        let (deepStatus, deepOutput) = try tactile(["study", "check", misspelt.path])
        XCTAssertEqual(deepStatus, 2, deepOutput)
        XCTAssertTrue(deepOutput.contains(#"asks for field "seconds" of "tracks[0].clips[0].duration", which has no fields"#), deepOutput)

        let text = #"{"title": "x", "consent": "y",\#n "variants": ["a""#
        try Data(text.utf8).write(to: folder.appendingPathComponent("cut.json"))
        let (cutStatus, cutOutput) = try tactile(["study", "check", path("cut.json")])
        XCTAssertEqual(cutStatus, 2, cutOutput)
        XCTAssertTrue(cutOutput.contains("is not valid JSON (line 2, column 18: the text ends before the JSON does"), cutOutput)

        try Data("{\n  \"timeline\": {\"snapThreshold\": 8,,\n}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let (badStatus, badOutput) = try tactile(["config", "--check", path("bad.json")])
        XCTAssertEqual(badStatus, 2, badOutput)
        XCTAssertTrue(badOutput.contains("not valid JSON (line 2, column"), badOutput)
    }

    /// Small samples: what cannot be estimated is said, never an infinite statistic or an
    /// interval spanning orders of magnitude; scores stay inside their scales.
    func testTheReportSaysWhatTwoParticipantsAndAllEqualDifferencesCannotEstimate() throws {
        let two = folder.appendingPathComponent("two")
        for (p, times) in [(1, (4.0, 9.0)), (2, (30.0, 3.0))] {
            let a = StudyFixture.Block(variant: "A", attempts: [("trim", true, times.0)], seq: ["trim": 7], sus: [5, 1, 5, 1, 5, 1, 5, 1, 5, 1])
            let b = StudyFixture.Block(variant: "B", attempts: [("trim", true, times.1)], seq: ["trim": 1], sus: [1, 5, 1, 5, 1, 5, 1, 5, 1, 5])
            try StudyFixture.write(participant: p, blocks: [a, b], variants: ["A", "B"], into: two)
        }
        let twoReport = try Commands.report([two.path], out: nil, json: nil)
        XCTAssertTrue(twoReport.contains("| A | 2 | 100.0 | A+ (percentiles 96–100) |"), twoReport)
        XCTAssertTrue(twoReport.contains("| B | 2 | 0.0 | F (percentiles 0–14) |"), twoReport)
        XCTAssertTrue(twoReport.contains("Grades on Sauro and Lewis's curved grading scale (2016)"), twoReport)
        XCTAssertTrue(twoReport.contains("The time on trim with B and A cannot be compared from 2 participants (at least 3 are needed)."), twoReport)
        XCTAssertTrue(twoReport.contains("The SUS with B and A cannot be compared from 2 participants"), twoReport)
        XCTAssertTrue(twoReport.contains("The success at trim with B and A cannot be compared from 2 participants"), twoReport)
        XCTAssertFalse(twoReport.contains("%  more") || twoReport.contains("8480270"), twoReport)
        let results = StudyReport(try StudyResults.read(two))
        let time = try XCTUnwrap(results.cell("trim", "A")?.time)
        XCTAssertEqual(time.low, time.high, "two times give a middle, not an interval")
        let seq = try XCTUnwrap(results.cell("trim", "B")?.seq)
        XCTAssertGreaterThanOrEqual(seq.low, 1, "no SEQ below the scale's 1")

        // Four participants whose B took exactly 2 s less each time: no spread, no t test.
        let same = folder.appendingPathComponent("same")
        for p in 1...4 {
            let t = Double(p) * 3
            let a = StudyFixture.Block(variant: "A", attempts: [("trim", true, t)], seq: ["trim": 4])
            let b = StudyFixture.Block(variant: "B", attempts: [("trim", true, t)], seq: ["trim": 6])
            try StudyFixture.write(participant: p, blocks: [a, b], variants: ["A", "B"], into: same)
        }
        let sameReport = try Commands.report([same.path], out: nil, json: nil)
        XCTAssertFalse(sameReport.contains("∞"), sameReport)
        XCTAssertTrue(sameReport.contains("differed by the same amount for all 4 participants: no spread, so no"), sameReport)
    }
}
