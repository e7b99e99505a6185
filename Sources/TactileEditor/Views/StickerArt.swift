import Foundation
import TactileCore
import TactileUI

/// The stickers, drawn with the draw list's polygons and circles into a square box: crisp at
/// every size and turn, no image files. Each has its own colours, chosen to read on video.
enum StickerArt {
    /// Draws `shape` filling `box` (kept square, centred).
    static func draw(_ shape: StickerShape, in box: Rect, ui: UIContext) {
        let s = min(box.width, box.height), c = box.center
        /// A point in the sticker's own units: (0, 0) the centre, ±0.5 the box's edges.
        func p(_ x: Double, _ y: Double) -> Point { Point(x: c.x + x * s, y: c.y + y * s) }
        func polygon(_ points: [(Double, Double)], _ color: Color) { ui.draw.add(.polygon(points.map { p($0.0, $0.1) }, color)) }
        func circle(_ x: Double, _ y: Double, _ r: Double, _ color: Color) { ui.draw.add(.fillCircle(center: p(x, y), radius: r * s, color)) }
        /// A star of `points` points between radii `inner` and `outer`.
        func star(_ points: Int, inner: Double, outer: Double) -> [(Double, Double)] {
            (0..<(2 * points)).map { i in
                let a = -Double.pi / 2 + Double(i) * Double.pi / Double(points), r = i % 2 == 0 ? outer : inner
                return (cos(a) * r, sin(a) * r)
            }
        }
        switch shape {
        case .star:
            polygon(star(5, inner: 0.2, outer: 0.48), Color(hex: 0xFFC83D))
        case .heart:
            // The classic heart curve, scaled into the box.
            let outline = (0..<64).map { i -> (Double, Double) in
                let t = Double(i) / 64 * 2 * Double.pi
                let x = 16 * pow(sin(t), 3), y = 13 * cos(t) - 5 * cos(2 * t) - 2 * cos(3 * t) - cos(4 * t)
                return (x / 34, -y / 34 - 0.04)
            }
            polygon(outline, Color(hex: 0xFF4D6D))
        case .bolt:
            polygon([(0.08, -0.48), (-0.3, 0.06), (-0.02, 0.06), (-0.1, 0.48), (0.3, -0.08), (0.02, -0.08), (0.12, -0.48)], Color(hex: 0xFFD60A))
        case .arrow:
            polygon([(-0.46, -0.12), (0.06, -0.12), (0.06, -0.32), (0.46, 0), (0.06, 0.32), (0.06, 0.12), (-0.46, 0.12)], Color(hex: 0x4CC9F0))
        case .bubble:
            let body = Rect(x: c.x - 0.46 * s, y: c.y - 0.36 * s, width: 0.92 * s, height: 0.6 * s)
            ui.fill(body, .white, radius: 0.18 * s)
            polygon([(-0.22, 0.2), (-0.02, 0.2), (-0.3, 0.44)], .white)
            for dx in [-0.2, 0.0, 0.2] { circle(dx, -0.06, 0.055, Color(hex: 0x3A3A48)) }
        case .sun:
            let rays = Color(hex: 0xFF9F1C)
            for i in 0..<12 {
                let a = Double(i) * Double.pi / 6, w = Double.pi / 18
                polygon([(cos(a - w) * 0.3, sin(a - w) * 0.3), (cos(a) * 0.49, sin(a) * 0.49), (cos(a + w) * 0.3, sin(a + w) * 0.3)], rays)
            }
            circle(0, 0, 0.31, Color(hex: 0xFFC300))
        case .smile:
            let ink = Color(hex: 0x3A2A00)
            circle(0, 0, 0.47, Color(hex: 0xFFD23F))
            circle(-0.15, -0.1, 0.06, ink)
            circle(0.15, -0.1, 0.06, ink)
            // The mouth: a crescent between two arcs.
            let outer = (0...16).map { i -> (Double, Double) in
                let a = Double.pi * (0.15 + 0.7 * Double(i) / 16); return (cos(a) * 0.28, 0.02 + sin(a) * 0.28)
            }
            let inner = (0...16).reversed().map { i -> (Double, Double) in
                let a = Double.pi * (0.2 + 0.6 * Double(i) / 16); return (cos(a) * 0.22, 0.02 + sin(a) * 0.17)
            }
            polygon(outer + inner, ink)
        case .sparkle:
            polygon(star(4, inner: 0.1, outer: 0.48), Color(hex: 0xBDE0FE))
            polygon(star(4, inner: 0.04, outer: 0.16).map { ($0.0 + 0.3, $0.1 - 0.3) }, .white)
        }
    }
}
