import XCTest
import TactileCore
@testable import TactileUI

final class TessellatorTests: XCTestCase {
    func testFilledShapeHasSolidInsideAndTransparentFringe() {
        var mesh = Mesh()
        let rect = Rect(x: 10, y: 10, width: 100, height: 40)
        Tessellator.fillConvex(Tessellator.roundedRectPath(rect, radius: 8), color: .white, into: &mesh)
        XCTAssertFalse(mesh.isEmpty)
        XCTAssertEqual(mesh.indices.count % 3, 0)
        XCTAssertTrue(mesh.indices.allSatisfy { $0 >= 0 && Int($0) < mesh.vertices.count })
        let outer = mesh.vertices.filter { $0.color.a == 0 }, inner = mesh.vertices.filter { $0.color.a == 255 }
        XCTAssertEqual(outer.count, inner.count)
        // Outer vertices lie outside the shape's bounds by at most the fringe, inner ones inside.
        XCTAssertGreaterThanOrEqual(inner.map(\.x).min()!, 10)
        XCTAssertLessThanOrEqual(inner.map(\.x).max()!, 110)
        XCTAssertLessThan(outer.map(\.x).min()!, 10)
        XCTAssertGreaterThan(outer.map(\.y).max()!, 50)
    }

    func testDashesFollowThePhase() {
        var a = Mesh(), b = Mesh()
        Tessellator.dashedLine(from: .zero, to: Point(x: 100, y: 0), width: 2, dash: 4, gap: 4, phase: 0, color: .white, into: &a)
        Tessellator.dashedLine(from: .zero, to: Point(x: 100, y: 0), width: 2, dash: 4, gap: 4, phase: 2, color: .white, into: &b)
        XCTAssertEqual(a.indices.count / 3, 13 * 10, "13 dashes, each a quad with fringe")
        XCTAssertNotEqual(a.vertices.map(\.x), b.vertices.map(\.x))
    }

    func testStrokeOfThinLineFadesInsteadOfVanishing() {
        var mesh = Mesh()
        Tessellator.strokeClosed(Tessellator.circlePath(center: Point(x: 50, y: 50), radius: 20), width: 0.5, color: .white, into: &mesh)
        XCTAssertEqual(mesh.vertices.map(\.color.a).max(), 128)
    }
}
