import Foundation
import TactileCore
import TactileEditor
import TactileStudy

/// A study's results folder made to order, as `tactile study run` writes it (`answers.json` per
/// participant, a `log.jsonl` per block for the frustration signals): for report tests with
/// figures known in advance, and for the report's scale benchmark.
public enum StudyFixture {
    /// One block as a participant met it.
    public struct Block {
        public var variant: String
        /// Task, whether completed, seconds.
        public var attempts: [(task: String, completed: Bool, seconds: Double)]
        /// SEQ answer per task.
        public var seq: [String: Int] = [:]
        /// The ten SUS answers, or none.
        public var sus: [Int] = []
        /// Frustration signals in the block's log: kind and task.
        public var signals: [(kind: InteractionEvent.Signal.Kind, task: String)] = []
        public init(
            variant: String, attempts: [(task: String, completed: Bool, seconds: Double)], seq: [String: Int] = [:], sus: [Int] = [],
            signals: [(kind: InteractionEvent.Signal.Kind, task: String)] = []
        ) {
            self.variant = variant; self.attempts = attempts; self.seq = seq; self.sus = sus; self.signals = signals
        }
    }

    /// Writes participant `number`'s folder into `folder`.
    public static func write(
        participant number: Int, blocks: [Block], variants: [String], design: StudyFile.Assignment = .within,
        into folder: URL, title: String = "Fixture study"
    ) throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        var answers = StudyAnswers(study: title, participant: number, design: design)
        answers.variants = variants
        answers.consent = date
        let participantFolder = folder.appendingPathComponent(StudyAnswers.name(of: number))
        for (i, b) in blocks.enumerated() {
            let name = "block\(i + 1)-\(b.variant)"
            answers.blocks.append(StudyAnswers.Block(part: i + 1, variant: b.variant, folder: name, began: date, ended: date))
            var log: [LogEvent] = []
            var t = 0.0
            for a in b.attempts {
                t += a.seconds
                log.append(LogEvent(time: .seconds(t), .taskEnded(.init(task: a.task, outcome: a.completed ? .completed : .skipped, seconds: a.seconds))))
                if let v = b.seq[a.task] {
                    log.append(
                        LogEvent(time: .seconds(t + 1), .answer(.init(questionnaire: "seq", item: "seq", number: 1, value: v, seconds: 1, task: a.task))))
                }
            }
            for (n, v) in b.sus.enumerated() {
                log.append(LogEvent(time: .seconds(t + 2), .answer(.init(questionnaire: "sus", item: "sus\(n + 1)", number: n + 1, value: v, seconds: 1))))
            }
            if let score = Questionnaire.susScore(b.sus) {
                log.append(LogEvent(time: .seconds(t + 2), .questionnaireDone(.init(questionnaire: "sus", score: score))))
            }
            answers.take(log, part: i + 1, variant: b.variant, origin: .zero, at: date)
            let blockFolder = participantFolder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: blockFolder, withIntermediateDirectories: true)
            let signals = b.signals.map {
                LogEvent(time: .seconds(1), .signal(.init($0.kind, task: $0.task))).jsonLine
            }
            try Data((log.map(\.jsonLine) + signals).map { $0 + "\n" }.joined().utf8).write(to: blockFolder.appendingPathComponent("log.jsonl"))
        }
        answers.finished = date
        try FileManager.default.createDirectory(at: participantFolder, withIntermediateDirectories: true)
        try answers.write(to: participantFolder)
    }
}
