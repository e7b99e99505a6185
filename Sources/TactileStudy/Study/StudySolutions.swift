import Foundation
import TactileCore
import TactileEditor
import TactileHeadless
import TactileInput

/// `study check` proving each task can be done: a task's `solution` — a trace of the input that
/// does it (recorded in a window, or a participant's block's `trace.jsonl`) — is replayed
/// headless on the study's project with the variant's settings and the task alone on show, and
/// must end with the task judged completed. A rule nobody can meet (a path the editor never writes,
/// a value out of reach) fails here, before any participant meets it.
public enum StudySolutions {
    /// One solution replayed.
    public struct Outcome: Sendable {
        public var task: String
        /// The variant whose settings it ran with.
        public var variant: String
        /// The time on task the judgement gave, when completed.
        public var seconds: Double?
        /// Why not, when not completed.
        public var problem: String?
    }

    /// Replays every solution of `study`; throws the first that does not complete its task,
    /// naming its key.
    public static func check(_ study: StudyFile) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        let start = try Inputs.project(at: study.project?.path)
        for (n, task) in study.tasks.enumerated() {
            for (given, url) in study.solutions[task.id] ?? [] {
                let variant = given ?? study.variants[0]
                let outcome = try replay(task, from: url, on: start, of: study, variant: variant)
                if let problem = outcome.problem {
                    throw ConfigurationError(key: "tasks[\(n)].solution" + (given.map { ".\($0)" } ?? ""), problem)
                }
                outcomes.append(outcome)
            }
        }
        return outcomes
    }

    /// `task` alone, played from the trace at `url` on `project` with `variant`'s settings.
    static func replay(_ task: TaskPlan.Task, from url: URL, on project: Project, of study: StudyFile, variant: String) throws -> Outcome {
        let configuration = try study.configuration(variant: variant)
        let trace: Trace
        do { trace = try Trace.load(from: url) } catch { throw ConfigurationError(key: "", "\(url.lastPathComponent): \(error)") }
        let session = try HeadlessSession(
            project: project, viewport: trace.viewport, scale: 1, configuration: configuration, plan: TaskPlan(title: "Check", tasks: [task]))
        var ended: InteractionEvent.TaskEnd?
        session.player.onFrame = { _, output in
            for e in output.log { if case let .taskEnded(end) = e.event, end.task == task.id { ended = ended ?? end } }
        }
        session.player.play(trace)
        // Time for the judgement: the settle and a moment more.
        let s = configuration.session
        session.player.runDueFrames(through: session.player.clock.now + .seconds(s.taskSettleTime + 1))
        guard let ended else {
            let met = task.done.allSatisfy { $0.holds(in: session.host.state.project) }
            return Outcome(
                task: task.id, variant: variant, seconds: nil,
                problem: met
                    ? "\(url.lastPathComponent) meets the rule but the task was never judged done (a finger still down, or the trace ends before the settle)"
                    : "\(url.lastPathComponent) does not complete the task: when it ends the project does not meet the rule")
        }
        guard ended.outcome == .completed else {
            return Outcome(
                task: task.id, variant: variant, seconds: nil, problem: "\(url.lastPathComponent) ends the task \(ended.outcome.rawValue), not completed")
        }
        return Outcome(task: task.id, variant: variant, seconds: ended.seconds, problem: nil)
    }
}
