import Foundation
import TactileCore
import TactileHeadless

/// When people declined a study's consent, and nothing else: one line per decline in the
/// results folder's `declined.jsonl` (`{"declined":"2026-11-26T09:12:00Z"}`), so the report can
/// count them without keeping anything of the person (no number, no answer, no recording).
public enum DeclinedConsents {
    public static let fileName = "declined.jsonl"

    /// Notes a decline at `date` in the results `folder` (made if need be); the reason when it
    /// could not be noted.
    @discardableResult
    public static func record(at date: Date, in folder: URL) -> String? {
        do {
            try AtomicFile.makeFolder(folder)
            let url = folder.appendingPathComponent(fileName)
            let handle = FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_APPEND), closeOnDealloc: true)
            defer { try? handle.close() }
            let line = JSONValue.object([("declined", .string(StudyAnswers.iso(date)))]).serialized(pretty: false) + "\n"
            try handle.write(contentsOf: Data(line.utf8))
            return nil
        } catch {
            return CommandError.reason(error)
        }
    }

    /// The times of the declines noted in `folder`, in the order noted (lines that are not one
    /// are skipped).
    public static func read(in folder: URL) -> [String] {
        guard let text = try? String(contentsOf: folder.appendingPathComponent(fileName), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["declined"] as? String
        }
    }
}
