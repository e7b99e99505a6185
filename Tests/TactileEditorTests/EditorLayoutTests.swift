import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class EditorLayoutTests: XCTestCase {
    func testPortraitStacksTheScreenTopToBottom() {
        let l = EditorLayout(viewport: Size(width: 390, height: 844), configuration: TactileConfiguration(), trackCount: 3)
        XCTAssertEqual(l.titleBar.minY, 47)
        XCTAssertLessThan(l.canvas.maxY, l.playerBar.maxY)
        XCTAssertEqual(l.playerBar.maxY, l.ruler.minY)
        XCTAssertEqual(l.ruler.maxY, l.tracksArea.minY)
        XCTAssertEqual(l.tracksArea.maxY, l.toolbar.minY)
        XCTAssertEqual(l.toolbar.maxY, 844 - 34)
        let needed: Double = 3 * 48 + 2 * 6 + 2 * 8
        XCTAssertEqual(l.tracksArea.height, needed, "exactly as tall as the tracks need")
    }

    func testLandscapeStillShowsTracksAndACanvas() {
        let l = EditorLayout(viewport: Size(width: 844, height: 390), configuration: TactileConfiguration(), trackCount: 3)
        XCTAssertGreaterThan(l.tracksArea.height, 48, "at least one track shows")
        XCTAssertGreaterThan(l.canvas.height, 20)
        XCTAssertEqual(l.titleBar.minY, 0)
        XCTAssertEqual(l.playheadX, 422)
    }
}
