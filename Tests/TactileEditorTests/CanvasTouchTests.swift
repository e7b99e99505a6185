import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// Touching the preview: a tap plays or pauses (as phone editors do), a pan still scrubs.
final class CanvasTouchTests: XCTestCase {
    func testATapOnThePicturePlaysAndAnotherPauses() {
        let h = EditorHarness()
        let picture = h.frameOf("canvas")
        h.tap(picture.center)
        XCTAssertTrue(h.state.isPlaying)
        XCTAssertEqual(h.element("playButton")?.state["playing"], .bool(true))
        h.run(until: h.now + .seconds(1))
        XCTAssertGreaterThan(h.state.playhead, .seconds(0.9), "it plays")
        h.tap(picture.center)
        XCTAssertFalse(h.state.isPlaying)
        XCTAssertNil(h.state.selection, "a tap on the picture selects nothing")
    }

    func testAPanOnThePictureScrubsWithoutStartingPlayback() {
        let h = EditorHarness()
        let picture = h.frameOf("canvas")
        h.drag(from: Point(x: picture.minX + 40, y: picture.midY), to: Point(x: picture.midX, y: picture.midY))
        XCTAssertFalse(h.state.isPlaying)
        XCTAssertGreaterThan(h.state.playhead, .seconds(1), "the pan moved the playhead")
        XCTAssertTrue(h.log.contains { $0.kind == "scrubBegan" })
    }
}
