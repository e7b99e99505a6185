import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class AutoScrollTests: XCTestCase {
    func testHoldingATrimHandleNearTheEdgeScrollsAndKeepsTrimming() {
        let h = EditorHarness()
        h.state.playhead = .seconds(17)
        h.frame()
        h.tap("clip:caption") // the last text clip: nothing blocks its end
        let handle = h.element("clip:caption.trimHandle.trailing")!.hitFrame.center
        h.drag(from: handle, to: Point(x: 385, y: handle.y), rest: 0, hold: true)
        let playheadBefore = h.state.playhead
        let endBefore = h.state.project.clip(withID: "caption")!.clip.end
        h.run(until: h.now + .seconds(0.5))
        XCTAssertGreaterThan(h.state.playhead, playheadBefore, "the timeline scrolls under the held finger")
        XCTAssertGreaterThan(h.state.project.clip(withID: "caption")!.clip.end, endBefore, "and the edge keeps following it")
        XCTAssertNoThrow(try ProjectFile.validate(h.state.project))
    }
}
