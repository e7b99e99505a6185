import Foundation
import TactileCore
import TactileMedia
import TactileStudy
import TactileHeadless
#if canImport(Glibc)
import Glibc
#endif

/// `tactile videos`: every recorded session under the paths given (a study's results folder,
/// its participants', single sessions) exported as a video into one folder, one after another,
/// each drawn on every core, with a progress bar on a terminal (a line per video otherwise).
public enum BatchVideos {
    /// The session folders under `paths` (a folder with `trace.jsonl` is one; others are searched
    /// three levels down), in name order, each with the video name it gets ("P01-block1-outside",
    /// for a participant's block however it was given).
    public static func sessions(under paths: [String]) throws -> [(folder: URL, name: String)] {
        var found: [(URL, String)] = []
        let fm = FileManager.default
        func isSession(_ url: URL) -> Bool { fm.fileExists(atPath: url.appendingPathComponent(SessionRecorder.FileName.trace).path) }
        func walk(_ url: URL, _ parts: [String], depth: Int) {
            if isSession(url) { found.append((url, parts.isEmpty ? url.lastPathComponent : parts.joined(separator: "-"))); return }
            guard depth < 3, let names = try? fm.contentsOfDirectory(atPath: url.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let child = url.appendingPathComponent(name)
                if fm.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue { walk(child, parts + [name], depth: depth + 1) }
            }
        }
        for path in paths {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { throw CommandError.badInput("\(path): no such folder") }
            walk(URL(fileURLWithPath: path), [], depth: 0)
        }
        guard !found.isEmpty else { throw CommandError.badInput("no recorded sessions (folders with trace.jsonl) under \(paths.joined(separator: ", "))") }
        // A participant's block is named with their id however it was reached (`results`,
        // `results/P05` or the block's own folder): every file made of them says whose it is, so
        // a withdrawal finds it.
        return found.map { folder, name in
            guard let owner = StudyManifest.owner(ofSession: folder), !name.hasPrefix(owner.participant + "-") else { return (folder, name) }
            return (folder, owner.participant + "-" + folder.lastPathComponent)
        }
    }

    /// Exports each session into `out` as NAME.mp4 (those of `shard` only); returns the summary line.
    public static func run(
        _ paths: [String], out: String, scale: Double?, fps: Double?, jobs: Int?, settings: Settings = Settings(),
        mediaDir: String? = nil, shard: Shard = .whole
    ) throws -> String {
        // Bad input is refused before any work, each with a sentence (exit 2).
        if let fps, !(fps.isFinite && fps >= 1 && fps <= 240) { throw CommandError.badInput("--fps must be between 1 and 240, not \(JSONValue.format(fps))") }
        _ = try Inputs.scale(scale)
        try Commands.checkJobs(jobs)
        let folder = URL(fileURLWithPath: HomePath.expanding(out))
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandError.badInput("--out: \(folder.path) is a file; give the folder the videos go into")
        }
        let all = try sessions(under: paths)
        let list = all.filter { shard.holds($0.name) }
        guard !list.isEmpty else { return "\(shard.said)none of the \(all.count) sessions under \(paths.joined(separator: ", ")) fall in this part\n" }
        do { try SessionRecorder.checkWritable(folder) } catch let e as CommandError {
            throw CommandError.badInput(
                "--out: " + e.message.replacingOccurrences(of: "cannot record a session there", with: "the videos cannot be written there"))
        }
        // Hidden partial files of exports killed outright (kill -9, a power cut) are cleared, as
        // the window's Export sheet and `tactile export` do.
        VideoEncoder.removeAbandonedPartialFiles(in: folder)
        let terminal = isatty(2) != 0
        let started = Date()
        var videoSeconds = 0.0, failures: [String] = []
        for (n, session) in list.enumerated() {
            let target = folder.appendingPathComponent(session.name + ".mp4")
            let sessionStart = Date()
            var lastDraw = Date.distantPast
            let progress: (Time, Time) -> Void = { at, end in
                guard terminal, Date().timeIntervalSince(lastDraw) > 0.1 else { return }
                lastDraw = Date()
                let share = end.seconds > 0 ? min(1, at.seconds / end.seconds) : 1
                let overall = (Double(n) + share) / Double(list.count)
                let elapsed = Date().timeIntervalSince(started)
                let left = overall > 0.01 ? elapsed / overall - elapsed : nil
                let speed = Date().timeIntervalSince(sessionStart) > 0.2 ? at.seconds / Date().timeIntervalSince(sessionStart) : nil
                let line =
                    bar(overall) + " \(n + 1)/\(list.count) \(session.name) \(Int(share * 100)) %"
                    + (speed.map { String(format: " · %.1f× real time", $0) } ?? "") + (left.map { " · " + clock($0) + " left" } ?? "")
                FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
            }
            do {
                let result = try Commands.replayWithSummary(
                    trace: session.folder.path, project: nil,
                    outputs: .init(video: target.path, framesPerSecond: fps, jobs: jobs), scale: scale, until: nil,
                    settings: settings, mediaDir: mediaDir, onVideoProgress: progress)
                let seconds = result.video?.duration.seconds ?? 0
                StudyManifest.note(
                    target, madeFrom: session.folder, by: "videos",
                    details: [("scale", scale.map(JSONValue.number) ?? .null), ("fps", fps.map(JSONValue.number) ?? .null)])
                videoSeconds += seconds
                let took = Date().timeIntervalSince(sessionStart)
                let done =
                    "\(session.name).mp4: \(String(format: "%.1f", seconds)) s of video in \(String(format: "%.1f", took)) s (\(String(format: "%.1f", seconds / max(took, 0.001)))× real time)"
                FileHandle.standardError.write(Data(((terminal ? "\r\u{1B}[K" : "") + done + "\n").utf8))
            } catch let e as CommandError {
                failures.append("\(session.name): \(e.message)")
                FileHandle.standardError.write(Data(((terminal ? "\r\u{1B}[K" : "") + "\(session.name): \(e.message)\n").utf8))
            }
        }
        let took = Date().timeIntervalSince(started)
        let line =
            "\(shard.said)\(list.count - failures.count) of \(list.count) videos into \(folder.path): \(String(format: "%.1f", videoSeconds)) s of video in "
            + "\(String(format: "%.1f", took)) s (\(String(format: "%.1f", videoSeconds / max(took, 0.001)))× real time)\n"
        guard failures.isEmpty else {
            throw CommandError(line.trimmingCharacters(in: .newlines) + "; could not export: " + failures.joined(separator: "; "), exitCode: 1)
        }
        return line
    }

    static func bar(_ share: Double, width: Int = 24) -> String {
        let filled = Int((share * Double(width)).rounded(.down))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    }
}
