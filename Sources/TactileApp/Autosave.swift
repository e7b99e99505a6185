import Foundation
import TactileCore
import TactileEditor
import TactileStudy
import TactileHeadless

/// Saves the project on screen after every change, atomically, and brings it back on the next
/// start when a session ended without closing (a crash, a power cut, kill -9).
///
/// Each running Tactile owns two files in the folder: `running-<id>` (present while it runs)
/// and `project-<id>.json` (its latest project), where the id is its process id (with `-2`,
/// `-3` … when a live process in another PID namespace or a dead session's unrecovered files
/// have that name). A clean close removes the marker and keeps the project as
/// `last-session.json`. A marker nobody holds means a session that died: its project is moved to
/// `recovered-<date>.json` and opened again.
///
/// A session is alive while it holds its marker's lock (`WriterLock`, which the kernel releases
/// when the process dies however it dies), or while the process the marker names — the same
/// boot, the same start time — still runs. Never by the process id alone: after a crash and a
/// restart that gets the dead session's id (a container, a deterministic boot), the dead
/// session is recovered, not taken for the new one.
public final class Autosave {
    public let folder: URL
    /// This session's id in the file names.
    public let id: String
    private let lock: WriterLock
    private var lastSaved: Project?
    /// Saves written so far, and the error of the last save when it failed (a full disk, a
    /// read-only folder): while it is set, the project on screen is not saved.
    public private(set) var saves = 0
    public private(set) var lastError: String?

    /// The file names in the folder.
    public enum FileName {
        public static let lastSession = "last-session.json"
        static func marker(_ id: String) -> String { "running-\(id)" }
        static func project(_ id: String) -> String { "project-\(id).json" }
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
        let pid = ProcessInfo.processInfo.processIdentifier
        var n = 1, taken: (String, WriterLock)?
        while taken == nil {
            let id = n == 1 ? "\(pid)" : "\(pid)-\(n)"
            n += 1
            let marker = folder.appendingPathComponent(FileName.marker(id))
            let fm = FileManager.default
            // A dead session's files under this name wait for recovery: never written over.
            if fm.fileExists(atPath: marker.path) && !WriterLock.isHeld(marker)
                && fm.fileExists(atPath: folder.appendingPathComponent(FileName.project(id)).path)
            {
                continue
            }
            do { taken = (id, try WriterLock(marker, guarding: marker.path)) } catch is WriterLock.Held { continue }
        }
        (id, lock) = taken!
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
            try ProjectFile.save(project, to: folder.appendingPathComponent(FileName.project(id)))
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
        let mine = folder.appendingPathComponent(FileName.project(id)), last = folder.appendingPathComponent(FileName.lastSession)
        // rename(2) replaces the old last session in one step.
        guard rename(mine.path, last.path) == 0 else { return String(cString: strerror(errno)) }
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(FileName.marker(id)))
        lock.release()
        return nil
    }

    /// A write error as a person reads it ("No space left on device").
    static func reason(_ error: Error) -> String { CommandError.reason(error) }

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
            let id = String(name.dropFirst("running-".count)), marker = folder.appendingPathComponent(name)
            guard !id.isEmpty, !id.contains("/"), !isAlive(marker) else { continue }
            let project = folder.appendingPathComponent(FileName.project(id))
            try? fm.removeItem(at: marker)
            guard fm.fileExists(atPath: project.path) else { continue }
            let saved = (try? fm.attributesOfItem(atPath: project.path)[.modificationDate] as? Date) ?? now
            let kept = freeName(in: folder, stem: "recovered-" + stamp(saved))
            guard (try? fm.moveItem(at: project, to: kept)) != nil, let p = try? ProjectFile.load(from: kept) else { continue }
            found.append(Recovery(project: p, file: kept, savedAt: saved))
        }
        return found.max { $0.savedAt < $1.savedAt }
    }

    /// Whether the session of `marker` still runs: its lock is held, or the process it names
    /// (same boot, same start time) runs. A marker of an older Tactile holds only a process id:
    /// alive while another process has that id.
    static func isAlive(_ marker: URL) -> Bool {
        if WriterLock.isHeld(marker) { return true }
        if let holder = WriterLock.holder(of: marker) { return holder.isRunning && holder.pid != getpid() }
        guard let text = try? String(contentsOf: marker, encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
        else { return false }
        return pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
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
