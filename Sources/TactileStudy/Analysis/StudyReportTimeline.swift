import Foundation

/// The HTML report's timeline per participant: one row per variant block on the block's clock
/// (its video's), with the task spans coloured by outcome, the frustration signals below and the
/// markers and notes above, each with its words on hover; a legend says which is which.
extension StudyReport {
    /// Sizes of a timeline row (CSS pixels).
    struct TimelineGeometry {
        var width = 900.0, labelWidth = 150.0, height = 58.0
        var markerTop = 4.0, markerSize = 10.0, spanTop = 18.0, spanHeight = 18.0, signalTop = 40.0, signalSize = 8.0, axisY = 54.0
        var plotWidth: Double { width - labelWidth - 10 }
    }

    /// Colours of the timeline's marks.
    enum TimelineColour {
        static let completed = "#3a8f5c", notCompleted = "#c0504d", open = "#999", signal = "#e08a00", marker = "#7a4fc9", note = "#2b7bb9"
    }

    /// The section: a heading, the legend, and each participant's rows ("" without blocks).
    func timelinesHTML() -> String {
        let participants = results.participants.filter { !$0.blocks.isEmpty }
        guard !participants.isEmpty else { return "" }
        var out = [
            "<h2>Timelines</h2>",
            "<p>Each variant block on its own clock, which is its video's (seek there to see the moment). Hover a mark for its words.</p>",
            legendHTML(),
        ]
        for p in participants {
            out.append("<h3>\(Self.escape(p.name))</h3>")
            for b in p.blocks { out.append(rowHTML(p, b)) }
        }
        return out.joined(separator: "\n")
    }

    private func legendHTML() -> String {
        let c = TimelineColour.self
        func item(_ svg: String, _ label: String) -> String {
            "<span class=\"legend-item\"><svg width=\"16\" height=\"14\" aria-hidden=\"true\">\(svg)</svg> \(label)</span>"
        }
        return "<p class=\"legend\">"
            + [
                item("<rect x=\"1\" y=\"3\" width=\"14\" height=\"9\" fill=\"\(c.completed)\"/>", "task completed"),
                item("<rect x=\"1\" y=\"3\" width=\"14\" height=\"9\" fill=\"\(c.notCompleted)\"/>", "task not completed (skipped, failed, timed out)"),
                item("<rect x=\"1\" y=\"3\" width=\"14\" height=\"9\" fill=\"\(c.open)\"/>", "task left open"),
                item("<path d=\"M8 4 L13 12 L3 12 Z\" fill=\"\(c.signal)\"/>", "frustration signal"),
                item("<path d=\"M8 2 L14 8 L8 14 L2 8 Z\" fill=\"\(c.marker)\"/>", "marker"),
                item("<path d=\"M8 2 L14 8 L8 14 L2 8 Z\" fill=\"\(c.note)\"/>", "note"),
            ].joined(separator: " ") + "</p>"
    }

    private func rowHTML(_ p: StudyResults.Participant, _ b: StudyResults.Block) -> String {
        let g = TimelineGeometry(), c = TimelineColour.self, line = b.timeline
        let end = max(1, line.end, line.spans.compactMap(\.ended).max() ?? 0, line.markers.compactMap(\.t).max() ?? 0)
        func x(_ t: Double) -> Double { g.labelWidth + min(max(t, 0), end) / end * g.plotWidth }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var svg: [String] = [
            "<text x=\"0\" y=\"\(f(g.spanTop + 13))\" class=\"row-label\">block \(b.part) · \(Self.escape(b.variant))</text>",
            "<line x1=\"\(f(g.labelWidth))\" y1=\"\(f(g.axisY))\" x2=\"\(f(g.labelWidth + g.plotWidth))\" y2=\"\(f(g.axisY))\" stroke=\"#bbb\"/>",
        ]
        // Ticks at a round step, at most about eight.
        let step = [1.0, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600].first { end / $0 <= 8 } ?? 3600
        var tick = 0.0
        while tick <= end + 1e-9 {
            svg.append("<line x1=\"\(f(x(tick)))\" y1=\"\(f(g.axisY - 3))\" x2=\"\(f(x(tick)))\" y2=\"\(f(g.axisY))\" stroke=\"#bbb\"/>")
            svg.append(
                "<text x=\"\(f(x(tick) + 2))\" y=\"\(f(g.axisY + 11))\" class=\"tick\">\(Self.clock(tick).replacingOccurrences(of: ".0", with: ""))</text>")
            tick += step
        }
        for s in line.spans {
            let to = s.ended ?? end
            let colour = s.ended == nil ? c.open : s.outcome == "completed" ? c.completed : c.notCompleted
            let words = "\(s.task): \(s.outcome ?? "left open") · \(Self.clock(s.began))–\(Self.clock(to))"
            svg.append(
                "<rect class=\"span\" data-task=\"\(Self.escape(s.task))\" x=\"\(f(x(s.began)))\" y=\"\(f(g.spanTop))\" width=\"\(f(max(2, x(to) - x(s.began))))\" "
                    + "height=\"\(f(g.spanHeight))\" fill=\"\(colour)\" rx=\"3\"><title>\(Self.escape(words))</title></rect>")
            if x(to) - x(s.began) > 60 {
                svg.append("<text x=\"\(f(x(s.began) + 4))\" y=\"\(f(g.spanTop + 13))\" class=\"span-label\">\(Self.escape(s.task))</text>")
            }
        }
        for s in line.signals {
            let cx = x(s.t), top = g.signalTop, size = g.signalSize
            svg.append(
                "<path class=\"signal\" data-kind=\"\(Self.escape(s.kind))\" d=\"M\(f(cx)) \(f(top)) L\(f(cx + size / 2)) \(f(top + size)) L\(f(cx - size / 2)) \(f(top + size)) Z\" "
                    + "fill=\"\(c.signal)\"><title>\(Self.escape(Self.signalName(s.kind) + " · " + Self.clock(s.t)))</title></path>")
        }
        for m in line.markers {
            guard let t = m.t else { continue }
            let cx = x(t), r = g.markerSize / 2, cy = g.markerTop + r
            let words = "\(Self.clock(t)) · \(m.category)\(m.note.map { ": " + $0 } ?? "") (\(m.source))"
            svg.append(
                "<path class=\"marker\" data-category=\"\(Self.escape(m.category))\" d=\"M\(f(cx)) \(f(cy - r)) L\(f(cx + r)) \(f(cy)) L\(f(cx)) \(f(cy + r)) L\(f(cx - r)) \(f(cy)) Z\" "
                    + "fill=\"\(m.category == "note" ? c.note : c.marker)\"><title>\(Self.escape(words))</title></path>")
        }
        return "<svg class=\"timeline\" data-participant=\"\(Self.escape(p.name))\" data-part=\"\(Self.escape(b.folder))\" width=\"\(f(g.width))\" "
            + "height=\"\(f(g.height + 12))\" role=\"img\" aria-label=\"\(Self.escape("\(p.name) block \(b.part) (\(b.variant))"))\">" + svg.joined() + "</svg>"
    }
}
