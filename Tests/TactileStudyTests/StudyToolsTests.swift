import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
@testable import TactileApp
import TactileHeadless

/// `tactile heatmap` and `tactile report` over sessions recorded the way `run --record` writes them.
final class StudyToolsTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("study") }
    override func tearDown() { removeTestFolder() }

    /// Plays `events` headless with a recorder attached, as a window would record them.
    func recordSession(_ name: String, _ events: [InputEvent], plan: TaskPlan? = nil) throws -> String {
        let session = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, plan: plan)
        let recorder = try SessionRecorder(
            folder: folder.appendingPathComponent(name), viewport: session.player.state.viewport,
            framesPerSecond: 60, project: session.player.state.project, configuration: RecordedConfiguration(session.configuration),
            plan: plan?.json)
        var fed = 0
        session.player.onFrame = { time, output in
            var arrived: [InputEvent] = []
            while fed < events.count && events[fed].time <= time { arrived.append(events[fed]); fed += 1 }
            recorder.record(time: time, events: arrived, log: output.log, project: session.player.state.project)
        }
        session.player.play(Trace(viewport: Size(width: 390, height: 844), events: events), until: (events.last?.time ?? .zero) + .seconds(1))
        recorder.finish(project: session.player.state.project)
        return recorder.folder.path
    }

    /// Select Beach, trim its end 60 pt left, undo, then two taps on the empty backdrop beside
    /// the title (misses, nearest the title bar's buttons or title).
    var scriptedEvents: [InputEvent] {
        tap(Point(x: 249, y: 606), at: 0.5) + drag(Point(x: 306, y: 606), Point(x: 246, y: 606), at: 1.0)
            + [.key(.undo, time: .seconds(2.0))] + tap(Point(x: 20, y: 30), at: 2.5) + tap(Point(x: 24, y: 34), at: 3.0)
    }

    func testATaskRunIsRecordedReplayedAndReportedWithTimeOnTask() throws {
        let plan = try TaskPlan.parse(
            Data(
                #"""
                {"title": "Trim", "tasks": [
                  {"id": "trim-beach", "prompt": "Trim Beach to 2 seconds", "done": [{"path": "clip:beach.duration", "equals": 2, "within": 0.3}]},
                  {"id": "delete-city", "prompt": "Delete City Lights", "done": [{"path": "clip:city", "exists": false}], "timeLimit": 5}]}
                """#.utf8))
        let session = try recordSession("study", scriptedEvents, plan: plan)
        XCTAssertTrue(FileManager.default.fileExists(atPath: session + "/" + SessionRecorder.FileName.plan))
        let recordedLog = try String(contentsOfFile: session + "/" + SessionRecorder.FileName.log, encoding: .utf8)
        XCTAssertTrue(
            recordedLog.contains(
                #""kind":"task.ended","errors":0,"misses":0,"offTask":0,"outcome":"completed","seconds":1.45,"settle":0.3,"task":"trim-beach""#),
            recordedLog)
        _ = try Commands.replay(trace: session, project: nil, outputs: .init(logOut: path("replayed.jsonl")), scale: nil, until: nil)
        XCTAssertEqual(
            try String(contentsOfFile: path("replayed.jsonl"), encoding: .utf8), recordedLog,
            "the replay runs the recorded plan: the same task events, line for line")
        let md = try Commands.report([session], out: nil, json: nil)
        XCTAssertTrue(md.contains("Tasks: 1 of 1 completed"), md)
        XCTAssertTrue(md.contains("| trim-beach | completed | 1.4 | 0 | 0 | 0 |"), md)
    }

    func testTheReportCountsTapsMissesGesturesEditsAndUndos() throws {
        let a = try recordSession("a", scriptedEvents)
        let b = try recordSession("b", tap(Point(x: 20, y: 30), at: 0.5))
        let md = try Commands.report([a, b], out: nil, json: path("report.json"))
        XCTAssertTrue(md.contains("| a |"), md)
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("report.json")))) as! [String: Any]
        let sessions = doc["sessions"] as! [[String: Any]]
        XCTAssertEqual(sessions.count, 2)
        let first = sessions[0]
        XCTAssertEqual(first["touches"] as? Int, 4)
        XCTAssertEqual(first["taps"] as? Int, 1, "the tap on Beach (the two on nothing are misses)")
        XCTAssertEqual(first["misses"] as? Int, 2)
        XCTAssertEqual(first["undos"] as? Int, 1)
        XCTAssertEqual((first["edits"] as? [String: Int])?["trim"], 1)
        XCTAssertEqual((first["gestures"] as? [String: Int])?["trim"], 1)
        let near = first["missesNear"] as! [String: Int]
        XCTAssertEqual(near.values.reduce(0, +), 2, "each miss names its nearest element: \(near)")
        XCTAssertGreaterThan(first["length"] as! Double, 3)
        XCTAssertEqual(sessions[1]["misses"] as? Int, 1)
    }

    func testAReportNeedsSessionFolders() throws {
        try write(tap(Point(x: 20, y: 30), at: 0.5), to: "bare.jsonl")
        XCTAssertThrowsError(try Commands.report([path("bare.jsonl")], out: nil, json: nil))
        XCTAssertThrowsError(try Commands.report([path("nowhere")], out: nil, json: nil))
    }

    func testTheHeatmapIsHotWherePeopleTouchedAndPlainElsewhere() throws {
        let a = try recordSession("a", tap(Point(x: 100, y: 300), at: 0.5) + tap(Point(x: 102, y: 301), at: 1.0))
        try write(tap(Point(x: 100, y: 299), at: 0.5) + tap(Point(x: 300, y: 700), at: 1.0), to: "b.jsonl")
        let summary = try Commands.heatmap(traces: [a, path("b.jsonl")], out: path("heat.png"), project: nil, scale: 1, radius: 10)
        XCTAssertTrue(summary.hasPrefix("4 touch-downs from 2 sessions"), summary)
        let heat = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("heat.png")))
        let plain = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1).renderLatest()
        XCTAssertEqual(heat.width, 390)
        func px(_ image: RGBAImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let p = image.pixel(x: x, y: y); return (Int(p.r), Int(p.g), Int(p.b))
        }
        let hot = px(heat, 101, 295), warm = px(heat, 306, 706) // beside the dots, on the heat
        XCTAssertGreaterThan(hot.r, 170, "three touches there: red (\(hot))")
        XCTAssertGreaterThan(hot.r, hot.g)
        XCTAssertLessThan(hot.b, 80)
        XCTAssertGreaterThan(warm.g, warm.r, "one touch: cooler than the peak (\(warm))")
        let far = px(heat, 380, 10), under = px(plain, 380, 10)
        XCTAssertLessThanOrEqual(far.r, under.r, "no touches: the UI, dimmed")
    }

    func testTheHeatmapDrawsTheFrustrationSignalsLayersAsked() throws {
        // Three quick taps on one spot: a rage tap, logged where it happened.
        let taps = (0..<3).flatMap { tap(Point(x: 20, y: 300), at: 0.5 + Double($0) * 0.2) }
        let a = try recordSession("rage", taps + tap(Point(x: 300, y: 700), at: 2))
        let summary = try Commands.heatmap(traces: [a], out: path("rage.png"), project: nil, scale: 1, radius: 10, layers: ["taps", "rage"])
        XCTAssertTrue(summary.hasPrefix("4 touch-downs, 1 rage from 1 session"), summary)
        let heat = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("rage.png")))
        let dot = heat.pixel(x: 20, y: 300)
        XCTAssertEqual([dot.r, dot.g, dot.b], [255, 40, 40], "the rage tap's dot is red")
        try write(taps, to: "bare.jsonl")
        XCTAssertThrowsError(try Commands.heatmap(traces: [path("bare.jsonl")], out: path("x.png"), project: nil, scale: 1, radius: nil, layers: ["rage"])) {
            XCTAssertTrue("\($0)".contains("bare trace"), "\($0)")
        }
        XCTAssertThrowsError(try Commands.heatmap(traces: [a], out: path("x.png"), project: nil, scale: 1, radius: nil, layers: ["angry"])) {
            XCTAssertTrue("\($0)".contains("--layer angry: not a layer"), "\($0)")
        }
    }

    func testHeatmapsAndReportsSayWhatIsWrongWithTheirInput() {
        XCTAssertThrowsError(try Commands.heatmap(traces: [], out: path("x.png"), project: nil, scale: 1, radius: nil))
        XCTAssertThrowsError(try Commands.heatmap(traces: [path("nowhere.jsonl")], out: path("x.png"), project: nil, scale: 1, radius: nil))
    }
}
