import Foundation
import XCTest
import TactileCore
@testable import TactileServer

/// The observer page's feed: a page that joins mid-task gets the task clock as it stands then.
final class ObserverFeedTests: XCTestCase {
    final class Clock: @unchecked Sendable {
        // Unchecked Sendable, safe: the test sets it between calls on one thread.
        var now = Date(timeIntervalSince1970: 1_800_000_000)
    }

    func state(running: Bool, elapsed: Double) -> JSONValue {
        .object([
            ("participant", .string("P01")),
            ("task", .object([("id", .string("trim")), ("running", .bool(running)), ("elapsed", .number(elapsed))])),
        ])
    }

    func elapsed(in message: String) throws -> Double? {
        let object = try JSONSerialization.jsonObject(with: Data(message.utf8)) as? [String: Any]
        return ((object?["state"] as? [String: Any])?["task"] as? [String: Any])?["elapsed"] as? Double
    }

    func testAPageThatJoinsMidTaskGetsTheTaskClockAsItStandsThen() throws {
        let clock = Clock()
        let feed = ObserverFeed(clock: { clock.now })
        feed.publish(state: state(running: true, elapsed: 2))
        clock.now += 75.25
        XCTAssertEqual(try elapsed(in: feed.stateMessage), 77.25, "2 s when published, 75.25 s since")
        feed.publish(state: state(running: false, elapsed: 80))
        clock.now += 30
        XCTAssertEqual(try elapsed(in: feed.stateMessage), 80, "a task that ended keeps its time")
    }
}
