import XCTest
import TactileCore
@testable import TactileUI

final class LayoutTests: XCTestCase {
    func testLandscapeKeepsTracksAndACanvas() {
        // Checked through the editor module's layout in EditorTests; here the geometry helpers.
        let r = Rect(x: 0, y: 0, width: 390, height: 844)
        XCTAssertEqual(r.aspectFit(16.0 / 9.0).width, 390)
        XCTAssertEqual(r.aspectFit(16.0 / 9.0).height, 390 * 9 / 16, accuracy: 1e-9)
        XCTAssertEqual(r.sliceTop(47).rest.minY, 47)
        XCTAssertEqual(r.sliceBottom(34).slice.minY, 810)
    }
}
