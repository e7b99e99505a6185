import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class UIScaleTests: XCTestCase {
    func testUIScaleGrowsTextAndTargetsTogether() {
        var c = TactileConfiguration()
        c.layout.uiScale = 1.5
        let big = Editor(settings: c.editorSettings, measurer: FixedWidthTextMeasurer())
        // A tablet's screen holds it all.
        let tablet = Size(width: 834, height: 1194)
        var state = EditorState(project: DemoProject.make(), settings: big.settings, viewport: tablet)
        let out = big.frame(&state, events: [], now: .zero)
        XCTAssertEqual(out.uiScale, 1.5)
        let normal = EditorHarness(viewport: tablet)
        let clip = out.elements.first { $0.id == "clip:beach" }!
        XCTAssertEqual(clip.frame.height, normal.frameOf("clip:beach").height * 1.5, accuracy: 1e-9)
        XCTAssertEqual(big.theme.clipFont.size, Theme().clipFont.size * 1.5, accuracy: 1e-9)
        let play = out.elements.first { $0.id == "playButton" }!
        XCTAssertEqual(play.hitFrame.width, 44 * 1.5, accuracy: 1e-9)
    }

    func testAPhoneDrawsAsMuchOfTheScaleAsLeavesThePictureAThirdOfItsWidth() {
        var c = TactileConfiguration()
        c.layout.uiScale = 3
        let big = Editor(settings: c.editorSettings, measurer: FixedWidthTextMeasurer())
        var state = EditorState(project: DemoProject.make(), settings: big.settings)
        let out = big.frame(&state, events: [], now: .zero)
        XCTAssertLessThan(out.uiScale, 3)
        XCTAssertGreaterThan(out.uiScale, 1.2, "still larger than designed")
        let canvas = out.elements.first { $0.id == "canvas" }!
        XCTAssertGreaterThanOrEqual(canvas.frame.width, 390 / 3 - 0.5)
        let play = out.elements.first { $0.id == "playButton" }!
        XCTAssertEqual(play.hitFrame.width, 44 * out.uiScale, accuracy: 1e-6, "targets drawn at the scale held")
        c.layout.uiScale = 0.5
        let small = Editor(settings: c.editorSettings, measurer: FixedWidthTextMeasurer())
        var smallState = EditorState(project: DemoProject.make(), settings: small.settings)
        let tiny = small.frame(&smallState, events: [], now: .zero)
        XCTAssertEqual(tiny.uiScale, 0.5, "smaller text always fits")
        XCTAssertEqual(tiny.elements.first { $0.id == "playButton" }!.hitFrame.width, 44, "a finger is no smaller for small text")
    }
}
