import Foundation
import TactileCore
import TactileMedia
import TactileSDL
import TactileStudy
import TactileHeadless
import TactileExport

extension Commands {
    /// `tactile export`: the project (default: the demo) to a movie at `out`, with a progress bar
    /// on the terminal when standard error is one. Returns the closing line.
    public static func export(
        project path: String?, out: String, size: String?, framesPerSecond: Int?, quality: String?,
        settings: Settings = Settings(), drawThreads: Int? = nil
    ) throws -> String {
        let configuration = try settings.load()
        var movie = MovieSettings(configuration.export)
        if let size {
            guard let s = MovieSettings.Size(rawValue: size) ?? MovieSettings.Size.allCases.first(where: { $0.rawValue.lowercased() == size.lowercased() })
            else {
                throw CommandError.badInput("--size must be one of \(MovieSettings.Size.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(size)\"")
            }
            movie.size = s
        }
        if let framesPerSecond {
            guard MovieSettings.framesPerSecondChoices.contains(framesPerSecond) else {
                throw CommandError.badInput(
                    "--fps must be one of \(MovieSettings.framesPerSecondChoices.map(String.init).joined(separator: ", ")), not \(framesPerSecond)")
            }
            movie.framesPerSecond = framesPerSecond
        }
        if let quality {
            guard let q = MovieSettings.Quality(rawValue: quality) else {
                throw CommandError.badInput(
                    "--quality must be one of \(MovieSettings.Quality.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(quality)\"")
            }
            movie.quality = q
        }
        let url = URL(fileURLWithPath: HomePath.expanding(out))
        guard ["mp4", "m4v", "mov"].contains(url.pathExtension.lowercased()) else {
            throw CommandError.badInput("--out must end in .mp4 (or .m4v, .mov), not \"\(url.lastPathComponent)\"")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandError.badInput("--out: \(url.path) is a folder; give the movie's file name")
        }
        // The hidden partial file adds 13 bytes to the name (and its lock 6): both must fit NAME_MAX.
        let nameBytes = url.lastPathComponent.utf8.count
        guard nameBytes <= MovieNames.longestMovieName else {
            throw CommandError.badInput(
                "--out: the file name is \(nameBytes) bytes long; at most \(MovieNames.longestMovieName) (its hidden partial file adds 13)")
        }
        let project = try Inputs.project(at: path)
        // Hidden partial files of exports killed outright are cleared, as the window's sheet does.
        VideoEncoder.removeAbandonedPartialFiles(in: url.deletingLastPathComponent())
        // Big buffers back to the system as soon as they are freed: the export stays under its
        // memory budget (keeping them for reuse is a few per cent quicker and 20 MB larger).
        MediaMemory.returnLargeBuffersToTheSystem()
        let bar = TerminalProgressBar(enabled: isatty(STDERR_FILENO) == 1)
        // Ctrl+C (or a TERM) stops the export cleanly: the partial file is removed.
        TerminationSignals.install()
        let summary: MovieExport.Summary
        do {
            summary = try MovieExport.export(
                project, settings: movie, editor: configuration.editorSettings, to: url, drawThreads: drawThreads,
                isCancelled: { TerminationSignals.received != nil }, onProgress: { bar.show($0) })
        } catch is MovieExport.Cancelled {
            bar.clear()
            throw CommandError("interrupted: \(url.path) was not written", exitCode: 130)
        } catch {
            bar.clear()
            throw error
        }
        bar.clear()
        for problem in summary.problems { FileHandle.standardError.write(Data("tactile: \(problem)\n".utf8)) }
        let speed = summary.duration.seconds / max(0.001, summary.seconds)
        return "Wrote \(url.path): \(summary.width)×\(summary.height), \(summary.framesPerSecond) fps, "
            + "\(TimeFormatting.timecode(summary.duration)) in \(String(format: "%.1f", summary.seconds)) s (\(String(format: "%.1f", speed))× real time)\n"
    }
}

/// A one-line progress bar redrawn in place on standard error: the share done, the movie time
/// done of the whole and the time left. Draws nothing when disabled (not a terminal), and at
/// most ten times a second.
// Unchecked Sendable, safe: what was last drawn is read and written only while holding `lock`
// (the export's threads report progress).
final class TerminalProgressBar: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var lastDrawn = -1.0
    private var drawn = false
    /// Cells of the bar.
    static let width = 30

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ progress: MovieExport.Progress) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard progress.elapsed - lastDrawn >= 0.1 || progress.fraction >= 1 else { return }
        lastDrawn = progress.elapsed
        FileHandle.standardError.write(Data(("\r" + Self.line(progress) + "\u{1B}[K").utf8))
        drawn = true
    }

    /// Takes the bar off the line, so what follows starts clean.
    func clear() {
        lock.lock(); defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)); drawn = false }
    }

    /// The bar's text: `[█████░░░░░]  52 %  0:31 / 1:00  0:12 left`.
    static func line(_ progress: MovieExport.Progress) -> String {
        let filled = Int((progress.fraction * Double(width)).rounded(.down))
        let cells = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let percent = String(format: "%3d %%", Int((progress.fraction * 100).rounded(.down)))
        let left = progress.secondsLeft.map { "  \(TimeFormatting.timecode(.seconds($0.rounded(.up)))) left" } ?? ""
        return "[\(cells)] \(percent)  \(TimeFormatting.timecode(progress.done)) / \(TimeFormatting.timecode(progress.total))\(left)"
    }
}
