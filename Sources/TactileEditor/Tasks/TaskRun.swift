import TactileCore
import TactileInput

/// A test plan in progress: which task is on, since when, and what went wrong during it.
/// Part of `EditorState`, so a replay of a recorded session runs the plan exactly as it ran.
public struct TaskRun: Hashable, Sendable {
    public let plan: TaskPlan
    /// The task on show (`plan.tasks.count` once every task is over).
    public private(set) var index = 0
    /// When the current task was shown (nil: not yet).
    public private(set) var began: Time?
    /// When the current task ended, and how (its card shows the outcome for a moment).
    public private(set) var ended: Ending?
    /// Misses, errors and undos during the current task.
    public private(set) var misses = 0, errors = 0, undos = 0

    /// How a task ended.
    public enum Outcome: String, Hashable, Sendable { case completed, skipped, timedOut }

    /// The end of a task: when, and how.
    public struct Ending: Hashable, Sendable {
        public var time: Time
        public var outcome: Outcome
    }

    public init(plan: TaskPlan) { self.plan = plan }

    /// The task on show, if any.
    public var current: TaskPlan.Task? { index < plan.tasks.count ? plan.tasks[index] : nil }
    /// Whether every task is over.
    public var isFinished: Bool { index >= plan.tasks.count }

    mutating func begin(at now: Time) { began = now; ended = nil; misses = 0; errors = 0; undos = 0 }
    mutating func end(_ outcome: Outcome, at now: Time) { ended = Ending(time: now, outcome: outcome) }
    mutating func next() { index += 1; began = nil; ended = nil }
    mutating func count(_ log: [LogEvent]) {
        for e in log {
            switch e.kind {
            case "miss": misses += 1
            case "error": errors += 1
            case "undo": undos += 1
            default: break
            }
        }
    }
}

/// Runs the plan inside the editor's frame: shows each task, notices when the project meets its
/// conditions (or its time runs out, or it is skipped), logs `task.began` and `task.ended`
/// with the time on task, misses, errors and undos, and moves on.
struct TaskController {
    let configuration: TactileConfiguration

    /// Moves the plan on at `now`. Called at the start of every pass.
    func advance(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard var run = state.tasks, let task = run.current else { return }
        defer { state.tasks = run }
        if let ended = run.ended {
            // The outcome has shown for its moment: on to the next task, or the end.
            guard now >= ended.time + .seconds(configuration.session.taskDonePause) else { return }
            run.next()
            if run.isFinished {
                effects.log.append(LogEvent(time: now, kind: "task.finished", fields: ["tasks": .number(Double(run.plan.tasks.count))]))
            } else {
                begin(&run, now: now, effects: &effects)
            }
            return
        }
        guard let began = run.began else {
            begin(&run, now: now, effects: &effects)
            return
        }
        if task.done.allSatisfy({ $0.holds(in: state.project) }) {
            end(&run, .completed, now: now, effects: &effects)
        } else if let limit = task.timeLimit, now >= began + .seconds(limit) {
            end(&run, .timedOut, now: now, effects: &effects)
        }
    }

    /// The participant gave up on the task on show.
    func skip(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard var run = state.tasks, run.current != nil, run.began != nil, run.ended == nil else { return }
        end(&run, .skipped, now: now, effects: &effects)
        state.tasks = run
    }

    /// When the plan next needs a frame without input (a time limit, the end of an outcome's pause).
    func nextDeadline(_ run: TaskRun) -> Time? {
        guard let task = run.current, let began = run.began else { return nil }
        if let ended = run.ended { return ended.time + .seconds(configuration.session.taskDonePause) }
        return task.timeLimit.map { began + .seconds($0) }
    }

    private func begin(_ run: inout TaskRun, now: Time, effects: inout Effects) {
        guard let task = run.current else { return }
        run.begin(at: now)
        effects.log.append(LogEvent(time: now, kind: "task.began", fields: [
            "task": .string(task.id), "index": .number(Double(run.index + 1)), "prompt": .string(task.prompt)]))
    }

    private func end(_ run: inout TaskRun, _ outcome: TaskRun.Outcome, now: Time, effects: inout Effects) {
        guard let task = run.current, let began = run.began else { return }
        run.end(outcome, at: now)
        // Seconds on the microsecond grid of traces, so a replay logs the very same figure.
        effects.log.append(LogEvent(time: now, kind: "task.ended", fields: [
            "task": .string(task.id), "outcome": .string(outcome.rawValue), "seconds": .number(((now - began).seconds * 1e6).rounded() / 1e6),
            "misses": .number(Double(run.misses)), "errors": .number(Double(run.errors)), "undos": .number(Double(run.undos))]))
        if outcome == .completed { effects.cues.append(CueEvent(.success, reason: "task")) }
    }
}
