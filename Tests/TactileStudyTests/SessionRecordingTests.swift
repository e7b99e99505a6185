import CSDL2
import Foundation
import TactileAppTesting
import XCTest
import TactileCore
@testable import TactileLab
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileInput
import TactileSDL
import TactileUI
@testable import TactileApp
@testable import TactileHost
import TactileHeadless

/// `run --record`: a scripted session is recorded — once in the real window loop (SDL's dummy
/// driver, events pushed from another thread in real time), otherwise through the host session
/// on the virtual clock — then `tactile replay` of its folder must give back the same final
/// project and the same interaction log, frame for frame.
final class SessionRecordingTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!
    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        folder = try Self.makeTestFolder("recording")
    }
    override func tearDown() { removeTestFolder() }

    /// Records a session: select Beach, trim its end left over a snap, rotate, undo, redo, tap
    /// on nothing, then quit.
    func recordScriptedSession(into session: URL) throws -> (window: WindowRun, recording: Recording) {
        let window = WindowRun()
        let recording = try Recording(folder: session, project: DemoProject.make(), configuration: try RecordedConfiguration(TactileConfiguration()))
        try window.run(configure: { recording.attach(to: $0, framesPerSecond: 60) }) { frameNow in
            let frame = frameNow()
            func at(_ x: Double, _ y: Double) -> Point { Point(x: frame.screen.x + x * frame.scale, y: frame.screen.y + y * frame.scale) }
            // Beach (0 … 4.5 s) starts at the centred playhead (195 pt) and ends 108 pt right of it.
            WindowInput.click(at: at(249, 606), settle: 0.4)
            // Its trailing handle at 303 pt (4.5 s): drag it 60 pt left, slowly.
            WindowInput.drag(from: at(306, 606), through: (1...12).map { at(306 - Double($0) * 5, 606) }, rest: 0.15, settle: 0.4)
            WindowInput.key(SDLK_z, ctrl: true)
            WindowInput.key(SDLK_z, ctrl: true, shift: true)
            // The empty canvas backdrop above the title: a miss.
            WindowInput.click(at: at(20, 30), hold: 0.05)
            WindowInput.quit()
        }
        recording.finish(project: window.session.state.project)
        return (window, recording)
    }

    func testAReplayedRecordingGivesTheSameProjectAndLogFrameForFrame() throws {
        let session = folder.appendingPathComponent("session")
        let (window, recording) = try recordScriptedSession(into: session)
        let recorder = try XCTUnwrap(recording.recorder)
        XCTAssertEqual(recorder.framesWritten, window.session.framesRun, "every frame the window ran is marked in the trace")

        for name in ["trace.jsonl", "log.jsonl", "project-start.json", "project-end.json", "config.json"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: session.appendingPathComponent(name).path), name)
        }
        let recordedLog = try String(contentsOf: session.appendingPathComponent("log.jsonl"), encoding: .utf8)
        let kinds = recordedLog.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        }
        for kind in ["select", "gesture.recognized", "gesture.began", "gesture.ended", "edit", "undo", "redo", "miss"] {
            XCTAssertTrue(kinds.contains(kind), "the log has a \(kind) event: \(kinds)")
        }
        try checkLatency(of: session)
        let end = try ProjectFile.load(from: session.appendingPathComponent("project-end.json"))
        XCTAssertNotEqual(end, DemoProject.make(), "the session trimmed Beach (redone after the undo)")
        XCTAssertEqual(end, window.session.state.project)

        _ = try Commands.replay(
            trace: session.path, project: nil, outputs: .init(stateOut: path("replayed.json"), logOut: path("replayed.jsonl")),
            scale: 1, until: nil)
        XCTAssertEqual(try ProjectFile.load(from: URL(fileURLWithPath: path("replayed.json"))), end)
        let replayedLog = try String(contentsOfFile: path("replayed.jsonl"), encoding: .utf8)
        XCTAssertEqual(replayedLog.split(separator: "\n"), recordedLog.split(separator: "\n"), "the same log, line for line")
    }

    /// The window measured each input frame's input-to-present latency into `latency.jsonl`, its
    /// parts adding up, named by gesture; `tactile report` gives its percentiles per gesture.
    func checkLatency(of session: URL) throws {
        let text = try String(contentsOf: session.appendingPathComponent("latency.jsonl"), encoding: .utf8)
        var lines = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        // The first line says what the figures include.
        let header = lines.removeFirst()
        XCTAssertEqual(header["kind"] as? String, "clock")
        XCTAssertTrue((header["measures"] as? String)?.hasPrefix("in-app: from reading the event off the queue to the present returning") == true, "\(header)")
        XCTAssertEqual(header["parts"] as? [String], ["waiting", "ui", "render", "present"])
        // Then the settings in force (once: nothing changed them), then the figures.
        let epochs = lines.filter { $0["kind"] as? String == "epoch" }
        XCTAssertEqual(epochs.count, 1)
        XCTAssertEqual((epochs.first?["settings"] as? [String: Any])?["feel.prediction"] as? String, "off")
        lines.removeAll { $0["kind"] as? String == "epoch" }
        XCTAssertGreaterThan(lines.count, 10, "the taps, the trim's moves, the keys")
        var gestures = Set<String>()
        for line in lines {
            let ms = ["total", "waiting", "ui", "render", "present"].map { line[$0] as? Double ?? -1 }
            XCTAssertTrue(ms.allSatisfy { $0 >= 0 }, "\(line)")
            XCTAssertEqual(ms[0], ms[1...].reduce(0, +), accuracy: 0.005, "the parts add up to the whole: \(line)")
            XCTAssertLessThan(ms[0], 1000, "\(line)")
            XCTAssertGreaterThan(line["scanOut"] as? Double ?? 0, 0, "the estimated scan-out, apart from the total: \(line)")
            gestures.insert(line["gesture"] as? String ?? "?")
        }
        XCTAssertTrue(gestures.isSuperset(of: ["tap", "trim", "keyboard"]), "\(gestures)")
        let report = try SessionReport.read([session.path])
        let latency = try XCTUnwrap(report.sessions.first?.latency)
        XCTAssertEqual(latency.all.frames, lines.count)
        XCTAssertLessThanOrEqual(latency.all.p50, latency.all.p99)
        XCTAssertNotNil(latency.byGesture["trim"])
        XCTAssertTrue(report.markdown.contains("In-app latency (from reading the event off the queue to the present returning"), report.markdown)
        XCTAssertTrue(report.markdown.contains("over \(lines.count) input frames"), report.markdown)
        XCTAssertTrue(
            report.markdown.contains("With the estimated scan-out added (from the present to the next vertical blank plus half a refresh"), report.markdown)
        XCTAssertTrue(report.markdown.contains("| trim |"), report.markdown)
    }

    /// Records a session on the virtual clock, through the host session as the window runs it:
    /// select Beach, trim its end, undo, a miss.
    func recordVirtually(into session: URL, notices: [String] = [], configuration: TactileConfiguration = TactileConfiguration()) throws -> HeadlessSession {
        let headless = try HeadlessSession(
            project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1,
            configuration: configuration, notices: notices)
        let recording = try Recording(folder: session, project: DemoProject.make(), configuration: try RecordedConfiguration(configuration), notices: notices)
        recording.attach(to: headless.host, framesPerSecond: 60)
        var events = tap(Point(x: 249, y: 606), at: 0.2)
        events += drag(Point(x: 306, y: 606), Point(x: 246, y: 606), at: 0.8)
        events += [.key(.undo, time: .seconds(2))]
        events += tap(Point(x: 20, y: 30), at: 2.5)
        headless.player.play(Trace(viewport: Size(width: 390, height: 844), events: events), until: .seconds(3))
        recording.finish(project: headless.host.state.project)
        return headless
    }

    func testASessionRecordedBeforeTheMagneticMainTrackReplaysWithItsTrackFree() throws {
        // A session folder whose config.json predates editing.magneticMainTrack, and one that sets it.
        func session(_ name: String, magnetic: Bool?) throws -> RecordedSession {
            let dir = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            var config = try XCTUnwrap(
                JSONSerialization.jsonObject(with: ConfigurationSchema.tactile.encode(TactileConfiguration(), with: JSONEncoder())) as? [String: Any])
            var editing = try XCTUnwrap(config["editing"] as? [String: Any])
            editing["magneticMainTrack"] = magnetic
            config["editing"] = editing
            try JSONSerialization.data(withJSONObject: config).write(to: dir.appendingPathComponent("config.json"))
            try Trace(viewport: Size(width: 390, height: 844), events: []).serialized()
                .write(to: dir.appendingPathComponent("trace.jsonl"), atomically: true, encoding: .utf8)
            return try RecordedSession.open(dir.path, project: nil, settings: Settings())
        }
        XCTAssertFalse(try session("old", magnetic: nil).configuration.editing.magneticMainTrack, "as it ran: the setting came after it")
        XCTAssertTrue(try session("new", magnetic: true).configuration.editing.magneticMainTrack)
        XCTAssertFalse(try session("off", magnetic: false).configuration.editing.magneticMainTrack)
        XCTAssertTrue(TactileConfiguration().editing.magneticMainTrack, "a person's own file gets the new default")
    }

    func testASessionThatOpensWithNoticesReplaysTheSameLogLineForLine() throws {
        // As after a crash recovery: the session opens with a notice, which the first frame logs.
        let session = folder.appendingPathComponent("recovered")
        let notices = ["Recovered the project of a session that ended unexpectedly (saved 14:05); a copy is in /tmp/recovered.json"]
        _ = try recordVirtually(into: session, notices: notices)
        let recordedLog = try String(contentsOf: session.appendingPathComponent("log.jsonl"), encoding: .utf8)
        XCTAssertTrue(recordedLog.contains("Recovered the project"), "the notice is in the log: \(recordedLog)")
        _ = try Commands.replay(trace: session.path, project: nil, outputs: .init(logOut: path("replayed.jsonl")), scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOfFile: path("replayed.jsonl"), encoding: .utf8), recordedLog, "the same log, line for line")
    }

    func testASessionRecordedWithAddedLatencyReplaysIdentically() throws {
        // feel.addedLatency = 50 ms: the trace keeps the events as they arrived; the replay holds
        // them back the same, so the log (times included) and the project come out the same.
        var configuration = TactileConfiguration()
        configuration.feel.addedLatency = 50
        let session = folder.appendingPathComponent("late")
        let headless = try recordVirtually(into: session, configuration: configuration)
        let recordedLog = try String(contentsOf: session.appendingPathComponent("log.jsonl"), encoding: .utf8)
        let select = try XCTUnwrap(recordedLog.split(separator: "\n").first { $0.contains("\"kind\":\"select\"") })
        XCTAssertTrue(select.contains("\"t\":0.33"), "the tap lifted at 0.28 s is seen 50 ms later: \(select)")
        let trace = try String(contentsOf: session.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        XCTAssertTrue(trace.contains("\"t\":0.280000,\"type\":\"up\""), "the trace keeps the lift when it happened")
        _ = try Commands.replay(
            trace: session.path, project: nil, outputs: .init(stateOut: path("late.json"), logOut: path("late.jsonl")),
            scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOfFile: path("late.jsonl"), encoding: .utf8), recordedLog, "the same log, line for line")
        XCTAssertEqual(try ProjectFile.load(from: URL(fileURLWithPath: path("late.json"))), headless.host.state.project)
    }

    /// Records a window session under `configuration` into `name`, `script` pushing its input with
    /// a function from viewport points to window pixels; the rows of its `latency.jsonl`.
    func recordWindow(
        _ name: String, configuration: TactileConfiguration, script: @escaping @Sendable (@escaping (Double, Double) -> Point) -> Void
    ) throws -> [[String: Any]] {
        let session = folder.appendingPathComponent(name)
        let window = WindowRun(configuration: configuration)
        let recording = try Recording(folder: session, project: DemoProject.make(), configuration: try RecordedConfiguration(configuration))
        try window.run(configure: { recording.attach(to: $0, framesPerSecond: 60) }) { frameNow in
            let frame = frameNow()
            script { x, y in Point(x: frame.screen.x + x * frame.scale, y: frame.screen.y + y * frame.scale) }
            WindowInput.quit()
        }
        recording.finish(project: window.session.state.project)
        return try String(contentsOf: session.appendingPathComponent("latency.jsonl"), encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func testAWindowWithAddedLatencyAndKalmanPredictionWritesItsPredictions() throws {
        // 100 ms held back: every sample reaches the editor 100 ms old, which once read as a
        // finger at rest, so the window predicted nothing (no prediction rows in two sessions).
        var configuration = TactileConfiguration()
        configuration.feel.addedLatency = 100
        configuration.feel.prediction = .kalman
        let rows = try recordWindow("late-kalman", configuration: configuration) { at in
            // A slow scroll along the timeline, then let go.
            WindowInput.drag(from: at(300, 700), through: (1...30).map { at(300 - Double($0) * 5, 700) })
        }.filter { $0["kind"] as? String == "prediction" }
        XCTAssertGreaterThan(rows.count, 5, "the drag's predictions are measured")
        XCTAssertTrue(rows.allSatisfy { $0["method"] as? String == "kalman" }, "\(rows.prefix(2))")
        let horizons = rows.compactMap { $0["horizon"] as? Double }
        XCTAssertGreaterThan(horizons.min() ?? 0, 100, "each reaches past the 100 ms held back: \(horizons.prefix(5))")
    }

    func testAWindowInPhotonModeLogsTheFrameOfEachFlipWithItsPresentTime() throws {
        var configuration = TactileConfiguration()
        configuration.overlays.photon = true
        configuration.overlays.photonPlace = .bottomLeft
        let flips = try recordWindow("photon", configuration: configuration) { at in
            for x in [249.0, 120] {
                WindowInput.click(at: at(x, 606))
            }
        }.filter { $0["photonFlip"] != nil }
        XCTAssertEqual(flips.compactMap { $0["photonFlip"] as? Double }, [1, 2], "each touch-down's frame, once")
        XCTAssertEqual(flips.compactMap { $0["photonColor"] as? String }, ["white", "black"])
        for flip in flips {
            let down = try XCTUnwrap(flip["firstArrival"] as? Double), shown = try XCTUnwrap(flip["presented"] as? Double)
            XCTAssertGreaterThan(shown, down, "presented after the touch arrived: \(flip)")
            XCTAssertLessThan(shown - down, 1, "\(flip)")
        }
    }

    func testATraceCutShortByAKillStillReplays() throws {
        let session = folder.appendingPathComponent("session")
        _ = try recordVirtually(into: session)
        // Keep the first half of the lines, the last one cut mid-way, as a kill could leave it.
        let text = try String(contentsOf: session.appendingPathComponent("trace.jsonl"), encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        lines = Array(lines.prefix(lines.count / 2))
        let cut = lines.removeLast()
        try (lines.joined(separator: "\n") + "\n" + cut.prefix(cut.count / 2)).write(
            to: session.appendingPathComponent("trace.jsonl"), atomically: true, encoding: .utf8)
        let summary = try Commands.replay(trace: session.path, project: nil, outputs: .init(stateOut: path("cut.json")), scale: 1, until: nil)
        XCTAssertTrue(summary.contains("replayed"), summary)
    }

    func testAnUntilOutOfRangeIsRefusedNamingTheOption() throws {
        let session = folder.appendingPathComponent("session")
        _ = try recordVirtually(into: session)
        XCTAssertThrowsError(try Commands.replay(trace: session.path, project: nil, outputs: .init(), scale: 1, until: -5)) { error in
            XCTAssertTrue("\(error)".contains("--until must be seconds from 0"), "\(error)")
        }
    }

    func testUntilCutsAReplayShortForARecordedSessionAndForAPlainTrace() throws {
        let session = folder.appendingPathComponent("session")
        _ = try recordVirtually(into: session)
        // The trim ends by 1.1 s and is undone at 2 s: stopping at 1.5 s keeps it and logs no undo.
        let plain =
            try String(contentsOf: session.appendingPathComponent("trace.jsonl"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.contains("\"type\":\"frame\"") }.joined(separator: "\n") + "\n"
        try plain.write(toFile: path("plain.jsonl"), atomically: true, encoding: .utf8)
        let end = try ProjectFile.load(from: session.appendingPathComponent("project-end.json"))
        for (name, trace) in [("session", session.path), ("plain trace", path("plain.jsonl"))] {
            for until in [nil, 1.5] as [Double?] {
                let out = path("\(name)-\(until ?? 0).json"), log = path("\(name)-\(until ?? 0).jsonl")
                let summary = try Commands.replay(
                    trace: trace, project: session.appendingPathComponent("project-start.json").path, outputs: .init(stateOut: out, logOut: log),
                    scale: 0.5, until: until)
                let project = try ProjectFile.load(from: URL(fileURLWithPath: out))
                let undone = try String(contentsOfFile: log, encoding: .utf8).contains("\"kind\":\"undo\"")
                if until == nil {
                    XCTAssertEqual(project, end, "\(name): the whole replay undoes the trim")
                    XCTAssertTrue(undone, name)
                } else {
                    XCTAssertNotEqual(project, end, "\(name): cut short at 1.5 s, the trim stands")
                    XCTAssertFalse(undone, "\(name): no undo before 1.5 s")
                }
                // The summary counts the events it replayed, not the whole trace's.
                let events = try Trace.load(from: URL(fileURLWithPath: name == "session" ? session.appendingPathComponent("trace.jsonl").path : trace)).events
                let expected = events.filter { e in until.map { e.time <= .seconds($0) } ?? true }.count
                XCTAssertTrue(summary.hasPrefix("replayed \(expected) events"), "\(name) until \(until ?? 0): \(summary)")
            }
        }
    }

    func testRecordingRefusesAFolderThatHoldsASession() throws {
        let session = folder.appendingPathComponent("session")
        _ = try recordVirtually(into: session)
        XCTAssertThrowsError(try Recording(folder: session, project: DemoProject.make(), configuration: try RecordedConfiguration(TactileConfiguration())))
    }

    /// Records a tap in a headless session whose first frames from 0.3 s are told, as a window
    /// tells them after presenting, that their input took `latencies` milliseconds to reach the
    /// screen; returns the folder and its log.
    func recordMeasured(latencies: [Double], configuration: TactileConfiguration = TactileConfiguration()) throws -> (URL, String) {
        let viewport = Size(width: 390, height: 844)
        let headless = try HeadlessSession(project: DemoProject.make(), viewport: viewport, scale: 1, configuration: configuration)
        let run = folder.appendingPathComponent("run")
        let recording = try Recording(folder: run, project: DemoProject.make(), configuration: try RecordedConfiguration(configuration))
        recording.attach(to: headless.host, framesPerSecond: 60)
        var injected = 0
        let host = headless.host
        host.add(
            SessionEvents(step: { step in
                guard step.ranEditor, injected < latencies.count, step.time >= .seconds(0.3) else { return }
                let t = step.time, arrived = step.time - .seconds(latencies[injected] / 1000)
                injected += 1
                let sample = LatencySample(
                    time: t, gesture: "tap", events: 1, firstArrival: arrived, lastArrival: arrived, workBegan: t, listReady: t,
                    presentation: PresentTiming(renderBegan: t, presentBegan: t, presented: t))
                for o in host.observers { o.sessionMeasured(sample) }
            }))
        let events = [
            InputEvent.touch(.down, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.3)),
            InputEvent.touch(.up, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.38)),
        ]
        headless.player.play(Trace(viewport: viewport, events: events), until: .seconds(1))
        recording.finish(project: headless.host.state.project)
        return (run, try String(contentsOf: run.appendingPathComponent("log.jsonl"), encoding: .utf8))
    }

    func freezes(in log: String) -> Int { log.components(separatedBy: "\"signal\":\"freeze\"").count - 1 }

    /// A freeze only a window can measure (a frame's input-to-present latency past
    /// `study.freezeThreshold`) is kept in the trace at its frame, so the replay gives it back
    /// and the log matches line for line.
    func testAFreezeTheWindowMeasuredReplaysIntoTheSameLogLineForLine() throws {
        let (run, recordedLog) = try recordMeasured(latencies: [250, 250])
        XCTAssertEqual(freezes(in: recordedLog), 2, recordedLog)
        _ = try Commands.replay(trace: run.path, project: nil, outputs: .init(logOut: path("replayed.jsonl")), scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOfFile: path("replayed.jsonl"), encoding: .utf8), recordedLog, "the same log, freezes included")
    }

    /// Latency added on purpose (`feel.addedLatency`) is the condition a study compares, not the
    /// program freezing: only what a frame took beyond it counts against the threshold.
    func testAddedLatencyIsNotAFreezeButAStallBeyondItIs() throws {
        var configuration = TactileConfiguration()
        configuration.feel.addedLatency = 200
        let (_, log) = try recordMeasured(latencies: [250, 290, 350], configuration: configuration)
        XCTAssertEqual(freezes(in: log), 1, "only the frame 150 ms beyond the added 200 ms is a freeze: \(log)")
        XCTAssertTrue(log.contains("\"ms\":150"), "its ms is what the program took, less the 200 ms added on purpose: \(log)")
    }
}
