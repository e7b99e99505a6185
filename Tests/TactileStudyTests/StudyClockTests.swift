import Foundation
import XCTest
@testable import TactileStudy

/// The study's clock as the report reads it from a participant's `study-log.jsonl`.
final class StudyClockTests: XCTestCase {
    /// The review's case: after `--resume` the new window's clock started at 0 again, so a
    /// marker made on the thanks screen was listed before the first block, and the CSV's
    /// study seconds mixed two clocks.
    func testAfterAResumeTheStudysClockGoesOnFromWhereTheLogStopped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-study-clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = [
            #"{"t":0,"kind":"study.began"}"#,
            #"{"t":5,"kind":"marker","category":"quote","key":"1","source":"keyboard"}"#,
            #"{"t":10,"kind":"part.began","part":"block1-outside","variant":"outside"}"#,
            #"{"t":84.7,"kind":"part.stopped","part":"block1-outside","reason":"the window closed"}"#,
            #"{"t":0,"kind":"resumed","part":"block1-outside"}"#,
            #"{"t":0,"kind":"marker","category":"error","key":"2","source":"keyboard"}"#,
            #"{"t":2,"kind":"part.began","part":"block1-outside","variant":"outside"}"#,
            #"{"t":30,"kind":"marker","category":"quote","key":"1","source":"keyboard"}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("study-log.jsonl"), atomically: true, encoding: .utf8)
        let log = BlockTimeline.studyLog(folder)
        XCTAssertEqual(log.markers.map(\.studyT), [5, 84.7, 114.7], "one clock, always forward")
        XCTAssertEqual(log.partsBegan["block1-outside"], [10, 86.7], "the run again began after the first")
    }
}
