import TactileCore
import TactileEditor
import TactileUI

/// The frame loop monitor: a small panel reading frames per second, graphs of the recent
/// frames' intervals (against the 16.7 ms of a 60 Hz display), run times and input events, and
/// the input-to-present latency of the recent input frames (with their p50 and p99), and what
/// the loop is waiting for next ("waiting for: playback in 16.7 ms", or input when idle).
///
/// The host records every editor frame it runs and every input frame's latency once presented;
/// the monitor keeps the last `configuration.monitorHistory` of each. It reads no clock: times
/// are passed in.
public struct FrameMonitor: Sendable {
    /// One frame the host ran.
    public struct Frame: Hashable, Sendable {
        /// When the frame ran.
        public var time: Time
        /// How long after the frame before it (nil for the first frame recorded).
        public var interval: Time?
        /// How long the editor took to run it.
        public var duration: Time
        /// How many input events it handled.
        public var events: Int
        /// Whether the loop had nothing scheduled before it, so that its interval is time spent
        /// asleep waiting for input rather than a late frame.
        public var followsIdle: Bool
    }

    /// The recorded frames, oldest first, at most `configuration.monitorHistory`.
    public private(set) var frames: [Frame] = []
    /// Who asked for the next frame, as the last recorded frame left it.
    public private(set) var waitingFor: String?
    /// When the next frame is due, nil when the loop waits for input.
    public private(set) var nextDue: Time?
    /// The in-app latency of the recent input frames, oldest first.
    public private(set) var latencies: [Time] = []
    /// The gesture each of `latencies` served ("scroll", "tap", "touch" while undecided…).
    public private(set) var gestures: [String] = []
    /// The times of the frames within a second of the newest, for the frame rate.
    private var lastSecond: [Time] = []
    /// The settings the recent latencies were measured under ("base", "base (tuned, unsaved)",
    /// "tuned-1"): the latencies start afresh at every settings change, never pooled.
    public private(set) var settingsLabel = ""
    /// The latency held back on purpose (`feel.addedLatency`): taken off every figure, and said.
    public private(set) var added = Time.zero
    /// The last stretch of latencies measured under each earlier settings, by label: what the
    /// A | B comparison reads for the side not live.
    public private(set) var earlier: [String: [Time]] = [:]
    /// How many recent frames it keeps (`overlays.monitorHistory`).
    public let history: Int

    /// The interval of a 60 Hz display: the guide in the interval graph.
    public static let displayInterval = Time.frame(atRate: 60)

    public init(configuration: TactileConfiguration.Overlays) {
        history = max(1, configuration.monitorHistory)
    }

    /// Records a frame the host ran at `time`, taking `duration` and handling `events` input
    /// events, after which the frame loop waits for `nextDue` (asked for by `waitingFor`), or
    /// for input when `nextDue` is nil (`FrameLoop.nextDue()`).
    public mutating func record(frameAt time: Time, duration: Time, events: Int, waitingFor reason: String?, nextDue due: Time?) {
        let previous = frames.last
        frames.append(
            Frame(
                time: time, interval: previous.map { time - $0.time }, duration: duration, events: max(0, events),
                followsIdle: previous != nil && self.nextDue == nil))
        if frames.count > history { frames.removeFirst(frames.count - history) }
        lastSecond.append(time)
        lastSecond.removeAll { time - $0 >= .seconds(1) }
        waitingFor = reason
        nextDue = due
    }

    /// The settings changed (a slider, a flip, a reload): the latencies start afresh, less
    /// `added` (the added latency in force); the stretch before is kept, under its settings'
    /// name, for A | B.
    public mutating func startSettings(added: Time) {
        if !latencies.isEmpty { earlier[settingsLabel] = latencies }
        latencies = []
        gestures = []
        self.added = max(.zero, added)
    }

    /// Records the input-to-present latency of an input frame whose picture was presented (less
    /// the added latency: what the program itself took), made under the settings named `settings`
    /// (a save names the same settings anew: the stretch goes on under the new name).
    public mutating func record(latency: Time, gesture: String = "?", settings: String? = nil) {
        if let settings { settingsLabel = settings }
        latencies.append(max(.zero, latency - added))
        gestures.append(gesture)
        if latencies.count > history { latencies.removeFirst(latencies.count - history) }
        if gestures.count > history { gestures.removeFirst(gestures.count - history) }
    }

    /// The recent input frames' in-app latencies counted into `LatencyHistogram.bins`, per
    /// gesture, the most frequent gesture first.
    public var histograms: [(gesture: String, counts: [Int])] {
        let byGesture = Dictionary(grouping: zip(gestures, latencies), by: \.0)
        return byGesture.map { ($0.key, LatencyHistogram.counts($0.value.map { $0.1.seconds * 1000 })) }
            .sorted { $0.1.reduce(0, +) > $1.1.reduce(0, +) || ($0.1.reduce(0, +) == $1.1.reduce(0, +) && $0.0 < $1.0) }
    }

    /// "In-app latency by gesture (ms, last 24)", and under it "under base; +50.0 ms added, not
    /// counted" when the settings are named or add latency.
    public var histogramTitle: [String] {
        let under = settingsLabel.isEmpty ? nil : "under \(settingsLabel)"
        let net = added > .zero ? "+\(OverlayNumber.fixed(added.seconds * 1000, decimals: 0)) ms added on purpose, not counted" : nil
        let second = [under, net].compactMap { $0 }.joined(separator: "; ")
        return ["In-app latency by gesture (ms, last \(latencies.count))"] + (second.isEmpty ? [] : [second])
    }

    /// The height `drawHistograms` takes.
    public func histogramHeight(theme: Theme) -> Double {
        let rows = histograms.count
        guard rows > 0 else { return 0 }
        let m = theme.metrics.overlays, line = theme.captionFont.size * m.arenaLineHeight
        return Double(1 + histogramTitle.count) * line + Double(rows) * (line * m.histogramRow + m.monitorBarGap * 2)
    }

    /// Draws the histograms into the lab panel at `origin`, `width` wide: a line of bin labels,
    /// then a row a gesture of bars as tall as the bin's share; returns the height used.
    public func drawHistograms(into list: inout DrawList, origin: Point, width: Double, theme: Theme) -> Double {
        let m = theme.metrics.overlays, font = theme.captionFont, line = font.size * m.arenaLineHeight
        let rows = histograms
        guard !rows.isEmpty else { return 0 }
        var y = origin.y
        for (i, title) in histogramTitle.enumerated() {
            list.add(
                .text(
                    TextRun(
                        title, in: Rect(x: origin.x, y: y, width: width, height: line), font: i == 0 ? theme.clipFont : font,
                        color: i == 0 ? theme.textPrimary : theme.textSecondary, alignment: .leading)))
            y += line
        }
        let label = m.monitorLabelWidth, cells = Double(LatencyHistogram.bins.count)
        let cell = (width - label) / cells
        // Each bin's lower edge over its bar (the last bin is open).
        for (i, text) in LatencyHistogram.edges.enumerated() {
            list.add(
                .text(
                    TextRun(
                        text, in: Rect(x: origin.x + label + Double(i) * cell + m.monitorBarGap, y: y, width: cell, height: line), font: font,
                        color: theme.textSecondary, alignment: .leading)))
        }
        y += line
        for (gesture, counts) in rows {
            let total = max(1, counts.reduce(0, +))
            list.add(
                .text(
                    TextRun(
                        gesture, in: Rect(x: origin.x, y: y, width: label, height: line * m.histogramRow), font: font, color: theme.textSecondary,
                        alignment: .leading)
                ))
            for (i, n) in counts.enumerated() where n > 0 {
                let h = line * m.histogramRow * Double(n) / Double(total)
                // A bin that reaches past a refresh holds late frames.
                let upper = i + 1 < LatencyHistogram.bins.count ? LatencyHistogram.bins[i + 1] : .infinity
                let late = upper > Self.displayInterval.seconds * 1000
                list.add(
                    .fillRect(
                        Rect(
                            x: origin.x + label + Double(i) * cell + m.monitorBarGap, y: y + line * m.histogramRow - h, width: cell - 2 * m.monitorBarGap,
                            height: h),
                        late ? theme.warning : theme.accent, cornerRadius: 0))
            }
            y += line * m.histogramRow + m.monitorBarGap * 2
        }
        return y - origin.y
    }

    /// "in-app p50 4.1 · p99 9.8 ms" over the recent input frames: the in-app latency, from
    /// reading the event from the queue to the present returning (what the program itself can
    /// see; not the panel's scan-out or the touch controller); "in-app: no input yet" before any.
    public var latencyLine: String {
        let net = added > .zero ? " (+\(OverlayNumber.fixed(added.seconds * 1000, decimals: 0)) not counted)" : ""
        guard let figures = Self.figures(latencies) else { return "in-app: no input yet" + net }
        return "in-app \(figures) ms" + net
    }

    /// "p50 4.1 · p99 9.8" over `latencies`, nil when there are none.
    public static func figures(_ latencies: [Time]) -> String? {
        let p = Percentiles(latencies.map(\.seconds))
        guard let p50 = p.p50, let p99 = p.p99 else { return nil }
        return "p50 \(milliseconds(.seconds(p50))) · p99 \(milliseconds(.seconds(p99)))"
    }

    /// ["A base: p50 31.7 · p99 40.2 ms (24)", "B tuned-1: p50 …"]: each side of an A/B `pair`
    /// over its latest stretch (the live one's own frames, the other's last stretch), a line
    /// each; empty without a B.
    public func comparison(pair: (a: String, b: String?), live: String) -> [String] {
        guard let b = pair.b else { return [] }
        func side(_ letter: String, _ name: String) -> String {
            let mine = name == live ? latencies : earlier[name] ?? []
            return "\(letter) \(name): " + (Self.figures(mine).map { "\($0) ms (\(mine.count))" } ?? "no input yet")
        }
        return [side("A", pair.a), side("B", b)]
    }

    /// What "in-app" measures, under the figure.
    public static let latencyScope = "in-app = event queue → present"

    /// How many frames ran in the second up to `now`.
    public func framesPerSecond(at now: Time) -> Int {
        lastSecond.filter { $0 <= now && now - $0 < .seconds(1) }.count
    }

    /// "waiting for: <reason> in <ms> ms" counting from `now`, or "waiting for: input (idle)"
    /// when nothing is scheduled.
    public func waitingLine(at now: Time) -> String {
        guard let due = nextDue else { return "waiting for: input (idle)" }
        let left = due < now ? .zero : due - now
        return "waiting for: \(waitingFor ?? "a frame") in \(Self.milliseconds(left)) ms"
    }

    /// Where the panel goes: in the top-left corner, `top` points down (pass the top of the
    /// canvas, `EditorLayout.canvas.minY`, to keep the title bar clear). Sized by the theme's
    /// caption font, so it grows with `--ui-scale`. With `wide` (in the lab panel) it takes the
    /// whole width less the insets.
    public static func panelFrame(viewport: Size, top: Double, theme: Theme, wide: Bool = false) -> Rect {
        let m = theme.metrics.overlays, k = theme.captionFont.size / m.monitorDesignCaption
        let room = viewport.width - 2 * m.monitorInset * k
        return Rect(x: m.monitorInset * k, y: top + m.monitorInset * k, width: wide ? room : min(m.monitorWidth * k, room), height: m.monitorHeight * k)
    }

    /// Draws the panel into the top layer of `list`, reading the frame rate and the wait at `now`.
    /// - Parameters:
    ///   - viewport: the size of the screen in points.
    ///   - top: how far down the panel may start (see `panelFrame`).
    public func draw(into list: inout DrawList, now: Time, viewport: Size, top: Double = 0, theme: Theme, wide: Bool = false) {
        let panel = Self.panelFrame(viewport: viewport, top: top, theme: theme, wide: wide)
        let m = theme.metrics.overlays, k = theme.captionFont.size / m.monitorDesignCaption, pad = m.monitorPadding * k
        list.inLayer(.topmost) { list in
            list.add(.fillRect(panel, Color.black.opacity(0.72), cornerRadius: m.monitorRadius * k))
            var rest = panel.insetBy(dx: pad, dy: pad)
            let rate = rest.sliceTop(m.monitorRateHeight * k)
            list.add(.text(TextRun("\(framesPerSecond(at: now)) fps", in: rate.slice, font: theme.clipFont, color: theme.textPrimary, alignment: .leading)))
            rest = rate.rest

            for row in graphRows(theme: theme) {
                let slice = rest.sliceTop(m.monitorRowHeight * k)
                rest = slice.rest
                let line = slice.slice.sliceTop(m.monitorGraphHeight * k).slice
                let label = Rect(x: line.x, y: line.y, width: m.monitorLabelWidth * k, height: line.height)
                list.add(
                    .text(
                        TextRun(row.name, in: label.sliceTop(line.height / 2).slice, font: theme.captionFont, color: theme.textSecondary, alignment: .leading)))
                list.add(
                    .text(
                        TextRun(
                            row.latest, in: label.sliceBottom(line.height / 2).slice, font: theme.captionFont, color: theme.textPrimary, alignment: .leading)))
                let graph = Rect(x: label.maxX + m.monitorLabelGap * k, y: line.y, width: line.maxX - label.maxX - m.monitorLabelGap * k, height: line.height)
                drawGraph(into: &list, in: graph, row: row, theme: theme)
            }
            list.add(
                .text(
                    TextRun(
                        latencyLine, in: rest.sliceTop(m.monitorWaitingHeight * k).slice, font: theme.captionFont, color: theme.textPrimary, alignment: .leading
                    )))
            rest = rest.sliceTop(m.monitorWaitingHeight * k).rest
            list.add(
                .text(
                    TextRun(
                        Self.latencyScope, in: rest.sliceTop(m.monitorWaitingHeight * k).slice, font: theme.captionFont, color: theme.textSecondary,
                        alignment: .leading)))
            rest = rest.sliceTop(m.monitorWaitingHeight * k).rest
            list.add(
                .text(
                    TextRun(
                        waitingLine(at: now), in: rest.sliceTop(m.monitorWaitingHeight * k).slice, font: theme.captionFont, color: theme.textPrimary,
                        alignment: .leading)))
        }
    }

    /// One graph of the panel: its name, the latest frame's figure, a value a frame (in the
    /// graph's unit), the value at the top, an optional guide and each frame's bar colour.
    private struct GraphRow {
        public var name: String
        public var latest: String
        public var values: [Double]
        public var scale: Double
        public var guide: Double?
        /// The colour of the bar of value `i`.
        public var color: (Int) -> Color
    }

    /// Interval (scaled to three 60 Hz frames, guide at one), run time (scaled to the longest),
    /// input events (at least 4 at the top) and latency (one bar an input frame, scaled to three
    /// 60 Hz frames or the longest, guide at one).
    private func graphRows(theme: Theme) -> [GraphRow] {
        let budget = Self.displayInterval.seconds, late = Self.displayInterval + .milliseconds(1)
        let intervals = frames.map { $0.interval?.seconds ?? 0 }, runTimes = frames.map(\.duration.seconds)
        let events = frames.map { Double($0.events) }
        return [
            GraphRow(
                name: "interval", latest: frames.last?.interval.map { Self.milliseconds($0) + " ms" } ?? "–",
                values: intervals, scale: 3 * budget, guide: budget,
                color: { i in frames[i].followsIdle ? theme.textTertiary : (frames[i].interval ?? .zero) > late ? theme.warning : theme.accent }),
            GraphRow(
                name: "run time", latest: frames.last.map { Self.milliseconds($0.duration) + " ms" } ?? "–",
                values: runTimes, scale: max(0.002, runTimes.max() ?? 0), guide: nil,
                color: { i in frames[i].duration > Self.displayInterval ? theme.danger : theme.accent }),
            GraphRow(
                name: "events", latest: frames.last.map { "\($0.events)" } ?? "–",
                values: events, scale: max(4, events.max() ?? 0), guide: nil, color: { _ in theme.textSecondary }),
            GraphRow(
                name: "in-app", latest: latencies.last.map { Self.milliseconds($0) + " ms" } ?? "–",
                values: latencies.map(\.seconds), scale: max(3 * budget, latencies.map(\.seconds).max() ?? 0), guide: budget,
                color: { i in latencies[i] > late ? theme.warning : theme.accent }),
        ]
    }

    /// One bar a frame, the newest at the right; a bar taller than the row's scale stops at the top.
    private func drawGraph(into list: inout DrawList, in frame: Rect, row: GraphRow, theme: Theme) {
        list.add(.fillRect(frame, Color.white.opacity(0.07), cornerRadius: 0))
        let slot = frame.width / Double(history)
        let m = theme.metrics.overlays
        let barWidth = slot >= m.monitorBarGapFrom ? slot - m.monitorBarGap : slot
        for (i, value) in row.values.enumerated() where value > 0 {
            let height = min(1, value / row.scale) * frame.height
            let x = frame.maxX - Double(row.values.count - i) * slot
            list.add(.fillRect(Rect(x: x, y: frame.maxY - height, width: barWidth, height: height), row.color(i), cornerRadius: 0))
        }
        if let guide = row.guide {
            let y = frame.maxY - min(1, guide / row.scale) * frame.height
            list.add(.line(from: Point(x: frame.minX, y: y), to: Point(x: frame.maxX, y: y), theme.textPrimary.opacity(0.7), width: m.monitorGuideLine))
        }
    }

    /// A duration in milliseconds: one decimal under 100 ms, whole milliseconds above.
    public static func milliseconds(_ t: Time) -> String {
        let ms = t.seconds * 1000
        return OverlayNumber.fixed(ms, decimals: ms < 99.95 ? 1 : 0)
    }
}
