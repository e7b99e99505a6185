import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
import TactileHeadless

/// The operator's keyboard and the observer page: markers and notes, the state the page shows.
extension StudySession {
    // MARK: The operator's keyboard

    /// Takes the operator's keys: markers (M, 1–9) and notes (N … Return). Returns whether the
    /// event was theirs (it then goes to no one else).
    func operatorKey(_ event: InputEvent, now: Time) -> Bool {
        if block?.state.textEdit != nil { return false } // the participant is typing into the editor
        if note != nil {
            switch event.kind {
            case let .text(t): note! += t; return true
            case .key(.backspace): if !note!.isEmpty { note!.removeLast() }; return true
            case .key(.enter): mark(key: "n", category: "note", note: note, now: now); note = nil; return true
            case .key(.escape): note = nil; return true
            case .key: return true
            default: return false
            }
        }
        guard case let .text(t) = event.kind, t.count == 1 else { return false }
        switch t {
        case "m", "M": mark(key: "m", category: "marker", note: nil, now: now); return true
        case "n", "N": note = ""; return true
        case "1"..."9" where stage != .participant:
            mark(key: t, category: study.markers[t] ?? "marker \(t)", note: nil, now: now); return true
        default: return false
        }
    }

    /// Adds a marker made `waited` seconds before `now` (it waited in the observer page's outbox;
    /// it then says so as `queued`, when over a second): into the study's log and the running
    /// part's (unless it was made before the part began), with the task on show then and the
    /// observer page's `id` for it. It is placed at the moment it was made, but never more than
    /// `study.observerLateMarkerLimit` before now nor before the study began. Returns whether
    /// the study's log took it.
    @discardableResult
    public func mark(
        key: String, category: String, note: String?, source: String = "keyboard", id: String? = nil, waited: Double = 0, now: Time
    ) -> Bool {
        let time = max(now - .seconds(min(max(0, waited), configuration.study.observerLateMarkerLimit)), studyOrigin ?? .zero)
        var marker = InteractionEvent.Marker(key: key, category: category, source: source)
        if let note, !note.isEmpty { marker.note = String(note.prefix(2000)) }
        marker.id = id
        if waited > 1 { marker.queued = (waited * 10).rounded() / 10 }
        let inPart = time >= partOrigin
        // The task on show when it was made, also when it arrives late, after the next began.
        if inPart, let task = block?.state.tasks?.task(onShowAt: time) { marker.task = task }
        if inPart, case let .running(part) = stage { marker.part = folderName(part) }
        let event = LogEvent(time: time, .marker(marker))
        if inPart { recording?.log([event]) }
        return logStudy(event, ago: (now - time).seconds)
    }

    /// An observer's marker (`key` "m" or "1"…"9", in the study file's categories) or note (`key`
    /// "n"), from the observer page, made `waited` seconds before `now` (it waited in the page's
    /// outbox), for `participant` ("P01"; nil: whoever is on). Returns why it was not saved — the
    /// participant's session ended, no participant's log is open yet — or nil when it was.
    @discardableResult
    /// Notes in the study's log that the observer page connected, and whether it runs on this
    /// machine (the report warns that such a participant's latency may be the page's).
    public func observerPageConnected(onThisMachine local: Bool, now: Time) {
        guard studyLog != nil else { return }
        logStudy(LogEvent(time: now, .observerPage(local: local)))
    }

    public func observerMark(key: String, note: String?, id: String? = nil, participant named: String? = nil, waited: Double = 0, now: Time) -> String? {
        let current = participant.map { StudyAnswers.name(of: $0) }
        if let named, named != current { return "\(named)'s session ended" }
        guard studyLog != nil else {
            return current.map { "\($0) has not agreed to the study yet: nothing is logged before consent" } ?? "no participant's session is running"
        }
        let category = key == "n" ? "note" : key == "m" ? "marker" : study.markers[key] ?? "marker \(key)"
        guard mark(key: key, category: category, note: note, source: "observer", id: id, waited: waited, now: now) else {
            return "the study's log could not be written (\(unsaved["study-log.jsonl"] ?? "a write failed"))"
        }
        return nil
    }

    /// What the observer page shows: participant, stage, variant, and the task on show with
    /// whether its clock runs and (with `elapsed`) the seconds on it so far — the page runs the
    /// clock itself, so a state without them changes only when something else did.
    public func observerState(now: Time, elapsed: Bool = true) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("study", .string(study.title)), ("participant", participant.map { .string(StudyAnswers.name(of: $0)) } ?? .null),
            ("stage", .string(stageName)),
        ]
        if case let .running(part) = stage {
            if case let .block(n) = part, let v = schedule?.blocks[n].variant { fields.append(("variant", .string(v))) }
            if let run = block?.state.tasks, let task = run.current {
                var t: [(String, JSONValue)] = [
                    ("id", .string(task.id)), ("prompt", .string(task.prompt)),
                    ("index", .number(Double(run.index + 1))), ("count", .number(Double(run.plan.tasks.count))),
                ]
                t.append(("running", .bool(run.began != nil && run.ended == nil)))
                if elapsed, let began = run.began { t.append(("elapsed", .number((((run.ended?.time ?? now) - began).seconds * 1000).rounded() / 1000))) }
                if run.asking != nil { t.append(("questionnaire", .string(run.asking!.questionnaire.id))) }
                fields.append(("task", .object(t)))
            }
        }
        return .object(fields)
    }
}
