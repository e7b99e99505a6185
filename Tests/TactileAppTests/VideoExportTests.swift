import Foundation
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileInput
import TactileMedia
@testable import TactileApp

/// `tactile replay TRACE --video out.mp4`: the session rendered through libavcodec, probed back.
final class VideoExportTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("video") }
    override func tearDown() { removeTestFolder() }

    func testAReplayedSessionBecomesAnH264VideoWithTouchIndicators() throws {
        // A finger rests on the empty canvas backdrop (a miss) from 0.5 s to 1.5 s.
        let p = Point(x: 30, y: 70)
        let events: [InputEvent] = [.touch(.down, id: 1, at: p, time: .seconds(0.5)), .touch(.up, id: 1, at: p, time: .seconds(1.5))]
        try write(events, to: "rest.jsonl")
        let summary = try Commands.replay(trace: path("rest.jsonl"), project: nil, outputs: .init(video: path("rest.mp4"), framesPerSecond: 25),
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
            for dy in -3...3 { for dx in -3...3 {
                let i = ((Int(p.y) + dy) * image.width + Int(p.x) + dx) * 4
                sum += Double(image.pixels[i]) + Double(image.pixels[i + 1]) + Double(image.pixels[i + 2])
            } }
            return sum / 49 / 3
        }
        let before = try brightness(at: 0.2), during = try brightness(at: 1.0), after = try brightness(at: 2.05)
        XCTAssertGreaterThan(during, before + 30, "a circle shows under the finger")
        XCTAssertLessThan(abs(after - before), 8, "and fades once it lifts")
    }

    func testTheFrameRateMustBeSane() throws {
        try write([], to: "empty.jsonl")
        XCTAssertThrowsError(try Commands.replay(trace: path("empty.jsonl"), project: nil, outputs: .init(video: path("x.mp4"), framesPerSecond: 0),
                                                 scale: 1, until: nil))
    }
}
