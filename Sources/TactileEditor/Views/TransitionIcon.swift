import TactileCore
import TactileUI

/// A transition kind drawn so it can be told at a glance: two little pictures — the outgoing one
/// warm (a sun over the sea), the incoming one cool (a mountain under a pale sky) — caught the way
/// the kind joins them, with a mark of its motion where it has one. A hard cut is the two side
/// by side with a gap between.
struct TransitionIcon {
    let ui: UIContext
    /// The icon's line width and arrow size scale with it (`--ui-scale`).
    let scale: Double

    static let warmSky = Color(r: 246, g: 164, b: 82), warmSea = Color(r: 214, g: 98, b: 70), sun = Color(r: 255, g: 226, b: 120)
    static let coolSky = Color(r: 120, g: 178, b: 230), mountain = Color(r: 58, g: 110, b: 150), snow = Color(r: 240, g: 246, b: 252)
    static let edge = Color.white

    func draw(_ kind: Transition.Kind?, in box: Rect) {
        let r = 3 * scale
        switch kind {
        case nil:
            let gap = 3 * scale, half = (box.width - gap) / 2
            outgoing(in: Rect(x: box.x, y: box.y, width: half, height: box.height), radius: r)
            incoming(in: Rect(x: box.x + half + gap, y: box.y, width: half, height: box.height), radius: r)
        case .crossDissolve:
            // The two pictures overlapping, the incoming one half seen through.
            let w = box.width * 0.64
            outgoing(in: Rect(x: box.x, y: box.y, width: w, height: box.height), radius: r)
            incoming(in: Rect(x: box.maxX - w, y: box.y, width: w, height: box.height), radius: r, opacity: 0.55)
        case .dipToBlack:
            // Out to black and in from it: the pictures fading at either side of a black middle.
            let third = box.width / 3
            outgoing(in: Rect(x: box.x, y: box.y, width: third + r, height: box.height), radius: r, opacity: 0.7)
            incoming(in: Rect(x: box.maxX - third - r, y: box.y, width: third + r, height: box.height), radius: r, opacity: 0.7)
            ui.fill(Rect(x: box.x + third - r, y: box.y, width: third + 2 * r, height: box.height), .black, radius: r)
        case .wipe:
            // The incoming picture uncovered up to an edge sweeping right.
            let x = box.x + box.width * 0.55
            outgoing(in: box, radius: r)
            ui.clipped(to: Rect(x: box.x, y: box.y, width: x - box.x, height: box.height)) { incoming(in: box, radius: r) }
            ui.draw.add(.line(from: Point(x: x, y: box.y), to: Point(x: x, y: box.maxY), Self.edge, width: 1.5 * scale))
            arrow(at: Point(x: x, y: box.midY), pointing: 1)
        case .slide:
            // The incoming picture sliding in from the right, pushing the outgoing one out.
            let x = box.x + box.width * 0.45
            ui.clipped(to: box) {
                outgoing(in: Rect(x: x - box.width, y: box.y, width: box.width, height: box.height), radius: r)
                incoming(in: Rect(x: x, y: box.y, width: box.width, height: box.height), radius: r)
            }
            arrow(at: Point(x: x, y: box.midY), pointing: -1)
        case .zoom:
            // The incoming picture behind, the outgoing one growing out of its middle.
            incoming(in: box, radius: r)
            let inner = box.insetBy(dx: box.width * 0.27, dy: box.height * 0.24)
            outgoing(in: inner, radius: r / 2)
            ui.stroke(inner, Self.edge, width: scale, radius: r / 2)
            for (from, to) in [
                (Point(x: inner.minX, y: inner.minY), Point(x: box.minX + r, y: box.minY + r)),
                (Point(x: inner.maxX, y: inner.minY), Point(x: box.maxX - r, y: box.minY + r)),
                (Point(x: inner.minX, y: inner.maxY), Point(x: box.minX + r, y: box.maxY - r)),
                (Point(x: inner.maxX, y: inner.maxY), Point(x: box.maxX - r, y: box.maxY - r)),
            ] {
                ui.draw.add(.line(from: from, to: to, Self.edge, width: 1.2 * scale))
            }
        }
    }

    /// The outgoing picture: a sun low over a warm sea.
    private func outgoing(in rect: Rect, radius: Double, opacity: Double = 1) {
        ui.fill(rect, Self.warmSky.opacity(opacity), radius: radius)
        ui.fill(Rect(x: rect.x, y: rect.y + rect.height * 0.62, width: rect.width, height: rect.height * 0.38), Self.warmSea.opacity(opacity), radius: radius)
        let sun = min(rect.width, rect.height) * 0.2
        ui.draw.add(.fillCircle(center: Point(x: rect.midX, y: rect.y + rect.height * 0.45), radius: sun, Self.sun.opacity(opacity)))
    }

    /// The incoming picture: a snow-capped mountain under a pale sky.
    private func incoming(in rect: Rect, radius: Double, opacity: Double = 1) {
        ui.fill(rect, Self.coolSky.opacity(opacity), radius: radius)
        let peak = Point(x: rect.x + rect.width * 0.55, y: rect.y + rect.height * 0.22)
        let left = Point(x: rect.x + rect.width * 0.08, y: rect.maxY), right = Point(x: rect.maxX - rect.width * 0.04, y: rect.maxY)
        ui.draw.add(.triangle(peak, left, right, Self.mountain.opacity(opacity)))
        let cap = 0.3
        ui.draw.add(
            .triangle(
                peak, Point(x: peak.x + (left.x - peak.x) * cap, y: peak.y + (left.y - peak.y) * cap),
                Point(x: peak.x + (right.x - peak.x) * cap, y: peak.y + (right.y - peak.y) * cap), Self.snow.opacity(opacity)))
    }

    /// A small white arrowhead on the edge at `point`, pointing right (1) or left (−1).
    private func arrow(at point: Point, pointing direction: Double) {
        let s = 4 * scale
        ui.draw.add(
            .triangle(
                Point(x: point.x + direction * s, y: point.y), Point(x: point.x - direction * s * 0.3, y: point.y - s),
                Point(x: point.x - direction * s * 0.3, y: point.y + s), Self.edge))
    }
}
