import Foundation
import TactileCore
import TactileHost
import TactileEditor
import TactileMedia
import TactileHeadless

/// Runs the editor's exports on a thread of their own, so the frame loop never waits: the
/// movie goes into the configured folder (`export.folder`) named after the project and the
/// moment, written atomically; progress and the end come back as news the session takes each
/// step. One export at a time.
// Unchecked Sendable, safe: the news, the cancel flag and whether one runs are read and written
// only while holding `lock`; `folder`, `now` and `timeZone` are set before the first export
// (tests) and the configuration never changes.
public final class BackgroundMovieExport: MovieExporting, @unchecked Sendable {
    private let editor: EditorSettings
    private let lock = NSLock()
    private var news: MovieExportNews?
    private var cancelled = false
    private var running = false
    /// How the latest export ended.
    private var ended: MovieExportNews?
    /// When set, the folder movies go to instead of `export.folder` (tests).
    public var folder: URL?
    /// The clock that names files (injected so tests may name them).
    public var now: () -> Date = Date.init
    /// The time zone the name's moment is written in (the machine's).
    public var timeZone = TimeZone.current

    public init(editor: EditorSettings) { self.editor = editor }

    public func start(_ project: Project, settings: MovieSettings) {
        let url: URL
        do { url = try destination(for: project) } catch {
            lock.withLock { news = .failed(CommandError.reason(error)) }
            return
        }
        let go = lock.withLock { () -> Bool in
            guard !running else { return false }
            running = true; cancelled = false; ended = nil; news = .progress(fraction: 0, secondsLeft: nil)
            return true
        }
        guard go else { return }
        let thread = Thread { [self] in
            // What an export killed mid-way left behind (it cannot clean up after a SIGKILL).
            VideoEncoder.removeAbandonedPartialFiles(in: url.deletingLastPathComponent())
            let outcome: MovieExportNews
            do {
                let summary = try MovieExport.export(
                    project, settings: settings, editor: editor, to: url,
                    isCancelled: { [self] in lock.withLock { cancelled } },
                    onProgress: { [self] p in
                        lock.withLock { news = .progress(fraction: p.fraction, secondsLeft: p.secondsLeft) }
                    })
                let bytes = ((try? FileManager.default.attributesOfItem(atPath: summary.url.path))?[.size] as? NSNumber)?.int64Value ?? 0
                outcome = .finished(path: summary.url.path, bytes: bytes)
            } catch is MovieExport.Cancelled {
                outcome = .cancelled
            } catch let error as CommandError {
                outcome = .failed(error.message)
            } catch {
                outcome = .failed(CommandError.reason(error))
            }
            lock.withLock {
                news = outcome; running = false; ended = outcome
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    public func cancel() { lock.withLock { cancelled = true } }

    /// Whether an export is under way.
    public var isRunning: Bool { lock.withLock { running } }

    /// Waits for the export under way to end (the window closed while it ran: the movie is
    /// finished rather than lost), cancelling it as soon as `cancelWhen` says so (a Ctrl+C, a
    /// shutdown); `progress` hears the share done now and then. Returns how it ended (nil: none ran).
    public func waitForTheEnd(cancelWhen: () -> Bool, progress: (Double) -> Void = { _ in }, checkEvery seconds: TimeInterval = 0.1) -> MovieExportNews? {
        var lastShown = -1.0
        while isRunning {
            if cancelWhen() { cancel() }
            if case let .progress(fraction, _)? = lock.withLock({ news }), fraction - lastShown >= 0.1 {
                lastShown = fraction
                progress(fraction)
            }
            Thread.sleep(forTimeInterval: seconds)
        }
        return lock.withLock { ended }
    }

    public func takeNews(now: Time) -> MovieExportNews? {
        lock.withLock {
            defer { news = nil }; return news
        }
    }

    /// `FOLDER/Project name 2026-11-24 14.05.09.mp4`: the folder made when missing, the name
    /// free of characters file systems refuse.
    func destination(for project: Project) throws -> URL {
        let folder = self.folder ?? URL(fileURLWithPath: HomePath.expanding(editor.export.folder))
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw CommandError("\(folder.path): the export folder cannot be made (\(CommandError.reason(error)))")
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH.mm.ss"
        formatter.timeZone = timeZone
        let safe = project.name.map { "/\\:*?\"<>|\0".contains($0) || $0.isNewline ? "-" : $0 }
        let stamp = " \(formatter.string(from: now())).mp4"
        // Cut by bytes, not characters, at a character's edge: the file's name, its hidden partial
        // file's and its lock's must fit NAME_MAX (255 bytes) whatever script the name is in.
        let name = MovieNames.cut(String(safe).trimmingCharacters(in: .whitespaces), toBytes: MovieNames.longestMovieName - stamp.utf8.count)
        return folder.appendingPathComponent("\(name.isEmpty ? "Movie" : name)\(stamp)")
    }
}
