import XCTest
import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// The handle's hit-area multiplier and the fine-scrub speeds as study variants: the same
/// replayed touches, a different result.
final class HandleAndScrubVariantTests: XCTestCase {
    /// Selects Beach, then drags 40 pt left from a point 6 pt right of its trailing handle's
    /// visible edge: inside the default hit area (2.5 × 14 pt), outside a 1 × one.
    func dragBesideTheHandle(multiplier: Double) -> (beach: Clip, handle: UIElementFrames) {
        var c = TactileConfiguration()
        c.layout.handleHitMultiplier = multiplier
        let h = EditorHarness(configuration: c)
        h.tap(Point(x: 249, y: 606))
        let handle = h.element("clip:beach.trimHandle.trailing")!
        let start = Point(x: handle.frame.maxX + 6, y: handle.frame.midY)
        h.now += .seconds(0.5)
        h.drag(from: start, to: Point(x: start.x - 40, y: start.y))
        return (h.state.project.clip(withID: "beach")!.clip, UIElementFrames(frame: handle.frame, hit: handle.hitFrame))
    }
    struct UIElementFrames { var frame: Rect; var hit: Rect }

    func testAWiderHandleHitAreaCatchesAFingerBesideTheHandle() {
        let wide = dragBesideTheHandle(multiplier: 2.5), narrow = dragBesideTheHandle(multiplier: 1)
        XCTAssertGreaterThan(wide.handle.hit.width, narrow.handle.hit.width)
        XCTAssertLessThan(wide.beach.duration, .seconds(4.5), "caught: Beach trimmed")
        XCTAssertEqual(narrow.beach.duration, .seconds(4.5), "missed: the finger scrolled instead, Beach untouched")
    }

    /// Grabs the scrub bar's thumb, slides 120 pt below the bar, then 100 pt right: where does
    /// the playhead end up?
    func scrub(speeds: [Double]) -> Time {
        var c = TactileConfiguration()
        c.media.fineScrubSpeeds = speeds
        let h = EditorHarness(configuration: c)
        let bar = h.element("scrubBar")!.frame
        let thumb = Point(x: bar.minX + 22, y: bar.midY)
        h.frame([.touch(.down, id: 1, at: thumb, time: h.now)])
        var p = thumb
        for i in 1...10 {
            h.now += .frame(atRate: 60)
            p = Point(x: thumb.x, y: thumb.y + Double(i) * 12)
            h.frame([.touch(.move, id: 1, at: p, time: h.now)])
        }
        for i in 1...10 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 1, at: Point(x: p.x + Double(i) * 10, y: p.y), time: h.now)])
        }
        h.now += .seconds(0.2)
        h.frame([.touch(.up, id: 1, at: Point(x: p.x + 100, y: p.y), time: h.now)])
        return h.state.playhead
    }

    func testFineScrubSpeedsSetHowFarAFingerFarBelowTheBarMovesThePlayhead() {
        let fine = scrub(speeds: [1, 0.5, 0.25, 0.1]), full = scrub(speeds: [1, 1, 1, 1])
        XCTAssertGreaterThan(fine, .zero)
        XCTAssertEqual(fine.seconds / full.seconds, 0.25, accuracy: 0.03, "120 pt below the bar is the 0.25× band: fine \(fine), full \(full)")
    }
}
