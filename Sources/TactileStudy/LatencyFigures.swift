import Foundation
import TactileCore

/// A session's input-to-present latency as `tactile report` gives it, from its `latency.jsonl`:
/// p50, p95 and p99 over every input frame and per gesture kind, with the median of each part
/// of the time (waiting, UI pass, rendering, present).
public struct LatencyFigures: Equatable {
    /// The figures of a set of input frames, in milliseconds.
    public struct Row: Equatable {
        public var frames: Int
        public var p50: Double, p95: Double, p99: Double
        /// The medians of the parts.
        public var waiting: Double, ui: Double, render: Double, present: Double
    }

    /// Every input frame of the session.
    public var all: Row
    /// By the gesture the input served ("scroll", "trim", "touch" while undecided…).
    public var byGesture: [String: Row]
    /// Lines that could not be read.
    public var unreadableLines = 0

    /// The figures of a `latency.jsonl` file's text; nil when it holds no input frame.
    public static func read(_ text: String) -> LatencyFigures? {
        struct Sample { var gesture: String; var total, waiting, ui, render, present: Double }
        var samples: [Sample] = [], unreadable = 0
        for line in text.split(separator: "\n") {
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { unreadable += 1; continue }
            if o["kind"] as? String == "clock" { continue }
            func ms(_ k: String) -> Double? { (o[k] as? NSNumber)?.doubleValue }
            guard let total = ms("total"), let waiting = ms("waiting"), let ui = ms("ui"), let render = ms("render"), let present = ms("present") else {
                unreadable += 1
                continue
            }
            samples.append(Sample(gesture: o["gesture"] as? String ?? "?", total: total, waiting: waiting, ui: ui, render: render, present: present))
        }
        func row(_ s: [Sample]) -> Row {
            let t = Percentiles(s.map(\.total))
            func median(_ k: KeyPath<Sample, Double>) -> Double { Percentiles(s.map { $0[keyPath: k] }).p50 ?? 0 }
            return Row(frames: s.count, p50: t.p50 ?? 0, p95: t.p95 ?? 0, p99: t.p99 ?? 0,
                       waiting: median(\.waiting), ui: median(\.ui), render: median(\.render), present: median(\.present))
        }
        guard !samples.isEmpty else { return nil }
        return LatencyFigures(all: row(samples), byGesture: Dictionary(grouping: samples, by: \.gesture).mapValues(row), unreadableLines: unreadable)
    }

    /// The report's Markdown lines.
    var markdown: [String] {
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var out = ["", "Input-to-present latency over \(all.frames) input frame\(all.frames == 1 ? "" : "s"): p50 \(f(all.p50)) ms, p95 \(f(all.p95)) ms, p99 \(f(all.p99)) ms",
                   "", "| Gesture | Input frames | p50 (ms) | p95 (ms) | p99 (ms) | Waiting p50 | UI pass p50 | Rendering p50 | Present p50 |",
                   "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for (name, r) in byGesture.sorted(by: { $0.value.frames > $1.value.frames || ($0.value.frames == $1.value.frames && $0.key < $1.key) }) {
            out.append("| \(name) | \(r.frames) | \(f(r.p50)) | \(f(r.p95)) | \(f(r.p99)) | \(f(r.waiting)) | \(f(r.ui)) | \(f(r.render)) | \(f(r.present)) |")
        }
        return out
    }

    /// The figures as JSON.
    var json: JSONValue {
        func row(_ r: Row) -> JSONValue {
            .object([("inputFrames", .number(Double(r.frames))), ("p50", .number(r.p50)), ("p95", .number(r.p95)), ("p99", .number(r.p99)),
                     ("waitingP50", .number(r.waiting)), ("uiPassP50", .number(r.ui)), ("renderingP50", .number(r.render)), ("presentP50", .number(r.present))])
        }
        return .object([("all", row(all)), ("byGesture", .object(byGesture.sorted { $0.key < $1.key }.map { ($0.key, row($0.value)) }))])
    }
}
