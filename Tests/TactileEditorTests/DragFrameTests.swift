import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class DragFrameTests: XCTestCase {
    func testAFingerRestingOnAMovedClipAsksForNoFrames() {
        let h = EditorHarness()
        h.tap("clip:hello")
        let hello = h.frameOf("clip:hello")
        h.drag(from: hello.center, to: Point(x: hello.midX + 30, y: hello.midY), rest: 0, hold: true)
        h.run(until: h.now + .seconds(1)) // pulses and the like settle
        XCTAssertNil(h.loop.nextDue(), "nothing moves by itself: the loop waits for the finger")
        XCTAssertNotNil(h.state.timeline.drag, "still held")
    }
}
