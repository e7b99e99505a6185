import Foundation
import TactileCore
import TactileEditor
import TactileHeadless

extension StudyResults {
    /// One participant's `participant.json` (and the block folders and study log beside it),
    /// read with every field checked: a problem names the field ("blocks[1].tasks[0].seconds").
    struct ParticipantFile {
        let file: URL
        let root: [String: Any]

        init(_ file: URL) throws {
            guard let data = FileManager.default.contents(atPath: file.path),
                let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else {
                throw CommandError.badInput("not a JSON object")
            }
            self.file = file; self.root = root
        }

        /// The participant and the study's header as the file says them.
        func read() throws -> (Participant, Header) {
            guard let number = JSONNumber.integer(root["number"], in: 1...9999) else {
                throw CommandError.badInput("number: missing or not a participant number (1 to 9999)")
            }
            let header = Header(
                title: root["study"] as? String ?? "", design: root["design"] as? String ?? "within",
                variants: root["variants"] as? [String] ?? [])
            let setAside = try self.blocks(runAgain: true)
            var blocks = try self.blocks()
            let studyLog = BlockTimeline.studyLog(file.deletingLastPathComponent())
            let otherMarkers = try markers(timing: &blocks, studyLog: studyLog)
            let answers = try answers()
            let scores = try scores()
            let name = root["participant"] as? String ?? "P\(number)"
            return (
                Participant(
                    number: number, name: name, consent: root["consent"] as? String, finished: root["finished"] as? String,
                    scripted: root["scripted"] as? String,
                    blocks: blocks, answers: answers.filter { $0.part > 0 }, scores: scores.filter { $0.part > 0 }, otherMarkers: otherMarkers,
                    restartedParts: (root["blocks"] as? [[String: Any]] ?? []).filter { $0["restarted"] as? Bool == true }.count,
                    setAside: setAside,
                    observerOnThisMachine: studyLog.observerOnThisMachine), header
            )
        }

        /// The analysed blocks: neither the practice nor a block stopped midway and run again; or,
        /// with `runAgain`, only those runs stopped midway and run again on resuming (shown, not counted).
        private func blocks(runAgain: Bool = false) throws -> [Block] {
            var blocks: [Block] = []
            for (i, b) in try field(root, "blocks", at: "", as: [[String: Any]].self).enumerated() {
                let path = "blocks[\(i)]"
                let p = try part(b["part"], at: path + ".part")
                // The practice is not analysed; nor is a block stopped midway and run again on resuming.
                guard p > 0, (b["restarted"] as? Bool == true) == runAgain else { continue }
                let folderName = try field(b, "folder", at: path, as: String.self)
                // Joined to the participant's folder to read the block: one name inside it, never a path.
                if let why = PathName.problem(folderName) { throw CommandError.badInput("\(path).folder: \(why)") }
                var attempts: [Attempt] = []
                for (j, t) in try field(b, "tasks", at: path, as: [[String: Any]].self).enumerated() {
                    let at = "\(path).tasks[\(j)]"
                    attempts.append(
                        Attempt(
                            task: try field(t, "task", at: at, as: String.self), outcome: try field(t, "outcome", at: at, as: String.self),
                            seconds: try numeric(t, "seconds", at: at, in: 0...StudyResults.longestSeconds), misses: try count(t, "misses", at: at),
                            errors: try count(t, "errors", at: at), undos: try count(t, "undos", at: at, optional: true),
                            offTask: try count(t, "offTask", at: at, optional: true), position: j + 1))
                }
                let url = file.deletingLastPathComponent().appendingPathComponent(folderName)
                if runAgain { attempts += Self.cutOff(in: url, after: attempts.count) }
                blocks.append(
                    Block(
                        part: p, variant: try field(b, "variant", at: path, as: String.self), folder: folderName, attempts: attempts,
                        timeline: BlockTimeline.read(url), url: url, stopped: b["stopped"] as? String))
            }
            return blocks
        }

        /// The attempt a run stopped in the middle of (its window closed or was killed): the task
        /// begun and never judged, as far as it went — outcome `interrupted`, its seconds to the
        /// run's last moment, its misses by the one definition.
        static func cutOff(in folder: URL, after count: Int) -> [Attempt] {
            let timeline = BlockTimeline.read(folder)
            guard let open = timeline.spans.last, open.ended == nil else { return [] }
            let end = max(timeline.end, BlockTimeline.lastTime(inTraceOf: folder) ?? 0)
            let log =
                (try? String(contentsOf: folder.appendingPathComponent("log.jsonl"), encoding: .utf8))?.split(separator: "\n").compactMap {
                    LogEvent(jsonLine: $0)
                } ?? []
            let misses = Misses.counted(in: log).filter { $0.t >= open.began }.count
            return [
                Attempt(
                    task: open.task, outcome: "interrupted", seconds: (max(0, end - open.began) * 1e6).rounded() / 1e6, misses: misses, errors: 0, undos: 0,
                    position: count + 1)
            ]
        }

        /// The participant's own markers: the study log's outside every part, and those of runs
        /// cut short and run again; each block's markers get their time on the study's clock.
        private func markers(
            timing blocks: inout [Block], studyLog: (markers: [BlockTimeline.Marker], partsBegan: [String: [Double]], observerOnThisMachine: Bool)
        ) throws -> [BlockTimeline.Marker] {
            // Each block's markers get their time on the study's clock from when the block's run began
            // (its `part.began` in the study's log, the last run's for a part run again); the study
            // log's markers outside every part, and those of runs cut short and run again (kept in
            // their `…-interrupted-N` folders), are the participant's own.
            let participantFolder = file.deletingLastPathComponent()
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
            return otherMarkers
        }

        /// The questionnaires' answers, each within its scale.
        private func answers() throws -> [Answer] {
            var answers: [Answer] = []
            for (i, a) in try field(root, "answers", at: "", as: [[String: Any]].self).enumerated() {
                let path = "answers[\(i)]"
                let questionnaire = try field(a, "questionnaire", at: path, as: String.self)
                answers.append(
                    Answer(
                        part: try part(a["block"], at: path + ".block"), variant: try field(a, "variant", at: path, as: String.self),
                        questionnaire: questionnaire, task: a["task"] as? String,
                        item: try field(a, "item", at: path, as: String.self), value: try answerValue(a, at: path, questionnaire: questionnaire),
                        choice: a["choice"] as? String, seconds: try numeric(a, "seconds", at: path, in: 0...StudyResults.longestSeconds, optional: true),
                        t: try numeric(a, "t", at: path, in: 0...StudyResults.longestSeconds, optional: true)))
            }
            return answers
        }

        /// The questionnaires' scores.
        private func scores() throws -> [Score] {
            var scores: [Score] = []
            for (i, s) in (root["scores"] as? [[String: Any]] ?? []).enumerated() {
                let path = "scores[\(i)]"
                scores.append(
                    Score(
                        part: try part(s["block"], at: path + ".block"), variant: try field(s, "variant", at: path, as: String.self),
                        questionnaire: try field(s, "questionnaire", at: path, as: String.self), task: s["task"] as? String,
                        score: try numeric(s, "score", at: path, in: 0...100)))
            }
            return scores
        }

        private func field<T>(_ object: [String: Any], _ key: String, at path: String, as: T.Type) throws -> T {
            guard let v = object[key] as? T else { throw CommandError.badInput("\(path)\(path.isEmpty ? "" : ".")\(key): missing or of the wrong kind") }
            return v
        }
        // Every number in range, or refused by field, as the other readers do (a value too large
        // for an integer must never reach one).
        private func numeric(_ object: [String: Any], _ key: String, at path: String, in range: ClosedRange<Double>, optional: Bool = false) throws -> Double {
            guard let raw = object[key] else {
                if optional { return range.lowerBound }
                throw CommandError.badInput("\(path).\(key): missing")
            }
            guard let v = JSONNumber.double(raw) else { throw CommandError.badInput("\(path).\(key): not a number") }
            guard range.contains(v) else {
                throw CommandError.badInput(
                    "\(path).\(key): must be \(StudyResults.figure(range.lowerBound)) to \(StudyResults.figure(range.upperBound)), not \(StudyResults.figure(v))"
                )
            }
            return v
        }
        private func count(_ object: [String: Any], _ key: String, at path: String, optional: Bool = false) throws -> Int {
            guard object[key] != nil || !optional else { return 0 }
            let v = try numeric(object, key, at: path, in: 0...Double(StudyResults.maximumCount), optional: optional)
            guard v == v.rounded() else { throw CommandError.badInput("\(path).\(key): must be a whole number, not \(StudyResults.figure(v))") }
            return Int(v)
        }
        private func part(_ any: Any?, at path: String) throws -> Int {
            if let s = any as? String, s == "practice" { return 0 }
            guard let n = JSONNumber.integer(any, in: 1...StudyResults.maximumBlocks) else {
                throw CommandError.badInput("\(path): expected a block number (1 to \(StudyResults.maximumBlocks)) or \"practice\"")
            }
            return n
        }
        // An answer within its questionnaire's scale: the SEQ 1 to 7, the SUS 1 to 5, a study's own
        // questionnaire 0 to its largest scale.
        private func answerValue(_ object: [String: Any], at path: String, questionnaire: String) throws -> Int {
            let range: ClosedRange<Double> = questionnaire == "seq" ? 1...7 : questionnaire == "sus" ? 1...5 : 0...Double(Questionnaire.maximumPoints)
            let v = try numeric(object, "value", at: path, in: range)
            guard v == v.rounded() else { throw CommandError.badInput("\(path).value: must be a whole number, not \(StudyResults.figure(v))") }
            return Int(v)
        }
    }
}
