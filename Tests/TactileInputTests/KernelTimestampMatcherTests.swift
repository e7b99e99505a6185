import XCTest
import TactileCore
@testable import TactileInput

/// An SDL touch finds the kernel's timestamp of the same touch, or none: never another's.
final class KernelTimestampMatcherTests: XCTestCase {
    /// CLOCK_MONOTONIC read 5 s when the session clock read zero.
    let origin: Int64 = 5_000_000_000

    func matcher() -> KernelTimestampMatcher { KernelTimestampMatcher(originNanoseconds: origin) }

    /// A kernel change stamped `ms` milliseconds into the session.
    func kernel(_ phase: TouchPhase, slot: Int = 0, id: Int32 = 7, _ x: Double, _ y: Double, at ms: Int64) -> KernelTouch {
        KernelTouch(
            slot: slot, trackingID: id, phase: phase, rawX: Int32(x * 1000), rawY: Int32(y * 1000), position: Point(x: x, y: y),
            kernelNanoseconds: origin + ms * 1_000_000)
    }

    func ms(_ ms: Int) -> Time { .milliseconds(ms) }

    func testADownMatchesTheKernelsDownByTimeAndPositionOnTheSessionClock() {
        var m = matcher()
        m.record([kernel(.down, 0.25, 0.25, at: 100)])
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(104), atPanel: Point(x: 0.252, y: 0.249)), ms(100))
    }

    func testAChangeStampedAfterTheArrivalPlusTwoMillisecondsIsRefused() {
        var m = matcher()
        m.record([kernel(.down, 0.25, 0.25, at: 110)])
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: ms(107), atPanel: Point(x: 0.25, y: 0.25)), "3 ms after the arrival")
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(108), atPanel: Point(x: 0.25, y: 0.25)), ms(110), "2 ms after: SDL's rounding")
    }

    func testAChangeStampedMoreThanTheWindowBeforeTheArrivalIsRefused() {
        var m = matcher()
        m.record([kernel(.down, 0.25, 0.25, at: 100)])
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: ms(201), atPanel: Point(x: 0.25, y: 0.25)), "101 ms before the arrival")
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(200), atPanel: Point(x: 0.25, y: 0.25)), ms(100))
    }

    func testAChangeTooFarAwayOrOfAnotherPhaseIsRefused() {
        var m = matcher()
        m.record([kernel(.down, 0.25, 0.25, at: 100)])
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: ms(104), atPanel: Point(x: 0.262, y: 0.25)), "0.012 of the panel away in X")
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: ms(104), atPanel: Point(x: 0.25, y: 0.238)), "0.012 of the panel away in Y")
        XCTAssertNil(m.kernelTime(of: .up, arrivedAt: ms(104), atPanel: Point(x: 0.25, y: 0.25)))
        XCTAssertNil(m.kernelTime(of: .cancel, arrivedAt: ms(104), atPanel: Point(x: 0.25, y: 0.25)))
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(104), atPanel: Point(x: 0.259, y: 0.241)), ms(100))
    }

    func testTwoFingersDownInTheSameFrameAreToldApartByPosition() {
        var m = matcher()
        m.record([kernel(.down, slot: 0, id: 7, 0.2, 0.2, at: 100), kernel(.down, slot: 1, id: 8, 0.215, 0.2, at: 100)])
        // Within reach of both; the second finger is nearer, so the first is left for its own event.
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(105), atPanel: Point(x: 0.208, y: 0.2)), ms(100))
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(105), atPanel: Point(x: 0.2, y: 0.2)), ms(100), "0.015 from the second finger")
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: ms(105), atPanel: Point(x: 0.208, y: 0.2)), "both are used")
    }

    func testAKernelChangeIsUsedOnlyOnce() {
        var m = matcher()
        m.record([kernel(.up, 0.5, 0.5, at: 100)])
        XCTAssertEqual(m.kernelTime(of: .up, arrivedAt: ms(103), atPanel: Point(x: 0.5, y: 0.5)), ms(100))
        XCTAssertNil(m.kernelTime(of: .up, arrivedAt: ms(103), atPanel: Point(x: 0.5, y: 0.5)))
    }

    func testAMoveMatchesTheLatestKernelMoveAtOrBeforeItsArrivalAndUsesUpTheEarlierOnes() {
        var m = matcher()
        m.record([
            kernel(.move, 0.300, 0.3, at: 100), kernel(.move, 0.302, 0.3, at: 108), kernel(.move, 0.304, 0.3, at: 116),
            kernel(.move, 0.5, 0.5, at: 124),
        ])
        XCTAssertEqual(
            m.kernelTime(of: .move, arrivedAt: ms(117), atPanel: Point(x: 0.302, y: 0.3)), ms(116),
            "the latest within reach, not the nearest (108 ms); 124 ms is after the arrival")
        XCTAssertNil(m.kernelTime(of: .move, arrivedAt: ms(118), atPanel: Point(x: 0.301, y: 0.3)), "SDL coalesced the earlier moves")
        XCTAssertEqual(m.kernelTime(of: .move, arrivedAt: ms(125), atPanel: Point(x: 0.5, y: 0.5)), ms(124))
    }

    func testAFingerKeepsToTheKernelContactItsDownMatched() {
        var m = matcher()
        m.record([
            kernel(.down, slot: 0, id: 7, 0.3, 0.3, at: 100), kernel(.down, slot: 1, id: 8, 0.6, 0.6, at: 100),
            kernel(.move, slot: 0, id: 7, 0.305, 0.3, at: 108), kernel(.move, slot: 1, id: 8, 0.306, 0.3, at: 116),
        ])
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(101), atPanel: Point(x: 0.3, y: 0.3), finger: 1), ms(100))
        XCTAssertEqual(m.kernelTime(of: .down, arrivedAt: ms(101), atPanel: Point(x: 0.6, y: 0.6), finger: 2), ms(100))
        XCTAssertEqual(
            m.kernelTime(of: .move, arrivedAt: ms(117), atPanel: Point(x: 0.306, y: 0.3), finger: 1), ms(108),
            "the other contact's later move is as near, but not this finger's")
        XCTAssertEqual(m.kernelTime(of: .move, arrivedAt: ms(117), atPanel: Point(x: 0.306, y: 0.3), finger: 2), ms(116))
    }

    func testOnlyRecentChangesAreKept() {
        var m = matcher()
        m.record((0..<1000).map { kernel(.move, slot: $0 % 10, id: Int32($0 % 10), 0.5, 0.5, at: 1000 + Int64($0)) })
        XCTAssertEqual(m.count, 256, "at most 256")
        var late = matcher()
        late.record([kernel(.down, 0.1, 0.1, at: 100), kernel(.down, 0.2, 0.2, at: 599), kernel(.down, 0.3, 0.3, at: 601)])
        XCTAssertEqual(late.count, 2, "the change 501 ms before the newest is forgotten")
        XCTAssertNil(late.kernelTime(of: .down, arrivedAt: ms(150), atPanel: Point(x: 0.1, y: 0.1)))
    }

    func testChangesAndEventsWithoutAPlaceOrOfAnUnrepresentableTimeMatchNothing() {
        var m = matcher()
        var unplaced = kernel(.down, 0.25, 0.25, at: 100)
        unplaced.position = nil
        var far = kernel(.down, 0.25, 0.25, at: 100)
        far.kernelNanoseconds = .min
        m.record([unplaced, far])
        XCTAssertEqual(m.count, 0)
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: ms(104), atPanel: Point(x: 0.25, y: 0.25)))
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: Time(ticks: .max), atPanel: Point(x: 0.25, y: 0.25)), "no overflow")
        XCTAssertNil(m.kernelTime(of: .down, arrivedAt: ms(104), atPanel: Point(x: .nan, y: 0.25)))
    }
}
