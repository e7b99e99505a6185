import Foundation
import Synchronization
import TactileCore
import TactileMedia
import TactileStudy
import TactileHeadless

/// `tactile clips`: short MP4s for a highlight reel — one per marker or note (a window before
/// and after it) or, with `--tasks`, one per task attempt (from its start to its judgement, with
/// the same margins) — of every recorded session under the folders given, each with the touch
/// indicators and the think-aloud sound, named so they sort by participant, block and moment:
/// `P01-block1-outside-marker-02-confusion.mp4`, `P01-block1-outside-task-1-trim-city-completed.mp4`.
/// Where `tactile videos` already made the session's video with the same `--scale` and `--fps`
/// (its line in the results' `made.jsonl`, still the same file), a clip is cut out of it without
/// re-encoding (`StreamCopyCut`); otherwise it is drawn from the trace, one clip a core.
public enum HighlightClips {
    /// One clip to cut: from the session at `folder`, `from` … `to` on its clock, as `name`.
    struct Clip {
        var folder: URL, name: String, from: Double, to: Double
    }

    /// What to cut from `paths`. `before`, `after`: seconds around a marker (or a task).
    static func clips(
        under paths: [String], tasks: Bool, before: Double, after: Double, category: String?, participant: String?, shard: Shard = .whole
    ) throws -> [Clip] {
        var out: [Clip] = []
        for session in try BatchVideos.sessions(under: paths) where shard.holds(session.name) {
            if let participant, !session.name.hasPrefix(participant + "-") && session.name != participant { continue }
            let timeline = BlockTimeline.read(session.folder)
            let end = max(timeline.end, timeline.spans.compactMap(\.ended).max() ?? 0)
            if tasks {
                for (i, span) in timeline.spans.enumerated() {
                    let outcome = span.outcome ?? "open"
                    out.append(
                        Clip(
                            folder: session.folder, name: "\(session.name)-task-\(i + 1)-\(StudyReport.slug(span.task))-\(StudyReport.slug(outcome))",
                            from: max(0, span.began - before), to: min(end + after, (span.ended ?? end) + after)))
                }
            } else {
                for (i, m) in timeline.markers.enumerated() {
                    guard let t = m.t, category == nil || m.category == category else { continue }
                    out.append(
                        Clip(
                            folder: session.folder, name: StudyReport.clipName(session: session.name, marker: i + 1, category: m.category),
                            from: max(0, t - before), to: t + after))
                }
            }
        }
        return out
    }

    /// The session's own video to cut from, with its length: the newest `tactile videos` made of
    /// the session at `folder`, still the file it wrote, drawn with the `scale` asked for and the
    /// `fps` (nil: at whatever rate it was made).
    static func sessionVideo(of folder: URL, scale: Double?, fps: Double?) -> (file: URL, seconds: Double)? {
        guard let (file, line) = StudyManifest.newest(madeBy: "videos", fromSession: folder),
            line["scale"] as? Double == scale, fps == nil || line["fps"] as? Double == fps,
            let seconds = MediaProbe.probe(file.path).duration, seconds > 0
        else { return nil }
        return (file, seconds)
    }

    /// Cuts the clips into `out`; returns the summary line.
    public static func run(
        _ paths: [String], out: String, tasks: Bool, before: Double?, after: Double?, category: String?, participant: String?,
        scale: Double?, fps: Double?, jobs: Int?, settings: Settings = Settings(), mediaDir: String? = nil, shard: Shard = .whole
    ) throws -> String {
        let defaults = try settings.load().study
        let before = before ?? defaults.clipBefore, after = after ?? defaults.clipAfter
        for (name, v) in [("--before", before), ("--after", after)] where !(v.isFinite && v >= 0 && v <= 600) {
            throw CommandError.badInput("\(name) must be 0 to 600 seconds, not \(JSONValue.format(v))")
        }
        guard before + after > 0 else { throw CommandError.badInput("--before and --after are both 0: a clip needs some time around its moment") }
        if let fps, !(fps.isFinite && fps >= 1 && fps <= 240) { throw CommandError.badInput("--fps must be between 1 and 240, not \(JSONValue.format(fps))") }
        _ = try Inputs.scale(scale)
        try Commands.checkJobs(jobs)
        let participantName = try participant.map { StudyAnswers.name(of: try StudyRun.parseParticipant($0)) }
        let folder = URL(fileURLWithPath: HomePath.expanding(out))
        let list = try clips(under: paths, tasks: tasks, before: before, after: after, category: category, participant: participantName, shard: shard)
        // A part with nothing of its own is no failure: the others have it.
        if list.isEmpty, shard.count > 1,
            !(try clips(under: paths, tasks: tasks, before: before, after: after, category: category, participant: participantName)).isEmpty
        {
            return "\(shard.said)none of the clips fall in this part\n"
        }
        guard !list.isEmpty else {
            let what = tasks ? "task attempts" : "markers or notes" + (category.map { " of the category \($0)" } ?? "")
            throw CommandError.badInput("no \(what) in the sessions under \(paths.joined(separator: ", "))\(participantName.map { " for \($0)" } ?? "")")
        }
        // Two sessions named alike (two studies' P01 given together) would overwrite each other's clips.
        var names: Set<String> = []
        for clip in list where !names.insert(clip.name).inserted {
            throw CommandError.badInput(
                "two clips would be named \(clip.name).mp4 (sessions of the same name under \(paths.joined(separator: ", "))): cut each study into its own folder"
            )
        }
        do { try SessionRecorder.checkWritable(folder) } catch let e as CommandError {
            throw CommandError.badInput(
                "--out: " + e.message.replacingOccurrences(of: "cannot record a session there", with: "the clips cannot be written there"))
        }
        // What killed writes left here (partial clips, locks of dead holders) is cleared first.
        VideoEncoder.removeAbandonedPartialFiles(in: folder)
        // Clips are cut side by side, one a core (each drawn and encoded on its own thread: a
        // clip is short, so one a core beats one at a time with its frames spread over the cores).
        let started = Date()
        let videos = Dictionary(
            uniqueKeysWithValues: Set(list.map(\.folder)).compactMap { folder in
                sessionVideo(of: folder, scale: scale, fps: fps).map { (folder, $0) }
            })
        let cut = Mutex((seconds: 0.0, failures: [String](), copied: 0))
        let workers = max(1, min(list.count, jobs ?? ProcessInfo.processInfo.activeProcessorCount))
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let clip = next.withLock({ n -> Clip? in
                guard n < list.count else { return nil }
                n += 1
                return list[n - 1]
            }) {
                let target = folder.appendingPathComponent(clip.name + ".mp4")
                do {
                    let length: Double, how: String
                    if let video = videos[clip.folder], clip.from < video.seconds {
                        length = try StreamCopyCut.cut(video.file, from: clip.from, to: min(clip.to, video.seconds), into: target).seconds
                        how = " (cut from \(video.file.lastPathComponent))"
                        cut.withLock { $0.copied += 1 }
                    } else {
                        let result = try Commands.replayWithSummary(
                            trace: clip.folder.path, project: nil,
                            outputs: .init(video: target.path, framesPerSecond: fps ?? defaults.clipFramesPerSecond, jobs: 1, videoFrom: clip.from),
                            scale: scale,
                            until: clip.to, settings: settings, mediaDir: mediaDir)
                        length = result.video?.duration.seconds ?? 0
                        how = " (drawn from the trace)"
                    }
                    StudyManifest.note(target, madeFrom: clip.folder, by: "clips")
                    cut.withLock { $0.seconds += length }
                    FileHandle.standardError.write(Data("\(clip.name).mp4: \(String(format: "%.1f", length)) s\(how)\n".utf8))
                } catch {
                    // One line however many lines the reason has.
                    let reason = (error as? CommandError)?.message ?? "\(error)"
                    cut.withLock { $0.failures.append("\(clip.name): \(reason.split(whereSeparator: \.isNewline).joined(separator: "; "))") }
                }
            }
        }
        let (seconds, failures, copied) = cut.withLock { $0 }
        let took = Date().timeIntervalSince(started)
        let how =
            copied == list.count
            ? "all cut from the sessions' videos" : copied > 0 ? "\(copied) cut from the sessions' videos, \(workers) at a time" : "\(workers) at a time"
        let line =
            "\(shard.said)\(list.count - failures.count) of \(list.count) clips into \(folder.path): \(String(format: "%.1f", seconds)) s of video in "
            + "\(String(format: "%.1f", took)) s (\(String(format: "%.1f", seconds / max(took, 0.001)))× real time, \(how))\n"
        // The failure is one line: what was cut, then each clip that was not and why.
        guard failures.isEmpty else {
            throw CommandError(line.trimmingCharacters(in: .newlines) + "; could not cut: " + failures.joined(separator: "; "), exitCode: 1)
        }
        return line
    }
}
