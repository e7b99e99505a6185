import Foundation
import TactileCore

/// A recorded session's chapters, for its exported video: each task's start ("Task 2:
/// trim-city") and end ("trim-city: completed after 18.49 s", the time on task the report gives), and each marker or note ("Marker:
/// confusion — looks lost"), on the session's clock. Players list them (QuickTime, VLC, mpv), so a
/// researcher jumps to the moment.
public enum SessionChapters {
    /// The chapters of the session recorded in `folder` (none when its log has no task or marker).
    public static func read(_ folder: URL) -> [(start: Time, title: String)] {
        let timeline = BlockTimeline.read(folder)
        var out: [(start: Time, title: String)] = []
        for (i, span) in timeline.spans.enumerated() {
            out.append((.seconds(span.began), "Task \(i + 1): \(span.task)"))
            if let ended = span.ended {
                let outcome = span.outcome.map { $0 == "timedOut" ? "timed out" : $0 } ?? "ended"
                // The time on task as judged, the report's and the CSVs' number (not the judgement's
                // moment, which comes after the project settled).
                let seconds = span.seconds ?? ended - span.began
                out.append((.seconds(ended), "\(span.task): \(outcome) after \(String(format: "%.2f", seconds)) s"))
            }
        }
        for m in timeline.markers {
            guard let t = m.t else { continue }
            let what = m.category == "note" ? "Note" : m.category == "marker" ? "Marker" : "Marker: \(m.category)"
            out.append((.seconds(t), what + (m.note.map { " — " + String($0.prefix(120)) } ?? "") + (m.source == "observer" ? " (observer)" : "")))
        }
        out.sort { $0.start < $1.start }
        if let first = out.first, first.start > .zero { out.insert((.zero, "Start"), at: 0) }
        return out
    }
}
