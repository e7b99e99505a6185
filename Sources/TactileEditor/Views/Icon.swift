import TactileCore
import TactileUI

/// The editor's icons, drawn from draw-list primitives (no icon font needed), centred in a box.
enum Icon {
    case play, pause, undo, redo, video, audio, text, sticker, image, split, delete
    case chevronLeft, chevronRight, chevronDown, chevronUp, bar, export, microphone
    /// The project list: four tiles. More: three dots (a row's actions).
    case projects, more

    func draw(in box: Rect, color: Color, ui: UIContext) {
        let c = box.center, s = min(box.width, box.height)
        func p(_ dx: Double, _ dy: Double) -> Point { Point(x: c.x + dx * s, y: c.y + dy * s) }
        func line(_ a: Point, _ b: Point, _ w: Double = 0.09) { ui.draw.add(.line(from: a, to: b, color, width: w * s)) }
        switch self {
        case .play:
            ui.draw.add(.triangle(p(-0.22, -0.3), p(0.32, 0), p(-0.22, 0.3), color))
        case .pause:
            ui.fill(Rect(x: c.x - 0.24 * s, y: c.y - 0.28 * s, width: 0.16 * s, height: 0.56 * s), color, radius: 0.03 * s)
            ui.fill(Rect(x: c.x + 0.08 * s, y: c.y - 0.28 * s, width: 0.16 * s, height: 0.56 * s), color, radius: 0.03 * s)
        case .undo, .redo:
            let m: Double = self == .undo ? 1 : -1
            // A hook — across the top, round the right side, back along the bottom — as one band,
            // so no seams show where pieces would meet (they did at 3×).
            let hw = 0.045
            func arc(_ grow: Double, reversed: Bool) -> [Point] {
                let steps = reversed ? Array((0...12).reversed()) : Array(0...12)
                return steps.map { i in
                    let a = -Double.pi / 2 + Double(i) / 12 * Double.pi
                    return p(m * (0.06 + cos(a) * (0.22 + grow)), 0.04 + sin(a) * (0.2 + grow))
                }
            }
            ui.draw.add(
                .polygon(
                    [p(m * -0.14, -0.16 - hw)] + arc(hw, reversed: false) + [p(m * -0.18, 0.24 + hw), p(m * -0.18, 0.24 - hw)]
                        + arc(-hw, reversed: true) + [p(m * -0.14, -0.16 + hw)], color))
            ui.draw.add(.triangle(p(m * -0.3, -0.16), p(m * -0.12, -0.3), p(m * -0.12, -0.02), color))
        case .video:
            ui.stroke(Rect(x: c.x - 0.32 * s, y: c.y - 0.22 * s, width: 0.44 * s, height: 0.44 * s), color, width: 0.08 * s, radius: 0.08 * s)
            ui.draw.add(.triangle(p(0.14, -0.02), p(0.34, -0.16), p(0.34, 0.16), color))
            ui.draw.add(.triangle(p(0.14, -0.02), p(0.34, 0.16), p(0.14, 0.06), color))
        case .audio:
            ui.draw.add(.fillCircle(center: p(-0.12, 0.2), radius: 0.11 * s, color))
            ui.draw.add(.fillCircle(center: p(0.2, 0.13), radius: 0.11 * s, color))
            line(p(-0.03, 0.2), p(-0.03, -0.28)); line(p(0.29, 0.13), p(0.29, -0.34))
            line(p(-0.03, -0.28), p(0.29, -0.34), 0.12)
        case .microphone:
            // A capsule on a stand: the head, the cradle round it, the stem and the foot.
            ui.fill(Rect(x: c.x - 0.12 * s, y: c.y - 0.36 * s, width: 0.24 * s, height: 0.44 * s), color, radius: 0.12 * s)
            let cradle = (0...10).map { i -> Point in
                let a = Double(i) / 10 * Double.pi
                return p(cos(a) * 0.22, 0.0 + sin(a) * 0.22)
            }
            for (a, b) in zip(cradle, cradle.dropFirst()) { line(a, b, 0.07) }
            line(p(0, 0.22), p(0, 0.36), 0.07); line(p(-0.14, 0.36), p(0.14, 0.36), 0.07)
        case .text:
            line(p(-0.26, -0.26), p(0.26, -0.26), 0.11); line(p(0, -0.26), p(0, 0.3), 0.11)
        case .sticker:
            // One polygon: no seams inside at any size or turn.
            ui.draw.add(
                .polygon(
                    (0..<10).map { i in
                        let a = -Double.pi / 2 + Double(i) * Double.pi / 5, r = i % 2 == 0 ? 0.34 : 0.14
                        return p(cos(a) * r, sin(a) * r)
                    }, color))
        case .image:
            ui.stroke(Rect(x: c.x - 0.32 * s, y: c.y - 0.26 * s, width: 0.64 * s, height: 0.52 * s), color, width: 0.07 * s, radius: 0.07 * s)
            ui.draw.add(.triangle(p(-0.24, 0.18), p(-0.06, -0.06), p(0.1, 0.18), color))
            ui.draw.add(.triangle(p(0.0, 0.18), p(0.12, 0.02), p(0.24, 0.18), color))
            ui.draw.add(.fillCircle(center: p(0.13, -0.1), radius: 0.06 * s, color))
        case .split:
            line(p(0, -0.34), p(0, 0.34), 0.07)
            ui.draw.add(.triangle(p(-0.32, -0.16), p(-0.08, 0), p(-0.32, 0.16), color))
            ui.draw.add(.triangle(p(0.32, -0.16), p(0.08, 0), p(0.32, 0.16), color))
        case .delete:
            line(p(-0.28, -0.2), p(0.28, -0.2), 0.08)
            line(p(-0.08, -0.28), p(0.08, -0.28), 0.08)
            ui.stroke(Rect(x: c.x - 0.2 * s, y: c.y - 0.16 * s, width: 0.4 * s, height: 0.46 * s), color, width: 0.08 * s, radius: 0.06 * s)
        case .chevronLeft, .chevronRight:
            let m: Double = self == .chevronLeft ? 1 : -1
            line(p(m * 0.1, -0.18), p(m * -0.08, 0), 0.1); line(p(m * -0.08, 0), p(m * 0.1, 0.18), 0.1)
        case .chevronDown, .chevronUp:
            let m: Double = self == .chevronDown ? 1 : -1
            line(p(-0.2, m * -0.08), p(0, m * 0.1), 0.09); line(p(0, m * 0.1), p(0.2, m * -0.08), 0.09)
        case .export:
            // A tray with an arrow rising out of it (the share sign).
            line(p(-0.24, -0.02), p(-0.24, 0.3), 0.08); line(p(-0.24, 0.3), p(0.24, 0.3), 0.08); line(p(0.24, 0.3), p(0.24, -0.02), 0.08)
            line(p(0, 0.14), p(0, -0.3), 0.08)
            ui.draw.add(.triangle(p(-0.16, -0.16), p(0, -0.36), p(0.16, -0.16), color))
        case .projects:
            for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                ui.fill(
                    Rect(x: c.x + (dx < 0 ? -0.3 : 0.04) * s, y: c.y + (dy < 0 ? -0.3 : 0.04) * s, width: 0.26 * s, height: 0.26 * s), color, radius: 0.06 * s)
            }
        case .more:
            for dx in [-0.22, 0, 0.22] { ui.draw.add(.fillCircle(center: p(dx, 0), radius: 0.055 * s, color)) }
        case .bar:
            ui.fill(Rect(x: c.x - 0.05 * s, y: c.y - 0.2 * s, width: 0.1 * s, height: 0.4 * s), color, radius: 0.05 * s)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
