import XCTest
import TactileCore
import TactileInput
@testable import TactileUI

/// Drives UIContext passes the way the editor does: one pass per phase change.
final class UIContextTests: XCTestCase {
    var memory = UIMemory(input: TactileConfiguration().input)
    let a = Rect(x: 0, y: 0, width: 100, height: 100)
    let b = Rect(x: 200, y: 0, width: 100, height: 100)

    /// One pass with two widgets; returns what each saw.
    @discardableResult
    func pass(_ events: [InputEvent], at t: Double = 0, overlapOnTop: Bool = false) -> (a: Interaction, b: Interaction, top: Interaction?, ui: UIContext) {
        let ui = UIContext(
            memory: memory, touches: events, now: .seconds(t), viewport: Size(width: 390, height: 844),
            measurer: FixedWidthTextMeasurer(), theme: Theme())
        let ia = ui.interact("a", hitFrame: a)
        let ib = ui.interact("b", hitFrame: b)
        let top = overlapOnTop ? ui.interact("top", hitFrame: Rect(x: 50, y: 50, width: 100, height: 100)) : nil
        memory = ui.finish()
        return (ia, ib, top, ui)
    }

    func testTapReportsOnceOnRelease() {
        pass([])
        let down = pass([.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .zero)])
        XCTAssertTrue(down.a.pressed)
        XCTAssertEqual(down.a.fingers, [1])
        XCTAssertFalse(down.a.tapped)
        let up = pass([.touch(.up, id: 1, at: Point(x: 12, y: 10), time: .seconds(0.1))], at: 0.1)
        XCTAssertTrue(up.a.tapped)
        XCTAssertFalse(pass([], at: 0.2).a.tapped)
    }

    func testTwoFingersHoldTwoWidgets() {
        pass([])
        pass([.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .zero), .touch(.down, id: 2, at: Point(x: 210, y: 10), time: .zero)])
        let held = pass([.touch(.move, id: 1, at: Point(x: 150, y: 10), time: .seconds(0.05))], at: 0.05)
        XCTAssertEqual(held.a.fingers, [1], "a finger keeps its widget even when it leaves it")
        XCTAssertEqual(held.b.fingers, [2])
        let up = pass([.touch(.up, id: 2, at: Point(x: 210, y: 10), time: .seconds(0.1))], at: 0.1)
        XCTAssertTrue(up.b.tapped)
        XCTAssertEqual(up.a.fingers, [1])
    }

    func testPressGoesToTheTopMostWidget() {
        pass([], overlapOnTop: true)
        let down = pass([.touch(.down, id: 1, at: Point(x: 60, y: 60), time: .zero)], overlapOnTop: true)
        XCTAssertTrue(down.top!.pressed)
        XCTAssertFalse(down.a.pressed)
    }

    func testPressOnNothingIsAMissAndFocusLossCancels() {
        pass([])
        let miss = pass([.touch(.down, id: 1, at: Point(x: 150, y: 300), time: .zero)])
        XCTAssertEqual(miss.ui.unclaimedPresses, [Point(x: 150, y: 300)])
        pass([.touch(.down, id: 2, at: Point(x: 10, y: 10), time: .zero)])
        let blurred = pass([InputEvent(time: .seconds(0.1), kind: .focusLost)], at: 0.1)
        XCTAssertTrue(blurred.a.fingers.isEmpty)
        let up = pass([.touch(.up, id: 2, at: Point(x: 10, y: 10), time: .seconds(0.2))], at: 0.2)
        XCTAssertFalse(up.a.tapped, "a cancelled touch does not tap")
    }

    func testHotFollowsTheFingerWhileActiveStays() {
        pass([])
        pass([.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .zero)])
        let over = pass([.touch(.move, id: 1, at: Point(x: 20, y: 10), time: .seconds(0.02))], at: 0.02)
        XCTAssertTrue(over.a.isPressedDown)
        let off = pass([.touch(.move, id: 1, at: Point(x: 250, y: 10), time: .seconds(0.05))], at: 0.05)
        XCTAssertEqual(off.a.fingers, [1], "still held by the finger that pressed it")
        XCTAssertEqual(off.a.hotFingers, [])
        XCTAssertEqual(off.b.hotFingers, [1])
        XCTAssertFalse(off.a.isPressedDown, "sliding off un-highlights")
        let up = pass([.touch(.up, id: 1, at: Point(x: 250, y: 10), time: .seconds(0.1))], at: 0.1)
        XCTAssertFalse(up.a.tapped)
        XCTAssertFalse(up.b.tapped, "b never held the finger")
    }

    func testAnUpForAFingerNeverDownLeavesNoFingerBehind() {
        pass([])
        // A stray lift (an id the panel never put down, or one cancelled by a lost focus).
        let stray = pass([.touch(.up, id: 7, at: Point(x: 10, y: 10), time: .zero)])
        XCTAssertFalse(stray.a.released)
        XCTAssertTrue(memory.fingers.isEmpty, "no ghost finger stays down")
        XCTAssertTrue(pass([], at: 0.1).a.hotFingers.isEmpty)
    }
}
