import XCTest
import TactileCore
@testable import TactileLab
import TactileInput
@testable import TactileHost

/// The lab's own gestures, which never reach the editor: a two-finger tap outside the phone flips
/// the A/B variants, a finger held in the screen's corner opens the tuning panel.
final class LabGestureTests: XCTestCase {
    func touch(_ phase: TouchPhase, _ id: Int, _ x: Double, _ t: Double) -> InputEvent { .touch(phase, id: id, at: Point(x: x, y: 100), time: .seconds(t)) }

    func testTwoFingersTappingTogetherAreOneFlip() {
        var taps = TwoFingerTap(slop: 18, longest: .seconds(0.5))
        XCTAssertEqual(taps.feed([touch(.down, 1, 10, 0), touch(.down, 2, 60, 0.02), touch(.up, 1, 12, 0.15), touch(.up, 2, 60, 0.16)]), 1)
        XCTAssertEqual(taps.feed([touch(.down, 1, 10, 1), touch(.up, 1, 10, 1.1)]), 0, "one finger is not a flip")
        XCTAssertEqual(
            taps.feed([touch(.down, 1, 10, 2), touch(.down, 2, 60, 2), touch(.move, 2, 100, 2.1), touch(.up, 1, 10, 2.2), touch(.up, 2, 100, 2.2)]), 0,
            "a drag is not a tap")
        XCTAssertEqual(taps.feed([touch(.down, 1, 10, 3), touch(.down, 2, 60, 3), touch(.up, 1, 10, 3.6), touch(.up, 2, 60, 3.6)]), 0, "too slow")
        XCTAssertEqual(
            taps.feed([
                touch(.down, 1, 10, 4), touch(.down, 2, 60, 4), touch(.down, 3, 90, 4), touch(.up, 1, 10, 4.1), touch(.up, 2, 60, 4.1), touch(.up, 3, 90, 4.1),
            ]),
            0, "three fingers are not two")
        XCTAssertEqual(
            taps.feed([touch(.down, 1, 10, 5), touch(.down, 2, 60, 5), touch(.up, 1, 10, 5.1), touch(.up, 2, 60, 5.1)]), 1, "and it still works after")
    }

    func testAFingerHeldStillInTheCornerCompletesOnceAndOnlyThere() {
        var hold = CornerHold(corner: 32, hold: .seconds(1.5), slop: 18)
        XCTAssertNil(hold.feed([.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .seconds(1))], now: .seconds(1)))
        XCTAssertEqual(hold.due, .seconds(2.5))
        XCTAssertNil(hold.feed([], now: .seconds(2.4)))
        XCTAssertEqual(hold.feed([], now: .seconds(2.5))?.id, 1)
        XCTAssertNil(hold.feed([], now: .seconds(5)), "once")
        var moved = CornerHold(corner: 32, hold: .seconds(1.5), slop: 18)
        _ = moved.feed(
            [.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .seconds(1)), .touch(.move, id: 1, at: Point(x: 40, y: 10), time: .seconds(1.2))],
            now: .seconds(1.2))
        XCTAssertNil(moved.feed([], now: .seconds(3)), "a finger that moves off is a drag")
        var elsewhere = CornerHold(corner: 32, hold: .seconds(1.5), slop: 18)
        XCTAssertNil(elsewhere.feed([.touch(.down, id: 1, at: Point(x: 100, y: 10), time: .seconds(1))], now: .seconds(3)))
        var second = CornerHold(corner: 32, hold: .seconds(1.5), slop: 18)
        _ = second.feed(
            [.touch(.down, id: 2, at: Point(x: 200, y: 300), time: .seconds(0.5)), .touch(.down, id: 1, at: Point(x: 10, y: 10), time: .seconds(1))],
            now: .seconds(1))
        XCTAssertNil(second.feed([], now: .seconds(3)), "not while another finger is down (a pinch)")
    }
}
