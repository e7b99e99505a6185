import XCTest
import TactileCore
@testable import TactileInput

final class TapTrackerTests: XCTestCase {
    func testTapWithinSlopAndTime() {
        var t = TapTracker(slop: 18, maximumDuration: .seconds(0.5))
        _ = t.handle(id: 1, phase: .down, location: Point(x: 10, y: 10), time: .zero)
        _ = t.handle(id: 1, phase: .move, location: Point(x: 20, y: 15), time: .seconds(0.1))
        XCTAssertEqual(t.handle(id: 1, phase: .up, location: Point(x: 20, y: 15), time: .seconds(0.2)), Point(x: 10, y: 10))
    }

    func testWanderingTooFarOrHoldingTooLongIsNoTap() {
        var t = TapTracker(slop: 18, maximumDuration: .seconds(0.5))
        _ = t.handle(id: 1, phase: .down, location: .zero, time: .zero)
        _ = t.handle(id: 1, phase: .move, location: Point(x: 40, y: 0), time: .seconds(0.1))
        XCTAssertNil(t.handle(id: 1, phase: .up, location: .zero, time: .seconds(0.2)), "came back, but wandered")
        _ = t.handle(id: 2, phase: .down, location: .zero, time: .zero)
        XCTAssertNil(t.handle(id: 2, phase: .up, location: .zero, time: .seconds(0.6)))
        _ = t.handle(id: 3, phase: .down, location: .zero, time: .zero)
        _ = t.handle(id: 3, phase: .cancel, location: .zero, time: .seconds(0.1))
        XCTAssertNil(t.handle(id: 3, phase: .up, location: .zero, time: .seconds(0.2)))
    }
}
