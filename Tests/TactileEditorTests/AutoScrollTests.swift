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

    /// The caption selected, the timeline scrolled so that its trailing handle sits at `x`
    /// (inside the right margin when near 390); returns the handle's centre.
    func captionHandle(at x: Double, _ h: EditorHarness) -> Point {
        h.state.playhead = .seconds(17)
        h.frame()
        h.tap("clip:caption")
        let pps = h.state.pointsPerSecond
        let first = h.element("clip:caption.trimHandle.trailing")!.hitFrame.center
        h.state.playhead = h.state.playhead + .seconds((first.x - x) / pps)
        h.frame()
        return h.element("clip:caption.trimHandle.trailing")!.hitFrame.center
    }

    func testAHandlePickedUpInsideTheMarginAndPulledInwardTrimsWithoutScrolling() {
        let h = EditorHarness()
        // Inside the 48 pt margin, far enough in that the handle's 45 pt hit area is whole.
        let handle = captionHandle(at: 362, h)
        XCTAssertEqual(handle.x, 362, accuracy: 0.5)
        let playhead = h.state.playhead
        let duration = h.state.project.clip(withID: "caption")!.clip.duration
        h.drag(from: handle, to: Point(x: handle.x - 10, y: handle.y), rest: 0.5)
        XCTAssertEqual(h.state.playhead, playhead, "the timeline stays: the finger moved away from the edge")
        XCTAssertEqual(
            h.state.project.clip(withID: "caption")!.clip.duration.seconds, duration.seconds - 10 / h.state.pointsPerSecond, accuracy: 0.01,
            "10 pt shorter, as the finger moved")
    }

    func testAHandleHeldWhereItWasPickedUpInsideTheMarginDoesNotRunTheTimeline() {
        let h = EditorHarness()
        let handle = captionHandle(at: 375, h)
        let playhead = h.state.playhead
        // Past the trim slop and back to where it landed, then held there for a second.
        h.frame([.touch(.down, id: 1, at: handle, time: h.now)])
        for dx in [-3.0, -6, -9, -6, -3, 0] {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 1, at: Point(x: handle.x + dx, y: handle.y), time: h.now)])
        }
        XCTAssertNotNil(h.state.timeline.drag, "trimming")
        h.run(until: h.now + .seconds(1))
        XCTAssertEqual(h.state.playhead, playhead, "the timeline stays under a finger back where it landed")
        h.frame([.touch(.up, id: 1, at: handle, time: h.now)])
    }

    /// From the review: a finger that landed inside the margin and left it gets the whole margin
    /// back (it reached only 77 % of the speed at the edge).
    func testAFingerThatLeavesTheMarginGetsItWholeBack() {
        func advance(landingAt x: Double, via inward: Double?) -> Time {
            let h = EditorHarness()
            let handle = captionHandle(at: x, h)
            h.frame([.touch(.down, id: 1, at: handle, time: h.now)])
            var path: [Double] = []
            if let inward { path += stride(from: handle.x - 10, through: inward, by: -10).map { $0 } }
            path += stride(from: (inward ?? handle.x) + 10, through: 389, by: 10).map { $0 } + [389]
            for px in path {
                h.now += .frame(atRate: 60)
                h.frame([.touch(.move, id: 1, at: Point(x: px, y: handle.y), time: h.now)])
            }
            let before = h.state.playhead
            h.run(until: h.now + .seconds(0.5))
            return h.state.playhead - before
        }
        let whole = advance(landingAt: 250, via: nil), back = advance(landingAt: 375, via: 300)
        XCTAssertGreaterThan(whole, .zero)
        XCTAssertEqual(back.seconds, whole.seconds, accuracy: whole.seconds * 0.05, "the same speed at the edge as a drag from outside it")
    }

    func testMovingTowardsTheEdgeFromInsideTheMarginStillScrolls() {
        let h = EditorHarness()
        let handle = captionHandle(at: 360, h)
        let playhead = h.state.playhead
        h.drag(from: handle, to: Point(x: 389, y: handle.y), rest: 0, hold: true)
        h.run(until: h.now + .seconds(0.5))
        XCTAssertGreaterThan(h.state.playhead, playhead, "towards the edge, past where it landed: the timeline runs")
    }

    /// The review's case: zoomed to fit, the last clip's end lies inside the margin; picked up
    /// there and carried straight down to another track, it keeps its time.
    func testAClipPickedUpInsideTheMarginAndCarriedDownKeepsItsTime() {
        let h = EditorHarness()
        h.frame([.touch(.down, id: 1, at: h.frameOf("ruler").center, time: h.now)])
        h.frame([.touch(.up, id: 1, at: h.frameOf("ruler").center, time: h.now + .milliseconds(60))])
        h.now += .milliseconds(150)
        h.frame([.touch(.down, id: 1, at: h.frameOf("ruler").center, time: h.now)])
        h.now += .milliseconds(60)
        h.frame([.touch(.up, id: 1, at: h.frameOf("ruler").center, time: h.now)])
        h.run(until: h.now + .seconds(1))
        XCTAssertTrue(h.log.contains { $0.kind == "zoomToFit" })
        let clips = h.elements(role: "clip").filter { $0.hitFrame.maxX > 390 - 48 && $0.hitFrame.minX < 390 - 8 }
        guard let clip = clips.max(by: { $0.hitFrame.maxX < $1.hitFrame.maxX }), let id = clip.id.split(separator: ":").last.map(String.init)
        else { return XCTFail("no clip ends inside the margin") }
        let start = h.state.project.clip(withID: id)!.clip.start
        let grab = Point(x: max(clip.hitFrame.minX + 2, 390 - 30), y: clip.hitFrame.midY)
        h.frame([.touch(.down, id: 1, at: grab, time: h.now)])
        h.run(until: h.now + .seconds(0.7)) // a long press picks it up
        for i in 1...10 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 1, at: Point(x: grab.x + (i % 2 == 0 ? 3 : 1), y: grab.y - Double(i) * 4), time: h.now)])
        }
        h.run(until: h.now + .seconds(1))
        h.frame([.touch(.up, id: 1, at: Point(x: grab.x + 3, y: grab.y - 40), time: h.now)])
        XCTAssertTrue(h.log.contains { $0.kind == "cue" && $0.fields["reason"] == .string("pickUp") }, "the long press picked it up")
        XCTAssertEqual(h.state.project.clip(withID: id)!.clip.start, start, "carried straight, it keeps its time")
    }
}
