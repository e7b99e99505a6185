import Foundation
import TactileCore
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
        for line in text.split(separator: "\n") {
            guard let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any], let kind = event["kind"] as? String else {
                f.unreadableLines += 1
                continue
            }
            let gesture = event["gesture"] as? String
            switch kind {
            case "gesture.recognized":
                if let gesture { f.gestures[gesture, default: 0] += 1 }
                if gesture == "tap" { f.taps += 1 }
            case "gesture.began":
                if let gesture { f.gestures[gesture, default: 0] += 1 }
            case "miss":
                f.misses += 1
                if let nearest = event["nearest"] as? String {
                    f.missesNear["\(nearest) (\(event["nearestRole"] as? String ?? "?"))", default: 0] += 1
                }
                if let d = event["distance"] as? Double { distances.append(d) }
            case "edit":
                f.edits[event["edit"] as? String ?? "?", default: 0] += 1
            case "signal": f.signals[event["signal"] as? String ?? "?", default: 0] += 1
            case "undo": f.undos += 1
            case "redo": f.redos += 1
            case "error", "problem": f.errors += 1
            case "task.ended":
                func count(_ k: String) -> Int { (event[k] as? NSNumber)?.intValue ?? 0 }
                f.tasks.append(
                    TaskFigures(
                        id: event["task"] as? String ?? "?", outcome: event["outcome"] as? String ?? "?",
                        seconds: (event["seconds"] as? NSNumber)?.doubleValue ?? 0,
                        misses: count("misses"), errors: count("errors"), undos: count("undos")))
            default: break
            }
        }
        if let text = try? String(contentsOf: folder.appendingPathComponent(SessionRecorder.FileName.latency), encoding: .utf8) {
            f.latency = LatencyFigures.read(text)
        }
        if !distances.isEmpty { f.meanMissDistance = distances.reduce(0, +) / Double(distances.count) }
        return f
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

    private func sortedCounts(_ d: [String: Int]) -> String {
        d.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    private func num(_ v: Double) -> String { String(format: "%.1f", v) }
}
