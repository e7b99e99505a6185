import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileKiosk
import TactileInput
import TactileMedia
@testable import TactileApp
import TactileHeadless

/// The regression corpus (`Tests/Fixtures/Corpus`): sessions recorded before the host core was
/// built (issue 13) — the attract tour, a monkey run, a task run and the visitor sessions of a
/// kiosk run in the real window — each with the project, log and final picture the code of that
/// day gave. Every session must still replay to the same project, the same log line for line and
/// the same pixels. When a change of behaviour is meant, `TACTILE_REFRESH_CORPUS=1 Scripts/test
/// --filter RegressionCorpusTests` records what the same inputs give now (review the new
/// pictures and logs in the diff), and `TACTILE_MAKE_CORPUS=1` records new sessions altogether.
final class RegressionCorpusTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("corpus") }
    override func tearDown() { removeTestFolder() }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Corpus")
    /// Stands for the demo media's folder in the corpus's project files (it differs per machine).
    static let demoMediaToken = "$DEMO_MEDIA"

    func testEveryCorpusSessionReplaysToTheSameProjectLogAndPixels() throws {
        let sessions = try Self.sessionFolders()
        XCTAssertGreaterThanOrEqual(sessions.count, 5, "the corpus holds the tour, a monkey run, a task run and kiosk visitors")
        for session in sessions {
            let name = session.path.replacingOccurrences(of: Self.corpus.path + "/", with: "")
            let copy = try Self.portableCopy(of: session, into: folder.appendingPathComponent(name.replacingOccurrences(of: "/", with: "-")))
            let out = try Self.replayOutputs(of: copy, into: folder.appendingPathComponent("out-" + copy.lastPathComponent))
            let expected = session.appendingPathComponent("expected")
            XCTAssertEqual(
                try ProjectFile.load(from: out.project),
                try Self.demoProject(at: expected.appendingPathComponent("project.json")), "\(name): the same final project")
            let log = try String(contentsOf: out.log, encoding: .utf8).split(separator: "\n")
            let expectedLog = try Self.untokenised(try String(contentsOf: expected.appendingPathComponent("log.jsonl"), encoding: .utf8))
                .split(separator: "\n")
            XCTAssertEqual(log.count, expectedLog.count, "\(name): as many log lines")
            for (n, (a, b)) in zip(log, expectedLog).enumerated() where a != b {
                XCTFail("\(name): log line \(n + 1) differs:\n  now:    \(a)\n  before: \(b)"); break
            }
            let png = try ImageCodec.readPNG(at: out.png), expectedPNG = try ImageCodec.readPNG(at: expected.appendingPathComponent("final.png"))
            XCTAssertEqual(png.width, expectedPNG.width, name); XCTAssertEqual(png.height, expectedPNG.height, name)
            if png.pixels != expectedPNG.pixels {
                let differing = zip(png.pixels, expectedPNG.pixels).filter { $0 != $1 }.count
                XCTFail("\(name): the final picture differs in \(differing) channel values")
            }
        }
    }

    // MARK: Making the corpus

    func testRefreshTheCorpusExpectations() throws {
        guard ProcessInfo.processInfo.environment["TACTILE_REFRESH_CORPUS"] == "1" else {
            throw XCTSkip("set TACTILE_REFRESH_CORPUS=1 to record what the corpus's sessions give now")
        }
        for session in try Self.sessionFolders() {
            try? FileManager.default.removeItem(at: session.appendingPathComponent("expected"))
            try recordExpectations(of: session)
        }
    }

    func testMakeTheCorpus() throws {
        guard ProcessInfo.processInfo.environment["TACTILE_MAKE_CORPUS"] == "1" else {
            throw XCTSkip("set TACTILE_MAKE_CORPUS=1 to make the regression corpus anew")
        }
        let fm = FileManager.default
        try? fm.removeItem(at: Self.corpus)
        try fm.createDirectory(at: Self.corpus, withIntermediateDirectories: true)
        // The attract tour, as a plain trace over the demo.
        try makeSession("tour", trace: try AttractTour.builtIn())
        // A monkey run: five virtual minutes of everyday use, as the window would record it.
        try makeSession("monkey", trace: try Self.monkeyTrace(seed: 7, minutes: 3))
        // A task run: a plan of two tasks, one done (delete the Star sticker), one skipped.
        let plan = """
            {"title": "Corpus", "tasks": [
              {"id": "delete-star", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}]},
              {"id": "trim-beach", "prompt": "Trim Beach to 3 seconds", "done": [{"path": "clip:beach.duration", "equals": 3, "within": 0.1}]}
            ]}
            """
        var events = tap(Point(x: 369, y: 660), at: 1.0) // the Star sticker
        events += tap(Point(x: 356, y: 778), at: 2.0) // Delete: task 1 done
        events += tap(Point(x: 249, y: 606), at: 4.5) // Beach selected
        events += drag(Point(x: 306, y: 606), Point(x: 270, y: 606), at: 5.5) // its end trimmed, not far enough
        events += tap(Point(x: 338, y: 218), at: 8.0) // Skip, on the task card
        try makeSession("task-run", trace: Trace(viewport: Size(width: 390, height: 844), events: events), plan: plan)
        // A kiosk run in the real window: the attract loop, a visitor who edits and walks away,
        // the attract loop again, a second visitor who leaves by the way out.
        try makeKioskVisitors()
    }

    /// Writes `trace` (and `plan`) as a session folder over the demo and records what replaying it gives.
    private func makeSession(_ name: String, trace: Trace, plan: String? = nil, configuration: TactileConfiguration = TactileConfiguration()) throws {
        let session = Self.corpus.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        try trace.serialized().write(to: session.appendingPathComponent(SessionRecorder.FileName.trace), atomically: true, encoding: .utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try ConfigurationSchema.tactile.encode(configuration, with: encoder).write(to: session.appendingPathComponent(SessionRecorder.FileName.configuration))
        if let plan { try plan.write(to: session.appendingPathComponent(SessionRecorder.FileName.plan), atomically: true, encoding: .utf8) }
        try recordExpectations(of: session)
    }

    private func recordExpectations(of session: URL) throws {
        let copy = try Self.portableCopy(of: session, into: folder.appendingPathComponent("make-" + session.lastPathComponent))
        let out = try Self.replayOutputs(of: copy, into: folder.appendingPathComponent("made-" + session.lastPathComponent))
        let expected = session.appendingPathComponent("expected")
        try FileManager.default.createDirectory(at: expected, withIntermediateDirectories: true)
        try Self.tokenised(try String(contentsOf: out.project, encoding: .utf8))
            .write(to: expected.appendingPathComponent("project.json"), atomically: true, encoding: .utf8)
        try Self.tokenised(try String(contentsOf: out.log, encoding: .utf8))
            .write(to: expected.appendingPathComponent("log.jsonl"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: out.png, to: expected.appendingPathComponent("final.png"))
    }

    private func makeKioskVisitors() throws {
        let sessions = folder.appendingPathComponent("kiosk-visitors")
        var c = TactileConfiguration()
        c.kiosk.idleTimeout = 5
        c.kiosk.exitHoldDuration = 0.6
        let visitors = KioskVisitors(folder: sessions, kiosk: c.kiosk, configuration: try RecordedConfiguration(c))
        let window = try KioskWindowTests.runKiosk({ $0 = c.kiosk }, visitors: visitors) { frame, watch in
            usleep(2_500_000) // the attract loop plays
            KioskWindowTests.click(KioskWindowTests.at(frame(), 249, 606)) // a visitor: Beach…
            KioskWindowTests.click(KioskWindowTests.at(frame(), 249, 606))
            KioskWindowTests.click(KioskWindowTests.at(frame(), 356, 778)) // …deleted
            KioskWindowTests.click(KioskWindowTests.at(frame(), 32, 526)) // play
            usleep(1_200_000)
            KioskWindowTests.click(KioskWindowTests.at(frame(), 32, 526)) // pause
            watch.waitForTheAttractLoop() // walks away: attract again
            KioskWindowTests.click(KioskWindowTests.at(frame(), 150, 760)) // a second visitor: Add text
            usleep(400_000)
            KioskWindowTests.holdFiveFingers(frame(), seconds: 1) // staff: the way out
        }
        XCTAssertEqual(window.host.ending, .sessionExit)
        let saved = try FileManager.default.contentsOfDirectory(atPath: sessions.path).sorted()
        XCTAssertEqual(saved.count, 2, "two visitors: \(saved)")
        let media = try DemoMedia.ensure().values.first.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        for (n, name) in saved.enumerated() {
            let target = Self.corpus.appendingPathComponent("kiosk-visitor-\(n + 1)")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for file in try FileManager.default.contentsOfDirectory(atPath: sessions.appendingPathComponent(name).path) {
                let text = try String(contentsOf: sessions.appendingPathComponent(name).appendingPathComponent(file), encoding: .utf8)
                try text.replacingOccurrences(of: media, with: Self.demoMediaToken)
                    .write(to: target.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
            try recordExpectations(of: target)
        }
    }

    /// A monkey run's input, sanitised and rounded as a recording window writes it, each batch
    /// in a frame of its own at its instant (scheduled frames run between, as in a window).
    static func monkeyTrace(seed: UInt64, minutes: Double) throws -> Trace {
        let session = try HeadlessSession(
            project: MediaProject.demo().project, viewport: Size(width: 390, height: 844), scale: 1,
            library: try MediaFolder.library(nil))
        let d = session.player
        var monkey = Monkey(seed: seed, profile: .everyday)
        var events: [InputEvent] = [], frames: [Time] = []
        d.onFrame = { time, _ in frames.append(time) }
        d.runFrame()
        let end = Time.seconds(minutes * 60)
        while d.clock.now < end {
            let g = monkey.next(at: d.clock.now, elements: d.lastOutput?.elements ?? [], viewport: d.state.viewport)
            for batch in g.batches {
                let at = max(batch.at, d.clock.now + Time.milliseconds(1)).roundedDown(toMultipleOf: Time(ticks: Time.ticksPerSecond / 1_000_000))
                d.runDueFrames(through: at - Time(ticks: 1))
                d.clock.advance(to: at)
                let batchEvents = TouchSanitizer.sanitize(batch.events, fingers: d.state.ui.fingers).map { e -> InputEvent in
                    var e = e.roundedForTrace(); e.time = at; return e
                }
                events += batchEvents
                d.runFrame(events: batchEvents)
            }
            d.runDueFrames(through: max(g.end, d.clock.now))
        }
        return Trace(viewport: Size(width: 390, height: 844), events: events, frames: frames, framesPerSecond: 60)
    }

    // MARK: Helpers

    static func sessionFolders() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
            .map { corpus.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent(SessionRecorder.FileName.trace).path) }
    }

    /// A copy of `session` whose project files name this machine's demo media.
    static func portableCopy(of session: URL, into target: URL) throws -> URL {
        let fm = FileManager.default
        try fm.createDirectory(at: target, withIntermediateDirectories: true)
        for file in try fm.contentsOfDirectory(atPath: session.path) where file.hasSuffix(".json") || file.hasSuffix(".jsonl") {
            let text = try String(contentsOf: session.appendingPathComponent(file), encoding: .utf8)
            try untokenised(text).write(to: target.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        return target
    }

    static func replayOutputs(of session: URL, into out: URL) throws -> (project: URL, log: URL, png: URL) {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let result = (out.appendingPathComponent("project.json"), out.appendingPathComponent("log.jsonl"), out.appendingPathComponent("final.png"))
        _ = try Commands.replay(
            trace: session.path, project: nil,
            outputs: .init(stateOut: result.0.path, snapshot: result.2.path, logOut: result.1.path), scale: 1, until: nil)
        return result
    }

    static func demoMediaFolder() throws -> String {
        try DemoMedia.ensure().values.first.map { ($0 as NSString).deletingLastPathComponent } ?? ""
    }

    static func tokenised(_ text: String) throws -> String { text.replacingOccurrences(of: try demoMediaFolder(), with: demoMediaToken) }
    static func untokenised(_ text: String) throws -> String { text.replacingOccurrences(of: demoMediaToken, with: try demoMediaFolder()) }

    static func demoProject(at url: URL) throws -> Project {
        try ProjectFile.decode(Data(try untokenised(try String(contentsOf: url, encoding: .utf8)).utf8))
    }
}
