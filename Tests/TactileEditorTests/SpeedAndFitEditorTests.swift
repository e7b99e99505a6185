import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileTestSupport
import TactileInput
@testable import TactileApp

/// Speed and fit over the demo's real media, by touch through `tactile inspect`: at 2× the
/// canvas shows the footage's exact frame at twice the time; in 16:9 the format picker says how
/// many clips are another shape and Blur puts them on their blurred selves, Fill covers the frame.
final class SpeedAndFitEditorTests: XCTestCase, ReplayTesting {
    var folder: URL!

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-speed-fit") }
    override func tearDown() { removeTestFolder() }

    func testAtTwiceTheSpeedTheCanvasShowsTheExactFrameTwiceAsFarIn() throws {
        let start = try inspect(after: [])
        let select = tap(start["clip:beach"]!.hit.center, at: 0.2)
        let open = select + tap(try inspect(after: select)["clipChip"]!.hit.center, at: 0.6)
        let faster = open + tap(try inspect(after: open)["clipSheet.speed.2"]!.hit.center, at: 1.0)
        let sped = try inspect(after: faster)
        XCTAssertEqual(sped["clipSheet"]!.state["speed"] as? Double, 2)
        XCTAssertEqual(sped["clipSheet"]!.state["duration"] as? Double, 2.25)
        // Close the sheet and scrub the ruler: the frame at the playhead is footage 2 × t.
        let closed = faster + tap(sped["clipSheet.action"]!.hit.center, at: 1.4)
        let ruler = try inspect(after: closed)["ruler"]!.frame
        let scrub = closed + drag(Point(x: 260, y: ruler.midY), Point(x: 230, y: ruler.midY), at: 1.8, steps: 10)
        let after = try inspect(after: scrub)
        let t = try XCTUnwrap(after["canvas"]!.state["time"] as? Double)
        XCTAssertGreaterThan(t, 0.2)
        XCTAssertLessThan(t, 2.25, "inside Beach")
        XCTAssertEqual(after["canvas"]!.state["frameTime"] as! Double, (2 * t * 30 + 1e-9).rounded(.down) / 30, accuracy: 1e-6)
        XCTAssertEqual(after["canvas"]!.state["exact"] as? Bool, true)
        let project = try replay(scrub)
        XCTAssertEqual(project.clip(withID: "beach")?.clip.speed, 2, "saved as the clip's speed")
    }

    func testTheFormatPickerSaysHowManyClipsAreAnotherShapeAndFitsThemAll() throws {
        let start = try inspect(after: [])
        let open = tap(start["formatButton"]!.hit.center, at: 0.2)
        XCTAssertNil(try inspect(after: open)["formatPicker.shapes"], "9:16 clips in a 9:16 project: nothing to say")
        let wide = open + tap(try inspect(after: open)["formatPicker.16:9"]!.hit.center, at: 0.6)
        let picker = try inspect(after: wide, settle: 0.5)
        let shapes = try XCTUnwrap(picker["formatPicker.shapes"], "the picker stays open and says so")
        XCTAssertEqual(shapes.state["clips"] as? Double, 4, "Beach, City Lights, the title card and Forest are tall")
        for fit in ["fit", "fill", "blur"] { XCTAssertGreaterThanOrEqual(picker["formatPicker.fit.\(fit)"]!.frame.height, 44, fit) }
        XCTAssertEqual(picker["formatPicker.fit.fit"]!.state["chosen"] as? Bool, true)
        XCTAssertEqual(picker["canvas"]!.state["fit"] as? String, "fit")

        let blurred = wide + tap(picker["formatPicker.fit.blur"]!.hit.center, at: 1.2)
        let blur = try inspect(after: blurred)
        XCTAssertEqual(blur["formatPicker.fit.blur"]!.state["chosen"] as? Bool, true)
        XCTAssertEqual(blur["canvas"]!.state["fit"] as? String, "blur")

        let filled = blurred + tap(blur["formatPicker.fit.fill"]!.hit.center, at: 1.6)
        let fill = try inspect(after: filled)
        let canvas = fill["canvas"]!.frame
        let placed = (fill["canvas"]!.state["pictureFrame"] as! String).split(separator: ",").compactMap { Double($0) }
        XCTAssertEqual(fill["canvas"]!.state["fit"] as? String, "fill")
        XCTAssertGreaterThan(placed[2], canvas.width - 30, "the picture covers the frame's width")
        let project = try replay(filled)
        XCTAssertEqual(project.tracks[0].clips.map(\.fit), [.fill, .fill, .fill, .fill])
    }
}
