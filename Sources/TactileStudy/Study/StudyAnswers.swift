import Foundation
import TactileCore
import TactileEditor

/// A participant's `answers.json`: who, consent, the schedule they met, each block's folder and
/// task outcomes, and every questionnaire answer with its time, rewritten atomically after each
/// change so that nothing answered is lost if the program dies.
///
///     { "study": "…", "participant": "P07", "number": 7, "consent": "2026-11-24T10:02:11Z",
///       "design": "within", "blocks": [ { "part": 1, "variant": "outside", "folder": "block1-outside",
///         "tasks": [ { "task": "trim", "outcome": "completed", "seconds": 12.4, "misses": 1, … } ],
///         "began": "…", "ended": "…" } ],
///       "answers": [ { "block": 1, "variant": "outside", "questionnaire": "seq", "task": "trim",
///         "item": "seq", "value": 6, "seconds": 2.1, "t": 14.2, "at": "…" } ],
///       "scores": [ { "block": 1, "variant": "outside", "questionnaire": "sus", "score": 77.5 } ],
///       "finished": "…" }
///
/// `t` is the answer's time in its block's recording (seconds, as in its `log.jsonl`); `at` is
/// the wall clock. The practice block is `"part": "practice"`. A revised answer (the participant
/// went back) replaces the earlier one, which stays in the block's log.
public struct StudyAnswers {
    public var study: String
    public var participant: Int
    public var design: StudyFile.Assignment
    /// The study's variants, in its file's order (the report compares them so).
    public var variants: [String] = []
    public var consent: Date?
    public var blocks: [Block] = []
    public var answers: [Answer] = []
    public var scores: [Score] = []
    public var finished: Date?
    /// The trace a scripted participant played (`study run --script`); nil for a person.
    public var scripted: String?

    /// One block the participant met (or the practice, `part` 0).
    public struct Block: Equatable {
        public var part: Int
        public var variant: String
        public var folder: String
        public var tasks: [TaskResult] = []
        public var began: Date
        public var ended: Date?
        /// Why it ended before its end ("closed", "exit", "idle"); nil when it ran to its end.
        public var stopped: String?
        /// It was stopped and run again from its start on resuming (`study run --resume`): its
        /// recording stays in `folder` and the report leaves it out.
        public var restarted = false
        public init(part: Int, variant: String, folder: String, tasks: [TaskResult] = [], began: Date, ended: Date? = nil) {
            self.part = part; self.variant = variant; self.folder = folder; self.tasks = tasks; self.began = began; self.ended = ended
        }

        /// It ran to its end.
        public var complete: Bool { ended != nil && stopped == nil && !restarted }
    }

    /// How one task went, as `task.ended` logged it.
    public struct TaskResult: Equatable {
        public var task: String, outcome: String
        public var seconds: Double, misses: Int, errors: Int, undos: Int
        /// The misses that were taps on an element the task did not need.
        public var offTask = 0
    }

    /// One questionnaire item's answer.
    public struct Answer: Equatable {
        public var part: Int, variant: String, questionnaire: String, item: String
        public var task: String?
        public var value: Int
        public var choice: String?
        public var seconds: Double, time: Double
        public var at: Date
    }

    /// A questionnaire's score (SUS 0 … 100, SEQ 1 … 7).
    public struct Score: Equatable {
        public var part: Int, variant: String, questionnaire: String
        public var task: String?
        public var score: Double
    }

    public init(study: String, participant: Int, design: StudyFile.Assignment) {
        self.study = study; self.participant = participant; self.design = design
    }

    /// "P07": the participant's name in folders and files (at least two digits).
    public static func name(of participant: Int) -> String { "P" + (participant < 10 ? "0" : "") + String(participant) }

    /// Takes in a block's log events: task outcomes, answers (a revision replacing the earlier
    /// answer) and scores. `origin`: the block's start, which its log counts from.
    public mutating func take(_ log: [LogEvent], part: Int, variant: String, origin: Time, at date: Date) {
        for e in log {
            switch e.event {
            case let .taskEnded(t):
                guard let i = blocks.lastIndex(where: { $0.part == part }) else { continue }
                blocks[i].tasks.append(
                    TaskResult(
                        task: t.task, outcome: t.outcome.rawValue, seconds: t.seconds, misses: t.misses, errors: t.errors, undos: t.undos,
                        offTask: t.offTask))
            case let .answer(a):
                let answer = Answer(
                    part: part, variant: variant, questionnaire: a.questionnaire, item: a.item, task: a.task, value: a.value,
                    choice: a.choice, seconds: a.seconds, time: ((e.time - origin).seconds * 1e6).rounded() / 1e6, at: date)
                answers.removeAll { $0.part == part && $0.questionnaire == a.questionnaire && $0.item == a.item && $0.task == answer.task }
                answers.append(answer)
            case let .questionnaireDone(d):
                guard let score = d.score else { continue }
                scores.append(Score(part: part, variant: variant, questionnaire: d.questionnaire, task: d.task, score: score))
            default: break
            }
        }
    }

    /// The file's text.
    public var json: String {
        func date(_ d: Date?) -> JSONValue { d.map { .string(Self.iso($0)) } ?? .null }
        func part(_ p: Int) -> JSONValue { p == 0 ? .string("practice") : .number(Double(p)) }
        let blocks = self.blocks.map { b in
            JSONValue.object(
                [
                    ("part", part(b.part)), ("variant", .string(b.variant)), ("folder", .string(b.folder)),
                    (
                        "tasks",
                        .array(
                            b.tasks.map { t in
                                .object([
                                    ("task", .string(t.task)), ("outcome", .string(t.outcome)), ("seconds", .number(t.seconds)),
                                    ("misses", .number(Double(t.misses))), ("errors", .number(Double(t.errors))), ("undos", .number(Double(t.undos))),
                                    ("offTask", .number(Double(t.offTask))),
                                ])
                            })
                    ),
                    ("began", date(b.began)), ("ended", date(b.ended)),
                ] + (b.stopped.map { [("stopped", JSONValue.string($0))] } ?? []) + (b.restarted ? [("restarted", .bool(true))] : []))
        }
        let answers = self.answers.map { a in
            var fields: [(String, JSONValue)] = [("block", part(a.part)), ("variant", .string(a.variant)), ("questionnaire", .string(a.questionnaire))]
            if let task = a.task { fields.append(("task", .string(task))) }
            fields += [("item", .string(a.item)), ("value", .number(Double(a.value)))]
            if let choice = a.choice { fields.append(("choice", .string(choice))) }
            fields += [("seconds", .number(a.seconds)), ("t", .number(a.time)), ("at", .string(Self.iso(a.at)))]
            return JSONValue.object(fields)
        }
        let scores = self.scores.map { s in
            var fields: [(String, JSONValue)] = [("block", part(s.part)), ("variant", .string(s.variant)), ("questionnaire", .string(s.questionnaire))]
            if let task = s.task { fields.append(("task", .string(task))) }
            fields.append(("score", .number(s.score)))
            return JSONValue.object(fields)
        }
        return JSONValue.object(
            [
                ("tactile_answers", .number(1)), ("study", .string(study)), ("participant", .string(Self.name(of: participant))),
                ("number", .number(Double(participant))), ("design", .string(design.rawValue)), ("variants", .array(variants.map { .string($0) })),
                ("consent", date(consent)),
                ("blocks", .array(blocks)), ("answers", .array(answers)), ("scores", .array(scores)), ("finished", date(finished)),
            ] + (scripted.map { [("scripted", JSONValue.string($0))] } ?? [])
        ).serialized(pretty: true) + "\n"
    }

    /// Writes `answers.json` into `folder`, atomically.
    public func write(to folder: URL) throws {
        try AtomicFile.write(Data(json.utf8), to: folder.appendingPathComponent(Self.fileName))
    }

    public static let fileName = "answers.json"

    /// The wall clock as the file writes it ("2026-11-26T09:12:00Z").
    static func iso(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }
}
