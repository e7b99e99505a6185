import Foundation
import TactileCore
import TactileLab
import TactileEditor
import TactileInput
import TactileHeadless

/// What `tactile report` says about recorded sessions: their length, taps and misses (with the
/// elements nearest each miss), gestures by kind, edits, undos and errors, and for sessions
/// recorded in a window the input-to-present latency (p50 / p95 / p99, per gesture kind); as
/// Markdown for people and JSON for spreadsheets.
public struct SessionReport {
    /// The figures of one session.
    public struct Figures {
        public var name: String
        public var length: Double = 0
        public var touches = 0
        public var taps = 0
        public var misses = 0
        /// Misses by the element nearest them ("toolbar.split (toolbarButton)").
        public var missesNear: [String: Int] = [:]
        /// Mean distance from a miss to the nearest element, in points.
        public var meanMissDistance: Double?
        public var gestures: [String: Int] = [:]
        public var edits: [String: Int] = [:]
        public var undos = 0, redos = 0, errors = 0
        /// Log lines that could not be read (a torn last line after a kill).
        public var unreadableLines = 0
        /// The test plan's tasks, in the order they ended.
        public var tasks: [TaskFigures] = []
        /// Frustration signals by kind (rage, dead, nearMiss, unresponsive, freeze).
        public var signals: [String: Int] = [:]
        /// Input-to-present latency, when the session was recorded in a window (`latency.jsonl`).
        public var latency: LatencyFigures?
        /// Each named variant's figures when the session flipped between variants or tuned one
        /// (`settings` events in the log), in the order each first went live.
        public var variants: [VariantFigures] = []
        /// Sets of settings live only in passing, with no touch, gesture or input frame (a slider
        /// dragged through values), left out of `variants`.
        public var variantsLeftOut = 0
        /// The numbers behind the feel knobs under each of `variants`' settings (taps against the
        /// tap limit and slop, flings, snaps).
        public var knobs: [KnobFigures] = []
        /// Whether each set's changes are against the configuration file's own settings (the
        /// session started on a variant and kept them, `config-file.json`), not its start.
        public var againstFile = false
    }

    public var sessions: [Figures]

    /// How one task of a test plan went.
    public struct TaskFigures: Equatable {
        public var id: String
        /// completed, skipped or timedOut.
        public var outcome: String
        /// Time on task, in seconds.
        public var seconds: Double
        public var misses = 0, errors = 0, undos = 0
    }

    /// Reads each session folder's trace and log.
    /// One variant's share of a session: how long it was live and what happened meanwhile.
    public struct VariantFigures: Equatable {
        /// The names the settings went by ("base (tuned, unsaved) = tuned-1").
        public var name: String
        /// The settings epochs (numbers from 1) it was live in, and what its settings changed
        /// against the session's start.
        public var epochs: [Int] = []
        public var changes: [SettingsEpochs.Change] = []
        public var seconds: Double = 0
        public var touches = 0, taps = 0, misses = 0, gestures = 0, edits = 0, undos = 0, signals = 0
    }

    public static func read(_ folders: [String]) throws -> SessionReport {
        guard !folders.isEmpty else { throw CommandError.badInput("give at least one session folder") }
        return SessionReport(sessions: try folders.map(readOne))
    }

    static func readOne(_ path: String) throws -> Figures {
        let folder = URL(fileURLWithPath: path)
        let session = try RecordedSession.open(path, project: nil, settings: Settings())
        guard session.folder != nil else { throw CommandError.badInput("\(path): a report needs a session folder (made by `run --record`)") }
        var f = Figures(name: folder.standardizedFileURL.lastPathComponent)
        f.length = session.trace.duration.seconds
        f.touches = session.trace.events.filter { if case .touch(_, .down, _) = $0.kind { return true } else { return false } }.count
        let logURL = folder.appendingPathComponent(SessionRecorder.FileName.log)
        let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        var distances: [Double] = []
        // The session cut where its settings changed, stretches under equal settings together
        // (`SettingsEpochs`): one row per set of settings, never two pooled.
        // Started on a variant: what each set changed is said against the file's own settings.
        let fileSettings = folder.appendingPathComponent(SessionRecorder.FileName.fileConfiguration)
        let reference = FileManager.default.fileExists(atPath: fileSettings.path) ? try? Settings(file: fileSettings.path).load() : nil
        f.againstFile = reference != nil
        let history = SettingsHistory(start: session.configuration, changes: session.trace.settings, schema: .tactile, reference: reference)
        let epochs = SettingsEpochs(history: history, length: f.length)
        var read: [LogEvent] = []
        var variants = epochs.sets.map { VariantFigures(name: $0.label, epochs: $0.epochs, changes: $0.changes) }
        for e in epochs.epochs { variants[e.set].seconds += e.end - e.start }
        var now = 0.0
        func count(_ k: WritableKeyPath<VariantFigures, Int>) { if let e = epochs.epoch(at: now) { variants[e.set][keyPath: k] += 1 } }
        for line in text.split(separator: "\n") {
            guard let logged = LogEvent(jsonLine: line) else {
                f.unreadableLines += 1
                continue
            }
            now = logged.time.seconds
            read.append(logged)
            switch logged.event {
            case let .gesture(g) where g.phase == .recognized || g.phase == .began:
                f.gestures[g.gesture.rawValue, default: 0] += 1
                if g.isTap { f.taps += 1; count(\.taps) }
                count(\.gestures)
            case let .miss(m):
                f.misses += 1
                count(\.misses)
                if let nearest = m.nearest { f.missesNear["\(nearest) (\(m.nearestRole ?? "?"))", default: 0] += 1 }
                if let d = m.distance { distances.append(d) }
            case let .edit(e):
                f.edits[e.edit.rawValue, default: 0] += 1
                count(\.edits)
            case let .signal(s):
                f.signals[s.kind.rawValue, default: 0] += 1
                count(\.signals)
            case .undo:
                f.undos += 1
                count(\.undos)
            case .redo: f.redos += 1
            case .error, .problem: f.errors += 1
            case let .taskEnded(t):
                f.tasks.append(
                    TaskFigures(id: t.task, outcome: t.outcome.rawValue, seconds: t.seconds, misses: t.misses, errors: t.errors, undos: t.undos))
            default: break
            }
        }
        // Touches per set of settings, from the trace's downs at the times each was live (the
        // lab's corner hold, which opened the tuning panel, is no touch of the participant's).
        let lab = Self.labHolds(session.trace, overlays: session.configuration.overlays)
        f.touches -= lab.count
        for e in session.trace.events {
            guard case let .touch(id, .down, _) = e.kind, !lab.contains(.init(id: id, down: e.time)), let epoch = epochs.epoch(at: e.time.seconds)
            else { continue }
            variants[epoch.set].touches += 1
        }
        if let text = try? String(contentsOf: folder.appendingPathComponent(SessionRecorder.FileName.latency), encoding: .utf8) {
            f.latency = LatencyFigures.read(text, sets: { epochs.epoch(at: $0)?.set }, setNames: variants.map(\.name))
        }
        // A set in which nothing happened (a slider passing through values) is left out, and said.
        let frames = f.latency?.variants.map(\.all.frames) ?? []
        let kept = variants.indices.filter { i in variants[i].touches > 0 || variants[i].gestures > 0 || (i < frames.count && frames[i] > 0) }
        f.variantsLeftOut = variants.count - kept.count
        f.variants = kept.map { variants[$0] }
        let knobs = KnobFigures.read(trace: session.trace.events, log: read, epochs: epochs, history: history, leavingOut: lab)
        f.knobs = kept.map { knobs[$0] }
        if var latency = f.latency, latency.variants.count == variants.count {
            latency.variants = kept.map { latency.variants[$0] }
            f.latency = latency
        }
        if !distances.isEmpty { f.meanMissDistance = distances.reduce(0, +) / Double(distances.count) }
        return f
    }

    /// A touch in a trace: its finger and when it went down.
    struct TouchID: Hashable {
        var id: PointerID
        var down: Time
    }

    /// The touches of a trace recorded with the lab's gestures that were the corner hold opening
    /// the tuning panel (`CornerHold`, as the session saw them).
    static func labHolds(_ trace: Trace, overlays: TactileConfiguration.Overlays) -> Set<TouchID> {
        guard trace.labGestures, overlays.tuningHold > 0 else { return [] }
        var hold = CornerHold(corner: overlays.tuningCorner, hold: .seconds(overlays.tuningHold), slop: TactileConfiguration.Input().tapSlop)
        var down: [PointerID: Time] = [:], out: Set<TouchID> = []
        func completed(_ f: (id: PointerID, at: Point)?) { if let f, let t = down[f.id] { out.insert(TouchID(id: f.id, down: t)) } }
        for e in trace.events {
            if let due = hold.due, due <= e.time { completed(hold.feed([], now: due)) }
            if case let .touch(id, .down, _) = e.kind { down[id] = e.time }
            completed(hold.feed([e], now: e.time))
        }
        if let due = hold.due { completed(hold.feed([], now: due)) }
        return out
    }

    /// The report as Markdown.
    public var markdown: String {
        var out = ["# Session report", ""]
        if sessions.count > 1 {
            out += ["| Session | Length (s) | Touches | Taps | Misses | Edits | Undos | Errors |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
            for s in sessions {
                out.append(
                    "| \(s.name) | \(num(s.length)) | \(s.touches) | \(s.taps) | \(s.misses) | \(s.edits.values.reduce(0, +)) | \(s.undos) | \(s.errors) |")
            }
            out.append("")
            let ids = sessions.flatMap { $0.tasks.map(\.id) }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            if !ids.isEmpty {
                out += ["| Task | Completed | Mean time when completed (s) | Misses | Errors |", "|---|---:|---:|---:|---:|"]
                for id in ids {
                    let all = sessions.flatMap { $0.tasks.filter { $0.id == id } }, done = all.filter { $0.outcome == "completed" }
                    let mean = done.isEmpty ? "–" : num(done.map(\.seconds).reduce(0, +) / Double(done.count))
                    out.append("| \(id) | \(done.count) of \(all.count) | \(mean) | \(all.map(\.misses).reduce(0, +)) | \(all.map(\.errors).reduce(0, +)) |")
                }
                out.append("")
            }
        }
        for s in sessions {
            out += [
                "## \(s.name)", "",
                "- Length: \(num(s.length)) s",
                "- Touches: \(s.touches); taps: \(s.taps); misses (touches on no target): \(s.misses)"
                    + (s.meanMissDistance.map { ", on average \(num($0)) pt from the nearest element" } ?? ""),
                "- Edits: \(s.edits.values.reduce(0, +))" + (s.edits.isEmpty ? "" : " (" + sortedCounts(s.edits) + ")"),
                "- Undos: \(s.undos); redos: \(s.redos); errors: \(s.errors)",
            ]
            if !s.gestures.isEmpty { out.append("- Gestures: " + sortedCounts(s.gestures)) }
            if !s.signals.isEmpty {
                out.append(
                    "- Frustration signals: "
                        + sortedCounts(s.signals.reduce(into: [:]) { $0[StudyReport.signalName($1.key).lowercased(), default: 0] += $1.value }))
            }
            if !s.missesNear.isEmpty {
                out += ["", "Misses by the nearest element:", "", "| Element | Misses |", "|---|---:|"]
                for (k, v) in s.missesNear.sorted(by: { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }) { out.append("| \(k) | \(v) |") }
            }
            if !s.tasks.isEmpty {
                let done = s.tasks.filter { $0.outcome == "completed" }.count
                out += [
                    "", "Tasks: \(done) of \(s.tasks.count) completed", "",
                    "| Task | Outcome | Time on task (s) | Misses | Errors | Undos |", "|---|---|---:|---:|---:|---:|",
                ]
                for t in s.tasks { out.append("| \(t.id) | \(t.outcome) | \(num(t.seconds)) | \(t.misses) | \(t.errors) | \(t.undos) |") }
            }
            if s.variants.count > 1 || s.variants.first.map({ !$0.changes.isEmpty }) == true { out += variantTable(s) }
            out += KnobFigures.markdown(Array(zip(s.variants.map(\.name), s.knobs)))
            if let latency = s.latency { out += latency.markdown }
            if s.unreadableLines > 0 {
                out.append("\n(\(s.unreadableLines) log line\(s.unreadableLines == 1 ? "" : "s") could not be read: cut short by a kill?)")
            }
            out.append("")
        }
        return out.joined(separator: "\n")
    }

    /// The report as JSON.
    public var json: JSONValue {
        func counts(_ d: [String: Int]) -> JSONValue { .object(d.sorted { $0.key < $1.key }.map { ($0.key, .number(Double($0.value))) }) }
        return .object([
            (
                "sessions",
                .array(
                    sessions.map { s in
                        .object([
                            ("name", .string(s.name)), ("length", .number(s.length)), ("touches", .number(Double(s.touches))),
                            ("taps", .number(Double(s.taps))), ("misses", .number(Double(s.misses))), ("missesNear", counts(s.missesNear)),
                            ("meanMissDistance", s.meanMissDistance.map { .number($0) } ?? .null), ("gestures", counts(s.gestures)),
                            ("edits", counts(s.edits)), ("signals", counts(s.signals)), ("undos", .number(Double(s.undos))),
                            ("redos", .number(Double(s.redos))),
                            ("errors", .number(Double(s.errors))), ("unreadableLogLines", .number(Double(s.unreadableLines))),
                            ("latency", s.latency?.json ?? .null),
                            (
                                "knobs",
                                .array(zip(s.variants, s.knobs).map { v, k in .object([("settings", .string(v.name)), ("figures", k.json)]) })
                            ),
                            (
                                "variants",
                                .array(
                                    s.variants.map { v in
                                        .object([
                                            ("name", .string(v.name)), ("epochs", .array(v.epochs.map { .number(Double($0)) })),
                                            (
                                                "changes",
                                                .array(
                                                    v.changes.map { c in
                                                        .object([
                                                            ("key", .string(c.key)), ("before", .string(c.before)), ("after", .string(c.after)),
                                                            ("unit", .string(c.unit)),
                                                        ])
                                                    })
                                            ),
                                            ("seconds", .number(v.seconds)), ("touches", .number(Double(v.touches))),
                                            ("taps", .number(Double(v.taps))), ("misses", .number(Double(v.misses))),
                                            ("gestures", .number(Double(v.gestures))), ("edits", .number(Double(v.edits))),
                                            ("undos", .number(Double(v.undos))), ("signals", .number(Double(v.signals))),
                                        ])
                                    })
                            ),
                            (
                                "tasks",
                                .array(
                                    s.tasks.map { t in
                                        .object([
                                            ("id", .string(t.id)), ("outcome", .string(t.outcome)), ("seconds", .number(t.seconds)),
                                            ("misses", .number(Double(t.misses))), ("errors", .number(Double(t.errors))), ("undos", .number(Double(t.undos))),
                                        ])
                                    })
                            ),
                        ])
                    })
            )
        ])
    }

    /// The settings side by side (a session that flipped A/B, tuned or reloaded): one row per set
    /// of equal settings — never two pooled — with the epochs it was live in, what it changed
    /// against the session's start, how long it was live, what happened meanwhile, and its in-app
    /// latency and prediction.
    private func variantTable(_ s: Figures) -> [String] {
        var out = [
            "", "### Settings compared in this session", "",
            "One row per set of settings (stretches under equal settings together: a flip back joins the stretch it left); "
                + (s.againstFile
                    ? "what each changed is against the configuration file's own settings (the session started on one of its variants)."
                    : "what each changed is against the settings the session started with."),
            "",
            "| Variant | Epochs | Changed | Live (s) | Touches | Taps | Misses | Gestures | Edits | Undos | Signals | Input frames | In-app p50 (ms) | p99 (ms) | Prediction error (pt) |",
            "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for (i, v) in s.variants.enumerated() {
            let l = s.latency?.variants.indices.contains(i) == true ? s.latency?.variants[i] : nil
            let latency = l.map { $0.all.frames > 0 ? "\($0.all.frames) | \(num($0.all.p50)) | \(num($0.all.p99))" : "0 | – | –" } ?? "0 | – | –"
            let changed = v.changes.isEmpty ? "–" : v.changes.map(\.text).joined(separator: "; ")
            out.append(
                "| \(v.name) | \(v.epochs.map(String.init).joined(separator: ", ")) | \(changed) | \(num(v.seconds)) | \(v.touches) | \(v.taps) | "
                    + "\(v.misses) | \(v.gestures) | \(v.edits) | \(v.undos) | \(v.signals) | \(latency) | \(l?.predictionError.map(num) ?? "–") |")
        }
        if s.variantsLeftOut > 0 {
            out += [
                "",
                "(\(s.variantsLeftOut) set\(s.variantsLeftOut == 1 ? "" : "s") of settings live only in passing, with no input — a slider dragged through values — left out.)",
            ]
        }
        return out
    }

    private func sortedCounts(_ d: [String: Int]) -> String {
        d.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    private func num(_ v: Double) -> String { String(format: "%.1f", v) }
}
