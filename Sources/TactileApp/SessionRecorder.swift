import Foundation
import TactileCore
import TactileEditor
import TactileInput

/// Records a session into a folder, as it goes, so nothing is lost if the program is killed:
///
/// - `trace.jsonl`: every input event and frame mark (`tactile replay` reads it);
/// - `log.jsonl`: the interaction log, one semantic event a line;
/// - `project-start.json`, `project-end.json` (rewritten atomically after every edit);
/// - `config.json`: the configuration in use; `plan.json` when a test plan runs.
///
/// Lines are written with one `write` each frame, straight to the file (no buffer in the process).
public final class SessionRecorder {
    /// The session folder.
    public let folder: URL
    private let trace: FileHandle
    private let logFile: FileHandle
    private var lastProject: Project
    /// The window time the session began at; the files count time from it.
    private let origin: Time
    /// Frames and log events written so far.
    public private(set) var framesWritten = 0, logEventsWritten = 0

    /// The files of a session folder.
    public enum FileName {
        public static let trace = "trace.jsonl", log = "log.jsonl", projectStart = "project-start.json",
                          projectEnd = "project-end.json", configuration = "config.json", plan = "plan.json"
    }

    /// Starts a session in `folder` (made if missing; an error if it already holds a session).
    /// Times in the files count from `origin` (a kiosk visitor's session starts mid-run).
    public init(folder: URL, viewport: Size, framesPerSecond: Double?, project: Project, configuration: TactileConfiguration,
                plan: Data? = nil, origin: Time = .zero) throws {
        self.folder = folder
        self.origin = origin
        let fm = FileManager.default
        try Self.checkFree(folder)
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(try encoder.encode(configuration), to: folder.appendingPathComponent(FileName.configuration))
            try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectStart))
            try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectEnd))
            if let plan { try AtomicFile.write(plan, to: folder.appendingPathComponent(FileName.plan)) }
            trace = try Self.create(folder.appendingPathComponent(FileName.trace))
            logFile = try Self.create(folder.appendingPathComponent(FileName.log))
        } catch let e as CommandError { throw e } catch {
            throw CommandError("\(folder.path): cannot record the session there (\(error.localizedDescription))")
        }
        lastProject = project
        trace.write(Data((Trace.header(viewport: viewport, framesPerSecond: framesPerSecond) + "\n").utf8))
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

    /// Records one frame: its input, a frame mark, its log events; the project when it changed
    /// by an edit, undo or redo.
    public func record(time: Time, events: [InputEvent], log logEvents: [LogEvent], project: Project) {
        var lines = ""
        for var e in events { e.time = e.time - origin; lines += Trace.line(for: e) + "\n" }
        lines += Trace.frameLine(at: time - origin) + "\n"
        trace.write(Data(lines.utf8))
        framesWritten += 1
        if !logEvents.isEmpty {
            logFile.write(Data(logEvents.map { var e = $0; e.time = e.time - origin; return e.jsonLine + "\n" }.joined().utf8))
            logEventsWritten += logEvents.count
        }
        if project != lastProject && logEvents.contains(where: { ["edit", "undo", "redo"].contains($0.kind) }) {
            lastProject = project
            try? ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectEnd))
        }
    }

    /// Ends the session: writes the project as it was left.
    public func finish(project: Project) {
        try? ProjectFile.save(project, to: folder.appendingPathComponent(FileName.projectEnd))
        try? trace.synchronize(); try? logFile.synchronize()
        try? trace.close(); try? logFile.close()
    }

    private static func create(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
        }
        return try FileHandle(forWritingTo: url)
    }
}
