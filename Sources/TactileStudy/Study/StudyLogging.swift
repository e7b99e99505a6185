import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
import TactileHeadless

/// The participant's own files beside the parts: the study's trace and log, on the study's clock, and what the observer hears.
extension StudySession {
    /// Keeps the participant's input for `study-trace.jsonl` (none typed on the number keypad:
    /// a script is given its number).
    func record(_ input: [InputEvent]) {
        guard !input.isEmpty, stage != .participant, stage != .declined, kiosk == nil || participant != nil else { return }
        // Held only until the participant's folder opens; a trace that could not be opened keeps nothing.
        guard studyTrace != nil || answers == nil else { return }
        unwrittenInput += input.map {
            var e = $0; e.time = e.time - (studyOrigin ?? .zero); return e
        }
        guard let studyTrace else { return }
        let lines = unwrittenInput.map { Trace.line(for: $0) + "\n" }.joined()
        unwrittenInput.removeAll()
        do { try studyTrace.write(contentsOf: Data(lines.utf8)) } catch {
            if unsaved[Self.studyTraceName] == nil { unsaved[Self.studyTraceName] = "input lost (\(CommandError.reason(error)))" }
        }
    }

    /// Opens the participant's `study-trace.jsonl` (appending on a resume) and writes what
    /// was held for it.
    func openStudyTrace(in folder: URL) {
        // A resumed participant's window has a clock of its own: its input goes to a file of its own.
        var url = folder.appendingPathComponent(Self.studyTraceName), k = 1
        while pendingResume != nil && FileManager.default.fileExists(atPath: url.path) {
            url = folder.appendingPathComponent("study-trace-resumed-\(k).jsonl")
            k += 1
        }
        do {
            let fresh = !FileManager.default.fileExists(atPath: url.path)
            let handle = FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_APPEND), closeOnDealloc: true)
            if fresh { try handle.write(contentsOf: Data((Trace.header(viewport: viewport) + "\n").utf8)) }
            studyTrace = handle
            record([])
            let lines = unwrittenInput.map { Trace.line(for: $0) + "\n" }.joined()
            unwrittenInput.removeAll()
            try handle.write(contentsOf: Data(lines.utf8))
        } catch {
            unsaved[Self.studyTraceName] = "not recorded (\(CommandError.reason(error)))"
        }
    }

    /// Tells the study's log (written after consent, none before) and the observer of `event`,
    /// which happened `ago` seconds before now (its wall-clock time `at`). Returns whether the
    /// study's log took it.
    @discardableResult
    func logStudy(_ event: LogEvent, ago: Double = 0) -> Bool {
        let shown = forObserver(event)
        for o in observers { o.studyLogged(shown) }
        var e = onStudyClock(event)
        e.wallClock = StudyAnswers.iso(wallClock() - ago)
        guard let studyLog else { return false }
        do { try studyLog.write(contentsOf: Data((e.jsonLine + "\n").utf8)) } catch {
            if unsaved["study-log.jsonl"] == nil { unsaved["study-log.jsonl"] = "events lost (\(CommandError.reason(error)))" }
            return false
        }
        return true
    }

    /// `event` as the observer page shows it: on the study's clock, and — made in a part — its
    /// time on the part's clock too (`blockT`, the time in the block's log and video), so the
    /// page names the moment a researcher will seek to in the video.
    func forObserver(_ event: LogEvent) -> LogEvent {
        var e = onStudyClock(event)
        if case .running = stage, event.time >= partOrigin {
            e.blockTime = ((event.time - partOrigin).seconds * 1000).rounded() / 1000
        }
        return e
    }

    /// `event` with its time on the study's clock (since the window opened), as the study's log keeps it.
    func onStudyClock(_ event: LogEvent) -> LogEvent {
        var e = event
        e.time = event.time - (studyOrigin ?? .zero)
        return e
    }

    func problem(_ message: String) {
        for o in observers { o.studyProblem(message) }
        block?.post(banner: message, isError: true)
    }
}
