import XCTest
import TactileCore
@testable import TactileUI

final class DrawListTests: XCTestCase {
    func testOverlaysDrawAboveContentWhateverTheOrder() {
        var list = DrawList()
        list.inLayer(.overlay) { $0.add(.popClip) }
        list.add(.fillRect(.zero, .white, cornerRadius: 0))
        list.inLayer(.background) { $0.add(.pushClip(.zero)) }
        XCTAssertEqual(list.commands, [.pushClip(.zero), .fillRect(.zero, .white, cornerRadius: 0), .popClip])
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(list.currentLayer, .content)
    }

    func testTruncationFitsWithAnEllipsis() {
        let m = FixedWidthTextMeasurer()
        let font = Font(size: 10)
        XCTAssertEqual(m.truncate("Hello", font: font, toWidth: 100), "Hello")
        let cut = m.truncate("Hello world, a long title", font: font, toWidth: 40)
        XCTAssertTrue(cut.hasSuffix("…"))
        XCTAssertLessThanOrEqual(m.measure(cut, font: font).width, 40)
        XCTAssertEqual(m.truncate("Hello", font: font, toWidth: 2), "")
    }
}
