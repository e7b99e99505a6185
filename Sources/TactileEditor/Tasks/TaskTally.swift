import TactileCore
import TactileUI

/// What a task counts against the participant, as a usability researcher defines it
/// (Docs/Studies.md, "Misses and errors"):
///
/// - a **miss** is a tap that did not land on an interactive element — on nothing (`miss`,
///   reason `nothing`), on an element that takes no tap (`miss`, reason `unanswered`: the scrub
///   bar's margin), on a background (a `tap` on the timeline's empty space, marked `"miss":
///   "background"`) — or on one the task did not need (marked `"miss": "offTask"`): with the
///   task's `needs`, any element they do not name (the task card, Undo and Redo always allowed);
///   without, a clip its rules do not name;
/// - an **error** is what the task's `errors` name (default: `failedEdit`, `otherClip` and
///   `awayFromRule`): an edit the editor refused, an edit of a clip the rules do not name, an edit
///   that left the project farther from the rule than it stood, and (when named) each `undo`.
///   Each error but a refused edit is logged as `task.error` with its reason.
extension TaskController {
    /// Counts the misses, errors and undos in this pass's log (from `start`) against the task
    /// running, marking the taps that were misses; at `now`, with the project as the pass left it.
    func count(_ state: inout EditorState, log: inout [LogEvent], from start: Int, now: Time) {
        guard var run = state.tasks, let task = run.current, run.began != nil, run.ended == nil, run.asking == nil, start < log.count else { return }
        defer { state.tasks = run }
        let kinds = task.errorKinds, clips = task.ruleClips
        var errors: [LogEvent] = []
        func error(_ reason: TaskPlan.ErrorKind, _ fields: [String: ElementValue] = [:]) {
            run.countError()
            var f = fields
            f["reason"] = .string(reason.rawValue)
            f["task"] = .string(task.id)
            errors.append(LogEvent(time: now, kind: "task.error", fields: f))
        }
        var edited = false
        for i in start..<log.count {
            let e = log[i]
            switch e.kind {
            case "miss": run.countMiss(offTask: false)
            case "gesture.recognized" where e.fields["gesture"] == .string("tap"):
                if e.fields["miss"] != nil {
                    run.countMiss(offTask: false)
                } else if case let .string(target)? = e.fields["target"], task.isOffTask(target) {
                    log[i].fields["miss"] = .string("offTask")
                    run.countMiss(offTask: true)
                }
            case "error": if kinds.contains(.failedEdit) { run.countError() }
            case "undo", "redo":
                edited = true
                if e.kind == "undo" {
                    run.countUndo()
                    if kinds.contains(.undo) { error(.undo) }
                }
            case "edit":
                edited = true
                if kinds.contains(.otherClip), !clips.isEmpty, case let .string(clip)? = e.fields["clip"], !clips.contains(clip) {
                    error(.otherClip, ["clip": .string(clip)])
                }
            default: continue
            }
        }
        guard edited else { log += errors; return }
        let distance = task.distance(in: state.project)
        if kinds.contains(.awayFromRule), let before = run.committedDistance, distance > before + 1e-9,
            log[start...].contains(where: { $0.kind == "edit" })
        {
            error(.awayFromRule, ["before": .number((before * 1e6).rounded() / 1e6), "after": .number((distance * 1e6).rounded() / 1e6)])
        }
        run.commit(distance: distance)
        log += errors
    }
}
