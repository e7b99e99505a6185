import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class UIScaleTests: XCTestCase {
    func testUIScaleGrowsTextAndTargetsTogether() {
        var c = TactileConfiguration()
        c.layout.uiScale = 1.5
        let big = Editor(configuration: c, measurer: FixedWidthTextMeasurer())
        var state = EditorState(project: DemoProject.make(), configuration: big.configuration)
        let out = big.frame(&state, events: [], now: .zero)
        let normal = EditorHarness()
        let clip = out.elements.first { $0.id == "clip:beach" }!
        XCTAssertEqual(clip.frame.height, normal.frameOf("clip:beach").height * 1.5, accuracy: 1e-9)
        XCTAssertEqual(big.theme.clipFont.size, Theme().clipFont.size * 1.5, accuracy: 1e-9)
        let play = out.elements.first { $0.id == "playButton" }!
        XCTAssertEqual(play.hitFrame.width, 44 * 1.5, accuracy: 1e-9)
    }
}
