import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class EditorLayoutTests: XCTestCase {
    func testPortraitStacksTheScreenTopToBottom() {
        let l = EditorLayout(viewport: Size(width: 390, height: 844), sizes: .init(), timeline: .init(), trackCount: 3)
        XCTAssertEqual(l.titleBar.minY, 47)
        XCTAssertLessThan(l.canvas.maxY, l.playerBar.maxY)
        XCTAssertEqual(l.playerBar.maxY, l.ruler.minY)
        XCTAssertEqual(l.ruler.maxY, l.tracksArea.minY)
        XCTAssertEqual(l.tracksArea.maxY, l.toolbar.minY)
        XCTAssertEqual(l.toolbar.maxY, 844 - 34)
        let needed: Double = 3 * 48 + 2 * 6 + 2 * 8
        XCTAssertEqual(l.tracksArea.height, needed, "exactly as tall as the tracks need")
    }

    func testLandscapePutsTheCanvasBesideATimelineThatHoldsEveryTrackAndTheToolbarInARail() {
        let l = EditorLayout(viewport: Size(width: 844, height: 390), sizes: .init(), timeline: .init(), trackCount: 3)
        XCTAssertEqual(l.titleBar.minY, 0)
        XCTAssertEqual(l.toolbar.maxX, 844, "the toolbar is a rail at the right edge")
        XCTAssertEqual(l.toolbar.width, 72)
        XCTAssertEqual(l.toolbar.maxY, 390 - 21)
        XCTAssertLessThanOrEqual(l.canvas.maxX, l.tracksArea.minX, "canvas and timeline side by side")
        XCTAssertEqual(l.playerBar.minY, l.scrubBar.maxY)
        XCTAssertEqual(l.playerBar.width, l.canvas.width)
        XCTAssertGreaterThanOrEqual(l.tracksArea.height, l.contentHeight, "all three tracks show without scrolling")
        XCTAssertEqual(l.canvas.width, ((844 - 72) * 0.3).rounded(), "a 9:16 picture's narrow column, as wide as the player bar needs")
        XCTAssertEqual(l.canvas.minY, 0, "reaching the top: the title bar stands over the timeline")
        XCTAssertEqual(l.titleBar.minX, l.tracksArea.minX)
        XCTAssertGreaterThan(l.canvas.height, 260)
        let wide = EditorLayout(viewport: Size(width: 844, height: 390), sizes: .init(), timeline: .init(), trackCount: 3, aspect: 16.0 / 9)
        let picture = EditorLayout.picture(in: wide.canvas, ratio: 16.0 / 9, sizes: TactileConfiguration().layout)
        XCTAssertGreaterThanOrEqual(picture.width * picture.height, 0.3 * 844 * 390, "a 16:9 picture a third of the screen")
        XCTAssertEqual(l.playheadX, l.tracksArea.midX.rounded(), "the playhead stands in the middle of the timeline")
        for row in l.trackRows { XCTAssertEqual(row.minX, l.tracksArea.minX); XCTAssertEqual(row.width, l.tracksArea.width) }
    }

    func testFoldingTheTimelineInLandscapeGivesItsColumnToTheCanvas() {
        let open = EditorLayout(viewport: Size(width: 844, height: 390), sizes: .init(), timeline: .init(), trackCount: 3)
        let folded = EditorLayout(viewport: Size(width: 844, height: 390), sizes: .init(), timeline: .init(), trackCount: 3, collapse: 1)
        XCTAssertEqual(folded.canvas.width, 844 - 72, "the whole width beside the rail")
        XCTAssertEqual(folded.tracksArea.width, 0)
        XCTAssertGreaterThan(folded.canvas.width, open.canvas.width)
    }
}
