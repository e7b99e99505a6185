import TactileCore

/// A vertex of a triangle mesh in pixels, with a straight-alpha colour.
public struct MeshVertex: Hashable, Sendable {
    public var x: Float, y: Float
    public var color: Color
    public init(x: Float, y: Float, color: Color) { self.x = x; self.y = y; self.color = color }
}

/// Triangles ready for `SDL_RenderGeometry`: vertices and indices into them.
public struct Mesh: Sendable {
    public var vertices: [MeshVertex] = []
    public var indices: [Int32] = []
    public init() {}
    public var isEmpty: Bool { indices.isEmpty }
    public mutating func removeAll() { vertices.removeAll(keepingCapacity: true); indices.removeAll(keepingCapacity: true) }
}

/// Turns shapes into anti-aliased triangle meshes, in pixels. Each shape gets a one-pixel
/// "fringe" whose outer vertices are transparent, so edges blend smoothly on any renderer that
/// interpolates vertex colours (the technique Dear ImGui uses).
public enum Tessellator {
    /// Width of the anti-aliasing fringe in pixels.
    public static let fringe: Double = 1

    /// The outline of a rounded rectangle, clockwise on screen, `pixelScale` deciding arc detail.
    public static func roundedRectPath(_ r: Rect, radius: Double) -> [Point] {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        if rad < 0.5 {
            return [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        }
        let segments = max(3, min(24, Int((rad * 0.75).rounded(.up))))
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        let corners: [(Point, Double)] = [
            (Point(x: r.maxX - rad, y: r.minY + rad), -Double.pi / 2),
            (Point(x: r.maxX - rad, y: r.maxY - rad), 0),
            (Point(x: r.minX + rad, y: r.maxY - rad), Double.pi / 2),
            (Point(x: r.minX + rad, y: r.minY + rad), Double.pi),
        ]
        for (c, start) in corners {
            for i in 0...segments {
                let a = start + Double(i) / Double(segments) * Double.pi / 2
                points.append(Point(x: c.x + cos(a) * rad, y: c.y + sin(a) * rad))
            }
        }
        return points
    }

    /// The outline of a circle.
    public static func circlePath(center: Point, radius: Double) -> [Point] {
        let segments = max(12, min(96, Int((radius * 1.2).rounded(.up))))
        return (0..<segments).map { i in
            let a = Double(i) / Double(segments) * 2 * Double.pi
            return Point(x: center.x + cos(a) * radius, y: center.y + sin(a) * radius)
        }
    }

    /// Fills a convex polygon with an anti-aliased edge.
    public static func fillConvex(_ path: [Point], color: Color, into mesh: inout Mesh) {
        let points = deduplicated(path)
        guard points.count >= 3, color.a > 0 else { return }
        let base = outlineVertices(points, color: color, into: &mesh)
        for i in 1..<(Int32(points.count) - 1) { mesh.indices += [base, base + 2 * i, base + 2 * (i + 1)] }
        appendFringe(from: base, count: points.count, into: &mesh)
    }

    /// Fills a simple polygon, convex or not (a star, a heart, an arrow), with anti-aliased edges:
    /// the inside is cut into triangles by ear clipping and shares its edges exactly, so no seam
    /// shows inside; only the outline gets a fringe.
    public static func fillPolygon(_ path: [Point], color: Color, into mesh: inout Mesh) {
        let points = deduplicated(path)
        guard points.count >= 3, color.a > 0 else { return }
        let base = outlineVertices(points, color: color, into: &mesh)
        let inner = (0..<points.count).map { i in
            let v = mesh.vertices[Int(base) + 2 * i]
            return Point(x: Double(v.x), y: Double(v.y))
        }
        for (a, b, c) in earClipped(inner) { mesh.indices += [base + 2 * a, base + 2 * b, base + 2 * c] }
        appendFringe(from: base, count: points.count, into: &mesh)
    }

    /// Appends a pair of vertices per point — inside the outline by half the fringe in `color`,
    /// outside by half in transparent. Returns the first one's index: vertex `base + 2 i` is
    /// point i's inner one (for the caller's fill), `base + 2 i + 1` its outer one.
    private static func outlineVertices(_ points: [Point], color: Color, into mesh: inout Mesh) -> Int32 {
        let normals = vertexNormals(points)
        let base = Int32(mesh.vertices.count)
        let half = fringe / 2
        let transparent = color.opacity(0)
        for (p, n) in zip(points, normals) {
            mesh.vertices.append(vertex(p.x - n.x * half, p.y - n.y * half, color))
            mesh.vertices.append(vertex(p.x + n.x * half, p.y + n.y * half, transparent))
        }
        return base
    }

    /// The fringe's triangles between the inner and outer vertices of `outlineVertices`.
    private static func appendFringe(from base: Int32, count: Int, into mesh: inout Mesh) {
        let n = Int32(count)
        for i in 0..<n {
            let j = (i + 1) % n
            let ii = base + 2 * i, jj = base + 2 * j
            mesh.indices += [ii, jj, jj + 1, ii, jj + 1, ii + 1]
        }
    }

    /// Triangles (as indices into `points`) covering a simple polygon, by ear clipping. A
    /// polygon that crosses itself still gets a fan of what is left, never a hang.
    static func earClipped(_ points: [Point]) -> [(Int32, Int32, Int32)] {
        var area = 0.0
        for i in points.indices { let p = points[i], q = points[(i + 1) % points.count]; area += p.x * q.y - q.x * p.y }
        let turn: Double = area >= 0 ? 1 : -1
        func cross(_ a: Point, _ b: Point, _ c: Point) -> Double { ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) * turn }
        func inside(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
            cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0
        }
        var left = Array(points.indices)
        var triangles: [(Int32, Int32, Int32)] = []
        triangles.reserveCapacity(points.count - 2)
        var misses = 0
        var i = 0
        while left.count > 3 {
            let n = left.count
            let ia = left[(i + n - 1) % n], ib = left[i % n], ic = left[(i + 1) % n]
            let a = points[ia], b = points[ib], c = points[ic]
            var isEar = cross(a, b, c) > 0
            if isEar {
                for k in left where k != ia && k != ib && k != ic && inside(points[k], a, b, c) { isEar = false; break }
            }
            if isEar || misses > n {
                triangles.append((Int32(ia), Int32(ib), Int32(ic)))
                left.remove(at: i % n)
                misses = 0
                i = max(0, (i % n) - 1)
            } else {
                misses += 1
                i = (i + 1) % n
            }
        }
        triangles.append((Int32(left[0]), Int32(left[1]), Int32(left[2])))
        return triangles
    }

    /// Strokes a closed convex outline `width` pixels thick, centred on the path.
    public static func strokeClosed(_ path: [Point], width: Double, color: Color, into mesh: inout Mesh) {
        let points = deduplicated(path)
        guard points.count >= 3, color.a > 0 else { return }
        // Thin lines get thinner by fading, not by vanishing.
        let w = max(width, 1)
        let c = width < 1 ? color.opacity(width) : color
        let normals = vertexNormals(points)
        let offsets = [w / 2 + fringe / 2, w / 2 - fringe / 2, -(w / 2 - fringe / 2), -(w / 2 + fringe / 2)]
        let colors = [c.opacity(0), c, c, c.opacity(0)]
        let base = Int32(mesh.vertices.count)
        for (p, n) in zip(points, normals) {
            for k in 0..<4 { mesh.vertices.append(vertex(p.x + n.x * offsets[k], p.y + n.y * offsets[k], colors[k])) }
        }
        let count = Int32(points.count)
        for i in 0..<count {
            let j = (i + 1) % count
            for ring in Int32(0)..<3 {
                let a = base + 4 * i + ring, b = base + 4 * j + ring
                mesh.indices += [a, b, b + 1, a, b + 1, a + 1]
            }
        }
    }

    /// A straight line segment `width` pixels thick as an anti-aliased quad.
    public static func line(from a: Point, to b: Point, width: Double, color: Color, into mesh: inout Mesh) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let w = max(width, 1)
        let c = width < 1 ? color.opacity(width) : color
        let nx = -dy / length * w / 2, ny = dx / length * w / 2
        fillConvex(
            [
                Point(x: a.x + nx, y: a.y + ny), Point(x: b.x + nx, y: b.y + ny),
                Point(x: b.x - nx, y: b.y - ny), Point(x: a.x - nx, y: a.y - ny),
            ], color: c, into: &mesh)
    }

    /// A dashed line: dashes of `dash` pixels separated by `gap`, shifted by `phase`.
    public static func dashedLine(
        from a: Point, to b: Point, width: Double, dash: Double, gap: Double, phase: Double,
        color: Color, into mesh: inout Mesh
    ) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let period = dash + gap
        guard length > 0, dash > 0, period > 0 else { return }
        let ux = dx / length, uy = dy / length
        var s = -phase.truncatingRemainder(dividingBy: period)
        if s > 0 { s -= period }
        while s < length {
            let s0 = max(0, s), s1 = min(length, s + dash)
            if s1 > s0 {
                line(
                    from: Point(x: a.x + ux * s0, y: a.y + uy * s0), to: Point(x: a.x + ux * s1, y: a.y + uy * s1),
                    width: width, color: color, into: &mesh)
            }
            s += period
        }
    }

    /// Fills the four corners of `r` that lie outside its rounded version of `radius`: the
    /// masks that round a square picture (a video frame, the phone's screen) drawn beneath. Each
    /// corner is a fan from the square corner to the arc, anti-aliased along the arc only, so
    /// the fan's inner edges show no seams.
    public static func cornerMask(_ r: Rect, radius: Double, color: Color, into mesh: inout Mesh) {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        guard rad >= 0.5, color.a > 0 else { return }
        let segments = max(3, min(24, Int((rad * 0.75).rounded(.up))))
        let corners: [(corner: Point, center: Point, start: Double)] = [
            (Point(x: r.maxX, y: r.minY), Point(x: r.maxX - rad, y: r.minY + rad), -Double.pi / 2),
            (Point(x: r.maxX, y: r.maxY), Point(x: r.maxX - rad, y: r.maxY - rad), 0),
            (Point(x: r.minX, y: r.maxY), Point(x: r.minX + rad, y: r.maxY - rad), Double.pi / 2),
            (Point(x: r.minX, y: r.minY), Point(x: r.minX + rad, y: r.minY + rad), Double.pi),
        ]
        let half = fringe / 2
        let clear = color.opacity(0)
        for (corner, center, start) in corners {
            let base = Int32(mesh.vertices.count)
            mesh.vertices.append(vertex(corner.x, corner.y, color))
            for i in 0...segments {
                let a = start + Double(i) / Double(segments) * Double.pi / 2
                let (c, s) = (cos(a), sin(a))
                // Outward from the arc is towards the corner (away from the centre).
                mesh.vertices.append(vertex(center.x + c * (rad + half), center.y + s * (rad + half), color))
                mesh.vertices.append(vertex(center.x + c * (rad - half), center.y + s * (rad - half), clear))
            }
            for i in Int32(0)..<Int32(segments) {
                let solid = base + 1 + 2 * i, nextSolid = solid + 2
                mesh.indices += [base, solid, nextSolid]
                mesh.indices += [solid, nextSolid, nextSolid + 1, solid, nextSolid + 1, solid + 1]
            }
        }
    }

    // MARK: Helpers

    private static func vertex(_ x: Double, _ y: Double, _ c: Color) -> MeshVertex { MeshVertex(x: Float(x), y: Float(y), color: c) }

    private static func deduplicated(_ path: [Point]) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(path.count)
        for p in path where out.last.map({ $0.distance(to: p) > 0.01 }) ?? true { out.append(p) }
        if out.count > 1, out[0].distance(to: out[out.count - 1]) <= 0.01 { out.removeLast() }
        return out
    }

    /// Outward unit-ish normals at each vertex (miter direction, length adjusted so the offset
    /// edges stay parallel, clamped at sharp corners).
    private static func vertexNormals(_ points: [Point]) -> [Point] {
        let n = points.count
        var area = 0.0
        for i in 0..<n { let p = points[i], q = points[(i + 1) % n]; area += p.x * q.y - q.x * p.y }
        let sign: Double = area >= 0 ? 1 : -1 // screen space, y down: positive area = clockwise
        var edgeNormals: [Point] = []
        edgeNormals.reserveCapacity(n)
        for i in 0..<n {
            let p = points[i], q = points[(i + 1) % n]
            let dx = q.x - p.x, dy = q.y - p.y
            let len = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            edgeNormals.append(Point(x: dy / len * sign, y: -dx / len * sign))
        }
        return (0..<n).map { i in
            let a = edgeNormals[(i + n - 1) % n], b = edgeNormals[i]
            var mx = a.x + b.x, my = a.y + b.y
            let d2 = mx * mx + my * my
            if d2 < 1e-9 { return b }
            // Scale so the projection on each edge normal is 1; clamp sharp corners.
            let scale = min(2 / d2, 4)
            mx *= scale; my *= scale
            return Point(x: mx, y: my)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
