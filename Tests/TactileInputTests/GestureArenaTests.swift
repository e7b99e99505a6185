import XCTest
import TactileCore
@testable import TactileInput

final class GestureArenaTests: XCTestCase {
    let thresholds = GestureArena.Thresholds(TactileConfiguration().input)
    var arena = GestureArena(thresholds: GestureArena.Thresholds(TactileConfiguration().input))
    var events: [GestureEvent] = []

    static let everything = GestureTarget(id: "all", gestures: Set(GestureKind.allCases), scrollAxes: [.horizontal, .vertical])
    static let background = GestureTarget(id: "bg", gestures: [.tap, .scroll, .pinch], scrollAxes: [.horizontal])

    func down(_ id: Int, _ x: Double, _ y: Double, at t: Double, on target: GestureTarget = background) {
        events += arena.handle(id: id, phase: .down, location: Point(x: x, y: y), time: .seconds(t), target: target)
    }
    func move(_ id: Int, _ x: Double, _ y: Double, at t: Double) {
        events += arena.handle(id: id, phase: .move, location: Point(x: x, y: y), time: .seconds(t), target: nil)
    }
    func up(_ id: Int, _ x: Double, _ y: Double, at t: Double) {
        events += arena.handle(id: id, phase: .up, location: Point(x: x, y: y), time: .seconds(t), target: nil)
    }
    var summary: [String] { events.map { "\($0.kind.rawValue).\($0.phase.rawValue)" } }

    func testASingleTapDoesNotWaitWhereThereIsNoDoubleTap() {
        down(1, 100, 100, at: 0)
        up(1, 102, 101, at: 0.08)
        XCTAssertEqual(summary, ["tap.recognized"])
        XCTAssertEqual(events[0].time, .seconds(0.08), "recognised on lift, not after a double-tap timeout")
        XCTAssertNil(arena.nextDeadline)
    }

    func testDoubleTapWhereOffered() {
        let ruler = GestureTarget(id: "ruler", gestures: [.doubleTap, .scroll], scrollAxes: [.horizontal])
        down(1, 100, 100, at: 0, on: ruler); up(1, 100, 100, at: 0.05)
        XCTAssertEqual(arena.nextDeadline, .seconds(0.35))
        down(1, 104, 98, at: 0.2, on: ruler); up(1, 104, 98, at: 0.25)
        XCTAssertEqual(summary, ["doubleTap.recognized"])
        events = []
        down(1, 100, 100, at: 1, on: ruler); up(1, 100, 100, at: 1.05)
        events += arena.advance(to: .seconds(2))
        XCTAssertEqual(summary, [], "one tap on an element without taps is nothing")
    }

    func testTapThenSecondTapElsewhereGivesTwoTapsOnBothTapAndDoubleTapTargets() {
        let both = GestureTarget(id: "both", gestures: [.tap, .doubleTap])
        down(1, 10, 10, at: 0, on: both); up(1, 10, 10, at: 0.05)
        XCTAssertEqual(summary, [], "waits: a double tap may follow")
        events += arena.advance(to: .seconds(0.36))
        XCTAssertEqual(summary, ["tap.recognized"])
    }

    func testScrollLocksToTheDominantAxisAfterTheSlop() {
        down(1, 100, 100, at: 0)
        move(1, 110, 102, at: 0.02)
        XCTAssertEqual(summary, [], "within the slop nothing has won")
        move(1, 125, 104, at: 0.04)
        XCTAssertEqual(summary, ["scroll.began"])
        XCTAssertEqual(events[0].axis, .horizontal)
        XCTAssertEqual(events[0].translation, .zero, "no jump by the slop: translation counts from where it began")
        move(1, 145, 140, at: 0.06)
        XCTAssertEqual(events.last?.translation, Point(x: 20, y: 36))
        up(1, 150, 140, at: 0.07)
        XCTAssertEqual(summary, ["scroll.began", "scroll.changed", "scroll.ended"])
        XCTAssertGreaterThan(events.last!.velocity.x, 100, "the fling's velocity is reported")
    }

    func testVerticalDragOnAHorizontalOnlyTargetDoesNotScroll() {
        down(1, 100, 100, at: 0)
        move(1, 102, 140, at: 0.05)
        up(1, 102, 140, at: 0.1)
        XCTAssertEqual(summary, [])
    }

    func testLongPressFiresAfterRestingAndThenFollowsTheFinger() {
        let clip = GestureTarget(id: "clip", gestures: [.tap, .longPress, .scroll, .pinch], scrollAxes: [.horizontal])
        down(1, 100, 100, at: 0, on: clip)
        XCTAssertEqual(arena.nextDeadline, .seconds(0.5))
        move(1, 104, 103, at: 0.3)
        events += arena.advance(to: .seconds(0.5))
        XCTAssertEqual(summary, ["longPress.began"])
        move(1, 200, 103, at: 0.7)
        up(1, 200, 103, at: 0.8)
        XCTAssertEqual(summary, ["longPress.began", "longPress.changed", "longPress.ended"])
        XCTAssertEqual(events[1].translation.x, 100, "measured from the landing point")
    }

    func testMovingBeforeTheLongPressScrollsInstead() {
        let clip = GestureTarget(id: "clip", gestures: [.tap, .longPress, .scroll], scrollAxes: [.horizontal])
        down(1, 100, 100, at: 0, on: clip)
        move(1, 130, 100, at: 0.1)
        events += arena.advance(to: .seconds(1))
        XCTAssertEqual(summary, ["scroll.began"])
    }

    /// Two gestures offered by one element, one finger: who wins for which motion.
    func testEveryPairCompetingForOneFinger() {
        struct Case { let offered: Set<GestureKind>; let script: [(Double, Double, Double)]; let wait: Double; let winner: String? }
        let still = [(0.0, 0.0, 0.0), (0.0, 0.0, 0.08)] // a quick still touch
        let drag = [(0.0, 0.0, 0.0), (30.0, 0.0, 0.05), (60.0, 0.0, 0.1)] // a horizontal drag
        let nudge = [(0.0, 0.0, 0.0), (6.0, 0.0, 0.05)] // 6 pt: past the trim slop only
        let rest = [(0.0, 0.0, 0.0), (2.0, 0.0, 0.1)] // resting, then waiting
        let cases: [Case] = [
            Case(offered: [.tap, .scroll], script: still, wait: 0, winner: "tap.recognized"),
            Case(offered: [.tap, .scroll], script: drag, wait: 0, winner: "scroll.began"),
            Case(offered: [.tap, .move], script: drag, wait: 0, winner: "move.began"),
            Case(offered: [.tap, .longPress], script: still, wait: 0, winner: "tap.recognized"),
            Case(offered: [.tap, .longPress], script: rest, wait: 0.6, winner: "longPress.began"),
            Case(offered: [.longPress, .scroll], script: drag, wait: 0.6, winner: "scroll.began"),
            Case(offered: [.longPress, .scroll], script: rest, wait: 0.6, winner: "longPress.began"),
            Case(offered: [.move, .scroll], script: drag, wait: 0, winner: "move.began"),
            Case(offered: [.trim, .move], script: nudge, wait: 0, winner: "trim.began"),
            Case(offered: [.trim, .scroll], script: nudge, wait: 0, winner: "trim.began"),
            Case(offered: [.tap, .trim], script: still, wait: 0, winner: "tap.recognized"),
            Case(offered: [.tap, .doubleTap], script: still, wait: 0.5, winner: "tap.recognized"),
            Case(offered: [.scroll, .pinch], script: drag, wait: 0, winner: "scroll.began"),
            Case(offered: [.move, .pinch], script: drag, wait: 0, winner: "move.began"),
            Case(offered: [.trim, .pinch], script: nudge, wait: 0, winner: "trim.began"),
        ]
        for c in cases {
            arena = GestureArena(thresholds: thresholds)
            events = []
            let target = GestureTarget(id: "t", gestures: c.offered, scrollAxes: [.horizontal])
            for (i, step) in c.script.enumerated() {
                if i == 0 { down(1, 100 + step.0, 100 + step.1, at: step.2, on: target) } else { move(1, 100 + step.0, 100 + step.1, at: step.2) }
            }
            let last = c.script.last!
            // A tap lifts before any waiting; the others wait with the finger down.
            if c.winner == "tap.recognized" { up(1, 100 + last.0, 100 + last.1, at: last.2 + 0.01) }
            if c.wait > 0 { events += arena.advance(to: .seconds(last.2 + c.wait)) }
            XCTAssertEqual(summary.first, c.winner, "\(c.offered.map(\.rawValue).sorted()) with \(c.script)")
        }
    }

    /// A second finger lands while each gesture runs: the rules decide, and every pair is checked.
    func testEverySecondFingerAgainstEveryRunningGesture() {
        for running in [GestureKind.scroll, .move, .trim, .longPress, .pinch] {
            arena = GestureArena(thresholds: thresholds)
            events = []
            let offered: Set<GestureKind> = running == .pinch ? [.pinch] : [running, .pinch]
            let target = GestureTarget(id: "t", gestures: offered, scrollAxes: [.horizontal])
            down(1, 100, 100, at: 0, on: target)
            switch running {
            case .longPress: events += arena.advance(to: .seconds(0.6))
            case .pinch: down(2, 200, 100, at: 0.05, on: target)
            default: move(1, 140, 100, at: 0.05)
            }
            XCTAssertEqual(arena.activeGesture, running, "\(running) should be under way")
            events = []
            down(3, 300, 200, at: 1, on: Self.everything)
            let allowed = ArenaRules.timeline.allows(.pinch, during: running)
            if allowed {
                XCTAssertEqual(summary, ["\(running.rawValue).cancelled", "pinch.began"], "\(running) gives way to a pinch")
            } else {
                XCTAssertEqual(summary, [], "a second finger is refused during \(running)")
                move(1, 160, 100, at: 1.1)
                XCTAssertEqual(summary.last, "\(running.rawValue).changed", "\(running) carries on")
            }
            // The rules as data say the same as the behaviour.
            XCTAssertEqual(allowed, running == .scroll || running == .move)
        }
    }

    func testPinchReportsScaleAndCentre() {
        down(1, 100, 100, at: 0)
        down(2, 200, 100, at: 0.01)
        XCTAssertEqual(summary, ["pinch.began"])
        XCTAssertEqual(events[0].location, Point(x: 150, y: 100))
        move(2, 300, 100, at: 0.1)
        XCTAssertEqual(events.last!.scale, 2, accuracy: 1e-9)
        XCTAssertEqual(events.last!.location, Point(x: 200, y: 100))
        up(1, 100, 100, at: 0.2)
        XCTAssertEqual(summary.last, "pinch.ended")
        move(2, 320, 100, at: 0.3)
        XCTAssertEqual(summary.count, 3, "the finger left behind does nothing until it lifts")
        up(2, 320, 100, at: 0.4)
        down(1, 10, 10, at: 0.5); up(1, 10, 10, at: 0.55)
        XCTAssertEqual(summary.last, "tap.recognized", "the arena is fresh again")
    }

    func testPinchReportsHowFarTheFingersTurned() {
        down(1, 100, 100, at: 0)
        down(2, 200, 100, at: 0.01)
        XCTAssertEqual(events.last!.rotation, 0)
        move(2, 150, 150, at: 0.1) // the second finger swings down: a quarter turn clockwise
        move(1, 150, 50, at: 0.1)
        XCTAssertEqual(events.last!.rotation, 90, accuracy: 1e-9)
        move(1, 200, 100, at: 0.2); move(2, 100, 100, at: 0.2) // half a turn: reported as -180, not 180
        XCTAssertEqual(abs(events.last!.rotation), 180, accuracy: 1e-9)
        move(1, 150, 150, at: 0.3); move(2, 150, 50, at: 0.3) // three quarters clockwise = a quarter anticlockwise
        XCTAssertEqual(events.last!.rotation, -90, accuracy: 1e-9)
        XCTAssertEqual(events.last!.scale, 1, accuracy: 1e-9, "turning alone does not scale")
    }

    func testAFingerJumpingFarInAnInstantFlingsNoFasterThanTheCap() {
        // A glitching panel: 1,000 pt within a millisecond would measure a million pt/s.
        down(1, 100, 100, at: 0)
        move(1, 140, 100, at: 0.016)
        move(1, 1140, 100, at: 0.017)
        up(1, 1140, 100, at: 0.017)
        let fling = events.last!
        XCTAssertEqual(summary.last, "scroll.ended")
        XCTAssertEqual(fling.velocity.x, TactileConfiguration().input.maximumFlingSpeed, accuracy: 1e-6)
        XCTAssertEqual(fling.velocity.y, 0)
    }

    func testFocusLossCancelsTheRunningGesture() {
        down(1, 100, 100, at: 0)
        move(1, 140, 100, at: 0.05)
        events += arena.cancelAll(at: .seconds(0.1))
        XCTAssertEqual(summary, ["scroll.began", "scroll.cancelled"])
        XCTAssertFalse(arena.isEngaged)
    }
}
