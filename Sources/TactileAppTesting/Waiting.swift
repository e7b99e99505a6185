import Foundation
import XCTest
import TactileTestSupport

extension XCTestCase {
    /// Waits up to `seconds` for `condition` (a file, a process's state), failing with `what` if it never holds.
    public func waitFor(_ what: String, seconds: Double = 60, _ condition: () -> Bool) {
        XCTAssertTrue(Readiness.wait(timeout: seconds, until: condition), what)
    }
}
