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
        // A withdrawal cut short, or a folder restored from a backup: a withdrawn id is never counted.
        results.participants.removeAll { p in results.withdrawn.contains { $0.participant == p.name } }
        guard !results.participants.isEmpty || !results.problems.isEmpty || !results.declined.isEmpty || !results.withdrawn.isEmpty else {
            throw CommandError.badInput("\(folder.path): no participant folders with answers.json (made by `tactile study run`)")
        }
        results.participants.sort { $0.number < $1.number }
        return results
    }

    private struct Header { var title: String, design: String, variants: [String] }

    /// The largest count (misses, errors, undos) and time (seconds) an answers file may hold,
    /// and the most blocks.
    static let maximumCount = 1_000_000, longestSeconds = 1e7, maximumBlocks = 1000

    /// A number as a person writes it: "-3", "2.5", "1e+19".
    static func figure(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(format: "%g", v)
    }

    private static func readParticipant(_ file: URL) throws -> (Participant, Header) {
        guard let data = FileManager.default.contents(atPath: file.path),
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else {
            throw CommandError.badInput("not a JSON object")
        }
        func field<T>(_ object: [String: Any], _ key: String, at path: String, as: T.Type) throws -> T {
            guard let v = object[key] as? T else { throw CommandError.badInput("\(path)\(path.isEmpty ? "" : ".")\(key): missing or of the wrong kind") }
            return v
        }
        // Every number in range, or refused by field, as the other readers do (a value too large
        // for an integer must never reach one).
        func numeric(_ object: [String: Any], _ key: String, at path: String, in range: ClosedRange<Double>, optional: Bool = false) throws -> Double {
            guard let raw = object[key] else {
                if optional { return range.lowerBound }
                throw CommandError.badInput("\(path).\(key): missing")
            }
            guard let v = JSONNumber.double(raw) else { throw CommandError.badInput("\(path).\(key): not a number") }
            guard range.contains(v) else {
                throw CommandError.badInput(
                    "\(path).\(key): must be \(Self.figure(range.lowerBound)) to \(Self.figure(range.upperBound)), not \(Self.figure(v))")
            }
            return v
        }
        func count(_ object: [String: Any], _ key: String, at path: String, optional: Bool = false) throws -> Int {
            guard object[key] != nil || !optional else { return 0 }
            let v = try numeric(object, key, at: path, in: 0...Double(Self.maximumCount), optional: optional)
            guard v == v.rounded() else { throw CommandError.badInput("\(path).\(key): must be a whole number, not \(Self.figure(v))") }
            return Int(v)
        }
        func part(_ any: Any?, at path: String) throws -> Int {
            if let s = any as? String, s == "practice" { return 0 }
            guard let n = JSONNumber.integer(any, in: 1...Self.maximumBlocks) else {
                throw CommandError.badInput("\(path): expected a block number (1 to \(Self.maximumBlocks)) or \"practice\"")
            }
            return n
        }
        // An answer within its questionnaire's scale: the SEQ 1 to 7, the SUS 1 to 5, a study's own
        // questionnaire 0 to its largest scale.
        func answerValue(_ object: [String: Any], at path: String, questionnaire: String) throws -> Int {
            let range: ClosedRange<Double> = questionnaire == "seq" ? 1...7 : questionnaire == "sus" ? 1...5 : 0...Double(Questionnaire.maximumPoints)
            let v = try numeric(object, "value", at: path, in: range)
            guard v == v.rounded() else { throw CommandError.badInput("\(path).value: must be a whole number, not \(Self.figure(v))") }
            return Int(v)
        }
        guard let number = JSONNumber.integer(root["number"], in: 1...9999) else {
            throw CommandError.badInput("number: missing or not a participant number (1 to 9999)")
        }
        let header = Header(
            title: root["study"] as? String ?? "", design: root["design"] as? String ?? "within",
            variants: root["variants"] as? [String] ?? [])
        var blocks: [Block] = []
        for (i, b) in try field(root, "blocks", at: "", as: [[String: Any]].self).enumerated() {
            let path = "blocks[\(i)]"
            let p = try part(b["part"], at: path + ".part")
            // The practice is not analysed; nor is a block stopped midway and run again on resuming.
            guard p > 0, b["restarted"] as? Bool != true else { continue }
            let folderName = try field(b, "folder", at: path, as: String.self)
            // Joined to the participant's folder to read the block: one name inside it, never a path.
            if let why = PathName.problem(folderName) { throw CommandError.badInput("\(path).folder: \(why)") }
            var attempts: [Attempt] = []
            for (j, t) in try field(b, "tasks", at: path, as: [[String: Any]].self).enumerated() {
                let at = "\(path).tasks[\(j)]"
                attempts.append(
                    Attempt(
                        task: try field(t, "task", at: at, as: String.self), outcome: try field(t, "outcome", at: at, as: String.self),
                        seconds: try numeric(t, "seconds", at: at, in: 0...Self.longestSeconds), misses: try count(t, "misses", at: at),
                        errors: try count(t, "errors", at: at), undos: try count(t, "undos", at: at, optional: true),
                        offTask: try count(t, "offTask", at: at, optional: true), position: j + 1))
            }
            let url = file.deletingLastPathComponent().appendingPathComponent(folderName)
            blocks.append(
                Block(
                    part: p, variant: try field(b, "variant", at: path, as: String.self), folder: folderName, attempts: attempts,
                    timeline: BlockTimeline.read(url), url: url, stopped: b["stopped"] as? String))
        }
        // Each block's markers get their time on the study's clock from when the block's run began
        // (its `part.began` in the study's log, the last run's for a part run again); the study
        // log's markers outside every part, and those of runs cut short and run again (kept in
        // their `…-interrupted-N` folders), are the participant's own.
        let participantFolder = file.deletingLastPathComponent()
        let studyLog = BlockTimeline.studyLog(participantFolder)
        var otherMarkers = studyLog.markers.filter { m in m.part == nil || !blocks.contains { $0.folder == m.part } }
        for i in blocks.indices {
            guard let origin = studyLog.partsBegan[blocks[i].folder]?.last else { continue }
            for j in blocks[i].timeline.markers.indices { blocks[i].timeline.markers[j].studyT = blocks[i].timeline.markers[j].t.map { origin + $0 } }
        }
        for b in try field(root, "blocks", at: "", as: [[String: Any]].self) where b["restarted"] as? Bool == true {
            guard let folderName = b["folder"] as? String, PathName.problem(folderName) == nil, !folderName.hasPrefix(".") else { continue }
            // "block1-outside-interrupted-2": the second run of block1-outside.
            let parts = folderName.components(separatedBy: "-interrupted-")
            let run = parts.count == 2 ? (Int(parts[1]) ?? 1) : 1
            let origin = parts.count == 2 ? studyLog.partsBegan[parts[0]].flatMap { run - 1 < $0.count ? $0[run - 1] : nil } : nil
            for var m in BlockTimeline.read(participantFolder.appendingPathComponent(folderName)).markers {
                m.part = folderName
                m.studyT = origin.flatMap { o in m.t.map { o + $0 } }
                otherMarkers.append(m)
            }
        }
        var answers: [Answer] = []
        for (i, a) in try field(root, "answers", at: "", as: [[String: Any]].self).enumerated() {
            let path = "answers[\(i)]"
            let questionnaire = try field(a, "questionnaire", at: path, as: String.self)
            answers.append(
                Answer(
                    part: try part(a["block"], at: path + ".block"), variant: try field(a, "variant", at: path, as: String.self),
                    questionnaire: questionnaire, task: a["task"] as? String,
                    item: try field(a, "item", at: path, as: String.self), value: try answerValue(a, at: path, questionnaire: questionnaire),
                    choice: a["choice"] as? String, seconds: try numeric(a, "seconds", at: path, in: 0...Self.longestSeconds, optional: true),
                    t: try numeric(a, "t", at: path, in: 0...Self.longestSeconds, optional: true)))
        }
        var scores: [Score] = []
        for (i, s) in (root["scores"] as? [[String: Any]] ?? []).enumerated() {
            let path = "scores[\(i)]"
            scores.append(
                Score(
                    part: try part(s["block"], at: path + ".block"), variant: try field(s, "variant", at: path, as: String.self),
                    questionnaire: try field(s, "questionnaire", at: path, as: String.self), task: s["task"] as? String,
                    score: try numeric(s, "score", at: path, in: 0...100)))
        }
        let name = root["participant"] as? String ?? "P\(number)"
        return (
            Participant(
                number: number, name: name, consent: root["consent"] as? String, finished: root["finished"] as? String,
                scripted: root["scripted"] as? String,
                blocks: blocks, answers: answers.filter { $0.part > 0 }, scores: scores.filter { $0.part > 0 }, otherMarkers: otherMarkers,
                restartedParts: (root["blocks"] as? [[String: Any]] ?? []).filter { $0["restarted"] as? Bool == true }.count), header
        )
    }
}
