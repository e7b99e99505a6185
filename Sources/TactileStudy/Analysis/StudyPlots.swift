import Foundation
import TactileCore
import TactileMedia
import TactileHeadless
import TactileUI

/// The study report's plots, drawn with our own draw lists and renderer into PNGs: bars with
/// 95 % error bars (success, time, SEQ per task and variant; SUS per variant) and the time
/// distribution of each task (every completed attempt a dot, the geometric mean a bar).
public struct StudyPlots {
    /// A plot's size in points, its pixels per point, and its margins.
    public struct Look: Sendable {
        public var width = 720.0, height = 300.0, scale = 2.0
        public var left = 64.0, right = 16.0, top = 40.0, bottom = 36.0
        public var titleFont = Font(size: 15, weight: .semibold), labelFont = Font(size: 11, weight: .regular)
        public var barGap = 4.0, groupGap = 0.3, whisker = 5.0, dot = 3.0
        /// The variants' colours, in the study's order.
        public var palette: [Color] = [
            Color(hex: 0x4C78A8), Color(hex: 0xF58518), Color(hex: 0x54A24B), Color(hex: 0xB279A2), Color(hex: 0x9D755D), Color(hex: 0xE45756),
        ]
        public init() {}
    }

    let report: StudyReport
    let look: Look
    let raster: RasterCanvas
    var measurer: TextMeasurer { raster.measurer }

    public init(_ report: StudyReport, look: Look = Look()) throws {
        self.report = report; self.look = look
        raster = try RasterCanvas(scale: look.scale)
    }

    /// Every plot, titled, as PNG data.
    public func all() throws -> [(title: String, png: Data)] {
        var out: [(String, Data)] = []
        let tasks = report.tasks, variants = report.results.variants
        func estimates(_ pick: (StudyReport.Cell) -> StudyReport.Estimate?) -> [[StudyReport.Estimate?]] {
            tasks.map { t in variants.map { v in report.cell(t, v).flatMap(pick) } }
        }
        // A plot with nothing on it is left out (a participant stopped in their first task).
        guard !report.cells.isEmpty else { return [] }
        out.append(
            (
                "Success rate by task (95 % adjusted-Wald interval)",
                try png(
                    bars(
                        title: "Success rate by task", groups: tasks, values: estimates { $0.success }, maximum: 1, format: { "\(Int(($0 * 100).rounded())) %" }
                    ))
            ))
        let times = estimates { $0.time }
        let longest = times.flatMap { $0 }.compactMap { $0?.high }.max() ?? 1
        if report.cells.contains(where: { !$0.times.isEmpty }) {
            out.append(
                (
                    "Time on task of successes, geometric mean (95 % interval)",
                    try png(
                        bars(
                            title: "Time on task (s), geometric mean", groups: tasks, values: times, maximum: Self.niceCeiling(longest),
                            format: { String(format: "%.0f", $0) }))
                ))
            out.append(
                (
                    "Time on task, every completed attempt",
                    try png(
                        strips(
                            title: "Time on task (s), every completed attempt", groups: tasks,
                            values: tasks.map { t in variants.map { v in report.cell(t, v)?.times ?? [] } }))
                ))
        }
        if report.cells.contains(where: { $0.seq != nil }) {
            out.append(
                (
                    "Single Ease Question by task (95 % interval)",
                    try png(
                        bars(
                            title: "SEQ (1 very difficult … 7 very easy), each dot a participant", groups: tasks, values: estimates { $0.seq },
                            maximum: 7, format: { String(format: "%.0f", $0) }, minimum: 1, ticks: Array(1...7).map(Double.init),
                            points: tasks.map { t in variants.map { v in seqAnswers(task: t, variant: v) } }))
                ))
        }
        if report.susByVariant.contains(where: { $0.n > 0 }) {
            out.append(
                (
                    "System Usability Scale by variant (95 % interval)",
                    try png(
                        bars(
                            title: "SUS (0–100), each dot a participant", groups: ["SUS"], values: [report.susByVariant.map(\.estimate)],
                            maximum: 100, format: { String(format: "%.0f", $0) },
                            points: [report.susByVariant.map { s in susScores(variant: s.variant) }]))
                ))
        }
        return out
    }

    /// Each counted participant's SEQ answer for `task` under `variant` (their last, as the report's).
    func seqAnswers(task: String, variant: String) -> [Double] {
        report.results.participants.flatMap { p in
            p.blocks.filter { $0.variant == variant }.compactMap { b in
                p.answers.last { $0.part == b.part && $0.questionnaire == "seq" && $0.task == task }.map { Double($0.value) }
            }
        }
    }

    /// Each counted participant's SUS score under `variant`.
    func susScores(variant: String) -> [Double] {
        report.results.participants.compactMap { p in p.scores.last { $0.variant == variant && $0.questionnaire == "sus" }?.score }
    }

    /// 1, 2, 5 × a power of ten at or above `v`.
    static func niceCeiling(_ v: Double) -> Double {
        guard v > 0 else { return 1 }
        let power = pow(10, floor(log10(v)))
        for step in [1.0, 2, 5, 10] where step * power >= v { return step * power }
        return 10 * power
    }

    private var plot: Rect { Rect(x: look.left, y: look.top, width: look.width - look.left - look.right, height: look.height - look.top - look.bottom) }

    private func color(_ variant: Int) -> Color { look.palette[variant % look.palette.count] }

    /// The frame every plot shares: title, y axis from `minimum` to `maximum` with a line at
    /// each of `ticks` (five evenly spaced when nil), the legend. A rating scale passes its own
    /// range and points (SEQ: 1 … 7, a tick on each integer), so no tick falls between answers.
    private func axes(_ list: inout DrawList, title: String, maximum: Double, format: (Double) -> String, minimum: Double = 0, ticks: [Double]? = nil) {
        let ink = Color(hex: 0x222222), grid = Color(hex: 0xDDDDDD)
        list.add(.fillRect(Rect(x: 0, y: 0, width: look.width, height: look.height), .white, cornerRadius: 0))
        list.add(.text(TextRun(title, in: Rect(x: look.left, y: 8, width: plot.width, height: 22), font: look.titleFont, color: ink, alignment: .leading)))
        let marks = ticks ?? (0...4).map { minimum + (maximum - minimum) * Double($0) / 4 }
        for (i, v) in marks.enumerated() {
            let y = plot.maxY - plot.height * (v - minimum) / max(1e-9, maximum - minimum)
            list.add(.line(from: Point(x: plot.x, y: y), to: Point(x: plot.maxX, y: y), i == 0 ? ink : grid, width: 1))
            list.add(
                .text(TextRun(format(v), in: Rect(x: 0, y: y - 8, width: look.left - 8, height: 16), font: look.labelFont, color: ink, alignment: .trailing)))
        }
        var x = plot.maxX
        for (i, v) in report.results.variants.enumerated().reversed() {
            let w = measurer.measure(v, font: look.labelFont).width
            x -= w + 4
            list.add(.text(TextRun(v, in: Rect(x: x, y: 12, width: w + 4, height: 16), font: look.labelFont, color: ink, alignment: .leading)))
            x -= 14
            list.add(.fillRect(Rect(x: x, y: 16, width: 10, height: 10), color(i), cornerRadius: 2))
            x -= 10
        }
    }

    private func groupLabel(_ list: inout DrawList, _ label: String, in slot: Rect) {
        list.add(
            .text(
                TextRun(
                    measurer.truncate(label, font: look.labelFont, toWidth: slot.width), in: Rect(x: slot.x, y: plot.maxY + 6, width: slot.width, height: 16),
                    font: look.labelFont, color: Color(hex: 0x222222), alignment: .center)))
    }

    /// Bars per group and variant, with whiskers from each interval's low to high.
    /// Bars rise from `minimum` (a rating scale's lowest point: an SEQ bar from 1, not 0).
    /// `points`: each participant's own value, per group and variant, drawn as dots over the bar
    /// (equal answers side by side), so a mean of four people shows the four.
    func bars(
        title: String, groups: [String], values: [[StudyReport.Estimate?]], maximum: Double, format: (Double) -> String, minimum: Double = 0,
        ticks: [Double]? = nil, points: [[[Double]]]? = nil
    ) -> DrawList {
        var list = DrawList()
        axes(&list, title: title, maximum: maximum, format: format, minimum: minimum, ticks: ticks)
        let slot = plot.width / Double(max(1, groups.count))
        let variants = max(1, values.first?.count ?? 1)
        let barWidth = (slot * (1 - look.groupGap) - look.barGap * Double(variants - 1)) / Double(variants)
        func y(_ v: Double) -> Double { plot.maxY - plot.height * min(1, max(0, (v - minimum) / max(1e-9, maximum - minimum))) }
        for (g, group) in groups.enumerated() {
            let x0 = plot.x + Double(g) * slot + slot * look.groupGap / 2
            groupLabel(&list, group, in: Rect(x: plot.x + Double(g) * slot, y: 0, width: slot, height: 0))
            for (v, e) in values[g].enumerated() {
                guard let e else { continue }
                let x = x0 + Double(v) * (barWidth + look.barGap)
                list.add(.fillRect(Rect(x: x, y: y(e.value), width: barWidth, height: plot.maxY - y(e.value)), color(v), cornerRadius: 0))
                let mid = x + barWidth / 2, ink = Color(hex: 0x222222)
                if let points, g < points.count, v < points[g].count {
                    // Equal answers side by side, centred on the bar, a dot's width apart.
                    var seen: [Double: Int] = [:]
                    let counts = Dictionary(points[g][v].map { ($0, 1) }, uniquingKeysWith: +)
                    for value in points[g][v].sorted() {
                        let k = seen[value, default: 0], n = counts[value] ?? 1
                        seen[value] = k + 1
                        let dx = (Double(k) - Double(n - 1) / 2) * look.dot * 2.6
                        list.add(.fillCircle(center: Point(x: mid + dx, y: y(value)), radius: look.dot + 1, .white))
                        list.add(.fillCircle(center: Point(x: mid + dx, y: y(value)), radius: look.dot, ink))
                    }
                }
                if e.high > e.low {
                    list.add(.line(from: Point(x: mid, y: y(e.low)), to: Point(x: mid, y: y(e.high)), ink, width: 1.5))
                    for end in [e.low, e.high] {
                        list.add(.line(from: Point(x: mid - look.whisker, y: y(end)), to: Point(x: mid + look.whisker, y: y(end)), ink, width: 1.5))
                    }
                }
            }
        }
        return list
    }

    /// Dots per group and variant (spread sideways so that equal times do not hide each other),
    /// with the geometric mean as a bar across them; a log-free linear axis from 0.
    func strips(title: String, groups: [String], values: [[[Double]]]) -> DrawList {
        var list = DrawList()
        let maximum = Self.niceCeiling(values.flatMap { $0.flatMap { $0 } }.max() ?? 1)
        axes(&list, title: title, maximum: maximum, format: { String(format: "%.0f", $0) })
        let slot = plot.width / Double(max(1, groups.count))
        let variants = max(1, values.first?.count ?? 1)
        let lane = slot * (1 - look.groupGap) / Double(variants)
        func y(_ v: Double) -> Double { plot.maxY - plot.height * min(1, max(0, v / maximum)) }
        for (g, group) in groups.enumerated() {
            let x0 = plot.x + Double(g) * slot + slot * look.groupGap / 2
            groupLabel(&list, group, in: Rect(x: plot.x + Double(g) * slot, y: 0, width: slot, height: 0))
            for (v, times) in values[g].enumerated() {
                let centre = x0 + (Double(v) + 0.5) * lane
                for (i, t) in times.sorted().enumerated() {
                    // A fixed spread (golden-ratio steps), the same in every run.
                    let offset = ((Double(i) * 0.618_033_988_75).truncatingRemainder(dividingBy: 1) - 0.5) * lane * 0.6
                    list.add(.fillCircle(center: Point(x: centre + offset, y: y(t)), radius: look.dot, color(v).opacity(0.75)))
                }
                if let g = Statistics.geometricMean(times.filter { $0 > 0 }) {
                    list.add(
                        .line(
                            from: Point(x: centre - lane * 0.4, y: y(g.value)), to: Point(x: centre + lane * 0.4, y: y(g.value)), Color(hex: 0x222222), width: 2
                        ))
                }
            }
        }
        return list
    }

    /// A draw list rendered at the look's scale, as PNG data.
    func png(_ list: DrawList) throws -> Data {
        try ImageCodec.encodePNG(raster.render(list, size: Size(width: look.width, height: look.height), clearColor: .white))
    }
}
