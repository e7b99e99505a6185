import Foundation
import TactileCore
import TactileEditor
import TactileHeadless

/// A study's results folder as `tactile study run` leaves it: a folder per participant (`P07`)
/// with `answers.json` and a recorded session per block. Read for `tactile report STUDY_DIR`.
/// A participant whose `answers.json` cannot be read is left out with a message naming the file
/// and the field, and the rest is read on.
public struct StudyResults {
    public var folder: URL
    public var title: String
    /// The variants in the study file's order.
    public var variants: [String]
    public var design: String
    public var participants: [Participant]
    /// What was left out, and why.
    public var problems: [String] = []
    /// When people declined the consent (nothing else of them is kept).
    public var declined: [String] = []
    /// Participants who withdrew (`tactile study withdraw`): their id and when; nothing else is kept.
    public var withdrawn: [(participant: String, at: String)] = []
    /// How many files named as theirs each withdrawal listed and left, unable to prove them theirs.
    public var withdrawnLeft: [String: Int] = [:]
    /// Who the figures count (`selecting(_:)`): people only unless scripted runs are brought in.
    public private(set) var selection = Selection()
    /// Participants read but counted in no figure, each with why ("scripted", "not asked for").
    public private(set) var leftOut: [(name: String, why: String)] = []

    /// Who a study's figures count. Scripted runs (`study run --script`: pilots, replays of a
    /// person) are not people: every statistic leaves them out unless `includeScripted`; `only`
    /// narrows the figures to the participants named ("P01", "P03").
    public struct Selection: Sendable, Equatable {
        public var includeScripted: Bool
        public var only: [String]?
        public init(includeScripted: Bool = false, only: [String]? = nil) { self.includeScripted = includeScripted; self.only = only }
    }

    /// These results with only the participants `selection` counts; the others in `leftOut`.
    /// A name in `only` that no participant has is refused.
    public func selecting(_ selection: Selection) throws -> StudyResults {
        var out = self
        out.selection = selection
        out.leftOut = []
        if let only = selection.only {
            for name in only where !participants.contains(where: { $0.name == name }) {
                throw CommandError.badInput("--participant \(PrintableText.of(name, limit: 20)): no such participant in \(folder.path)")
            }
        }
        out.participants = participants.filter { p in
            if let only = selection.only, !only.contains(p.name) {
                out.leftOut.append((p.name, "not asked for"))
                return false
            }
            if p.scripted != nil && !selection.includeScripted {
                out.leftOut.append((p.name, "scripted"))
                return false
            }
            return true
        }
        return out
    }

    /// The scripted runs the figures count (only when asked for).
    public var scriptedCounted: [String] { participants.filter { $0.scripted != nil }.map(\.name) }

    /// One participant's results.
    public struct Participant {
        public var number: Int
        public var name: String
        public var consent: String?
        public var finished: String?
        /// The trace a scripted participant was played from (`study run --script`); nil for a person.
        public var scripted: String?
        /// The variant blocks (the practice left out), in the order met.
        public var blocks: [Block]
        public var answers: [Answer]
        public var scores: [Score]
        /// Markers and notes made outside the variant blocks (at the consent, an introduction,
        /// the practice, the thanks), on the study's clock.
        public var otherMarkers: [BlockTimeline.Marker] = []
        /// Parts stopped midway and run again on a resume (their first runs are not counted).
        public var restartedParts = 0
        /// Those first runs, kept in their `…-interrupted-N` folders: their attempts are shown
        /// (attempts.csv, `counted` 0) and never counted; the run that replaced each counts.
        public var setAside: [Block] = []
        /// Whether the observer page ran on the study machine during their session (its drawing
        /// competes with their window: their latency and freezes may be the page's).
        public var observerOnThisMachine = false

        /// Whether an observer marked or noted anything of this participant (the observer page).
        public var observed: Bool {
            (otherMarkers + blocks.flatMap(\.timeline.markers)).contains { $0.source == "observer" }
        }
    }

    /// One variant block: its tasks in the order met, with the log's frustration signals.
    public struct Block {
        public var part: Int
        public var variant: String
        public var folder: String
        public var attempts: [Attempt]
        /// The block's task spans, frustration signals and markers, on its own clock.
        public var timeline = BlockTimeline()
        /// The block's recording folder (for latency and heatmaps).
        public var url: URL
        /// Why it ended before its last task ("closed", "exit", "idle") when it did and was not run
        /// again: what was done by then counts, and the report says it was cut short.
        public var stopped: String?
        /// Frustration signals in the block's log by kind ("rage", "dead", …), each with its task.
        public var signals: [(kind: String, task: String?)] { timeline.signals.map { ($0.kind, $0.task) } }
    }

    /// One task attempt.
    public struct Attempt {
        public var task: String, outcome: String
        public var seconds: Double, misses: Int, errors: Int, undos: Int
        /// The misses that were taps on an element the task did not need.
        public var offTask = 0
        /// Its place in the block (1 for the first task met).
        public var position: Int
        public var succeeded: Bool { outcome == "completed" }
    }

    /// One questionnaire answer.
    public struct Answer {
        public var part: Int, variant: String, questionnaire: String, task: String?, item: String
        public var value: Int, choice: String?, seconds: Double, t: Double
    }

    /// A questionnaire's score.
    public struct Score {
        public var part: Int, variant: String, questionnaire: String, task: String?, score: Double
    }

    /// Every session folder under the participants' (for the scale benchmark and heatmaps).
    public var sessionCount: Int { participants.reduce(0) { $0 + $1.blocks.count } }
    /// The variant blocks that stopped before their end and were not run again, as "P02 block2-inside (closed)".
    public var cutShort: [String] {
        participants.flatMap { p in p.blocks.compactMap { b in b.stopped.map { "\(p.name) \(b.folder) (\($0))" } } }
    }

    /// Whether `folder` holds a study's results (a participant folder with `answers.json`).
    public static func isResultsFolder(_ folder: URL) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return false }
        return names.contains(DeclinedConsents.fileName) || names.contains(StudyWithdrawal.fileName)
            || names.contains { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).appendingPathComponent("answers.json").path) }
    }

    /// Reads every participant folder of `folder`.
    public static func read(_ folder: URL) throws -> StudyResults {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { throw CommandError.badInput("\(folder.path): cannot be listed") }
        var results = StudyResults(folder: folder, title: "", variants: [], design: "within", participants: [])
        for name in names.sorted() {
            let file = folder.appendingPathComponent(name).appendingPathComponent("answers.json")
            guard fm.fileExists(atPath: file.path) else { continue }
            do {
                let (p, header) = try readParticipant(file)
                if results.title.isEmpty { results.title = header.title; results.design = header.design }
                for v in header.variants where !results.variants.contains(v) { results.variants.append(v) }
                for b in p.blocks where !results.variants.contains(b.variant) { results.variants.append(b.variant) }
                results.participants.append(p)
            } catch let e as CommandError {
                results.problems.append("\(name)/answers.json: \(e.message)")
            }
        }
        results.declined = DeclinedConsents.read(in: folder)
        results.withdrawn = StudyWithdrawal.read(in: folder)
        results.withdrawnLeft = StudyWithdrawal.leftBehind(in: folder)
        // A withdrawal cut short, or a folder restored from a backup: a withdrawn id is never counted.
        results.participants.removeAll { p in results.withdrawn.contains { $0.participant == p.name } }
        guard !results.participants.isEmpty || !results.problems.isEmpty || !results.declined.isEmpty || !results.withdrawn.isEmpty else {
            throw CommandError.badInput("\(folder.path): no participant folders with answers.json (made by `tactile study run`)")
        }
        results.participants.sort { $0.number < $1.number }
        return results
    }

    struct Header { var title: String, design: String, variants: [String] }

    /// The largest count (misses, errors, undos) and time (seconds) an answers file may hold,
    /// and the most blocks.
    static let maximumCount = 1_000_000, longestSeconds = 1e7, maximumBlocks = 1000

    /// A number as a person writes it: "-3", "2.5", "1e+19".
    static func figure(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(format: "%g", v)
    }

    private static func readParticipant(_ file: URL) throws -> (Participant, Header) {
        try ParticipantFile(file).read()
    }
}
