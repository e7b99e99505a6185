import Foundation
import TactileCore
import TactileHeadless
import TactileStudy

/// `tactile study withdraw STUDY_DIR P03`: lists what of the participant would be deleted, and
/// with `--yes` deletes it (`StudyWithdrawal`).
public enum StudyWithdraw {
    /// What to print: the list and, without `yes`, how to go on; with it, what was deleted.
    public static func run(results: String, participant: String, videos: [String], yes: Bool, now: Date = Date()) throws -> String {
        let number = try StudyRun.parseParticipant(participant, field: "participant")
        let folder = URL(fileURLWithPath: HomePath.expanding(results))
        guard StudyResults.isResultsFolder(folder) || FileManager.default.fileExists(atPath: folder.appendingPathComponent(StudyAnswers.name(of: number)).path)
        else {
            throw CommandError.badInput("\(folder.path): not a study's results folder (made by `tactile study run`)")
        }
        let plan = try StudyWithdrawal.plan(number, in: folder, elsewhere: videos.map { HomePath.url($0) })
        let name = StudyAnswers.name(of: number)
        let list = plan.paths.map { "  " + $0.path }.joined(separator: "\n")
        let size = ByteCountFormatter.string(fromByteCount: plan.bytes, countStyle: .file)
        let scripted =
            plan.playedFromTheirTrace.isEmpty
            ? ""
            : "Played from \(name)'s trace, so holding their input: \(plan.playedFromTheirTrace.joined(separator: ", ")); withdraw \(plan.playedFromTheirTrace.count == 1 ? "it" : "them") too.\n"
        let left =
            plan.left.isEmpty
            ? ""
            : "Left, as Tactile cannot prove \(plan.left.count == 1 ? "it is" : "they are") \(name)'s of this study (delete by hand what is theirs):\n"
                + plan.left.map { "  \($0.path.path) (\($0.why))" }.joined(separator: "\n") + "\n"
        func pooled(_ done: Bool) -> String {
            (plan.pooled.rows.isEmpty
                ? ""
                : "\(done ? "Taken" : "Takes") \(name)'s rows out of:\n" + plan.pooled.rows.map { "  " + $0.path }.joined(separator: "\n") + "\n")
                + (plan.pooled.stale.isEmpty
                    ? ""
                    : "\(done ? "Marked" : "Marks") stale (made with \(name) among others: make \(plan.pooled.stale.count == 1 ? "it" : "them") again):\n"
                        + plan.pooled.stale.map { "  " + $0.path }.joined(separator: "\n") + "\n")
        }
        guard yes else {
            return "Withdrawing \(name) deletes (\(size)):\n\(list)\n" + pooled(false) + left + scripted
                + "Nothing was deleted: run again with --yes to delete it.\n"
        }
        try StudyWithdrawal.carry(out: plan, in: folder, at: now)
        return "\(name) withdrawn: \(plan.paths.count) item\(plan.paths.count == 1 ? "" : "s") deleted (\(size)):\n\(list)\n" + pooled(true) + left
            + "\(StudyWithdrawal.fileName) keeps only the id and when, and the report counts the withdrawal.\n" + scripted
    }
}
