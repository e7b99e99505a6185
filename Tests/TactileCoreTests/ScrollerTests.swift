import XCTest
@testable import TactileCore

final class ScrollerTests: XCTestCase {
    func scroller(_ value: Double = 100) -> Scroller { Scroller(value: value, bounds: 0...1000, dimension: 390) }

    func testDragFollowsTheFingerAndRubberBandsPastTheEnds() {
        var s = scroller()
        s.beginDrag()
        s.drag(translation: -50)
        XCTAssertEqual(s.value, 150, "content follows the finger")
        s.drag(translation: 300) // 200 pt past the start
        XCTAssertLessThan(s.value, 0)
        XCTAssertGreaterThan(s.value, -200, "resists: less than the finger moved")
        let p = ScrollPhysics()
        XCTAssertEqual(-s.value, p.rubberBand(200, dimension: 390), accuracy: 1e-9)
        XCTAssertEqual(p.overshoot(showing: p.rubberBand(123, dimension: 390), dimension: 390), 123, accuracy: 1e-6)
    }

    func testAFlingCoastsWithUIScrollViewDeceleration() {
        var s = scroller()
        s.beginDrag()
        s.endDrag(velocity: -1000, at: .zero) // finger moving left: content scrolls forward
        XCTAssertTrue(s.isAnimating)
        s.advance(to: .seconds(0.1))
        // x(t) = v/1000 · (0.998^ms − 1) / ln 0.998
        let expected = 100 + 1.0 * (pow(0.998, 100) - 1) / log(0.998)
        XCTAssertEqual(s.value, expected, accuracy: 1e-6)
        s.advance(to: .seconds(10))
        XCTAssertFalse(s.isAnimating)
        XCTAssertEqual(s.value, 100 + 1.0 / -log(0.998), accuracy: 5, "coasts about 500 pt for 1000 pt/s")
    }

    func testOverscrollSpringsBackToTheEnd() {
        var s = scroller(10)
        s.beginDrag()
        s.drag(translation: 100)
        XCTAssertLessThan(s.value, 0)
        s.endDrag(velocity: 0, at: .zero)
        s.advance(to: .seconds(0.1))
        XCTAssertLessThan(s.value, 0)
        s.advance(to: .seconds(2))
        XCTAssertEqual(s.value, 0)
        XCTAssertFalse(s.isAnimating)
    }

    func testCoastingIntoAnEndBouncesAndSettlesThere() {
        var s = scroller(900)
        s.beginDrag()
        s.endDrag(velocity: -2000, at: .zero)
        var t = 0.0, peak = 0.0
        while t < 3 { t += 1.0 / 60; s.advance(to: .seconds(t)); peak = max(peak, s.value) }
        XCTAssertGreaterThan(peak, 1000, "overshoots the end")
        XCTAssertEqual(s.value, 1000)
        XCTAssertFalse(s.isAnimating)
    }

    func testSpringSettlesWithoutWobble() {
        let spring = Spring(response: 0.4)
        var previous = 100.0
        for i in 1...60 {
            let x = spring.state(from: 100, velocity: 0, after: Double(i) / 60).position
            XCTAssertLessThanOrEqual(x, previous)
            XCTAssertGreaterThanOrEqual(x, 0, "critically damped: never crosses")
            previous = x
        }
        XCTAssertTrue(spring.isSettled(from: 100, velocity: 0, after: 1.5))
    }

    /// A fling at 1000 pt/s, caught 0.1 s later by a finger that flings the same way at 1000 pt/s
    /// again, after moving for 20 ms and resting `rest` seconds. With `landing`, the finger lands
    /// (stopping the coast) 50 ms before it starts to drag.
    func secondFling(_ acceleration: ScrollPhysics.FlingAcceleration, resting rest: Double = 0, landing: Bool = false) -> Double {
        var physics = ScrollPhysics()
        physics.flingAcceleration = acceleration
        var s = Scroller(value: 100, bounds: 0...100_000, dimension: 390, physics: physics)
        s.beginDrag(at: .zero)
        s.endDrag(velocity: -1000, at: .zero)
        if landing { s.hold(at: .seconds(0.1)) } else { s.advance(to: .seconds(0.1)) }
        let drag = landing ? 0.15 : 0.1
        s.beginDrag(at: .seconds(drag))
        s.drag(translation: -20, at: .seconds(drag + 0.02))
        s.endDrag(velocity: -1000, at: .seconds(drag + 0.02 + rest))
        guard case let .coasting(_, _, v) = s.motion else { return .nan }
        return v
    }

    func testARepeatedFlingAcceleratesAsTheFlingAccelerationSays() {
        let left = 1000 * Foundation.pow(0.998, 100.0) // what the first still had when caught
        XCTAssertEqual(secondFling(.none), 1000, accuracy: 1e-9, "starts afresh")
        XCTAssertEqual(secondFling(.flywheel), 1000 + left, accuracy: 1e-6, "Android's flywheel adds what was left")
        XCTAssertEqual(secondFling(.momentum), 1000 + 0.000816 * Foundation.pow(left, 1.967), accuracy: 1e-6, "iOS carries a growing momentum")
        XCTAssertGreaterThan(secondFling(.momentum), secondFling(.none))
    }

    func testAFlingTheOtherWayCarriesNothing() {
        var physics = ScrollPhysics()
        physics.flingAcceleration = .flywheel
        XCTAssertEqual(physics.accelerated(-500, carrying: 800), -500, "a fling back stops the coast and starts afresh")
        XCTAssertEqual(physics.accelerated(500, carrying: 800), 1300)
    }

    func testHoldStopsACoastWhereItIsAndAReleaseLeavesItThere() {
        var s = scroller()
        s.beginDrag()
        s.endDrag(velocity: -1000, at: .zero)
        s.hold(at: .seconds(0.1))
        let expected = 100 + 1.0 * (pow(0.998, 100) - 1) / log(0.998)
        XCTAssertEqual(s.value, expected, accuracy: 1e-6, "where the coast had got to")
        XCTAssertFalse(s.isAnimating)
        XCTAssertTrue(s.isTouched)
        s.advance(to: .seconds(1))
        XCTAssertEqual(s.value, expected, accuracy: 1e-6, "a held scroller does not move")
        s.release(at: .seconds(1))
        XCTAssertEqual(s.motion, .resting)
    }

    func testAHeldCoastKeepsItsSpeedForTheFlingThatFollows() {
        XCTAssertEqual(
            secondFling(.flywheel, landing: true), 1000 + 1000 * Foundation.pow(0.998, 100.0), accuracy: 1e-6,
            "the speed it had when the finger landed, not when it began to drag")
    }

    func testAHeldSpringBackSpringsBackOnceReleased() {
        var s = scroller(10)
        s.beginDrag()
        s.drag(translation: 100)
        s.endDrag(velocity: 0, at: .zero)
        s.hold(at: .seconds(0.05))
        let held = s.value
        XCTAssertLessThan(held, 0)
        s.advance(to: .seconds(1))
        XCTAssertEqual(s.value, held)
        s.release(at: .seconds(1))
        XCTAssertTrue(s.isAnimating)
        s.advance(to: .seconds(3))
        XCTAssertEqual(s.value, 0)
    }

    func testAFingerThatRestsBeforeItLiftsLetsGoOfTheMomentumItCaught() {
        XCTAssertEqual(secondFling(.flywheel, resting: 0.38), 1000, accuracy: 1e-9, "afresh: the rest let the caught speed go")
        XCTAssertGreaterThan(secondFling(.flywheel, resting: 0.01), 1000, "a quick flick keeps it")
    }
}
