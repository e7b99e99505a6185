import Foundation
import TactileCore

/// A session's input-to-present latency as `tactile report` gives it, from its `latency.jsonl`:
/// p50, p95 and p99 over every input frame and per gesture kind, with the median of each part
/// of the time (waiting, UI pass, rendering, present); and for sessions that predicted touches
/// (`feel.prediction`), the prediction's error and the lag it hid.
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

    /// How well touches were predicted, in points, at the horizon used (ms).
    public struct Prediction: Equatable {
        public var method: String
        public var predictions: Int
        public var horizonP50: Double
        public var errorMean: Double, errorP95: Double
        /// How far the picture would have lagged behind the finger without prediction.
        public var lagMean: Double, lagP95: Double
    }
    public var prediction: Prediction?

    /// The figures of a `latency.jsonl` file's text; nil when it holds neither an input frame nor
    /// a prediction (a session run headless predicts, but presents nothing to time).
    public static func read(_ text: String) -> LatencyFigures? {
        struct Sample { var gesture: String; var total, waiting, ui, render, present: Double }
        var samples: [Sample] = [], unreadable = 0
        var predictions: [(method: String, horizon: Double, error: Double, lag: Double)] = []
        for line in text.split(separator: "\n") {
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { unreadable += 1; continue }
            func ms(_ k: String) -> Double? { (o[k] as? NSNumber)?.doubleValue }
            if o["kind"] as? String == "clock" { continue }
            if o["kind"] as? String == "prediction" {
                if let h = ms("horizon"), let e = ms("error"), let l = ms("lag") {
                    predictions.append((o["method"] as? String ?? "?", h, e, l))
                } else {
                    unreadable += 1
                }
                continue
            }
            guard let total = ms("total"), let waiting = ms("waiting"), let ui = ms("ui"), let render = ms("render"), let present = ms("present") else {
                unreadable += 1
                continue
            }
            samples.append(Sample(gesture: o["gesture"] as? String ?? "?", total: total, waiting: waiting, ui: ui, render: render, present: present))
        }
        func row(_ s: [Sample]) -> Row {
            let t = Percentiles(s.map(\.total))
            func median(_ k: KeyPath<Sample, Double>) -> Double { Percentiles(s.map { $0[keyPath: k] }).p50 ?? 0 }
            return Row(
                frames: s.count, p50: t.p50 ?? 0, p95: t.p95 ?? 0, p99: t.p99 ?? 0,
                waiting: median(\.waiting), ui: median(\.ui), render: median(\.render), present: median(\.present))
        }
        guard !samples.isEmpty || !predictions.isEmpty else { return nil }
        var figures = LatencyFigures(all: row(samples), byGesture: Dictionary(grouping: samples, by: \.gesture).mapValues(row), unreadableLines: unreadable)
        if !predictions.isEmpty {
            let e = Percentiles(predictions.map(\.error)), l = Percentiles(predictions.map(\.lag))
            figures.prediction = Prediction(
                method: predictions.last!.method, predictions: predictions.count,
                horizonP50: Percentiles(predictions.map(\.horizon)).p50 ?? 0, errorMean: e.mean ?? 0,
                errorP95: e.p95 ?? 0, lagMean: l.mean ?? 0, lagP95: l.p95 ?? 0)
        }
        return figures
    }

    /// The report's Markdown lines.
    var markdown: [String] {
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var out: [String] = []
        if all.frames > 0 {
            out += [
                "",
                "In-app latency (from reading the event off the queue to the present returning; not the touch controller, the kernel or the display's scan-out) over \(all.frames) input frame\(all.frames == 1 ? "" : "s"): p50 \(f(all.p50)) ms, p95 \(f(all.p95)) ms, p99 \(f(all.p99)) ms",
                "", "| Gesture | Input frames | p50 (ms) | p95 (ms) | p99 (ms) | Waiting p50 | UI pass p50 | Rendering p50 | Present p50 |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
            ]
        }
        for (name, r) in byGesture.sorted(by: { $0.value.frames > $1.value.frames || ($0.value.frames == $1.value.frames && $0.key < $1.key) }) {
            out.append("| \(name) | \(r.frames) | \(f(r.p50)) | \(f(r.p95)) | \(f(r.p99)) | \(f(r.waiting)) | \(f(r.ui)) | \(f(r.render)) | \(f(r.present)) |")
        }
        if let p = prediction {
            out += [
                "",
                "Predicted touches (\(p.method), \(p.predictions) predictions, \(f(p.horizonP50)) ms ahead at the median): "
                    + "error \(f(p.errorMean)) pt on average, \(f(p.errorP95)) pt at p95; without prediction the picture would lag the finger by "
                    + "\(f(p.lagMean)) pt on average, \(f(p.lagP95)) pt at p95",
            ]
        }
        return out
    }

    /// The figures as JSON.
    var json: JSONValue {
        func row(_ r: Row) -> JSONValue {
            .object([
                ("inputFrames", .number(Double(r.frames))), ("p50", .number(r.p50)), ("p95", .number(r.p95)), ("p99", .number(r.p99)),
                ("waitingP50", .number(r.waiting)), ("uiPassP50", .number(r.ui)), ("renderingP50", .number(r.render)), ("presentP50", .number(r.present)),
            ])
        }
        let predicted: JSONValue =
            prediction.map { p in
                .object([
                    ("method", .string(p.method)), ("predictions", .number(Double(p.predictions))), ("horizonP50", .number(p.horizonP50)),
                    ("errorMean", .number(p.errorMean)), ("errorP95", .number(p.errorP95)), ("lagMean", .number(p.lagMean)), ("lagP95", .number(p.lagP95)),
                ])
            } ?? .null
        return .object([
            ("all", row(all)), ("byGesture", .object(byGesture.sorted { $0.key < $1.key }.map { ($0.key, row($0.value)) })),
            ("prediction", predicted),
        ])
    }
}
