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

    /// Issue 46's case: the window was killed mid-block at 96.48 s on the study's clock while its
    /// last logged line was at 90.37 s; the resumed window's clock must go on from 96.48 s, or six
    /// seconds of study time are counted twice.
    func testAfterAKillTheStudysClockGoesOnFromWhereTheKilledWindowStoppedNotItsLastLoggedLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-study-clock-\(UUID().uuidString)")
        let interrupted = folder.appendingPathComponent("block1-outside-interrupted-1")
        try FileManager.default.createDirectory(at: interrupted, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = [
            #"{"t":0,"kind":"study.began"}"#,
            #"{"t":10,"kind":"part.began","part":"block1-outside","variant":"outside"}"#,
            #"{"t":90.37,"kind":"marker","category":"quote","key":"1","source":"keyboard"}"#,
            #"{"t":0,"kind":"resumed","part":"block1-outside","restarted":"block1-outside-interrupted-1"}"#,
            #"{"t":1,"kind":"marker","category":"error","key":"2","source":"keyboard"}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("study-log.jsonl"), atomically: true, encoding: .utf8)
        // The interrupted block's recording: its frame marks ran to 86.48 s on its own clock (from the part's start at 10 s).
        let trace = [#"{"tactile_trace":1,"viewport":{"width":390,"height":844}}"#, #"{"t":86.470000,"type":"frame"}"#, #"{"t":86.480000,"type":"frame"}"#]
        try (trace.joined(separator: "\n") + "\n").write(to: interrupted.appendingPathComponent("trace.jsonl"), atomically: true, encoding: .utf8)
        let log = BlockTimeline.studyLog(folder)
        XCTAssertEqual(log.markers.last?.studyT ?? 0, 97.48, accuracy: 1e-9, "1 s after the killed window stopped at 96.48 s, not after 90.37 s")
    }
}
