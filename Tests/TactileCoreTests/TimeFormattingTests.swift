import XCTest
@testable import TactileCore

final class TimeFormattingTests: XCTestCase {
    func testTimecodeAlwaysRoundsDown() {
        XCTAssertEqual(TimeFormatting.timecode(.seconds(4.99)), "0:04")
        XCTAssertEqual(TimeFormatting.timecode(.seconds(5)), "0:05")
        XCTAssertEqual(TimeFormatting.timecode(.seconds(59.999)), "0:59")
        XCTAssertEqual(TimeFormatting.timecode(.seconds(61)), "1:01")
        XCTAssertEqual(TimeFormatting.timecode(.seconds(3723)), "1:02:03")
        XCTAssertEqual(TimeFormatting.timecode(.seconds(4.5), of: .seconds(21)), "0:04 / 0:21")
    }

    func testTimecodesPadMinutesSecondsAndFramesToTwoDigits() {
        XCTAssertEqual(TimeFormatting.timecode(.seconds(3600)), "1:00:00")
        XCTAssertEqual(TimeFormatting.timecode(.seconds(36_000 + 9)), "10:00:09")
        XCTAssertEqual(TimeFormatting.timecode(.seconds(-3)), "0:00")
        XCTAssertEqual(TimeFormatting.frameTimecode(.seconds(65.1), framesPerSecond: 30), "1:05 f03")
        XCTAssertEqual(TimeFormatting.frameTimecode(.seconds(0.99), framesPerSecond: 120), "0:00 f118")
        XCTAssertEqual(TimeFormatting.frameTimecode(.seconds(10.84), framesPerSecond: 30), "0:10 f25", "never 0:10:25, which reads as minutes")
    }

    func testClipDurationHasOneDigitBelowTenSeconds() {
        XCTAssertEqual(TimeFormatting.clipDuration(.seconds(4.24)), "4.2s")
        XCTAssertEqual(TimeFormatting.clipDuration(.seconds(4.25)), "4.3s", "to the nearest tenth")
        XCTAssertEqual(TimeFormatting.clipDuration(.seconds(5.99)), "6.0s", "the review's case: not 5.9s")
        XCTAssertEqual(TimeFormatting.clipDuration(.seconds(9.96)), "10s")
        XCTAssertEqual(TimeFormatting.clipDuration(.seconds(12.7)), "13s", "to the nearest second from 10 s")
        XCTAssertEqual(TimeFormatting.clipDuration(.seconds(12.4)), "12s")
    }

    func testRulerStepsThroughIntervalsAsZoomFalls() {
        XCTAssertEqual(RulerScale(pointsPerSecond: 60, minimumLabelSpacing: 100).labelInterval, 5)
        XCTAssertEqual(RulerScale(pointsPerSecond: 60, minimumLabelSpacing: 100).dotsBetweenLabels, 4)
        XCTAssertEqual(RulerScale(pointsPerSecond: 12, minimumLabelSpacing: 100).labelInterval, 10)
        XCTAssertEqual(RulerScale(pointsPerSecond: 6, minimumLabelSpacing: 100).labelInterval, 20)
        XCTAssertEqual(RulerScale(pointsPerSecond: 2, minimumLabelSpacing: 100).labelInterval, 60)
        XCTAssertEqual(RulerScale.label(for: .seconds(30)), "30s")
        XCTAssertEqual(RulerScale.label(for: .seconds(90)), "1:30")
    }
}
