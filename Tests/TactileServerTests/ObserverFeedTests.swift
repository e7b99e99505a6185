import Foundation
import XCTest
import TactileCore
@testable import TactileServer

/// The observer page's feed: a page that joins mid-task gets the task clock as it stands then;
/// a marker sent again (the page reconnected before its acknowledgement came) is not taken twice.
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
        // What the page's socket is told first when it joins (a page loaded mid-task, a reload).
        let (id, stream) = feed.subscribe()
        defer { feed.unsubscribe(id) }
        let first = try XCTUnwrap(Inbox(stream).message(0))
        XCTAssertEqual(try elapsed(in: first), 77.25, "the page's timer starts from the task's time so far, not from 2 s")
        feed.publish(state: state(running: false, elapsed: 80))
        clock.now += 30
        XCTAssertEqual(try elapsed(in: feed.stateMessage), 80, "a task that ended keeps its time")
    }

    /// What the pages are told, gathered off the test's thread.
    final class Inbox: @unchecked Sendable {
        // Unchecked Sendable, safe: `messages` is read and written only while holding `arrived`.
        private let arrived = NSCondition()
        private var messages: [String] = []
        init(_ stream: AsyncStream<String>) {
            Task {
                for await m in stream {
                    self.arrived.withLock { self.messages.append(m) }
                    self.arrived.broadcast()
                }
            }
        }

        /// The `n`th message (from 0), waiting for it (woken as each arrives) at most 2 s.
        func message(_ n: Int) -> String? {
            let deadline = Date().addingTimeInterval(2)
            arrived.lock()
            defer { arrived.unlock() }
            while messages.count <= n {
                if !arrived.wait(until: deadline) { break }
            }
            return messages.count > n ? messages[n] : nil
        }
    }

    func testAMarkerSentAgainIsAcknowledgedAgainAndNeverTakenTwice() throws {
        let feed = ObserverFeed(remembered: 2)
        let pages = Inbox(feed.subscribe().stream) // 0: the state
        let marker = ObserverFeed.Command(key: "2", arrived: Date(), id: "a1", age: 3, participant: "P01")
        XCTAssertNil(feed.enqueue(marker))
        XCTAssertNil(feed.enqueue(marker), "sent again before the session took it: still one")
        XCTAssertEqual(feed.takeCommands(), [marker])
        XCTAssertNil(feed.enqueue(marker), "sent again while the session logs it: not queued again")
        XCTAssertEqual(feed.takeCommands(), [])
        feed.acknowledge("a1", .saved)
        XCTAssertEqual(pages.message(1), #"{"type":"ack","id":"a1"}"#)
        XCTAssertEqual(feed.enqueue(marker), .saved, "sent again after it was saved: answered with that")
        XCTAssertEqual(feed.takeCommands(), [])
        XCTAssertEqual(pages.message(2), #"{"type":"ack","id":"a1"}"#, "and every page told again")
        feed.acknowledge("b2", .refused("P01's session ended"))
        XCTAssertEqual(pages.message(3), #"{"type":"refused","id":"b2","reason":"P01's session ended"}"#)
        XCTAssertEqual(feed.enqueue(ObserverFeed.Command(key: "m", arrived: Date(), id: "b2")), .refused("P01's session ended"))
        // Beyond `remembered` the oldest is forgotten (taken again if it ever came back).
        feed.acknowledge("c3", .saved)
        XCTAssertNil(feed.enqueue(marker))
        XCTAssertEqual(feed.takeCommands().map(\.id), ["a1"])
        // Without an id, nothing is recognised: each is taken.
        let plain = ObserverFeed.Command(key: "m", arrived: Date())
        feed.enqueue(plain)
        feed.enqueue(plain)
        XCTAssertEqual(feed.takeCommands().count, 2)
    }

    func testTheServerReadsAMarkersIdAgeAndParticipant() throws {
        let c = try XCTUnwrap(ObserverServer.command(from: #"{"id":"0a1b2c3d","key":"2","age":2500,"participant":"P01"}"#))
        XCTAssertEqual(c.id, "0a1b2c3d"); XCTAssertEqual(c.age, 2.5); XCTAssertEqual(c.participant, "P01")
        let plain = try XCTUnwrap(ObserverServer.command(from: #"{"note":"hm"}"#))
        XCTAssertNil(plain.id); XCTAssertEqual(plain.age, 0); XCTAssertEqual(plain.key, "n")
        XCTAssertNil(ObserverServer.command(from: #"{"id":"a b","key":"m"}"#), "an id is letters, digits, - and _")
        XCTAssertNil(ObserverServer.command(from: #"{"id":7,"key":"m"}"#))
        XCTAssertEqual(ObserverServer.command(from: #"{"key":"m","age":-40}"#)?.age, 0)
    }
}
