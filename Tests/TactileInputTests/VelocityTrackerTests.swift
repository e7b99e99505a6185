import XCTest
import TactileCore
@testable import TactileInput

final class VelocityTrackerTests: XCTestCase {
    func testVelocityOverTheRecentWindow() {
        var v = VelocityTracker(window: .seconds(0.1))
        v.add(Point(x: 0, y: 0), at: .zero)
        v.add(Point(x: 50, y: 0), at: .seconds(0.5)) // a slow start, outside the window
        v.add(Point(x: 60, y: 0), at: .seconds(0.55))
        v.add(Point(x: 70, y: 5), at: .seconds(0.6))
        XCTAssertEqual(v.velocity(at: .seconds(0.6)).x, 200, accuracy: 1e-6)
        XCTAssertEqual(v.velocity(at: .seconds(2)), .zero, "a finger that stopped has no velocity")
    }
}
