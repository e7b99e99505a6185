import Foundation
import TactileCore
import TactileLab
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileHeadless

/// Records a session into a folder, as it goes, so nothing is lost if the program is killed:
///
/// - `trace.jsonl`: every input event and frame mark (`tactile replay` reads it);
/// - `log.jsonl`: the interaction log, one semantic event a line;
/// - `project-start.json`, `project-end.json` (rewritten atomically after every edit);
/// - `config.json`: the configuration in use; `plan.json` when a test plan runs;
/// - `attract.jsonl`, `kiosk.json`: for a kiosk's whole run, the tour its attract loop played
///   and whether a visitor's work was on screen at the start;
/// - `latency.jsonl`: in a window, each input frame's input-to-present latency and where the time
///   went (`LatencySample`); kept apart from the log, which a replay reproduces exactly, as
///   timings never do;
/// - `notices.json`: the messages the session opened with (files left out, a recovered project),
///   which its first frame logs as problems; a replay logs them the same way.
///
/// Lines are written with one `write` each frame, straight to the file (no buffer in the process).
/// A write that fails (a full disk, a drive pulled out) stops the recording: what was written
/// stays, `stopped` says why, and the owner tells the person.
public final class SessionRecorder {
    /// The session folder.
    public let folder: URL
    private let trace: FileHandle
    private let logFile: FileHandle
    private var lastProject: Project
    /// `latency.jsonl`, made at the first latency sample.
    private var latencyFile: FileHandle?
    /// A write to `latency.jsonl` failed: it keeps what it has and takes no more.
    private var latencyStopped = false
    /// The system's monotonic clock at the session clock's zero, written atop `latency.jsonl`.
    public var clockOrigin: UInt64?
    /// The window time the session began at; the files count time from it.
    private let origin: Time
    /// Frames and log events written so far.
    public private(set) var framesWritten = 0, logEventsWritten = 0
    /// Why the recording stopped early (a write failed), or nil while it records.
    public private(set) var stopped: String?

    /// The files of a session folder.
    public enum FileName {
        public static let trace = "trace.jsonl", log = "log.jsonl", projectStart = "project-start.json",
            projectEnd = "project-end.json", configuration = "config.json", plan = "plan.json",
            notices = "notices.json", attract = "attract.jsonl", kiosk = "kiosk.json",
            latency = "latency.jsonl", fileConfiguration = "config-file.json"
    }

    /// Starts a session in `folder` (made if missing; an error if it already holds a session).
    /// Times in the files count from `origin` (a kiosk visitor's session starts mid-run).
    public init(
        folder: URL, viewport: Size, framesPerSecond: Double?, project: Project, configuration: RecordedConfiguration,
        plan: Data? = nil, notices: [String] = [], kiosk: KioskSetup? = nil, origin: Time = .zero, offersExport: Bool = false, offersVoice: Bool = false,
        offersProjects: Bool = false, labGestures: Bool = false, fileSettings: RecordedConfiguration? = nil
    ) throws {
        self.folder = folder
        self.origin = origin
        let fm = FileManager.default
        try Self.checkFree(folder)
        do {
            try AtomicFile.makeFolder(folder)
            // Never the kiosk's PIN (recordings are made to be shared): only its length.
            try AtomicFile.write(configuration.json, to: folder.appendingPathComponent(FileName.configuration))
            // Started on a variant: the file's own settings too, so a report says what each set of
            // settings changed against them (tap slop 18 → 12 pt), not against the variant.
            if let fileSettings { try AtomicFile.write(fileSettings.json, to: folder.appendingPathComponent(FileName.fileConfiguration)) }
            try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectStart))
            try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectEnd))
            if let plan { try AtomicFile.write(plan, to: folder.appendingPathComponent(FileName.plan)) }
            if let kiosk {
                // A kiosk's whole run: the tour its attract loop played, and how it began.
                try AtomicFile.write(Data(kiosk.attractTrace.serialized().utf8), to: folder.appendingPathComponent(FileName.attract))
                var fields: [(String, JSONValue)] = [("visitorPresent", .bool(kiosk.visitorPresent))]
                if let week = kiosk.weekClock { fields.append(("weekClock", .number((week.seconds * 1_000_000).rounded() / 1_000_000))) }
                let setup = JSONValue.object(fields).serialized(pretty: true) + "\n"
                try AtomicFile.write(Data(setup.utf8), to: folder.appendingPathComponent(FileName.kiosk))
            }
            if !notices.isEmpty {
                let text = JSONValue.array(notices.map { .string($0) }).serialized(pretty: true) + "\n"
                try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(FileName.notices))
            }
            trace = try Self.create(folder.appendingPathComponent(FileName.trace))
            logFile = try Self.create(folder.appendingPathComponent(FileName.log))
        } catch let e as CommandError { throw e } catch {
            throw CommandError("\(folder.path): cannot record the session there (\(CommandError.reason(error)))")
        }
        lastProject = project
        do {
            try trace.write(
                contentsOf: Data(
                    (Trace.header(
                        viewport: viewport, framesPerSecond: framesPerSecond, offersExport: offersExport, offersVoice: offersVoice,
                        offersProjects: offersProjects, labGestures: labGestures) + "\n").utf8))
        } catch {
            throw CommandError("\(folder.path): cannot record the session there (\(CommandError.reason(error)))")
        }
    }

    /// Refuses a folder that cannot be written (read-only, no permission, a full disk): made if
    /// missing, then a small file written, flushed and removed, so a recording never starts
    /// where it would save nothing.
    public static func checkWritable(_ folder: URL) throws {
        do {
            try AtomicFile.makeFolder(folder)
            // A name of its own, created with O_EXCL: whatever stands at a planted name is never
            // opened nor written, and the probe is written through the descriptor it created.
            let (fd, probe) = try AtomicFile.createFresh(in: folder, named: ".tactile-write-check-")
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            defer { try? handle.close(); unlink(probe.path) }
            try handle.write(contentsOf: Data(repeating: 0x20, count: 4096))
            try handle.synchronize()
        } catch {
            throw CommandError.badInput("\(folder.path): cannot record a session there (\(CommandError.reason(error)))")
        }
    }

    /// Refuses a folder that already holds a recorded session (recording never overwrites).
    public static func checkFree(_ folder: URL) throws {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(FileName.trace).path) {
            throw CommandError.badInput("\(folder.path) already holds a recorded session; give a new folder")
        }
    }

    /// A new session folder inside `parent`, named by the local date and time.
    public static func newFolder(in parent: URL, now: Date = Date()) -> URL {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        var url = parent.appendingPathComponent("session-" + f.string(from: now))
        var n = 2
        while FileManager.default.fileExists(atPath: url.path) { url = parent.appendingPathComponent("session-\(f.string(from: now))-\(n)"); n += 1 }
        return url
    }

    /// Records a freeze a window measured: its `signal` line in the log, and a `freeze` line in
    /// the trace so a replay gives it back at the same frame.
    public func record(freeze: Trace.Freeze) {
        guard stopped == nil else { return }
        var relative = freeze
        relative.time = freeze.time - origin
        do { try trace.write(contentsOf: Data((Trace.line(for: relative) + "\n").utf8)) } catch { stop(because: error); return }
        record(log: [freeze.signal])
    }

    /// Records one frame: its input, the export news it took, a frame mark, its log events; the
    /// project when it changed by an edit, undo or redo.
    /// Returns false when this frame's write failed and the recording stopped (see `stopped`).
    @discardableResult
    public func record(
        time: Time, events: [InputEvent], exportNews: MovieExportNews? = nil, pinVerdicts: [Bool] = [], settings: [SettingsChange] = [],
        mark: Trace.Mark = .frame, log logEvents: [LogEvent], project: Project
    ) -> Bool {
        guard stopped == nil else { return false }
        var lines = ""
        for var e in events { e.time = e.time - origin; lines += Trace.line(for: e) + "\n" }
        for var change in settings { change.time = change.time - origin; lines += Trace.line(for: change) + "\n" }
        if let exportNews { lines += Trace.line(for: RecordedExportNews(time: time - origin, news: exportNews)) + "\n" }
        for verdict in pinVerdicts { lines += Trace.pinLine(accepted: verdict, at: time - origin) + "\n" }
        lines += Trace.markLine(mark, at: time - origin) + "\n"
        do {
            try trace.write(contentsOf: Data(lines.utf8))
            framesWritten += 1
            if !logEvents.isEmpty {
                try logFile.write(
                    contentsOf: Data(
                        logEvents.map {
                            var e = $0; e.time = e.time - origin; return e.jsonLine + "\n"
                        }.joined().utf8))
                logEventsWritten += logEvents.count
            }
            if project != lastProject && logEvents.contains(where: \.event.changesProject) {
                try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectEnd))
                lastProject = project
            }
        } catch {
            stop(because: error)
            return false
        }
        return true
    }

    /// Records log events that no frame made (an observer's marker, a note), at their own times.
    @discardableResult
    public func record(log logEvents: [LogEvent]) -> Bool {
        guard stopped == nil, !logEvents.isEmpty else { return stopped == nil }
        do {
            try logFile.write(
                contentsOf: Data(
                    logEvents.map {
                        var e = $0; e.time = e.time - origin; return e.jsonLine + "\n"
                    }.joined().utf8))
            logEventsWritten += logEvents.count
        } catch {
            stop(because: error)
            return false
        }
        return true
    }

    /// Records an input frame's latency into `latency.jsonl` (made at the first). A failed write
    /// stops only the latency figures: the session itself records on.
    public func record(latency sample: LatencySample) {
        var s = sample
        for t in [\LatencySample.time, \.firstArrival, \.lastArrival, \.workBegan, \.listReady] { s[keyPath: t] = s[keyPath: t] - origin }
        s.presentation.renderBegan = s.presentation.renderBegan - origin
        s.presentation.presentBegan = s.presentation.presentBegan - origin
        s.presentation.presented = s.presentation.presented - origin
        writeLatency(s.jsonLine)
    }

    /// Records the settings in force from `time` on into `latency.jsonl` (an `epoch` line): the
    /// figures after it, up to the next, were measured under them.
    /// `variant`: the named variant live (the tuning panel's, an A/B flip's).
    public func record(settings: [(String, JSONValue)], variant: String? = nil, at time: Time) {
        var fields: [(String, JSONValue)] = [
            ("kind", .string("epoch")), ("t", .number(((time - origin).seconds * 1_000_000).rounded() / 1_000_000)), ("settings", .object(settings)),
        ]
        if let variant { fields.append(("variant", .string(variant))) }
        let line = JSONValue.object(fields)
        writeLatency(line.serialized())
    }

    /// Records a touch prediction's outcome (`feel.prediction`) into `latency.jsonl`: when it was
    /// made, how far ahead (ms), its error and the lag it hid (pt).
    public func record(prediction o: TouchPredictor.Outcome, method: String) {
        func r(_ v: Double, _ k: Double) -> JSONValue { .number((v * k).rounded() / k) }
        var fields: [(String, JSONValue)] = [
            ("kind", .string("prediction")), ("t", r((o.madeAt - origin).seconds, 1_000_000)), ("method", .string(method)),
            ("finger", .number(Double(o.finger))), ("horizon", r(o.horizon.seconds * 1000, 1000)),
            ("error", r(o.error, 1000)), ("lag", r(o.lag, 1000)),
        ]
        if o.reversal { fields.append(("reversal", .bool(true))) }
        let line = JSONValue.object(fields)
        writeLatency(line.serialized())
    }

    /// What `latency.jsonl`'s `total` includes, as its header says.
    static let latencyScope =
        "in-app: from reading the event off the queue to the present returning (not the touch controller, the kernel or the display's scan-out)"

    private func writeLatency(_ line: String) {
        guard stopped == nil, !latencyStopped else { return }
        do {
            if latencyFile == nil {
                latencyFile = try Self.create(folder.appendingPathComponent(FileName.latency))
                // The header says what the figures include (and, from a window, its monotonic clock's origin).
                var header: [(String, JSONValue)] = [
                    ("kind", .string("clock")), ("measures", .string(Self.latencyScope)),
                    ("parts", .array(["waiting", "ui", "render", "present"].map { JSONValue.string($0) })),
                    ("estimated", .string("scanOut: from the present to the next vertical blank plus half a refresh, not part of total")),
                ]
                if let clockOrigin { header.append(("monotonicOrigin", .number(Double(clockOrigin) + origin.seconds * 1e9))) }
                try latencyFile?.write(contentsOf: Data((JSONValue.object(header).serialized() + "\n").utf8))
            }
            try latencyFile?.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            try? latencyFile?.synchronize()
            try? latencyFile?.close()
            latencyFile = nil
            latencyStopped = true
        }
    }

    /// Ends the session: writes the project as it was left. Returns false when that could not
    /// be written (or the recording had stopped early).
    @discardableResult
    public func finish(project: Project) -> Bool {
        if stopped == nil {
            do { try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectEnd)) } catch { stopped = CommandError.reason(error) }
        }
        try? trace.synchronize(); try? logFile.synchronize()
        try? trace.close(); try? logFile.close(); try? latencyFile?.close()
        return stopped == nil
    }

    private func stop(because error: Error) {
        stopped = CommandError.reason(error)
        // What reached the files stays; a torn last line is skipped when replaying.
        try? trace.synchronize(); try? logFile.synchronize()
    }

    private static func create(_ url: URL) throws -> FileHandle {
        FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_TRUNC), closeOnDealloc: true)
    }
}
