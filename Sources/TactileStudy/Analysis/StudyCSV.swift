import Foundation
import TactileCore

/// A study's results as tidy CSV files for R or pandas (`tactile report STUDY_DIR --csv DIR`):
/// one row per task attempt (`attempts.csv`), per questionnaire answer (`answers.csv`) and per
/// participant (`participants.csv`, with each variant's SUS in its own column), and per marker or
/// note (`markers.csv`, on the block's clock — its video's — and the study's). RFC 4180 quoting;
/// every file written atomically. The attempts and answers are those the report counts (people
/// only unless scripted runs are brought in), each row saying whether its participant was
/// scripted, ran a part again on a resume, and was observed; `participants.csv` lists everyone
/// read, with whether the figures count them.
public enum StudyCSV {
    public static let attempts = "attempts.csv", answers = "answers.csv", participants = "participants.csv", markers = "markers.csv"

    /// Writes the four files of `report`'s results into `folder` (made if missing).
    /// `everyone`: every participant read (those the figures leave out too); the report's own when nil.
    public static func write(_ report: StudyReport, to folder: URL, everyone: [StudyResults.Participant]? = nil) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let results = report.results
        let files = [
            (attempts, attemptsCSV(results)), (answers, answersCSV(results)),
            (participants, participantsCSV(results, everyone: everyone ?? results.participants)), (markers, markersCSV(report)),
        ]
        for (name, text) in files {
            try AtomicFile.write(Data(text.utf8), to: folder.appendingPathComponent(name))
        }
    }

    static func attemptsCSV(_ r: StudyResults) -> String {
        var rows = [
            [
                "participant", "variant", "block", "position", "task", "outcome", "success", "seconds", "misses", "off_task", "errors", "undos", "seq",
                "rage", "dead", "near_miss", "unresponsive", "freeze", "scripted", "restarted", "observed", "run", "counted", "not_counted_why",
            ]
        ]
        for p in r.participants {
            // Every attempt, the runs set aside on a resume too, each saying whether it counts and why not.
            let runs = (p.blocks.map { ($0, true) } + p.setAside.map { ($0, false) }).sorted { ($0.0.part, $0.1 ? 1 : 0) < ($1.0.part, $1.1 ? 1 : 0) }
            for (b, counted) in runs {
                for a in b.attempts {
                    let seq =
                        counted ? p.answers.last { $0.part == b.part && $0.questionnaire == "seq" && $0.task == a.task }.map { String($0.value) } ?? "" : ""
                    let signals = StudyReport.signalKinds.map { k in String(b.signals.filter { $0.kind == k && $0.task == a.task }.count) }
                    let why = counted ? "" : "the run was interrupted and block \(b.part) run again after a resume; that run counts"
                    rows.append(
                        [
                            p.name, b.variant, String(b.part), String(a.position), a.task, a.outcome, a.succeeded ? "1" : "0", number(a.seconds),
                            String(a.misses), String(a.offTask), String(a.errors), String(a.undos), seq,
                        ] + signals + flags(p) + [b.folder, counted ? "1" : "0", why])
                }
            }
        }
        return text(rows)
    }

    static func answersCSV(_ r: StudyResults) -> String {
        var rows = [
            ["participant", "variant", "block", "questionnaire", "task", "item", "value", "choice", "seconds", "t", "scripted", "restarted", "observed"]
        ]
        for p in r.participants {
            for a in p.answers {
                rows.append(
                    [
                        p.name, a.variant, String(a.part), a.questionnaire, a.task ?? "", a.item, String(a.value), a.choice ?? "",
                        number(a.seconds), number(a.t),
                    ] + flags(p))
            }
        }
        return text(rows)
    }

    /// Whether `p` was scripted, ran a part again on a resume, and was observed: "1" or "0" each.
    static func flags(_ p: StudyResults.Participant) -> [String] {
        [p.scripted == nil ? "0" : "1", p.restartedParts > 0 ? "1" : "0", p.observed ? "1" : "0"]
    }

    static func participantsCSV(_ r: StudyResults, everyone: [StudyResults.Participant]) -> String {
        var rows = [
            ["participant", "number", "consent", "finished", "variant_order", "blocks", "scripted", "restarted", "observed", "counted", "left_out_why"]
                + r.variants.map { "sus_" + $0 } + ["observer_local"]
        ]
        for p in everyone {
            let sus = r.variants.map { v in p.scores.last { $0.variant == v && $0.questionnaire == "sus" }.map { number($0.score) } ?? "" }
            let why = r.leftOut.first { $0.name == p.name }?.why
            rows.append(
                [
                    p.name, String(p.number), p.consent ?? "", p.finished ?? "", p.blocks.map(\.variant).joined(separator: ">"),
                    String(p.blocks.count),
                ] + flags(p) + [why == nil ? "1" : "0", why ?? ""] + sus + [p.observerOnThisMachine ? "1" : "0"])
        }
        return text(rows)
    }

    static func markersCSV(_ report: StudyReport) -> String {
        var rows = [
            [
                "participant", "variant", "block", "part", "task", "block_seconds", "video", "video_seconds", "study_seconds", "category", "source",
                "note",
            ]
        ]
        for m in report.markerRows {
            rows.append([
                m.participant, m.variant ?? "", m.block.map(String.init) ?? "", m.part ?? "", m.task ?? "", m.blockSeconds.map(number) ?? "",
                m.video ?? "", m.blockSeconds.map(number) ?? "", m.studySeconds.map(number) ?? "", m.category, m.source, m.note ?? "",
            ])
        }
        return text(rows)
    }

    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String((v * 1e6).rounded() / 1e6)
    }

    /// Rows as CSV: a field with a comma, a quote or a line break is quoted, its quotes doubled.
    public static func text(_ rows: [[String]]) -> String {
        rows.map { row in
            row.map { f in
                f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
            }.joined(separator: ",")
        }.joined(separator: "\r\n") + "\r\n"
    }
}
