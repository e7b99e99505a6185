import XCTest
import TactileCore
@testable import TactileLab
import TactileUI
@testable import TactileStudy
import TactileEditor
import TactileInput
import TactileHeadless
import TactileHost

/// `tactile report` on a session's `latency.jsonl`: percentiles per session and per gesture, and
/// the prediction's error and the lag it hid.
final class LatencyReportTests: XCTestCase {
    func line(_ gesture: String, total: Double) -> String {
        // The parts add up: 1 waiting, 2 UI pass, 1 rendering, the rest present.
        "{\"t\":1,\"gesture\":\"\(gesture)\",\"events\":1,\"total\":\(total),\"waiting\":1,\"ui\":2,\"render\":1,\"present\":\(total - 4)}"
    }

    func testPercentilesPerGestureAndThePredictionsErrorAndLag() throws {
        var lines = ["{\"kind\":\"clock\",\"monotonicOrigin\":123}"]
        lines += (1...100).map { line("scroll", total: 4 + Double($0) / 10) } // 4.1 … 14.0 ms
        lines += (1...10).map { line("trim", total: 20 + Double($0)) } // 21 … 30 ms
        lines += [
            "{\"kind\":\"prediction\",\"t\":1,\"method\":\"kalman\",\"finger\":1,\"horizon\":16,\"error\":1,\"lag\":10}",
            "{\"kind\":\"prediction\",\"t\":1,\"method\":\"kalman\",\"finger\":1,\"horizon\":16,\"error\":3,\"lag\":20}",
            "{\"t\":1,\"gesture\":",
        ] // cut short by a kill
        let figures = try XCTUnwrap(LatencyFigures.read(lines.joined(separator: "\n")))
        XCTAssertEqual(figures.all.frames, 110)
        XCTAssertEqual(figures.byGesture["scroll"]?.p50, 9)
        XCTAssertEqual(figures.byGesture["scroll"]?.p99, 13.9)
        XCTAssertEqual(figures.byGesture["trim"]?.p95, 30)
        XCTAssertEqual(figures.all.p99, 29)
        XCTAssertEqual(figures.byGesture["trim"]?.ui, 2)
        XCTAssertEqual(figures.unreadableLines, 1)
        let p = try XCTUnwrap(figures.prediction)
        XCTAssertEqual(p.method, "kalman")
        XCTAssertEqual(p.errorMean, 2)
        XCTAssertEqual(p.lagP95, 20)
    }

    /// A steady leftward drag along the timeline starting at `t`.
    static func drag(at t: Double) -> [InputEvent] {
        var events: [InputEvent] = [.touch(.down, id: 1, at: Point(x: 300, y: 700), time: .seconds(t))]
        for i in 1...20 { events.append(.touch(.move, id: 1, at: Point(x: 300 - Double(i) * 6, y: 700), time: .seconds(t + Double(i) / 60))) }
        return events + [.touch(.up, id: 1, at: Point(x: 180, y: 700), time: .seconds(t + 0.4))]
    }

    /// A headless session predicting with `method`, recorded into `folder/s`.
    static func recordedSession(in folder: URL, predicting method: PredictionMethod) throws -> (HeadlessSession, Recording, URL) {
        var c = TactileConfiguration()
        c.feel.prediction = method
        let headless = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, configuration: c)
        let session = folder.appendingPathComponent("s")
        let recording = try Recording(folder: session, project: DemoProject.make(), configuration: try RecordedConfiguration(c))
        recording.attach(to: headless.host, framesPerSecond: 60)
        return (headless, recording, session)
    }

    func testASessionRecordedHeadlessWithPredictionReportsItsPredictions() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (headless, recording, session) = try Self.recordedSession(in: folder, predicting: .linear)
        headless.player.play(Trace(viewport: Size(width: 390, height: 844), events: Self.drag(at: 0.2)), until: .seconds(1))
        recording.finish(project: headless.host.state.project)
        let report = try SessionReport.read([session.path])
        let p = try XCTUnwrap(report.sessions.first?.latency?.prediction)
        XCTAssertGreaterThan(p.predictions, 10)
        XCTAssertEqual(p.method, "linear")
        XCTAssertLessThan(p.errorMean, p.lagMean, "a steady drag: the prediction is closer than the picture without it")
        XCTAssertTrue(report.markdown.contains("Predicted touches (linear"), report.markdown)
    }

    func testAPredictionWorseAtP95IsFlaggedThoughBetterOnAverageAndItsOvershootAtTurnsIsApart() throws {
        // The review's case: kalman better on average but its worst frames (p95 9.9 pt) farther
        // from the finger than the picture without prediction at its worst (9.5 pt).
        func prediction(error: Double, lag: Double, reversal: Bool = false) -> String {
            "{\"kind\":\"prediction\",\"t\":1,\"method\":\"kalman\",\"finger\":1,\"horizon\":16,\"error\":\(error),\"lag\":\(lag)"
                + (reversal ? ",\"reversal\":true}" : "}")
        }
        let lines = (1...17).map { _ in prediction(error: 1, lag: 9.5) } + (1...3).map { _ in prediction(error: 9.9, lag: 2, reversal: true) }
        let figures = try XCTUnwrap(LatencyFigures.read(lines.joined(separator: "\n")))
        let p = try XCTUnwrap(figures.prediction)
        XCTAssertLessThan(p.errorMean, p.lagMean, "better on average")
        XCTAssertGreaterThan(p.errorP95, p.lagP95, "worse at p95")
        XCTAssertTrue(p.isWorseAtP95)
        XCTAssertFalse(p.isWorseOnAverage)
        XCTAssertTrue(p.isWorseThanNone, "flagged")
        XCTAssertEqual(p.reversals, 3)
        XCTAssertEqual(p.overshootMean, 9.9, accuracy: 1e-9)
        let report = figures.markdown.joined(separator: "\n")
        XCTAssertTrue(report.contains("**Worse than none at p95**"), report)
        XCTAssertTrue(report.contains("where the finger turned back (3 of them) it overshot by 9.9 pt on average"), report)
        let json = figures.json.serialized()
        XCTAssertTrue(json.contains("\"worseAtP95\":true") && json.contains("\"reversals\":3"), json)
    }

    func testFiguresAreSplitByTheSettingsInForceAndAPredictionWorseThanNoneIsFlagged() throws {
        func epoch(_ t: Double, added: Int, method: String) -> String {
            "{\"kind\":\"epoch\",\"t\":\(t),\"settings\":{\"feel.addedLatency\":\(added),\"feel.prediction\":\"\(method)\",\"window.vsync\":true}}"
        }
        func prediction(_ method: String, error: Double, lag: Double) -> String {
            "{\"kind\":\"prediction\",\"t\":1,\"method\":\"\(method)\",\"finger\":1,\"horizon\":16,\"error\":\(error),\"lag\":\(lag)}"
        }
        var lines = ["{\"kind\":\"clock\",\"measures\":\"in-app\"}", epoch(0, added: 0, method: "linear")]
        lines += (1...20).map { _ in line("scroll", total: 10) } + [prediction("linear", error: 2, lag: 8)]
        lines += [epoch(30, added: 100, method: "kalman")]
        lines += (1...20).map { _ in line("scroll", total: 110) } + [prediction("kalman", error: 10.8, lag: 6.3)]
        let figures = try XCTUnwrap(LatencyFigures.read(lines.joined(separator: "\n")))
        XCTAssertEqual(figures.epochs.count, 2)
        XCTAssertEqual(figures.epochs[0].all.p99, 10, "the frames without added latency apart")
        XCTAssertEqual(figures.epochs[1].all.p50, 110, "and those with it")
        XCTAssertEqual(figures.epochs[1].epoch.label(among: figures.epochs.map(\.epoch)), "feel.addedLatency 100, feel.prediction kalman")
        XCTAssertEqual(figures.predictions.map(\.method), ["linear", "kalman"], "never one method's label on both")
        XCTAssertNil(figures.prediction, "no single figure for the session")
        XCTAssertFalse(figures.predictions[0].isWorseThanNone)
        XCTAssertTrue(figures.predictions[1].isWorseThanNone)
        XCTAssertTrue(figures.predictions[1].isWorseOnAverage)
        XCTAssertEqual(figures.epochs[1].histogram["scroll"]?[1], 20, "110 ms with 100 added on purpose: the program's own 10 ms, in 8–12")
        XCTAssertEqual(figures.epochs[0].histogram["scroll"]?[1], 20, "10 ms: every frame in 8–12")
        let report = figures.markdown.joined(separator: "\n")
        XCTAssertTrue(report.contains("### Settings 2, from 30.0 s: feel.addedLatency 100, feel.prediction kalman"), report)
        // The review's case: epochs that differ only in what the epoch does not record (a tuned tap
        // slop) read alike unless their variant is named.
        let same = "\"settings\":{\"feel.addedLatency\":0,\"feel.prediction\":\"none\"}"
        let variants = [
            "{\"kind\":\"epoch\",\"t\":0,\"variant\":\"base\",\(same)}", line("tap", total: 10),
            "{\"kind\":\"epoch\",\"t\":5,\"variant\":\"base (tuned, unsaved)\",\(same)}", line("tap", total: 12),
        ]
        let tuned = try XCTUnwrap(LatencyFigures.read(variants.joined(separator: "\n")))
        XCTAssertEqual(
            tuned.epochs.map { $0.epoch.label(among: tuned.epochs.map(\.epoch)) },
            [
                "variant base; feel.addedLatency 0, feel.prediction none", "variant base (tuned, unsaved); feel.addedLatency 0, feel.prediction none",
            ])
        XCTAssertTrue(tuned.json.serialized().contains("\"variant\":\"base (tuned, unsaved)\""))
        XCTAssertTrue(
            report.contains("**Worse than none**: the predicted point was farther from the finger (10.8 pt) than the picture without prediction (6.3 pt)"),
            report)
        XCTAssertTrue(report.contains("| Gesture | <8 | 8–12 | 12–16 | 16–20 | 20–25 | 25–33 | 33–50 | ≥50 |"), report)
        XCTAssertTrue(report.contains("Input frames by in-app latency (ms, less the 100.0 ms added on purpose):"), report)
    }

    func testARecordingWritesTheSettingsAgainWhenTheyChangeMidSession() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (headless, recording, session) = try Self.recordedSession(in: folder, predicting: .linear)

        headless.player.play(Trace(viewport: Size(width: 390, height: 844), events: Self.drag(at: 0.2)), until: .seconds(1))
        // A live reload to kalman, then the same drag.
        var k = headless.host.configuration
        k.feel.prediction = .kalman
        headless.host.adopt(k)
        headless.player.play(Trace(viewport: Size(width: 390, height: 844), events: Self.drag(at: 2)), until: .seconds(3))
        recording.finish(project: headless.host.state.project)
        let text = try String(contentsOf: session.appendingPathComponent("latency.jsonl"), encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "\"kind\":\"epoch\"").count - 1, 2, text.prefix(600).description)
        let report = try SessionReport.read([session.path])
        let methods = try XCTUnwrap(report.sessions.first?.latency).predictions.map(\.method)
        XCTAssertEqual(methods, ["linear", "kalman"])
        XCTAssertTrue(report.markdown.contains("feel.prediction kalman"), report.markdown)
    }

    func testTheScanOutIsEstimatedAsHalfARefreshAfterAVsyncedPresentAndAWholeOneWithout() {
        let e = ScanOutEstimate(refreshRate: 60)
        XCTAssertEqual(e.afterPresent(vsync: true).seconds * 1000, 8.333, accuracy: 0.001)
        XCTAssertEqual(e.afterPresent(vsync: false).seconds * 1000, 16.667, accuracy: 0.001)
        XCTAssertEqual(ScanOutEstimate(refreshRate: 120).afterPresent(vsync: true).seconds * 1000, 4.167, accuracy: 0.001)
    }

    func testTheReportGivesTheEstimatedScanOutApartFromTheInAppFigure() throws {
        let lines = (1...10).map { _ in
            "{\"t\":1,\"gesture\":\"scroll\",\"events\":1,\"total\":10,\"waiting\":1,\"ui\":2,\"render\":1,\"present\":6,\"scanOut\":8.333}"
        }
        let figures = try XCTUnwrap(LatencyFigures.read(lines.joined(separator: "\n")))
        XCTAssertEqual(figures.all.p50, 10, "in-app stays in-app")
        XCTAssertEqual(figures.all.scanOut, 8.333)
        XCTAssertEqual(figures.all.withScanOutP99, 18.333, accuracy: 0.001)
        XCTAssertTrue(figures.markdown.joined().contains("With the estimated scan-out added"), "\(figures.markdown)")
    }

    func testTheKernelsStampGivesAFigureFromTheKernelToThePresentApartFromTheInAppOne() throws {
        var sample = LatencySample(
            time: .seconds(1), gesture: "scroll", events: 1, firstArrival: .seconds(1.004), lastArrival: .seconds(1.004), workBegan: .seconds(1.005),
            listReady: .seconds(1.007), presentation: PresentTiming(renderBegan: .seconds(1.007), presentBegan: .seconds(1.008), presented: .seconds(1.016)))
        sample.kernelArrival = .seconds(1.001)
        XCTAssertEqual(sample.fromKernel, .seconds(0.015))
        var plain = sample
        plain.kernelArrival = nil
        let text = (["{\"kind\":\"clock\"}"] + Array(repeating: sample.jsonLine, count: 3) + [plain.jsonLine]).joined(separator: "\n")
        XCTAssertTrue(sample.jsonLine.contains("\"kernelToQueue\":3"), sample.jsonLine)
        let figures = try XCTUnwrap(LatencyFigures.read(text))
        XCTAssertEqual(figures.all.frames, 4)
        XCTAssertEqual(figures.all.p50, 12, "in-app: from the queue")
        XCTAssertEqual(figures.all.kernelFrames, 3, "only the matched frames")
        XCTAssertEqual(figures.all.fromKernelP99, 15)
        XCTAssertEqual(figures.all.kernelToQueue, 3)
        XCTAssertTrue(figures.markdown.joined().contains("From the kernel's timestamp (evdev, 3 input frames matched): p50 15.0 ms"), figures.markdown.joined())
    }

    static func makeFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-latency-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
