import Foundation
import TactileCore

/// A session's in-app latency (event queue to present) as `tactile report` gives it, from its
/// `latency.jsonl`: p50, p95 and p99 over every input frame and per gesture kind, with the median
/// of each part of the time (waiting, UI pass, rendering, present) and a histogram per gesture;
/// and for sessions that predicted touches (`feel.prediction`), the prediction's error and the lag
/// it hid. Figures are split by the settings in force (`LatencyEpoch`): a session whose added
/// latency or prediction changed mid-way gets figures per epoch, never pooled.
public struct LatencyFigures: Equatable {
    /// The figures of a set of input frames, in milliseconds.
    public struct Row: Equatable {
        public var frames: Int
        public var p50: Double, p95: Double, p99: Double
        /// The medians of the parts.
        public var waiting: Double, ui: Double, render: Double, present: Double
        /// The median estimated scan-out after the present, and the percentiles of the in-app
        /// figure with it added (0 when the session recorded no estimate).
        public var scanOut: Double = 0, withScanOutP50: Double = 0, withScanOutP99: Double = 0
        /// Input frames whose touches the kernel's timestamps were matched to
        /// (`touchscreen.kernelDevice`), and for those the percentiles from the kernel's stamp to
        /// the present and the median from the stamp to the event queue (0 when none).
        public var kernelFrames = 0, fromKernelP50: Double = 0, fromKernelP99: Double = 0, kernelToQueue: Double = 0
    }

    /// How well touches were predicted, in points, at the horizon used (ms), under one method in
    /// one epoch.
    public struct Prediction: Equatable {
        public var method: String
        /// The settings epoch the predictions were made in (its number, from 1).
        public var epoch: Int
        public var predictions: Int
        public var horizonP50: Double
        public var errorMean: Double, errorP95: Double
        /// How far the picture would have lagged behind the finger without prediction.
        public var lagMean: Double, lagP95: Double
        /// Predictions whose finger turned back over the horizon, and how far they overshot the
        /// turn (their error), on average and at p95: judged apart, as a predictor that follows
        /// straight drags well may still fling the picture past every turn.
        public var reversals = 0, overshootMean: Double = 0, overshootP95: Double = 0
        /// The predicted point was farther from the finger than the picture without prediction
        /// would have been, on average or at p95 (the worst frames are what a person sees jump):
        /// prediction made it worse.
        public var isWorseThanNone: Bool { isWorseOnAverage || isWorseAtP95 }
        public var isWorseOnAverage: Bool { errorMean > lagMean }
        public var isWorseAtP95: Bool { errorP95 > lagP95 }
    }

    /// One settings epoch's figures.
    public struct Stretch: Equatable {
        public var epoch: LatencyEpoch
        public var all: Row
        public var byGesture: [String: Row]
        /// Input frames per bin of `LatencyFigures.histogramBins`, by gesture.
        public var histogram: [String: [Int]]
        public var predictions: [Prediction]
    }

    /// One `prediction` line of `latency.jsonl`.
    struct PredictionLine {
        var method: String, horizon: Double, error: Double, lag: Double, t: Double, reversal: Bool
    }

    /// Every input frame of the session (all epochs together: read `epochs` when there are several).
    public var all: Row
    /// By the gesture the input served ("scroll", "trim", "touch" while undecided…), all epochs together.
    public var byGesture: [String: Row]
    /// The figures of each settings epoch, in order.
    public var epochs: [Stretch] = []
    /// Lines that could not be read.
    public var unreadableLines = 0

    /// One named variant's figures, every epoch it was live in pooled (an A/B flip's comparison).
    public struct VariantRow: Equatable {
        public var variant: String
        public var all: Row
        /// The mean prediction error and lag hidden, in points, when it predicted.
        public var predictionError: Double?, predictionLag: Double?
    }

    /// The figures of each variant, in the order each first went live; empty when the session
    /// names no variant.
    public var variants: [VariantRow] = []

    /// Every prediction figure, per epoch and method.
    public var predictions: [Prediction] { epochs.flatMap(\.predictions) }
    /// The prediction figure when the session predicted with one method under one setting.
    public var prediction: Prediction? { predictions.count == 1 ? predictions[0] : nil }

    /// The lower edges of the histogram's bins, in milliseconds (the last bin is open).
    public static let histogramBins = LatencyHistogram.bins

    /// The bin labels: "<8", "8–12", …, "≥50".
    public static var binLabels: [String] { LatencyHistogram.labels }

    /// The figures of a `latency.jsonl` file's text; nil when it holds neither an input frame nor
    /// a prediction (a session run headless predicts, but presents nothing to time).
    ///
    /// `sets`: the set of equal settings live at a moment (`SettingsEpochs`), and `setNames` their
    /// names: `variants` then has one row per set, never pooling two sets; without them, a row per
    /// variant name as the epoch lines give it.
    public static func read(_ text: String, sets: ((Double) -> Int?)? = nil, setNames: [String] = []) -> LatencyFigures? {
        struct Sample {
            var t: Double; var gesture: String; var total, waiting, ui, render, present: Double; var scanOut = 0.0; var fromKernel, kernelToQueue: Double?
        }
        struct Group {
            var epoch: LatencyEpoch; var samples: [Sample] = [];
            var predictions: [PredictionLine] = []
        }
        var groups: [Group] = [], unreadable = 0
        func current() -> Int {
            if groups.isEmpty { groups.append(Group(epoch: LatencyEpoch(number: 1, start: 0, settings: [:]))) }
            return groups.count - 1
        }
        for line in text.split(separator: "\n") {
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { unreadable += 1; continue }
            func ms(_ k: String) -> Double? { (o[k] as? NSNumber)?.doubleValue }
            if o["kind"] as? String == "clock" { continue }
            if o["kind"] as? String == "epoch" {
                let settings = ((o["settings"] as? [String: Any]) ?? [:]).mapValues {
                    JSONValue(any: $0).serialized().trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
                let variant = o["variant"] as? String
                let epoch = LatencyEpoch(number: groups.count + 1, start: ms("t") ?? 0, settings: settings, variant: variant)
                // An epoch line before any figure replaces the unnamed first epoch.
                if let last = groups.last, last.samples.isEmpty, last.predictions.isEmpty {
                    groups[groups.count - 1] = Group(
                        epoch: LatencyEpoch(number: last.epoch.number, start: epoch.start, settings: settings, variant: variant))
                } else {
                    groups.append(Group(epoch: epoch))
                }
                continue
            }
            if o["kind"] as? String == "prediction" {
                if let h = ms("horizon"), let e = ms("error"), let l = ms("lag") {
                    groups[current()].predictions.append(
                        PredictionLine(
                            method: o["method"] as? String ?? "?", horizon: h, error: e, lag: l, t: ms("t") ?? 0, reversal: o["reversal"] as? Bool == true))
                } else {
                    unreadable += 1
                }
                continue
            }
            guard let total = ms("total"), let waiting = ms("waiting"), let ui = ms("ui"), let render = ms("render"), let present = ms("present") else {
                unreadable += 1
                continue
            }
            groups[current()].samples.append(
                Sample(
                    t: ms("t") ?? 0, gesture: o["gesture"] as? String ?? "?", total: total, waiting: waiting, ui: ui, render: render, present: present,
                    scanOut: ms("scanOut") ?? 0, fromKernel: ms("fromKernel"), kernelToQueue: ms("kernelToQueue")))
        }
        func row(_ s: [Sample]) -> Row {
            let t = Percentiles(s.map(\.total))
            func median(_ k: KeyPath<Sample, Double>) -> Double { Percentiles(s.map { $0[keyPath: k] }).p50 ?? 0 }
            let lit = Percentiles(s.map { $0.total + $0.scanOut })
            let kernel = Percentiles(s.compactMap(\.fromKernel))
            return Row(
                frames: s.count, p50: t.p50 ?? 0, p95: t.p95 ?? 0, p99: t.p99 ?? 0,
                waiting: median(\.waiting), ui: median(\.ui), render: median(\.render), present: median(\.present),
                scanOut: median(\.scanOut), withScanOutP50: lit.p50 ?? 0, withScanOutP99: lit.p99 ?? 0,
                kernelFrames: s.compactMap(\.fromKernel).count, fromKernelP50: kernel.p50 ?? 0, fromKernelP99: kernel.p99 ?? 0,
                kernelToQueue: Percentiles(s.compactMap(\.kernelToQueue)).p50 ?? 0)
        }
        // Binned net of the latency added on purpose in the epoch (`feel.addedLatency`): at +50 ms
        // every frame would otherwise land in the last bin, telling nothing of the program itself.
        func histogram(_ s: [Sample], less added: Double) -> [Int] { LatencyHistogram.counts(s.map { max(0, $0.total - added) }) }
        let samples = groups.flatMap(\.samples)
        guard !samples.isEmpty || groups.contains(where: { !$0.predictions.isEmpty }) else { return nil }
        var figures = LatencyFigures(all: row(samples), byGesture: Dictionary(grouping: samples, by: \.gesture).mapValues(row), unreadableLines: unreadable)
        for g in groups where !g.samples.isEmpty || !g.predictions.isEmpty {
            let predictions = Array(Set(g.predictions.map(\.method))).sorted().map { method in
                Prediction(method: method, epoch: g.epoch.number, lines: g.predictions.filter { $0.method == method })
            }
            let byGesture = Dictionary(grouping: g.samples, by: \.gesture)
            figures.epochs.append(
                Stretch(
                    epoch: g.epoch, all: row(g.samples), byGesture: byGesture.mapValues(row),
                    histogram: byGesture.mapValues { histogram($0, less: g.epoch.addedLatency) }, predictions: predictions))
        }
        // A row per set of settings when given them, else per variant name as the epoch lines say.
        var names: [String] = []
        for g in groups { if let v = g.epoch.variant, !names.contains(v) { names.append(v) } }
        let predictions = groups.flatMap(\.predictions)
        let rows =
            sets.map { sets in setNames.indices.map { i in (setNames[i], samples.filter { sets($0.t) == i }, predictions.filter { sets($0.t) == i }) } }
            ?? names.map { name in
                let pooled = groups.filter { $0.epoch.variant == name }
                return (name, pooled.flatMap(\.samples), pooled.flatMap(\.predictions))
            }
        for (name, mine, p) in rows {
            figures.variants.append(
                VariantRow(variant: name, all: row(mine), predictionError: Percentiles(p.map(\.error)).mean, predictionLag: Percentiles(p.map(\.lag)).mean))
        }
        return figures
    }

    /// The report's Markdown lines.
    public var markdown: [String] {
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var out: [String] = []
        let scope =
            "In-app latency (from reading the event off the queue to the present returning; not the touch controller, the kernel or the display's scan-out)"
        let split = epochs.count > 1
        if split {
            out += [
                "",
                "\(scope) over \(all.frames) input frame\(all.frames == 1 ? "" : "s"), in \(epochs.count) stretches of different settings, "
                    + "each given apart (the settings changed during the session: a live reload or a flip):",
            ]
        }
        let all = epochs.map(\.epoch)
        for stretch in epochs {
            let r = stretch.all
            if split { out += ["", "### Settings \(stretch.epoch.number), from \(f(stretch.epoch.start)) s: \(stretch.epoch.label(among: all))"] }
            if r.frames > 0 {
                out += [
                    "",
                    (split ? "Over" : "\(scope) over")
                        + " \(r.frames) input frame\(r.frames == 1 ? "" : "s"): p50 \(f(r.p50)) ms, p95 \(f(r.p95)) ms, p99 \(f(r.p99)) ms"
                        + (r.scanOut > 0
                            ? ". With the estimated scan-out added (from the present to the next vertical blank plus half a refresh, \(f(r.scanOut)) ms at the median): p50 \(f(r.withScanOutP50)) ms, p99 \(f(r.withScanOutP99)) ms"
                            : "")
                        + (r.kernelFrames > 0
                            ? ". From the kernel's timestamp (evdev, \(r.kernelFrames) input frame\(r.kernelFrames == 1 ? "" : "s") matched): p50 \(f(r.fromKernelP50)) ms, p99 \(f(r.fromKernelP99)) ms, of which the kernel to the event queue \(f(r.kernelToQueue)) ms at the median"
                            : ""),
                    "", "| Gesture | Input frames | p50 (ms) | p95 (ms) | p99 (ms) | Waiting p50 | UI pass p50 | Rendering p50 | Present p50 |",
                    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
                ]
                let order = stretch.byGesture.sorted { $0.value.frames > $1.value.frames || ($0.value.frames == $1.value.frames && $0.key < $1.key) }
                for (name, r) in order {
                    out.append(
                        "| \(name) | \(r.frames) | \(f(r.p50)) | \(f(r.p95)) | \(f(r.p99)) | \(f(r.waiting)) | \(f(r.ui)) | \(f(r.render)) | \(f(r.present)) |")
                }
                let added = stretch.epoch.addedLatency
                out += [
                    "", "Input frames by in-app latency (ms\(added > 0 ? ", less the \(f(added)) ms added on purpose" : "")):", "",
                    "| Gesture | " + Self.binLabels.joined(separator: " | ") + " |", "|---|" + Self.binLabels.map { _ in "---:" }.joined(separator: "|") + "|",
                ]
                for (name, _) in order { out.append("| \(name) | " + (stretch.histogram[name] ?? []).map(String.init).joined(separator: " | ") + " |") }
            }
            for p in stretch.predictions {
                var line =
                    "Predicted touches (\(p.method), \(p.predictions) predictions, \(f(p.horizonP50)) ms ahead at the median): "
                    + "error \(f(p.errorMean)) pt on average, \(f(p.errorP95)) pt at p95; without prediction the picture would lag the finger by "
                    + "\(f(p.lagMean)) pt on average, \(f(p.lagP95)) pt at p95"
                if p.reversals > 0 {
                    line +=
                        "; where the finger turned back (\(p.reversals) of them) it overshot by \(f(p.overshootMean)) pt on average, \(f(p.overshootP95)) pt at p95"
                }
                if p.isWorseOnAverage {
                    line +=
                        ". **Worse than none**: the predicted point was farther from the finger (\(f(p.errorMean)) pt) than the picture without prediction (\(f(p.lagMean)) pt)"
                } else if p.isWorseAtP95 {
                    line +=
                        ". **Worse than none at p95**: the worst predictions were farther from the finger (\(f(p.errorP95)) pt) than the picture without prediction at its worst (\(f(p.lagP95)) pt), though better on average"
                }
                out += ["", line]
            }
        }
        return out
    }

    /// The figures as JSON.
    public var json: JSONValue {
        func row(_ r: Row) -> JSONValue {
            .object([
                ("inputFrames", .number(Double(r.frames))), ("p50", .number(r.p50)), ("p95", .number(r.p95)), ("p99", .number(r.p99)),
                ("waitingP50", .number(r.waiting)), ("uiPassP50", .number(r.ui)), ("renderingP50", .number(r.render)), ("presentP50", .number(r.present)),
                ("scanOutEstimateP50", .number(r.scanOut)), ("withScanOutP50", .number(r.withScanOutP50)), ("withScanOutP99", .number(r.withScanOutP99)),
                ("kernelMatchedFrames", .number(Double(r.kernelFrames))), ("fromKernelP50", .number(r.fromKernelP50)),
                ("fromKernelP99", .number(r.fromKernelP99)), ("kernelToQueueP50", .number(r.kernelToQueue)),
            ])
        }
        func predicted(_ p: Prediction) -> JSONValue {
            .object([
                ("method", .string(p.method)), ("epoch", .number(Double(p.epoch))), ("predictions", .number(Double(p.predictions))),
                ("horizonP50", .number(p.horizonP50)), ("errorMean", .number(p.errorMean)), ("errorP95", .number(p.errorP95)),
                ("lagMean", .number(p.lagMean)), ("lagP95", .number(p.lagP95)), ("worseThanNone", .bool(p.isWorseThanNone)),
                ("worseOnAverage", .bool(p.isWorseOnAverage)), ("worseAtP95", .bool(p.isWorseAtP95)), ("reversals", .number(Double(p.reversals))),
                ("overshootMean", .number(p.overshootMean)), ("overshootP95", .number(p.overshootP95)),
            ])
        }
        let stretches = JSONValue.array(
            epochs.map { s in
                .object([
                    ("epoch", .number(Double(s.epoch.number))), ("start", .number(s.epoch.start)),
                    ("variant", s.epoch.variant.map { .string($0) } ?? .null),
                    ("settings", .object(s.epoch.settings.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                    ("all", row(s.all)), ("byGesture", .object(s.byGesture.sorted { $0.key < $1.key }.map { ($0.key, row($0.value)) })),
                    ("histogramBins", .array(Self.histogramBins.map { .number($0) })),
                    ("histogram", .object(s.histogram.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value.map { .number(Double($0)) })) })),
                    ("predictions", .array(s.predictions.map(predicted))),
                ])
            })
        return .object([
            ("measures", .string("in-app: event queue read to present returned")),
            ("all", row(all)), ("byGesture", .object(byGesture.sorted { $0.key < $1.key }.map { ($0.key, row($0.value)) })),
            ("prediction", prediction.map(predicted) ?? .null), ("epochs", stretches),
            (
                "variants",
                .array(
                    variants.map { v in
                        .object([
                            ("variant", .string(v.variant)), ("all", row(v.all)), ("predictionErrorMean", v.predictionError.map { .number($0) } ?? .null),
                            ("predictionLagMean", v.predictionLag.map { .number($0) } ?? .null),
                        ])
                    })
            ),
        ])
    }
}

extension LatencyFigures.Prediction {
    /// The figures of one method's prediction lines in one epoch: error and lag, and the turns apart.
    init(method: String, epoch: Int, lines p: [LatencyFigures.PredictionLine]) {
        let e = Percentiles(p.map(\.error)), l = Percentiles(p.map(\.lag)), turns = Percentiles(p.filter(\.reversal).map(\.error))
        self.init(
            method: method, epoch: epoch, predictions: p.count, horizonP50: Percentiles(p.map(\.horizon)).p50 ?? 0,
            errorMean: e.mean ?? 0, errorP95: e.p95 ?? 0, lagMean: l.mean ?? 0, lagP95: l.p95 ?? 0)
        reversals = p.filter(\.reversal).count
        overshootMean = turns.mean ?? 0
        overshootP95 = turns.p95 ?? 0
    }
}
