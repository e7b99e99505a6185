import XCTest
@testable import TactileCore

final class TimeTests: XCTestCase {
    func testFrameDurationsAddUpWithoutDrift() {
        for fps in [24, 25, 30, 48, 50, 60, 90, 120] {
            var t = Time.zero
            for _ in 0..<(fps * 60) { t += .frame(atRate: fps) }
            XCTAssertEqual(t, .seconds(60), "\(fps) fps drifted")
        }
    }

    func testSecondsRoundTrip() {
        XCTAssertEqual(Time.seconds(1.5).seconds, 1.5)
        XCTAssertEqual(Time.milliseconds(250), .seconds(0.25))
    }

    func testRoundedDownIsFloorAlsoBelowZero() {
        XCTAssertEqual(Time.seconds(7.9).roundedDown(toMultipleOf: .seconds(5)), .seconds(5))
        XCTAssertEqual(Time.seconds(-0.5).roundedDown(toMultipleOf: .seconds(5)), .seconds(-5))
        XCTAssertEqual(Time.seconds(-5).roundedDown(toMultipleOf: .seconds(5)), .seconds(-5))
    }
}
