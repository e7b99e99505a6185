import XCTest
import TactileCore
@testable import TactileLab
import TactileUI
import TactileEditor

/// The frame loop monitor: frame rate, history, graphs and what the loop waits for.
final class FrameMonitorTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let theme = Theme()
    let frame = Time.frame(atRate: 60)

    func monitor(history: Int = 120) -> FrameMonitor {
        var c = TactileConfiguration.Overlays()
        c.monitorHistory = history
        return FrameMonitor(configuration: c)
    }

    func drawn(_ m: FrameMonitor, at now: Time) -> [DrawCommand] {
        var list = DrawList()
        m.draw(into: &list, now: now, viewport: viewport, top: 91, theme: theme)
        XCTAssertEqual(list.commands(in: .topmost).count, list.count, "everything goes to the top layer")
        return list.commands
    }

    func texts(_ commands: [DrawCommand]) -> [String] {
        commands.compactMap {
            if case let .text(run) = $0 { return run.text }; return nil
        }
    }

    /// Records `count` frames `interval` apart from `start`, each asking for the next.
    func run(_ m: inout FrameMonitor, count: Int, every interval: Time, from start: Time = .zero) -> Time {
        var t = start
        for n in 0..<count {
            if n > 0 { t += interval }
            m.record(frameAt: t, duration: .milliseconds(2), events: 0, waitingFor: "playback", nextDue: t + interval)
        }
        return t
    }

    func testFramesASixtiethOfASecondApartReadSixtyFramesPerSecond() {
        var m = monitor()
        let last = run(&m, count: 150, every: frame)
        XCTAssertEqual(texts(drawn(m, at: last)).first, "60 fps")
        var halfRate = monitor()
        let end = run(&halfRate, count: 90, every: Time.frame(atRate: 30))
        XCTAssertEqual(texts(drawn(halfRate, at: end)).first, "30 fps")
        XCTAssertEqual(texts(drawn(halfRate, at: end + .seconds(2))).first, "0 fps", "counts only the last second")
    }

    func testHistoryKeepsTheLatestFramesButTheRateCountsAll() {
        var m = monitor(history: 10)
        let last = run(&m, count: 100, every: frame)
        XCTAssertEqual(m.frames.count, 10)
        XCTAssertEqual(m.frames.first?.time, last - frame * 9)
        XCTAssertEqual(m.frames.last?.time, last)
        XCTAssertEqual(texts(drawn(m, at: last)).first, "60 fps", "a short history does not cap the rate")
        let bars = drawn(m, at: last).filter {
            if case let .fillRect(_, color, _) = $0 { return color == theme.accent }; return false
        }
        XCTAssertEqual(bars.count, 20, "ten interval bars and ten run-time bars")
    }

    func testTheWaitingLineNamesTheReasonAndTheMilliseconds() {
        var m = monitor()
        let t = Time.seconds(3)
        m.record(frameAt: t, duration: .milliseconds(2), events: 1, waitingFor: "playback", nextDue: t + frame)
        XCTAssertEqual(texts(drawn(m, at: t)).last, "waiting for: playback in 16.7 ms")
        XCTAssertEqual(texts(drawn(m, at: t + .milliseconds(10))).last, "waiting for: playback in 6.7 ms")
        m.record(frameAt: t + frame, duration: .milliseconds(2), events: 0, waitingFor: "banner", nextDue: t + .milliseconds(2500))
        XCTAssertEqual(texts(drawn(m, at: t + frame)).last, "waiting for: banner in 2483 ms")
        m.record(frameAt: t + frame * 2, duration: .milliseconds(1), events: 0, waitingFor: nil, nextDue: nil)
        XCTAssertEqual(texts(drawn(m, at: t + frame * 2)).last, "waiting for: input (idle)")
    }

    func testTheGraphLabelsReadTheLatestFrame() {
        var m = monitor()
        XCTAssertEqual(
            texts(drawn(m, at: .zero)),
            [
                "0 fps", "interval", "–", "run time", "–", "events", "–", "in-app", "–",
                "in-app: no input yet", "in-app = event queue → present", "waiting for: input (idle)",
            ])
        m.record(frameAt: .seconds(1), duration: .milliseconds(3), events: 2, waitingFor: "timeline", nextDue: .seconds(1) + frame)
        m.record(frameAt: .seconds(1) + .milliseconds(20), duration: .milliseconds(5), events: 3, waitingFor: "timeline", nextDue: nil)
        m.record(latency: .milliseconds(12))
        XCTAssertEqual(
            Array(texts(drawn(m, at: .seconds(1) + .milliseconds(20))).dropFirst().dropLast()),
            [
                "interval", "20.0 ms", "run time", "5.0 ms", "events", "3", "in-app", "12.0 ms", "in-app p50 12.0 · p99 12.0 ms",
                "in-app = event queue → present",
            ])
    }

    func testAFrameOnTimeReachesTheGuideAndALateOneStandsOut() {
        var m = monitor()
        m.record(frameAt: .seconds(1), duration: .milliseconds(1), events: 0, waitingFor: "timeline", nextDue: .seconds(1) + frame)
        m.record(frameAt: .seconds(1) + frame, duration: .milliseconds(1), events: 0, waitingFor: "timeline", nextDue: .seconds(1) + frame * 2)
        var commands = drawn(m, at: .seconds(1) + frame)
        guard
            let guide = commands.firstIndex(where: {
                if case .line = $0 { return true }; return false
            }),
            case let .line(from, to, _, _) = commands[guide], case let .fillRect(onTime, color, _) = commands[guide - 1]
        else {
            return XCTFail("no guide line after a bar: \(commands)")
        }
        XCTAssertEqual(from.y, to.y, "horizontal")
        XCTAssertEqual(onTime.minY, from.y, accuracy: 0.01, "a frame 16.7 ms after the last reaches the guide")
        XCTAssertEqual(color, theme.accent)

        m.record(frameAt: .seconds(1) + frame * 3, duration: .milliseconds(1), events: 0, waitingFor: nil, nextDue: nil)
        commands = drawn(m, at: .seconds(1) + frame * 3)
        let guideIndex = commands.firstIndex {
            if case .line = $0 { return true }; return false
        }!
        guard case let .fillRect(late, lateColor, _) = commands[guideIndex - 1] else { return XCTFail("no bar") }
        XCTAssertEqual(late.height, 2 * onTime.height, accuracy: 0.01, "a frame that missed one refresh: twice as tall")
        XCTAssertEqual(lateColor, theme.warning, "a late frame stands out")

        // A frame after the loop slept waiting for input is not late: its bar is quiet.
        m.record(frameAt: .seconds(5), duration: .milliseconds(1), events: 1, waitingFor: nil, nextDue: nil)
        commands = drawn(m, at: .seconds(5))
        let afterIdle = commands[
            commands.firstIndex {
                if case .line = $0 { return true }; return false
            }! - 1]
        guard case let .fillRect(_, idleColor, _) = afterIdle else { return XCTFail("no bar") }
        XCTAssertEqual(idleColor, theme.textTertiary)
    }

    func testThePanelCoversTheCanvasCornerNotTheTitleBarOrTimeline() {
        let layout = EditorLayout(viewport: viewport, sizes: .init(), timeline: .init(), trackCount: 3)
        let panel = FrameMonitor.panelFrame(viewport: viewport, top: layout.canvas.minY, theme: theme)
        XCTAssertFalse(panel.intersects(layout.titleBar))
        XCTAssertLessThanOrEqual(panel.maxY, layout.canvas.maxY, "clear of the scrub bar, player bar and timeline")
        XCTAssertLessThan(panel.maxX, layout.canvas.midX + 20, "the left of the canvas")
        var list = DrawList()
        monitor().draw(into: &list, now: .zero, viewport: viewport, top: layout.canvas.minY, theme: theme)
        for command in list.commands {
            if case let .text(run) = command { XCTAssertTrue(panel.insetBy(dx: 1, dy: 1).contains(run.frame.center), "\(run.text) inside the panel") }
        }
    }

    func testTheRecentLatenciesAreCountedIntoAHistogramPerGestureForTheLabPanel() {
        var m = monitor()
        for ms in [5, 9, 10, 14, 40] { m.record(latency: .milliseconds(ms), gesture: "scroll") }
        m.record(latency: .milliseconds(18), gesture: "tap")
        let h = m.histograms
        XCTAssertEqual(h.map(\.gesture), ["scroll", "tap"], "the most frequent first")
        XCTAssertEqual(h[0].counts, [1, 2, 1, 0, 0, 0, 1, 0], "<8, 8–12, 12–16, …, 33–50")
        XCTAssertEqual(h[1].counts[3], 1, "18 ms: 16–20")
        var list = DrawList()
        let used = m.drawHistograms(into: &list, origin: .zero, width: 280, theme: Theme())
        XCTAssertGreaterThan(used, 0)
        let words = list.commands.compactMap { c -> String? in
            if case let .text(run) = c { return run.text }; return nil
        }
        XCTAssertTrue(words.contains { $0.hasPrefix("In-app latency by gesture") }, "\(words)")
        XCTAssertTrue(words.contains("50+") && words.contains("scroll") && words.contains("tap"), "\(words)")
    }

    /// The feel lab's review: a base stretch after four drags at +50 ms read p50 79.1 while base's
    /// own frames were p50 31.7. Every settings change starts the figures afresh; each side of a
    /// flipped pair is read over its own frames; latency added on purpose is not counted.
    func testTheFiguresStartAfreshAtEverySettingsChangeAndAAndBAreReadSideBySide() {
        var m = monitor()
        for _ in 0..<4 { m.record(latency: .milliseconds(30), gesture: "scroll", settings: "base") }
        XCTAssertEqual(m.latencyLine, "in-app p50 30.0 · p99 30.0 ms")
        // A flip to lat50: +50 ms added on purpose.
        m.startSettings(added: .milliseconds(50))
        XCTAssertEqual(m.latencyLine, "in-app: no input yet (+50 not counted)")
        for _ in 0..<4 { m.record(latency: .milliseconds(82), gesture: "scroll", settings: "lat50") }
        XCTAssertEqual(m.latencyLine, "in-app p50 32.0 · p99 32.0 ms (+50 not counted)")
        XCTAssertEqual(m.histograms.first?.counts[5], 4, "binned net of the added 50 ms: 32 ms, in 25–33")
        XCTAssertEqual(m.histogramTitle, ["In-app latency by gesture (ms, last 4)", "under lat50; +50 ms added on purpose, not counted"])
        XCTAssertEqual(m.comparison(pair: ("base", "lat50"), live: "lat50"), ["A base: p50 30.0 · p99 30.0 ms (4)", "B lat50: p50 32.0 · p99 32.0 ms (4)"])
        // Back to base: its figures never pool lat50's frames.
        m.startSettings(added: .zero)
        m.record(latency: .milliseconds(31), gesture: "scroll", settings: "base")
        XCTAssertEqual(m.latencyLine, "in-app p50 31.0 · p99 31.0 ms")
        XCTAssertEqual(m.comparison(pair: ("base", "lat50"), live: "base"), ["A base: p50 31.0 · p99 31.0 ms (1)", "B lat50: p50 32.0 · p99 32.0 ms (4)"])
        XCTAssertEqual(m.comparison(pair: ("base", nil), live: "base"), [], "no pair, no comparison")
    }
}
