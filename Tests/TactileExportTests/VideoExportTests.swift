import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileInput
import TactileMedia
@testable import TactileApp

/// `tactile replay TRACE --video out.mp4`: the session rendered through libavcodec, probed back.
// Alone (not beside another part): one test compares two exports byte for byte, and under a
// sibling part's load they once differed (200,807 against 200,780 bytes; not reproduced alone).
final class VideoExportTests: XCTestCase, ReplayTesting, RunsAlone {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("video") }
    override func tearDown() { removeTestFolder() }

    func testAReplayedSessionBecomesAnH264VideoWithTouchIndicators() throws {
        // A finger rests on the empty canvas backdrop (a miss) from 0.5 s to 1.5 s.
        let p = Point(x: 30, y: 70)
        let events: [InputEvent] = [.touch(.down, id: 1, at: p, time: .seconds(0.5)), .touch(.up, id: 1, at: p, time: .seconds(1.5))]
        try write(events, to: "rest.jsonl")
        let summary = try Commands.replay(
            trace: path("rest.jsonl"), project: nil, outputs: .init(video: path("rest.mp4"), framesPerSecond: 25),
            scale: 1, until: nil)
        XCTAssertTrue(summary.contains("390x844"), summary)

        let report = MediaProbe.probe(path("rest.mp4"))
        XCTAssertTrue(report.ok, report.error ?? "")
        XCTAssertEqual(report.video?.codec, "h264")
        XCTAssertEqual(report.video?.displayWidth, 390)
        XCTAssertEqual(report.video?.displayHeight, 844)
        XCTAssertEqual(report.video?.frameRate ?? 0, 25, accuracy: 0.01)
        // 1.5 s of trace plus the fade: 0 … 2.1 s at 25 fps.
        XCTAssertEqual(report.duration ?? 0, 2.12, accuracy: 0.05)

        let decoder = try VideoDecoder(path: path("rest.mp4"))
        func brightness(at t: Double) throws -> Double {
            let image = try decoder.frame(at: .seconds(t)).image
            var sum = 0.0
            for dy in -3...3 {
                for dx in -3...3 {
                    let i = ((Int(p.y) + dy) * image.width + Int(p.x) + dx) * 4
                    sum += Double(image.pixels[i]) + Double(image.pixels[i + 1]) + Double(image.pixels[i + 2])
                }
            }
            return sum / 49 / 3
        }
        let before = try brightness(at: 0.2), during = try brightness(at: 1.0), after = try brightness(at: 2.05)
        XCTAssertGreaterThan(during, before + 30, "a circle shows under the finger")
        XCTAssertLessThan(abs(after - before), 8, "and fades once it lifts")
    }

    func testWithArenaTheVideoShowsTheArenasDecisions() throws {
        // Beach tapped, its trailing handle dragged: trim wins; the decisions panel sits at the
        // top of the canvas while the finger is down.
        var events: [InputEvent] = [
            .touch(.down, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.3)),
            .touch(.up, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.38)),
            .touch(.down, id: 1, at: Point(x: 306, y: 606), time: .seconds(1.2)),
        ]
        for i in 1...9 { events.append(.touch(.move, id: 1, at: Point(x: 306 - Double(i) * 3, y: 608), time: .seconds(1.2 + Double(i) * 0.016))) }
        events.append(.touch(.up, id: 1, at: Point(x: 279, y: 608), time: .seconds(1.8)))
        try write(events, to: "trim.jsonl")
        for (name, arena) in [("plain.mp4", false), ("arena.mp4", true)] {
            _ = try Commands.replay(
                trace: path("trim.jsonl"), project: nil, outputs: .init(video: path(name), framesPerSecond: 25, arena: arena),
                scale: 1, until: nil)
        }
        let plain = try VideoDecoder(path: path("plain.mp4")).frame(at: .seconds(1.5)).image
        let arena = try VideoDecoder(path: path("arena.mp4")).frame(at: .seconds(1.5)).image
        // The panel's rows, across the canvas's top (y 110 … 150 at 1×).
        var difference = 0.0, count = 0.0
        for y in 110..<150 {
            for x in 20..<370 {
                let i = (y * plain.width + x) * 4
                for c in 0..<3 { difference += abs(Double(plain.pixels[i + c]) - Double(arena.pixels[i + c])); count += 1 }
            }
        }
        XCTAssertGreaterThan(difference / count, 10, "the decisions panel is in the arena video, not in the plain one")
    }

    func testFramesDrawnOnEveryCoreMakeTheSerialPathsVideoByteForByte() throws {
        // The tour plays the demo (video frames on the canvas), drags and taps: drawn on three
        // threads, the frames must be the serial path's, so the H.264 bytes are too.
        let tour = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Traces/tour.jsonl").path
        let serial = try Commands.replay(
            trace: tour, project: nil, outputs: .init(video: path("serial.mp4"), framesPerSecond: 30, jobs: 1),
            scale: 1, until: nil)
        let parallel = try Commands.replay(
            trace: tour, project: nil, outputs: .init(video: path("parallel.mp4"), framesPerSecond: 30, jobs: 3),
            scale: 1, until: nil)
        XCTAssertEqual(serial, parallel)
        // The tour's still moments are sent to the encoder again rather than drawn, on both paths alike.
        XCTAssertNotNil(serial.range(of: #"\(\d+ still: sent again, not drawn\)"#, options: .regularExpression), serial)
        let a = try Data(contentsOf: URL(fileURLWithPath: path("serial.mp4"))), b = try Data(contentsOf: URL(fileURLWithPath: path("parallel.mp4")))
        XCTAssertGreaterThan(a.count, 10_000)
        XCTAssertEqual(a, b, "the same bytes")
    }

    func testTheBatchExportFindsEverySessionOfAStudyAndNamesEachVideo() throws {
        let results = folder.appendingPathComponent("results")
        for (p, block) in [("P01", "block1-outside"), ("P01", "block2-inside"), ("P02", "block1-inside")] {
            let session = results.appendingPathComponent(p).appendingPathComponent(block)
            try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
            try write(tap(Point(x: 30, y: 70), at: 0.2), to: "results/\(p)/\(block)/trace.jsonl")
        }
        try Data("{}".utf8).write(to: results.appendingPathComponent("P01/answers.json"))
        let line = try BatchVideos.run([results.path], out: path("videos"), scale: 1, fps: 10, jobs: 2)
        XCTAssertTrue(line.hasPrefix("3 of 3 videos into"), line)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: path("videos")).sorted(),
            ["P01-block1-outside.mp4", "P01-block2-inside.mp4", "P02-block1-inside.mp4"])
        XCTAssertTrue(MediaProbe.probe(path("videos/P02-block1-inside.mp4")).ok)
        XCTAssertThrowsError(try BatchVideos.run([path("videos")], out: path("v2"), scale: 1, fps: 10, jobs: 2)) {
            XCTAssertTrue("\($0)".contains("no recorded sessions"), "\($0)")
        }
    }

    func testTheFrameRateMustBeSane() throws {
        try write([], to: "empty.jsonl")
        XCTAssertThrowsError(
            try Commands.replay(
                trace: path("empty.jsonl"), project: nil, outputs: .init(video: path("x.mp4"), framesPerSecond: 0),
                scale: 1, until: nil))
    }
}
