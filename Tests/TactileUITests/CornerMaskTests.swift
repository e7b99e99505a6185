import XCTest
import TactileCore
@testable import TactileUI

final class CornerMaskTests: XCTestCase {
    func testMaskCoversTheCornersAndFadesAlongTheArc() {
        var mesh = Mesh()
        Tessellator.cornerMask(Rect(x: 0, y: 0, width: 100, height: 60), radius: 10, color: .black, into: &mesh)
        XCTAssertFalse(mesh.isEmpty)
        // The square corners themselves are solid vertices of the fans.
        for corner in [(0, 0), (100, 0), (100, 60), (0, 60)] {
            XCTAssertTrue(mesh.vertices.contains { $0.x == Float(corner.0) && $0.y == Float(corner.1) && $0.color.a == 255 })
        }
        // Nothing reaches the middle of the edges or the inside of the rectangle.
        XCTAssertTrue(mesh.vertices.allSatisfy { min($0.x, 100 - $0.x) <= 10.6 && min($0.y, 60 - $0.y) <= 10.6 })
        XCTAssertTrue(mesh.vertices.contains { $0.color.a == 0 }, "the arc is anti-aliased")
        var none = Mesh()
        Tessellator.cornerMask(Rect(x: 0, y: 0, width: 10, height: 10), radius: 0, color: .black, into: &none)
        XCTAssertTrue(none.isEmpty)
    }
}
