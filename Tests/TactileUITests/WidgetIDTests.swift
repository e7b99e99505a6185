import XCTest
import TactileCore
@testable import TactileUI

final class WidgetIDTests: XCTestCase {
    func testIDsAreStableFNV1aHashes() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; the scope separator byte is mixed in after it.
        var expected: UInt64 = 0xaf63_dc4c_8601_ec8c
        expected ^= 0xFF
        expected = expected &* 0x0000_0100_0000_01B3
        XCTAssertEqual(WidgetID.root.child("a").value, expected)
        XCTAssertEqual(WidgetID.root.child("clip:c1"), WidgetID.root.child("clip:c1"))
    }

    func testScopesSeparateEqualKeys() {
        var stack = IDStack()
        stack.push("clip:c1")
        let a = stack.id("handle")
        stack.pop()
        stack.push("clip:c2")
        let b = stack.id("handle")
        stack.pop()
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(stack.depth, 0)
        XCTAssertNotEqual(WidgetID.root.child("ab").child("c"), WidgetID.root.child("a").child("bc"))
    }
}

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
