import XCTest
import TactileCore
@testable import TactileInput

/// The arena says what it decided and why: the recognisers that competed, the winner, and the
/// rule as `ArenaRules` and the thresholds name it — what `arena.decided` logs and the arena
/// debugger shows.
final class ArenaDecisionTests: XCTestCase {
    var arena = GestureArena(thresholds: GestureArena.Thresholds(TactileConfiguration().input))
    let slop = TactileConfiguration().input.tapSlop

    static let background = GestureTarget(id: "bg", gestures: [.tap, .scroll, .pinch], scrollAxes: [.horizontal])
    static let handle = GestureTarget(id: "clip:a.trimHandle.trailing", gestures: [.trim, .scroll], scrollAxes: [.horizontal])
    static let clip = GestureTarget(id: "clip:a", gestures: [.tap, .longPress, .move, .scroll, .pinch], scrollAxes: [.horizontal])
    static let ruler = GestureTarget(id: "ruler", gestures: [.doubleTap, .scroll], scrollAxes: [.horizontal])

    func touch(_ id: Int, _ phase: TouchPhase, _ x: Double, at t: Double, on target: GestureTarget? = nil) {
        _ = arena.handle(id: id, phase: phase, location: Point(x: x, y: 100), time: .seconds(t), target: phase == .down ? target : nil)
    }

    func testAScrollWinsBySlopAndSaysHowFarTheFingerMoved() throws {
        touch(1, .down, 100, at: 0, on: Self.background)
        touch(1, .move, 100 + slop / 2, at: 0.02)
        XCTAssertTrue(arena.takeDecisions().isEmpty, "inside the slop nothing is decided")
        if case let .deciding(_, candidates) = arena.snapshot.phase {
            XCTAssertEqual(candidates, [.pinch, .scroll, .tap], "in ArenaRules.priority order")
        } else {
            XCTFail("still deciding: \(arena.snapshot.phase)")
        }
        touch(1, .move, 100 + slop + 2, at: 0.05)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .scroll)
        XCTAssertEqual(d.candidates, [.pinch, .scroll, .tap])
        XCTAssertEqual(d.losers, [.pinch, .tap])
        XCTAssertEqual(d.rule, "tapSlop: moved \(Int(slop) + 2) pt > \(Int(slop)) pt, horizontal")
        XCTAssertEqual(d.sinceDown, .seconds(0.05))
        XCTAssertEqual(d.finger, 1)
        XCTAssertEqual(d.target, "bg")
        XCTAssertTrue(arena.takeDecisions().isEmpty, "taken once")
    }

    func testATrimHandleWinsByItsOwnSmallerSlop() throws {
        let trimSlop = TactileConfiguration().input.trimSlop
        touch(1, .down, 100, at: 0, on: Self.handle)
        touch(1, .move, 100 + trimSlop + 1, at: 0.03)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .trim)
        XCTAssertTrue(d.rule.hasPrefix("trimSlop: moved"), d.rule)
    }

    func testWhenTwoAcceptAtOnceThePriorityDecidesAndSaysSo() throws {
        // A selected clip's move and its scroll both accept past the slop: move comes first.
        touch(1, .down, 100, at: 0, on: Self.clip)
        touch(1, .move, 100 + slop + 5, at: 0.05)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .move)
        XCTAssertEqual(d.rule, "priority: move before scroll")
    }

    func testALongPressIsDecidedByItsTimer() throws {
        touch(1, .down, 100, at: 0, on: Self.clip)
        XCTAssertEqual(arena.snapshot.longPressDeadline, .seconds(TactileConfiguration().input.longPressDuration))
        _ = arena.advance(to: .seconds(1))
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .longPress)
        XCTAssertTrue(d.rule.hasPrefix("longPressDuration: held"), d.rule)
        XCTAssertEqual(d.sinceDown, .seconds(TactileConfiguration().input.longPressDuration))
    }

    func testASecondFingerTakesAScrollOverAsAPinchByTheRule() throws {
        touch(1, .down, 100, at: 0, on: Self.background)
        touch(1, .move, 100 + slop + 2, at: 0.05)
        _ = arena.takeDecisions()
        touch(2, .down, 200, at: 0.1, on: Self.background)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .pinch)
        XCTAssertEqual(d.rule, "takesOver[pinch] ∋ scroll")
    }

    func testASecondFingerDuringATrimIsRefusedByTheRule() throws {
        touch(1, .down, 100, at: 0, on: Self.handle)
        touch(1, .move, 110, at: 0.05)
        _ = arena.takeDecisions()
        touch(2, .down, 200, at: 0.1, on: Self.background)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertEqual(d.finger, 2)
        XCTAssertEqual(d.rule, "takesOver[pinch] ∌ trim: refused")
    }

    func testAVerticalDragWhereOnlyHorizontalScrollsIsSpentAndSaysWhy() throws {
        touch(1, .down, 100, at: 0, on: GestureTarget(id: "bg", gestures: [.tap, .scroll], scrollAxes: [.horizontal]))
        _ = arena.handle(id: 1, phase: .move, location: Point(x: 100, y: 100 + slop + 5), time: .seconds(0.05), target: nil)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertEqual(d.rule, "scrollAxes: vertical not offered by bg")
        XCTAssertEqual(arena.snapshot.phase, .spent)
    }

    func testATapAndADoubleTapSayWhichTimingDecided() throws {
        touch(1, .down, 100, at: 0, on: Self.background)
        touch(1, .up, 100, at: 0.08)
        XCTAssertEqual(try XCTUnwrap(arena.takeDecisions().first).rule, "tapMaximumDuration: lifted after 0.08 s ≤ 0.50 s")
        touch(1, .down, 100, at: 1, on: Self.ruler)
        touch(1, .up, 100, at: 1.05)
        XCTAssertTrue(arena.takeDecisions().isEmpty, "one tap where a double tap may follow: waiting")
        if case .awaitingSecondTap = arena.snapshot.phase {} else { XCTFail("\(arena.snapshot.phase)") }
        touch(1, .down, 100, at: 1.2, on: Self.ruler)
        touch(1, .up, 100, at: 1.25)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .doubleTap)
        XCTAssertTrue(d.rule.hasPrefix("doubleTapInterval: second tap within"), d.rule)
    }

    func testHoldingTooLongForATapWhereNothingElseIsOfferedDecidesNothing() throws {
        let button = GestureTarget(id: "b", gestures: [.tap])
        touch(1, .down, 100, at: 0, on: button)
        _ = arena.advance(to: .seconds(2))
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertTrue(d.rule.hasPrefix("tapMaximumDuration: held over"), d.rule)
    }
}
