import Foundation
import TactileApp
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileLab
import TactileKiosk
import TactileInput
import TactileUI
import TactileHeadless

/// `tactile-bench study`: the usability-study tools of issue 5 — replaying a session headless,
/// exporting it to H.264, reporting on many sessions, and the overlays drawn each frame.
func runStudyBenchmarks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-bench-study")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let tour = folder.appendingPathComponent("tour.jsonl")
    try AttractTour.text.write(to: tour, atomically: true, encoding: .utf8)
    let length = try AttractTour.builtIn().duration.seconds

    // Replay, headless, no outputs: the editor's frames on the virtual clock.
    var replay: [Double] = []
    for _ in 0..<5 {
        let t0 = nanos()
        _ = try Commands.replay(trace: tour.path, project: nil, outputs: .init(), scale: nil, until: nil)
        replay.append(Double(nanos() - t0) / 1e9)
    }
    replay.sort()
    print(String(format: "| Replay the %.1f s attract tour headless (409 frames) | %.3f s | %.0f× real time |", length, replay[2], length / replay[2]))

    // Export to H.264 at 2× (780×1688) and 1× (390×844), 30 fps.
    for (scale, label) in [(2.0, "780×1688"), (1.0, "390×844")] {
        var times: [Double] = []
        for n in 0..<3 {
            let out = folder.appendingPathComponent("tour-\(n)-\(scale).mp4")
            let t0 = nanos()
            _ = try Commands.replay(trace: tour.path, project: nil, outputs: .init(video: out.path, framesPerSecond: 30), scale: scale, until: nil)
            times.append(Double(nanos() - t0) / 1e9)
        }
        times.sort()
        let frames = (length * 30).rounded(.up) + 1
        print(
            String(
                format: "| Export the tour to H.264, %@ at 30 fps (%.0f frames) | %.2f s | %.0f frames/s, %.1f× real time |",
                label, frames, times[1], frames / times[1], length / times[1]))
    }

    // Report over 50 recorded sessions (the tour recorded headless 50 times).
    var sessions: [String] = []
    for n in 0..<50 {
        let session = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1)
        let trace = try AttractTour.builtIn()
        let recorder = try SessionRecorder(
            folder: folder.appendingPathComponent("s\(n)"), viewport: trace.viewport, framesPerSecond: 60,
            project: session.player.state.project, configuration: RecordedConfiguration(session.configuration))
        var fed = 0
        session.player.onFrame = { time, output in
            var arrived: [InputEvent] = []
            while fed < trace.events.count && trace.events[fed].time <= time { arrived.append(trace.events[fed]); fed += 1 }
            recorder.record(time: time, events: arrived, log: output.log, project: session.player.state.project)
        }
        session.player.play(trace)
        recorder.finish(project: session.player.state.project)
        sessions.append(recorder.folder.path)
    }
    var report: [Double] = []
    for _ in 0..<5 {
        let t0 = nanos()
        _ = try Commands.report(sessions, out: nil, json: nil)
        report.append(Double(nanos() - t0) / 1e6)
    }
    report.sort()
    print(String(format: "| `tactile report` over 50 recorded sessions | %.1f ms | |", report[2]))

    // The overlays: pointer location with two fingers and a full trail, and the monitor.
    var c = TactileConfiguration().overlays
    c.pointerLocation = true; c.monitor = true
    var pointer = PointerLocation(configuration: c)
    var monitor = FrameMonitor(configuration: c)
    var t = Time.zero
    for i in 0..<400 {
        t = t + .frame(atRate: 60)
        let x = Double(i % 300)
        pointer.update(with: [
            .touch(i == 0 ? .down : .move, id: 1, at: Point(x: x, y: 300), time: t),
            .touch(i == 0 ? .down : .move, id: 2, at: Point(x: 300 - x, y: 500), time: t),
        ])
        monitor.record(frameAt: t, duration: .milliseconds(2), events: 2, waitingFor: "playback", nextDue: t + .frame(atRate: 60))
    }
    let theme = Theme(), viewport = Size(width: 390, height: 844)
    let draw = measure(iterations: 3000) {
        var list = DrawList()
        pointer.draw(into: &list, now: t, viewport: viewport, top: 47, theme: theme)
        monitor.draw(into: &list, now: t, viewport: viewport, top: 99, theme: theme)
    }
    print(
        String(
            format: "| Pointer location (2 fingers, full trails) + monitor, drawn per frame | %.3f ms median, %.3f ms p99 | |",
            percentile(draw, 0.5), percentile(draw, 0.99)))
}

/// `tactile-bench study-fixture DIR [--participants N]`: a study's results folder of N
/// participants (default 500: 1,000 variant blocks), each block with a log as long as a real
/// session's (the monkey corpus session's, about 750 lines, and its frustration signals), for
/// timing `tactile report DIR` at scale.
func writeStudyFixture(_ arguments: [String]) throws {
    guard let out = arguments.first else { throw CommandError.badInput("usage: tactile-bench study-fixture DIR [--participants N]") }
    var participants = 500
    if let i = arguments.firstIndex(of: "--participants"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) { participants = n }
    let folder = URL(fileURLWithPath: out)
    try? FileManager.default.removeItem(at: folder)
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/Corpus/monkey/expected/log.jsonl")
    let sessionLog = (try? String(contentsOf: corpus, encoding: .utf8)) ?? ""
    var random = SystemRandomNumberGenerator()
    let tasks = ["trim-city", "trim-forest-start", "delete-star"]
    for p in 1...participants {
        let blocks = ["outside", "inside"].map { variant in
            StudyFixture.Block(
                variant: variant,
                attempts: tasks.map {
                    ($0, Double.random(in: 0...1, using: &random) < 0.85, Double.random(in: 6...40, using: &random) * (variant == "inside" ? 0.8 : 1))
                },
                seq: Dictionary(uniqueKeysWithValues: tasks.map { ($0, Int.random(in: 3...7, using: &random)) }),
                sus: (0..<10).map { _ in Int.random(in: 1...5, using: &random) })
        }
        try StudyFixture.write(
            participant: p, blocks: p % 2 == 1 ? blocks : blocks.reversed(), variants: ["outside", "inside"], into: folder,
            title: "Scale fixture")
        for b in 1...2 {
            // The block's log as long as a real session's, before its own task and answer lines.
            let name = StudyAnswers.name(of: p)
            let dir = folder.appendingPathComponent(name)
            let block = try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasPrefix("block\(b)-") }!
            let log = dir.appendingPathComponent(block).appendingPathComponent("log.jsonl")
            let own = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            try (sessionLog + own).write(to: log, atomically: true, encoding: .utf8)
        }
    }
    print("wrote \(participants) participants (\(participants * 2) blocks) into \(folder.path)")
}
