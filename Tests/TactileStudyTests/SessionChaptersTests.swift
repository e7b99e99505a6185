import Foundation
import XCTest
@testable import TactileStudy

/// A session video's chapters say what the report says: one clock, one number.
final class SessionChaptersTests: XCTestCase {
    func testATasksEndChapterGivesTheTimeOnTaskTheReportGivesNotTheMomentOfTheJudgement() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chapters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The review's case: the task began at 1 s, its project settled at 10.49 s (9.49 s on task)
        // and it was judged after the 0.3 s settle, at 10.79 s.
        let log = [
            #"{"t":1,"kind":"task.began","index":1,"prompt":"Move the star to 5 s","task":"move-star"}"#,
            #"{"t":10.79,"kind":"task.ended","errors":0,"misses":0,"offTask":0,"outcome":"completed","seconds":9.49,"settle":0.3,"task":"move-star","undos":0}"#,
        ]
        try (log.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("log.jsonl"), atomically: true, encoding: .utf8)
        let chapters = SessionChapters.read(folder)
        XCTAssertEqual(chapters.map(\.title), ["Start", "Task 1: move-star", "move-star: completed after 9.49 s"])
        XCTAssertEqual(chapters.last?.start.seconds ?? 0, 10.79, accuracy: 1e-9, "the chapter starts where the judgement shows")
    }
}
