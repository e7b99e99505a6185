import TactileCore
import TactileUI

/// What a task counts against the participant, as a usability researcher defines it
/// (Docs/Studies.md, "Misses and errors"):
///
/// - a **miss** is what `Misses` says, the one definition every figure reads: a tap that did not
///   land on an interactive element, or on one the task did not need (marked `"miss": "offTask"`
///   here: with the task's `needs`, any element they do not name — the task card, Undo and Redo
///   always allowed; without, a clip its rules do not name); a tap that cleared the way
///   (deselected a clip, closed a sheet or picker) is none;
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
        func error(_ reason: TaskPlan.ErrorKind, clip: String? = nil, before: Double? = nil, after: Double? = nil) {
            run.countError()
            errors.append(LogEvent(time: now, .taskError(.init(reason: reason, task: task.id, clip: clip, before: before, after: after))))
        }
        var edited = false
        // A tap that cleared the way (deselected, closed a sheet or picker) was needed: never off the task.
        let cleared = log[start...].contains { Misses.clearsTheWay($0.event) }
        for i in start..<log.count {
            switch log[i].event {
            case .miss: run.countMiss(offTask: false)
            case var .gesture(g) where g.isTap:
                if Misses.isMiss(.gesture(g)) {
                    run.countMiss(offTask: false)
                } else if !cleared, task.isOffTask(g.target) {
                    g.miss = .offTask
                    log[i].event = .gesture(g)
                    run.countMiss(offTask: true)
                }
            case .error: if kinds.contains(.failedEdit) { run.countError() }
            case .redo: edited = true
            case .undo:
                edited = true
                run.countUndo()
                if kinds.contains(.undo) { error(.undo) }
            case let .edit(e):
                edited = true
                if kinds.contains(.otherClip), !clips.isEmpty, let clip = e.clip, !clips.contains(clip) { error(.otherClip, clip: clip) }
            default: continue
            }
        }
        guard edited else { log += errors; return }
        let distance = task.distance(in: state.project)
        if kinds.contains(.awayFromRule), let before = run.committedDistance, distance > before + 1e-9,
            log[start...].contains(where: { if case .edit = $0.event { return true } else { return false } })
        {
            error(.awayFromRule, before: (before * 1e6).rounded() / 1e6, after: (distance * 1e6).rounded() / 1e6)
        }
        run.commit(distance: distance)
        log += errors
    }
}
