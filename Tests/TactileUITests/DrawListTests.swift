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

/// Where a frame can differ from the one before (`DrawList.changedBounds`): what a session
/// video redraws.
final class DrawListChangesTests: XCTestCase {
    private func list(_ commands: [DrawCommand]) -> DrawList {
        var l = DrawList()
        for c in commands { l.add(c) }
        return l
    }

    func testTheSameListChangesNothingAndAMovedShapeChangesWhereItWasAndIs() {
        let a = list([
            .fillRect(Rect(x: 0, y: 0, width: 100, height: 100), .black, cornerRadius: 0), .fillCircle(center: Point(x: 20, y: 20), radius: 5, .white),
        ])
        XCTAssertEqual(a.changedBounds(from: a), .zero)
        let b = list([
            .fillRect(Rect(x: 0, y: 0, width: 100, height: 100), .black, cornerRadius: 0), .fillCircle(center: Point(x: 60, y: 20), radius: 5, .white),
        ])
        XCTAssertEqual(b.changedBounds(from: a, margin: 0), Rect(x: 15, y: 15, width: 50, height: 10), "both places of the dot, nothing of the backdrop")
    }

    func testAPictureTheChangeTouchesIsTakenInWholeAndATurnCannotBeTold() {
        let picture = DrawCommand.image(ImageHandle(1), source: nil, frame: Rect(x: 50, y: 50, width: 40, height: 40), opacity: 1)
        let a = list([picture, .fillCircle(center: Point(x: 45, y: 45), radius: 10, .white)])
        let b = list([picture, .fillCircle(center: Point(x: 46, y: 45), radius: 10, .white)])
        let region = b.changedBounds(from: a, margin: 0)!
        XCTAssertTrue(region.contains(Rect(x: 50, y: 50, width: 40, height: 40)), "a scaled picture is never cut: \(region)")
        let turned = list([.pushRotation(center: .zero, degrees: 10), .fillCircle(center: Point(x: 46, y: 45), radius: 10, .white), .popRotation])
        XCTAssertNil(turned.changedBounds(from: a))
    }
}
