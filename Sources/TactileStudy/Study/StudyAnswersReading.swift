import Foundation
import TactileCore
import TactileHeadless

/// `answers.json` read back into `StudyAnswers`, to resume an interrupted participant
/// (`study run --resume`): every field the file writes, a wrong one named by its path.
extension StudyAnswers {
    /// The answers in participant `folder`'s `answers.json`.
    public static func read(from folder: URL) throws -> StudyAnswers {
        let file = folder.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else { throw CommandError.badInput("\(file.path): cannot be read") }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw CommandError.badInput("\(file.path): not a JSON object")
        }
        do { return try decode(root) } catch let e as CommandError { throw CommandError.badInput("\(file.path): \(e.message)") }
    }

    private static func decode(_ root: [String: Any]) throws -> StudyAnswers {
        func string(_ o: [String: Any], _ key: String, at path: String) throws -> String {
            guard let v = o[key] as? String else { throw CommandError.badInput("\(path)\(path.isEmpty ? "" : ".")\(key): missing or not text") }
            return v
        }
        func numeric(_ o: [String: Any], _ key: String, at path: String) throws -> Double {
            // Within what any count or time may be (a value too large for an integer never reaches one).
            guard let v = JSONNumber.double(o[key] as Any), v.isFinite, abs(v) <= 1e9 else {
                throw CommandError.badInput("\(path).\(key): missing, not a number, or beyond ±1,000,000,000")
            }
            return v
        }
        func date(_ o: [String: Any], _ key: String, at path: String) throws -> Date? {
            guard let v = o[key], !(v is NSNull) else { return nil }
            guard let text = v as? String, let d = parseDate(text) else {
                throw CommandError.badInput("\(path)\(path.isEmpty ? "" : ".")\(key): not a date and time such as 2026-11-26T09:12:00Z")
            }
            return d
        }
        func part(_ any: Any?, at path: String) throws -> Int {
            if let s = any as? String, s == "practice" { return 0 }
            guard let n = JSONNumber.integer(any, in: 1...1000) else { throw CommandError.badInput("\(path): expected a block number or \"practice\"") }
            return n
        }
        // A block's folder is joined to the participant's folder (and renamed on a resume): one
        // name inside it, never a path out of it.
        func folder(_ name: String, at path: String) throws -> String {
            do { return try PathName.checked(name, field: path) } catch { throw CommandError.badInput("\(error)") }
        }
        func list(_ key: String) throws -> [[String: Any]] {
            guard let v = root[key] else { return [] }
            guard let l = v as? [[String: Any]] else { throw CommandError.badInput("\(key): not a list of objects") }
            return l
        }
        guard let number = JSONNumber.integer(root["number"], in: 1...9999) else {
            throw CommandError.badInput("number: missing or not a participant number (1 to 9999)")
        }
        let design = StudyFile.Assignment(rawValue: root["design"] as? String ?? "within") ?? .within
        var answers = StudyAnswers(study: root["study"] as? String ?? "", participant: number, design: design)
        answers.variants = root["variants"] as? [String] ?? []
        answers.consent = try date(root, "consent", at: "")
        answers.finished = try date(root, "finished", at: "")
        answers.scripted = root["scripted"] as? String
        for (i, b) in try list("blocks").enumerated() {
            let path = "blocks[\(i)]"
            var block = Block(
                part: try part(b["part"], at: path + ".part"), variant: try string(b, "variant", at: path),
                folder: try folder(try string(b, "folder", at: path), at: path + ".folder"),
                began: try date(b, "began", at: path) ?? Date(timeIntervalSince1970: 0), ended: try date(b, "ended", at: path))
            block.stopped = b["stopped"] as? String
            block.restarted = b["restarted"] as? Bool ?? false
            for (j, t) in (b["tasks"] as? [[String: Any]] ?? []).enumerated() {
                let at = "\(path).tasks[\(j)]"
                block.tasks.append(
                    TaskResult(
                        task: try string(t, "task", at: at), outcome: try string(t, "outcome", at: at), seconds: try numeric(t, "seconds", at: at),
                        misses: Int(try numeric(t, "misses", at: at)), errors: Int(try numeric(t, "errors", at: at)),
                        undos: Int((try? numeric(t, "undos", at: at)) ?? 0), offTask: Int((try? numeric(t, "offTask", at: at)) ?? 0)))
            }
            answers.blocks.append(block)
        }
        for (i, a) in try list("answers").enumerated() {
            let path = "answers[\(i)]"
            answers.answers.append(
                Answer(
                    part: try part(a["block"], at: path + ".block"), variant: try string(a, "variant", at: path),
                    questionnaire: try string(a, "questionnaire", at: path), item: try string(a, "item", at: path), task: a["task"] as? String,
                    value: Int(try numeric(a, "value", at: path)), choice: a["choice"] as? String, seconds: (try? numeric(a, "seconds", at: path)) ?? 0,
                    time: (try? numeric(a, "t", at: path)) ?? 0, at: try date(a, "at", at: path) ?? Date(timeIntervalSince1970: 0)))
        }
        for (i, s) in try list("scores").enumerated() {
            let path = "scores[\(i)]"
            answers.scores.append(
                Score(
                    part: try part(s["block"], at: path + ".block"), variant: try string(s, "variant", at: path),
                    questionnaire: try string(s, "questionnaire", at: path), task: s["task"] as? String, score: try numeric(s, "score", at: path)))
        }
        return answers
    }

    /// "2026-11-26T09:12:00Z" as a date.
    static func parseDate(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)
    }
}
