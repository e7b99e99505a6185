import Foundation
import TactileCore
import TactileStudy

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
    /// Saves written so far, and the error of the last save when it failed (a full disk, a
    /// read-only folder): while it is set, the project on screen is not saved.
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

    /// What a save changed: whether saving failed where it worked before, or works again.
    public enum Change: Equatable, Sendable { case none, failed(String), recovered }

    /// Saves `project` if it differs from the last one saved. A project that could not be saved
    /// is tried again on the next call.
    @discardableResult
    public func save(_ project: Project) -> Change {
        guard project != lastSaved else { return .none }
        let wasFailing = lastError != nil
        do {
            try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.project(pid)))
            lastSaved = project; saves += 1; lastError = nil
            return wasFailing ? .recovered : .none
        } catch {
            lastError = Self.reason(error)
            return wasFailing ? .none : .failed(lastError!)
        }
    }

    /// A clean close: the project stays as `last-session.json`, the marker goes. Returns the
    /// reason when the project could not be saved (the marker then stays, so the next start
    /// recovers whatever was saved last).
    @discardableResult
    public func finish(project: Project) -> String? {
        save(project)
        if let lastError { return lastError }
        let mine = folder.appendingPathComponent(FileName.project(pid)), last = folder.appendingPathComponent(FileName.lastSession)
        // rename(2) replaces the old last session in one step.
        guard rename(mine.path, last.path) == 0 else { return String(cString: strerror(errno)) }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(FileName.marker(pid)))
        return nil
    }

    /// A write error as a person reads it ("No space left on device").
    static func reason(_ error: Error) -> String { SessionRecorder.reason(error) }

    /// The newest project of a session in `folder` that died without closing, moved aside to
    /// `recovered-<date>.json`; nil when every session closed cleanly. Markers of dead sessions
    /// are cleared (their projects kept as recovered files too). Unreadable projects are skipped.
    /// At most `keep` recovered files stay (a stand that crashes daily must not fill its disk);
    /// the oldest go first, never the one just recovered.
    public static func recover(from folder: URL, now: Date = Date(), keep: Int = TactileConfiguration.Session().keepRecoveredProjects) -> Recovery? {
        let recovery = recoverNewest(from: folder, now: now)
        pruneRecovered(in: folder, keep: max(1, keep), sparing: recovery?.file)
        return recovery
    }

    /// Deletes the oldest `recovered-*.json` files beyond `keep` (their names sort by date).
    static func pruneRecovered(in folder: URL, keep: Int, sparing: URL?) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let recovered = names.filter { $0.hasPrefix("recovered-") && $0.hasSuffix(".json") }.sorted()
        for name in recovered.dropLast(keep) where name != sparing?.lastPathComponent {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func recoverNewest(from folder: URL, now: Date) -> Recovery? {
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
