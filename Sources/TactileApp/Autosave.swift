import Foundation
import TactileCore

/// Saves the project on screen after every change, atomically, and brings it back on the next
/// start when a session ended without closing (a crash, a power cut, kill -9).
///
/// Each running Tactile owns two files in the folder: `running-<pid>` (present while it runs)
/// and `project-<pid>.json` (its latest project). A clean close removes the marker and keeps
/// the project as `last-session.json`. A marker whose process is gone means a session that died:
/// its project is moved to `recovered-<date>.json` and opened again.
public final class Autosave {
    public let folder: URL
    private let pid = ProcessInfo.processInfo.processIdentifier
    private var lastSaved: Project?
    /// Saves written so far, and the last error (a full disk is reported once, never fatal).
    public private(set) var saves = 0
    public private(set) var lastError: String?

    /// The file names in the folder.
    public enum FileName {
        public static let lastSession = "last-session.json"
        static func marker(_ pid: Int32) -> String { "running-\(pid)" }
        static func project(_ pid: Int32) -> String { "project-\(pid).json" }
    }

    /// A project brought back from a session that ended without closing.
    public struct Recovery {
        public var project: Project
        /// Where it is kept now.
        public var file: URL
        /// When it was last saved.
        public var savedAt: Date
    }

    /// Starts autosaving into `folder` (made if missing), beginning with `project`.
    public init(folder: URL, project: Project) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AtomicFile.write(Data("\(pid)\n".utf8), to: folder.appendingPathComponent(FileName.marker(pid)))
        save(project)
    }

    /// Saves `project` if it differs from the last one saved.
    public func save(_ project: Project) {
        guard project != lastSaved else { return }
        do {
            try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.project(pid)))
            lastSaved = project; saves += 1; lastError = nil
        } catch {
            lastError = "\(error)"
        }
    }

    /// A clean close: the project stays as `last-session.json`, the marker goes.
    public func finish(project: Project) {
        save(project)
        let mine = folder.appendingPathComponent(FileName.project(pid)), last = folder.appendingPathComponent(FileName.lastSession)
        // rename(2) replaces the old last session in one step.
        guard rename(mine.path, last.path) == 0 else { return }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(FileName.marker(pid)))
    }

    /// The newest project of a session in `folder` that died without closing, moved aside to
    /// `recovered-<date>.json`; nil when every session closed cleanly. Markers of dead sessions
    /// are cleared (their projects kept as recovered files too). Unreadable projects are skipped.
    public static func recover(from folder: URL, now: Date = Date()) -> Recovery? {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return nil }
        var found: [Recovery] = []
        for name in names where name.hasPrefix("running-") {
            guard let pid = Int32(name.dropFirst("running-".count)), !isAlive(pid) else { continue }
            let project = folder.appendingPathComponent(FileName.project(pid))
            try? fm.removeItem(at: folder.appendingPathComponent(name))
            guard fm.fileExists(atPath: project.path) else { continue }
            let saved = (try? fm.attributesOfItem(atPath: project.path)[.modificationDate] as? Date) ?? now
            let kept = freeName(in: folder, stem: "recovered-" + stamp(saved))
            guard (try? fm.moveItem(at: project, to: kept)) != nil, let p = try? ProjectFile.load(from: kept) else { continue }
            found.append(Recovery(project: p, file: kept, savedAt: saved))
        }
        return found.max { $0.savedAt < $1.savedAt }
    }

    private static func isAlive(_ pid: Int32) -> Bool {
        pid == ProcessInfo.processInfo.processIdentifier || kill(pid, 0) == 0 || errno == EPERM
    }

    private static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd'T'HH-mm-ss"
        return f.string(from: date)
    }

    private static func freeName(in folder: URL, stem: String) -> URL {
        var url = folder.appendingPathComponent(stem + ".json"), n = 2
        while FileManager.default.fileExists(atPath: url.path) { url = folder.appendingPathComponent("\(stem)-\(n).json"); n += 1 }
        return url
    }
}
