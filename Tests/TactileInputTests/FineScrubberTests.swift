import XCTest
import TactileCore
@testable import TactileInput

final class FineScrubberTests: XCTestCase {
    func scrubber(value: Double = 100) -> FineScrubber {
        FineScrubber(
            value: value, length: 300, barX: 20, barY: 500, finger: Point(x: 20 + value, y: 500),
            distances: [0, 50, 100, 150], speeds: [1, 0.5, 0.25, 0.1])
    }

    func testSpeedFallsWithDistanceFromTheBar() {
        let s = scrubber()
        XCTAssertEqual([0, 49, 50, 99, 100, 149, 150, 400].map { s.speedAt(distance: $0) }, [1, 1, 0.5, 0.5, 0.25, 0.25, 0.1, 0.1])
    }

    func testAFingerFarFromTheBarMovesTheThumbAtItsSpeedAndEachChangeIsReported() {
        var s = scrubber()
        XCTAssertEqual(s.move(to: Point(x: 120, y: 560)), [.speedChanged(0.5)])
        XCTAssertEqual(s.move(to: Point(x: 120, y: 620)), [.speedChanged(0.25)])
        XCTAssertEqual(s.move(to: Point(x: 120, y: 660)), [.speedChanged(0.1)])
        let before = s.value
        XCTAssertEqual(s.move(to: Point(x: 170, y: 660)), [])
        XCTAssertEqual(s.value - before, 5, accuracy: 1e-9, "50 pt of finger move 5 pt of thumb at a tenth of the speed")
        XCTAssertTrue(s.hasChangedSpeed)
        XCTAssertEqual(FineScrubber.label(for: s.speed), "Fine Scrubbing")
    }

    func testTheThumbConvergesBackUnderTheFingerAsItReturns() {
        var s = scrubber()
        _ = s.move(to: Point(x: 120, y: 700)) // fine speed
        _ = s.move(to: Point(x: 220, y: 700)) // thumb moves 10 pt, finger 100
        XCTAssertEqual(s.value, 110, accuracy: 1e-9)
        for y in stride(from: 650.0, through: 500, by: -50) { _ = s.move(to: Point(x: 220, y: y)) }
        XCTAssertEqual(s.value, 200, accuracy: 1e-9, "back on the bar, the thumb is under the finger (220 - bar's 20)")
    }

    func testBothEndsAreReportedOnceAndClamp() {
        var s = scrubber(value: 10)
        XCTAssertEqual(s.move(to: Point(x: 0, y: 500)), [.reachedStart])
        XCTAssertEqual(s.value, 0)
        XCTAssertEqual(s.move(to: Point(x: -50, y: 500)), [], "once per reach")
        _ = s.move(to: Point(x: 100, y: 500))
        XCTAssertEqual(s.move(to: Point(x: 900, y: 500)), [.reachedEnd])
        XCTAssertEqual(s.value, 300)
    }

    func testLabelsName() {
        XCTAssertEqual(
            [1, 0.5, 0.25, 0.1].map(FineScrubber.label), ["Hi-Speed Scrubbing", "Half-Speed Scrubbing", "Quarter-Speed Scrubbing", "Fine Scrubbing"])
    }
}
