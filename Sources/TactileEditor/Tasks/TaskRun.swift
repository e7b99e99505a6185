import TactileCore
import TactileInput
import TactileUI

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
    /// Misses, errors and undos during the current task (`TaskTally` says what counts).
    public private(set) var misses = 0, errors = 0, undos = 0
    /// The misses that were taps on an element the task did not need.
    public private(set) var offTask = 0
    /// How far the project stood from the task's rule after the last committed edit (or at the
    /// task's start): an edit that leaves it farther is an error.
    public private(set) var committedDistance: Double?
    /// The project that meets the current task's rule, since when, and since when every finger
    /// has been off the screen (the task is judged once that has lasted `session.taskSettleTime`).
    public private(set) var settled: Settled?

    /// The project that met the task's rule with every finger lifted: since when (the time on
    /// task runs to here), and since when it has stood untouched (a touch that changes nothing
    /// restarts only this).
    public struct Settled: Hashable, Sendable {
        public var since: Time
        public var project: Project
        /// Since when no finger has been down (nil while one is).
        public var untouchedSince: Time?
    }

    /// Each task shown so far and when: what was on show at a moment past (an observer's marker
    /// that arrives late).
    public private(set) var shown: [Shown] = []

    /// A task shown, and when.
    public struct Shown: Hashable, Sendable {
        public var task: String
        public var began: Time
    }

    /// The task on show at `time` (its own, its outcome's and its questionnaire's time count as
    /// its), or nil before the first.
    public func task(onShowAt time: Time) -> String? { shown.last { $0.began <= time }?.task }

    /// The questionnaire on screen, if any.
    public private(set) var asking: Asking?
    /// Whether the current task's questionnaire (`plan.afterEachTask`) was asked.
    public private(set) var askedAfterTask = false
    /// How many of the plan's closing questionnaires (`plan.atEnd`) were asked.
    public private(set) var closingAsked = 0
    /// Every task and questionnaire is over (`task.finished` logged).
    public private(set) var isComplete = false
    /// When the last questionnaire closed: the plan moves on at that frame.
    private(set) var answeredAt: Time?

    /// A questionnaire on screen: which item, the answers chosen so far.
    public struct Asking: Hashable, Sendable {
        public var questionnaire: Questionnaire
        /// The task it asks about (after a task), or nil (at the plan's end).
        public var task: String?
        /// The item on show.
        public var item = 0
        /// Each item's answer (1 … the scale's count), nil until chosen.
        public var answers: [Int?]
        /// When the item on show appeared.
        public var shown: Time
        /// Whether this item was answered before (the participant went back).
        var confirmed: Set<Int> = []

        init(_ questionnaire: Questionnaire, task: String?, now: Time) {
            self.questionnaire = questionnaire; self.task = task
            answers = Array(repeating: nil, count: questionnaire.items.count)
            shown = now
        }
    }

    /// How a task ended.
    public enum Outcome: String, Hashable, Sendable { case completed, skipped, timedOut }

    /// The end of a task: when, and how.
    public struct Ending: Hashable, Sendable {
        public var time: Time
        public var outcome: Outcome
    }

    public init(plan: TaskPlan) { self.plan = plan }

    /// The project the plan started with (a sealed plan's tasks each start from it).
    public private(set) var startingProject: Project?

    /// Whether the editor takes no input now: a sealed plan's task has been judged and its
    /// outcome shows, until the next task's card (a questionnaire on show takes its own taps).
    public var isSealed: Bool { plan.sealed && ended != nil && asking == nil && !isComplete }

    /// Whether the project being judged met the rule before `limit`: the settle time is the
    /// judgement's, so the limit waits for it.
    func metInTime(before limit: Time) -> Bool { settled.map { $0.since < limit } ?? false }

    /// The task on show, if any.
    public var current: TaskPlan.Task? { index < plan.tasks.count ? plan.tasks[index] : nil }
    /// Whether every task is over.
    public var isFinished: Bool { index >= plan.tasks.count }

    mutating func begin(at now: Time, distance: Double?, project: Project) {
        if startingProject == nil { startingProject = project }
        if let task = current { shown.append(Shown(task: task.id, began: now)) }
        began = now; ended = nil; misses = 0; errors = 0; undos = 0; offTask = 0; settled = nil; committedDistance = distance
    }
    mutating func end(_ outcome: Outcome, at now: Time) { ended = Ending(time: now, outcome: outcome); settled = nil }
    mutating func next() { index += 1; began = nil; ended = nil; askedAfterTask = false; settled = nil }
    /// Takes the project at the end of a pass: whether it meets the task's rule, and whether a
    /// finger is down. A project first meets it with every finger lifted; a touch that leaves it
    /// as it was only makes the judgement wait; any change starts afresh.
    mutating func settle(_ project: Project, meetsRule: Bool, fingersDown: Bool, at now: Time) {
        guard meetsRule else { settled = nil; return }
        if var same = settled, same.project == project {
            if fingersDown { same.untouchedSince = nil } else if same.untouchedSince == nil { same.untouchedSince = now }
            settled = same
        } else {
            settled = fingersDown ? nil : Settled(since: now, project: project, untouchedSince: now)
        }
    }
    mutating func ask(_ questionnaire: Questionnaire, about task: String?, now: Time) {
        if task != nil { askedAfterTask = true } else { closingAsked += 1 }
        asking = Asking(questionnaire, task: task, now: now)
    }
    mutating func update(_ asking: Asking?, now: Time) {
        if self.asking != nil && asking == nil { answeredAt = now }
        self.asking = asking
    }
    mutating func complete() { isComplete = true; answeredAt = nil }
    mutating func moveOn() { answeredAt = nil }
    mutating func countMiss(offTask isOffTask: Bool) {
        misses += 1
        if isOffTask { offTask += 1 }
    }
    mutating func countError() { errors += 1 }
    mutating func countUndo() { undos += 1 }
    mutating func commit(distance: Double) { committedDistance = distance }
}

/// Runs the plan inside the editor's frame: shows each task, notices when the project meets its
/// conditions (or its time runs out, or it is skipped), logs `task.began` and `task.ended`
/// with the time on task, misses, errors and undos, and moves on.
struct TaskController {
    let sessionSettings: TactileConfiguration.Session

    /// Moves the plan on at `now`. Called at the start of every pass, with whether a finger comes
    /// down in this pass.
    func advance(_ state: inout EditorState, now: Time, touchDown: Bool = false, effects: inout Effects) {
        guard var run = state.tasks, !run.isComplete, run.asking == nil else { return }
        defer { state.tasks = run }
        run.moveOn()
        if let task = run.current {
            if let ended = run.ended {
                // The outcome has shown for its moment: its questionnaire, then the next task or the end.
                guard now >= ended.time + .seconds(sessionSettings.taskDonePause) else { return }
                if let questionnaire = run.plan.afterEachTask, !run.askedAfterTask {
                    ask(&run, questionnaire, about: task.id, now: now, effects: &effects)
                    return
                }
                run.next()
                if !run.isFinished {
                    begin(&run, &state, now: now, effects: &effects)
                    return
                }
            } else if let began = run.began {
                // Done only on the settled project: the rule met with every finger lifted, for
                // `taskSettleTime`, with no touch coming down meanwhile (this frame's included).
                let limit = task.timeLimit.map { began + .seconds($0) }
                if let settled = run.settled, !touchDown, state.ui.fingers.isEmpty, settled.project == state.project,
                    let untouched = settled.untouchedSince, now >= untouched + .seconds(sessionSettings.taskSettleTime)
                {
                    end(&run, .completed, now: now, settledAt: settled.since, effects: &effects)
                } else if let limit, now >= limit, !run.metInTime(before: limit) {
                    // A project that met the rule inside the limit is still being judged: the
                    // settle time is the program's, not the participant's.
                    end(&run, .timedOut, now: now, effects: &effects)
                }
                return
            } else {
                begin(&run, &state, now: now, effects: &effects)
                return
            }
        }
        // Every task is over: the closing questionnaires in turn, then the end.
        if run.closingAsked < run.plan.atEnd.count {
            ask(&run, run.plan.atEnd[run.closingAsked], about: nil, now: now, effects: &effects)
            return
        }
        run.complete()
        effects.log.append(LogEvent(time: now, .taskFinished(tasks: run.plan.tasks.count)))
    }

    /// The participant chose answer `value` (1 … the scale's count) for the item on show.
    func choose(_ value: Int, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard var run = state.tasks, var asking = run.asking,
            (1...asking.questionnaire.items[asking.item].scale.count).contains(value)
        else { return }
        asking.answers[asking.item] = value
        effects.cues.append(CueEvent(.selection, reason: "answer"))
        run.update(asking, now: now)
        state.tasks = run
    }

    /// Next (or Done on the last item): the chosen answer is logged with the time it took, and
    /// the next item shows; after the last, the questionnaire is logged whole and closes.
    func confirm(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard var run = state.tasks, var asking = run.asking, let value = asking.answers[asking.item] else { return }
        let q = asking.questionnaire, item = q.items[asking.item]
        var answer = InteractionEvent.Answer(
            questionnaire: q.id, item: item.id, number: asking.item + 1, value: value, seconds: Self.micro(now - asking.shown),
            task: asking.task, revised: asking.confirmed.contains(asking.item))
        if case let .choice(options) = item.scale { answer.choice = options[value - 1] }
        effects.log.append(LogEvent(time: now, .answer(answer)))
        asking.confirmed.insert(asking.item)
        if asking.item + 1 < q.items.count {
            asking.item += 1
            asking.shown = now
            run.update(asking, now: now)
        } else {
            let answers = asking.answers.map { $0 ?? 0 }
            let done = InteractionEvent.QuestionnaireDone(questionnaire: q.id, answers: answers, task: asking.task, score: q.score(answers))
            effects.log.append(LogEvent(time: now, .questionnaireDone(done)))
            effects.cues.append(CueEvent(.success, reason: "questionnaire"))
            run.update(nil, now: now)
        }
        state.tasks = run
    }

    /// Back to the questionnaire's previous item (its answer kept, to be changed or confirmed).
    func back(_ state: inout EditorState, now: Time) {
        guard var run = state.tasks, var asking = run.asking, asking.item > 0 else { return }
        asking.item -= 1
        asking.shown = now
        run.update(asking, now: now)
        state.tasks = run
    }

    /// The participant gave up on the task on show.
    func skip(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard var run = state.tasks, run.current != nil, run.began != nil, run.ended == nil else { return }
        end(&run, .skipped, now: now, effects: &effects)
        state.tasks = run
    }

    /// At the end of a pass: whether the project now meets the current task's rule with every
    /// finger lifted (the settle time runs from the first pass that leaves it so, starts again
    /// when a finger comes down, and starts afresh, with the time on task, when the project changes).
    func observe(_ state: inout EditorState, now: Time) {
        guard var run = state.tasks, run.asking == nil, let task = run.current, run.began != nil, run.ended == nil else { return }
        let met = task.done.allSatisfy { $0.holds(in: state.project) }
        run.settle(state.project, meetsRule: met, fingersDown: !state.ui.fingers.isEmpty, at: now)
        state.tasks = run
    }

    /// When the plan next needs a frame without input (a time limit, the end of an outcome's
    /// pause, the end of a settle time, a questionnaire just closed).
    func nextDeadline(_ run: TaskRun) -> Time? {
        if let answered = run.answeredAt { return answered }
        guard run.asking == nil, let task = run.current, let began = run.began else { return nil }
        if let ended = run.ended { return ended.time + .seconds(sessionSettings.taskDonePause) }
        let settle = run.settled?.untouchedSince.map { $0 + .seconds(sessionSettings.taskSettleTime) }
        // A limit passed while a project that met the rule in time is judged waits for that judgement.
        let limit = task.timeLimit.map { began + .seconds($0) }.flatMap { run.metInTime(before: $0) ? nil : $0 }
        return [settle, limit].compactMap { $0 }.min()
    }

    private func ask(_ run: inout TaskRun, _ questionnaire: Questionnaire, about task: String?, now: Time, effects: inout Effects) {
        run.ask(questionnaire, about: task, now: now)
        effects.log.append(LogEvent(time: now, .questionnaireBegan(questionnaire: questionnaire.id, items: questionnaire.items.count, task: task)))
    }

    /// Seconds on the microsecond grid of traces, so a replay logs the very same figure.
    static func micro(_ t: Time) -> Double { (t.seconds * 1e6).rounded() / 1e6 }

    private func begin(_ run: inout TaskRun, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let task = run.current else { return }
        if run.plan.sealed, let start = run.startingProject {
            state.startAfresh(from: start)
            effects.log.append(LogEvent(time: now, .taskReset(task: task.id)))
        }
        let project = state.project
        run.begin(at: now, distance: task.distance(in: project), project: project)
        effects.log.append(LogEvent(time: now, .taskBegan(task: task.id, index: run.index + 1, prompt: task.prompt)))
    }

    /// Ends the task at `now`; a completed one counts its time to `settledAt`, when the settled
    /// project first met the rule (the settle time is the judgement's, not the participant's).
    private func end(_ run: inout TaskRun, _ outcome: TaskRun.Outcome, now: Time, settledAt: Time? = nil, effects: inout Effects) {
        guard let task = run.current, let began = run.began else { return }
        run.end(outcome, at: now)
        // Seconds on the microsecond grid of traces, so a replay logs the very same figure.
        let ending = InteractionEvent.TaskEnd(
            task: task.id, outcome: outcome, seconds: Self.micro((settledAt ?? now) - began), misses: run.misses, errors: run.errors,
            undos: run.undos, offTask: run.offTask, settle: settledAt.map { Self.micro(now - $0) })
        effects.log.append(LogEvent(time: now, .taskEnded(ending)))
        if outcome == .completed { effects.cues.append(CueEvent(.success, reason: "task")) }
    }
}
