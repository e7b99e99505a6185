import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// The editor on a phone held sideways (844×390 pt), driven by taps as a user would.
final class LandscapeEditorTests: XCTestCase {
    let screen = Rect(x: 0, y: 0, width: 844, height: 390)

    func testEveryPartOfTheScreenIsOnItAtAUsableSize() {
        let h = EditorHarness(viewport: screen.size)
        let roles = Set(h.output.elements.map(\.role))
        for role in [
            "canvas", "playerBar", "playButton", "timecode", "ruler", "playhead", "track", "clip", "toolbarButton",
            "scrubBar", "formatButton", "collapseButton",
        ] {
            XCTAssertTrue(roles.contains(role), "no \(role) on screen")
        }
        for element in h.output.elements {
            XCTAssertTrue(screen.intersects(element.frame), "\(element.id) is off screen: \(element.frame)")
        }
        for button in h.elements(role: "toolbarButton") + h.elements(role: "playButton") + h.elements(role: "collapseButton") {
            XCTAssertGreaterThanOrEqual(button.frame.width, 44, "\(button.id) is too narrow for a finger")
            XCTAssertGreaterThanOrEqual(button.frame.height, 44, "\(button.id) is too short for a finger")
            XCTAssertTrue(screen.contains(button.frame), "\(button.id) is cut off")
        }
        let tracks = h.elements(role: "track")
        XCTAssertEqual(tracks.count, 3, "every track is reachable")
        for track in tracks {
            XCTAssertGreaterThanOrEqual(track.hitFrame.height, 44, "\(track.id) shows whole: \(track.hitFrame)")
        }
        let canvas = h.frameOf("canvas")
        XCTAssertGreaterThanOrEqual(canvas.height, 200, "the demo's 9:16 preview takes the column's height: a picture, not a thumbnail")
        // A wide composition takes the column's width instead.
        var wide = DemoProject.make()
        wide.format = CompositionFormat(.landscape)
        let landscape = EditorHarness(project: wide, viewport: screen.size).frameOf("canvas")
        XCTAssertGreaterThanOrEqual(landscape.width, 250)
        XCTAssertGreaterThanOrEqual(landscape.height, 140)
        XCTAssertEqual(h.elements(role: "toolbarButton").count, 9, "seven tools in the rail, undo and redo in the title bar")
    }

    func testTappingAClipAndDeleteInTheRailDeletesIt() {
        let h = EditorHarness(viewport: screen.size)
        h.tap("clip:beach")
        XCTAssertEqual(h.state.selection, "beach")
        h.tap("toolbar.delete")
        XCTAssertNil(h.state.project.clip(withID: "beach"))
    }

    func testABannerInLandscapeNeverCoversTheTitleBarsButtons() {
        let h = EditorHarness(viewport: screen.size)
        h.state.banner = Banner(message: "Select a clip to split it", isError: false, until: h.now + .seconds(4))
        h.frame()
        let banner = h.frameOf("banner"), undo = h.frameOf("toolbar.undo")
        XCTAssertGreaterThanOrEqual(banner.minY, undo.maxY, "below the title bar: \(banner) \(undo)")
    }

    func testFoldingTheTimelineGrowsTheCanvas() {
        var wide = DemoProject.make()
        wide.format = CompositionFormat(.landscape) // a wide picture: the width is what folding gives
        let h = EditorHarness(project: wide, viewport: screen.size)
        let before = h.frameOf("canvas")
        h.tap("timelineToggle")
        h.run(until: h.now + .seconds(1))
        let after = h.frameOf("canvas")
        // Open, a 16:9 picture already has about half the width; folded it takes the column's whole height.
        XCTAssertGreaterThan(after.width * after.height, 1.15 * before.width * before.height, "\(before) → \(after)")
        XCTAssertEqual(h.element("titleBar.title")?.state["shown"], .string(""), "the name gives way to the picture")
        XCTAssertNotNil(h.element("toolbar.undo"), "the buttons stay, beside it")
        h.tap("timelineToggle")
        h.run(until: h.now + .seconds(1))
        XCTAssertEqual(h.frameOf("canvas"), before, "unfolding puts it back")
    }
}
