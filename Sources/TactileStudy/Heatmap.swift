import Foundation
import TactileCore

/// Where people touched, as a heatmap over the UI: each touch-down spreads a Gaussian of
/// radius `sigma`; the sum, scaled to its peak, is coloured from transparent blue through green
/// and yellow to red and laid over a dimmed snapshot, with a dot at every touch.
public enum Heatmap {
    /// Touch density on a `width`×`height` pixel grid, 0 … 1 (1 at the peak). `points` are in pixels.
    public static func density(of points: [Point], width: Int, height: Int, sigma: Double) -> [Double] {
        var grid = [Double](repeating: 0, count: width * height)
        let reach = Int((sigma * 3).rounded(.up))
        let twoSigmaSquared = 2 * sigma * sigma
        // The kernel's row weights, computed once.
        let weights = (-reach...reach).map { d in exp(-Double(d * d) / twoSigmaSquared) }
        for p in points where p.x.isFinite && p.y.isFinite {
            // Only the part of the kernel over the grid (a touch far off the screen costs nothing).
            guard p.x > Double(-reach), p.y > Double(-reach), p.x < Double(width + reach), p.y < Double(height + reach) else { continue }
            let cx = Int(p.x.rounded()), cy = Int(p.y.rounded())
            let ys = max(-reach, -cy), ye = min(reach, height - 1 - cy), xs = max(-reach, -cx), xe = min(reach, width - 1 - cx)
            guard ys <= ye, xs <= xe else { continue }
            for dy in ys...ye {
                let wy = weights[dy + reach], row = (cy + dy) * width + cx
                for dx in xs...xe { grid[row + dx] += wy * weights[dx + reach] }
            }
        }
        let peak = grid.max() ?? 0
        if peak > 0 { for i in grid.indices { grid[i] /= peak } }
        return grid
    }

    /// The colour of density `v` (0 … 1): transparent at 0, then blue, cyan, green, yellow, red.
    public static func color(_ v: Double) -> (r: Double, g: Double, b: Double, a: Double) {
        let stops: [(Double, Double, Double, Double)] = [(0, 0, 1, 0), (0, 0.2, 1, 0.35), (0, 1, 1, 0.5), (0, 1, 0, 0.6), (1, 1, 0, 0.7), (1, 0, 0, 0.8)]
        let x = min(1, max(0, v)) * Double(stops.count - 1)
        let i = min(stops.count - 2, Int(x)), t = x - Double(i)
        let a = stops[i], b = stops[i + 1]
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        return (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2), mix(a.3, b.3))
    }

    /// A dot drawn over the heat: where (pixels) and in which colour.
    public struct Mark: Sendable {
        public var point: Point
        public var color: (r: UInt8, g: UInt8, b: UInt8)
        public init(point: Point, color: (r: UInt8, g: UInt8, b: UInt8)) { self.point = point; self.color = color }
    }

    /// `background` dimmed, with the heat of `points` (in pixels) over it and a dot at each
    /// (white, or as `marks` colour them) of radius `dot` pixels, ringed in black so it shows on
    /// any colour.
    public static func render(
        _ points: [Point], over background: RGBAImage, sigma: Double, dim: Double = 0.55, marks: [Mark]? = nil, dot: Double = 1.5
    ) -> RGBAImage {
        let w = background.width, h = background.height
        let heat = density(of: points, width: w, height: h, sigma: sigma)
        var out = background
        for i in 0..<(w * h) {
            let c = color(heat[i])
            for k in 0..<3 {
                let base = Double(background.pixels[i * 4 + k]) * dim
                let over = (k == 0 ? c.r : k == 1 ? c.g : c.b) * 255
                out.pixels[i * 4 + k] = UInt8(min(255, max(0, base * (1 - c.a) + over * c.a)).rounded())
            }
            out.pixels[i * 4 + 3] = 255
        }
        for m in marks ?? points.map({ Mark(point: $0, color: (255, 255, 255)) }) {
            let p = m.point
            guard p.x.isFinite && p.y.isFinite && abs(p.x) < 1e9 && abs(p.y) < 1e9 else { continue }
            let x = Int(p.x.rounded()), y = Int(p.y.rounded())
            let r = max(1, dot), reach = Int((r + 1).rounded(.up))
            for dy in -reach...reach {
                for dx in -reach...reach where x + dx >= 0 && x + dx < w && y + dy >= 0 && y + dy < h {
                    let d = (Double(dx * dx + dy * dy)).squareRoot()
                    guard d <= r + 1 else { continue }
                    let i = ((y + dy) * w + x + dx) * 4
                    // The dot in its colour, its rim a pixel of black.
                    let c: (r: UInt8, g: UInt8, b: UInt8) = d <= r ? m.color : (0, 0, 0)
                    out.pixels[i] = c.r; out.pixels[i + 1] = c.g; out.pixels[i + 2] = c.b
                }
            }
        }
        return out
    }
}
