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
        XCTAssertEqual(d.why[.pinch], "nothing interrupts a trim", "the refused pinch says why in plain words")
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

    /// An unselected clip, as the timeline offers it: tap, long press, horizontal scroll, pinch.
    static let unselectedClip = GestureTarget(id: "clip:beach", gestures: [.tap, .longPress, .scroll, .pinch], scrollAxes: [.horizontal])

    func drag(_ target: GestureTarget, through offsets: [Point], start: Point = Point(x: 100, y: 100), liftAt: Double) {
        _ = arena.handle(id: 1, phase: .down, location: start, time: .zero, target: target)
        for (i, o) in offsets.enumerated() {
            _ = arena.handle(id: 1, phase: .move, location: Point(x: start.x + o.x, y: start.y + o.y), time: .seconds(0.02 * Double(i + 1)), target: nil)
        }
        let last = offsets.last ?? .zero
        _ = arena.handle(id: 1, phase: .up, location: Point(x: start.x + last.x, y: start.y + last.y), time: .seconds(liftAt), target: nil)
    }

    func testAVerticalDragOnAClipThatNobodyWinsEndsInADecisionWithAReasonForEveryRecogniser() throws {
        drag(Self.unselectedClip, through: [Point(x: 0, y: 5), Point(x: 0, y: 12), Point(x: 0, y: 20)], liftAt: 0.15)
        let decisions = arena.takeDecisions()
        XCTAssertEqual(decisions.count, 1, "one decision for the touch: \(decisions)")
        let d = try XCTUnwrap(decisions.first)
        XCTAssertNil(d.winner)
        XCTAssertFalse(d.unansweredTap, "a drag is no tap, so no miss")
        XCTAssertEqual(d.rule, "nobody: lifted after moving 20 pt before any recogniser accepted")
        XCTAssertEqual(Set(d.offered), [.tap, .longPress, .scroll, .pinch])
        XCTAssertEqual(d.why[.tap], "moved 20 pt > tap slop \(Int(slop)) pt")
        XCTAssertEqual(d.why[.scroll], "vertical scroll not offered on clip:beach")
        XCTAssertEqual(d.why[.pinch], "no second finger came")
        XCTAssertEqual(d.why[.longPress], "moved 20 pt > long-press slop \(Int(arena.thresholds.longPressSlop)) pt")
    }

    /// The review's case: the same drag done slowly was said to be a tap held too long.
    func testASlowVerticalDragOnAClipIsStillSaidToHaveMovedNotToHaveBeenHeld() throws {
        drag(Self.unselectedClip, through: [Point(x: 0, y: 5), Point(x: 0, y: 12), Point(x: 0, y: 20)], liftAt: 0.66)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertEqual(d.rule, "nobody: lifted after moving 20 pt before any recogniser accepted")
        XCTAssertEqual(d.why[.tap], "moved 20 pt > tap slop \(Int(slop)) pt")
        // A finger held still as long on what offers no long press is a tap held too long.
        arena = GestureArena(thresholds: GestureArena.Thresholds(TactileConfiguration().input))
        drag(Self.background, through: [Point(x: 0, y: 1)], liftAt: 0.66)
        let held = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertTrue(held.rule.hasPrefix("nobody: lifted after 0.66 s > tapMaximumDuration"), held.rule)
    }

    func testWhileTheFingerIsDownTheDroppedRecognisersSayWhy() throws {
        _ = arena.handle(id: 1, phase: .down, location: Point(x: 100, y: 100), time: .zero, target: Self.unselectedClip)
        _ = arena.handle(id: 1, phase: .move, location: Point(x: 100, y: 120), time: .seconds(0.05), target: nil)
        XCTAssertEqual(arena.snapshot.phase, .deciding(leader: 1, candidates: [.pinch]), "only a pinch may still win")
        XCTAssertEqual(arena.snapshot.dropped[.tap], "moved 20 pt > tap slop \(Int(slop)) pt")
        XCTAssertEqual(arena.snapshot.dropped[.scroll], "vertical scroll not offered on clip:beach")
    }

    func testANinePointWobbleUnderAndroidsSlopIsNoTapAndSaysSoThoughItCameBack() throws {
        var android = TactileConfiguration()
        android.input.tapSlop = 8; android.input.longPressSlop = 8 // as FeelPreset.android sets them
        arena = GestureArena(thresholds: GestureArena.Thresholds(android.input))
        drag(Self.unselectedClip, through: [Point(x: 1, y: 5), Point(x: 1, y: 9), Point(x: 0, y: 4)], liftAt: 0.1)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertEqual(d.why[.tap], "moved 9.1 pt > tap slop 8 pt")
        XCTAssertEqual(d.why[.scroll], "vertical scroll not offered on clip:beach")
        XCTAssertTrue(d.rule.hasPrefix("nobody:"), d.rule)
    }

    func testAWinnersLosersEachSayWhyTheyLost() throws {
        drag(Self.unselectedClip, through: [Point(x: 6, y: 0), Point(x: 30, y: 0)], liftAt: 0.3)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .scroll)
        XCTAssertEqual(d.why[.tap], "moved 30 pt > tap slop \(Int(slop)) pt")
        XCTAssertEqual(d.why[.pinch], "no second finger came")
        XCTAssertNil(d.why[.scroll], "the winner needs no excuse")
    }

    func testASingleTapOnWhatTakesOnlyADoubleTapIsDecidedAsNobodyWhenTheWaitRunsOut() throws {
        touch(1, .down, 100, at: 0, on: Self.ruler)
        touch(1, .up, 100, at: 0.05)
        XCTAssertTrue(arena.takeDecisions().isEmpty, "waiting for a second tap")
        _ = arena.advance(to: .seconds(2))
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertTrue(d.rule.hasPrefix("nobody: no second tap within"), d.rule)
        XCTAssertEqual(d.sinceDown, .seconds(0.35), "from when the finger went down, not when it lifted")
        XCTAssertTrue(d.why[.doubleTap]?.hasPrefix("no second tap within double-tap interval") == true, "\(d.why)")
        XCTAssertTrue(d.unansweredTap, "a tap nothing answered: a miss")
    }

    func testWhenATrimAcceptsFirstTheTapStillInTheRunningSaysSo() throws {
        let level = GestureTarget(id: "clip:music.level", gestures: [.trim, .tap])
        drag(level, through: [Point(x: 5, y: 0)], liftAt: 0.3)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .trim)
        XCTAssertEqual(d.why[.tap], "trim accepted first (moved 5 pt > trim slop \(Int(arena.thresholds.trimSlop)) pt)")
    }

    func testASecondFingerThatMakesAPinchExplainsTheOthers() throws {
        touch(1, .down, 100, at: 0, on: Self.unselectedClip)
        touch(2, .down, 200, at: 0.05)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(d.winner, .pinch)
        XCTAssertEqual(d.why[.tap], "a second finger came: pinch took over")
        XCTAssertEqual(Set(d.offered), [.tap, .longPress, .scroll, .pinch])
    }

    /// The review's case: a drag on the ruler was decided among "tap, scroll" while the ruler
    /// offers "doubleTap, scroll": the decision and the offer are one truth.
    func testADragOrAHoldOnTheRulerNamesTheCandidatesItOffers() throws {
        touch(1, .down, 100, at: 0, on: Self.ruler)
        touch(1, .move, 130, at: 0.05)
        let drag = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertEqual(drag.winner, .scroll)
        XCTAssertEqual(drag.candidates, [.scroll, .doubleTap])
        XCTAssertTrue(Set(drag.candidates).isSubset(of: Set(drag.offered)), "\(drag.candidates) against \(drag.offered)")
        XCTAssertEqual(drag.why[.doubleTap], "moved 30 pt > tap slop \(Int(slop)) pt", "why the double tap lost, in its own words")
        touch(1, .up, 130, at: 0.1)
        touch(1, .down, 100, at: 1, on: Self.ruler)
        _ = arena.advance(to: .seconds(3))
        touch(1, .up, 100, at: 3)
        let hold = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(hold.winner)
        XCTAssertTrue(Set(hold.candidates).isSubset(of: Set(hold.offered)), "\(hold.candidates) against \(hold.offered)")
    }

    func testATapOnTheRulerFollowedByATouchElsewhereIsStillDecidedAsNobody() throws {
        touch(1, .down, 100, at: 0, on: Self.ruler)
        touch(1, .up, 100, at: 0.05)
        touch(1, .down, 300, at: 0.1, on: Self.background)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertEqual(d.target, "ruler")
        XCTAssertTrue(d.rule.hasPrefix("nobody: the next touch landed elsewhere"), d.rule)
        XCTAssertTrue(d.unansweredTap)
    }

    /// The review's case: a tap on an empty part of the title bar got no decision at all.
    func testATouchOnNothingIsDecidedAsNobodyAndSaysWhy() throws {
        touch(1, .down, 120, at: 0, on: nil)
        let d = try XCTUnwrap(arena.takeDecisions().first, "every touch ends in a decision")
        XCTAssertNil(d.winner)
        XCTAssertEqual(d.target, "nothing")
        XCTAssertEqual(d.rule, "nobody: nothing here takes touches")
        XCTAssertEqual(d.finger, 1)
        touch(1, .up, 120, at: 0.05)
        XCTAssertTrue(arena.takeDecisions().isEmpty, "decided once")
    }

    func testASecondFingerWhileTheFirstWasRefusedIsDecidedAsNobody() throws {
        touch(1, .down, 120, at: 0, on: nil)
        _ = arena.takeDecisions()
        touch(2, .down, 200, at: 0.02, on: Self.clip)
        let d = try XCTUnwrap(arena.takeDecisions().first)
        XCTAssertNil(d.winner)
        XCTAssertEqual(d.target, "clip:a")
        XCTAssertEqual(d.finger, 2)
        XCTAssertEqual(d.rule, "nobody: it joined a touch that was already decided")
    }
}
