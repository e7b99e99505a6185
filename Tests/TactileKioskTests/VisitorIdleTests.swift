import XCTest
import TactileCore
import TactileKiosk

/// When a kiosk's visitor counts as gone: the same rule for the editor's kiosk and a kiosk study.
final class VisitorIdleTests: XCTestCase {
    func testAVisitorIsGoneTheTimeoutAfterTheirLastInputAndNotBefore() {
        var idle = VisitorIdle(since: .seconds(10))
        XCTAssertEqual(idle.due(timeout: 90), .seconds(100))
        XCTAssertFalse(idle.hasGone(at: .seconds(100) - Time(ticks: 1), timeout: 90))
        XCTAssertTrue(idle.hasGone(at: .seconds(100), timeout: 90))
        idle.saw(inputAt: .seconds(95))
        XCTAssertFalse(idle.hasGone(at: .seconds(100), timeout: 90), "input starts the idle time again")
        XCTAssertEqual(idle.due(timeout: 90), .seconds(185))
    }
}
