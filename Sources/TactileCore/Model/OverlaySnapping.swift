import Foundation

/// A line an overlay snapped to on the canvas: a centre line, an edge, a safe margin.
public struct OverlaySnapLine: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Comparable {
        // Declared in priority order: when two lines are equally near, the earlier wins.
        case centre, safeMargin, edge
        public static func < (a: Kind, b: Kind) -> Bool { a.order < b.order }
        private var order: Int { [.centre, .safeMargin, .edge].firstIndex(of: self)! }
    }
    public var kind: Kind
    /// Where the line is, as a fraction of the composition's width (for x) or height (for y).
    public var position: Double

    public init(_ kind: Kind, at position: Double) { self.kind = kind; self.position = position }
}

/// What an overlay snapped to: a vertical line (x), a horizontal one (y), a right angle.
public struct OverlaySnaps: Hashable, Sendable {
    public var x: OverlaySnapLine?
    public var y: OverlaySnapLine?
    /// The multiple of 90° the turn snapped to.
    public var angle: Double?

    public init(x: OverlaySnapLine? = nil, y: OverlaySnapLine? = nil, angle: Double? = nil) { self.x = x; self.y = y; self.angle = angle }

    public var isEmpty: Bool { x == nil && y == nil && angle == nil }

    /// The snaps in `self` that `previous` did not have (each one is announced by a cue once).
    public func entered(since previous: OverlaySnaps?) -> [String] {
        var out: [String] = []
        if let x, x != previous?.x { out.append(Self.name(x, axis: "X")) }
        if let y, y != previous?.y { out.append(Self.name(y, axis: "Y")) }
        if let angle, angle != previous?.angle { out.append("angle\(Int(angle))") }
        return out
    }

    /// A snap's name in the log: `centreX`, `edgeY`, `safeMarginX`.
    public static func name(_ line: OverlaySnapLine, axis: String) -> String { line.kind.rawValue + axis }
}

/// Snapping of an overlay dragged, pinched or turned on the canvas: its centre to the canvas's
/// centre lines, the edges of its (turned) box to the canvas's edges and safe margins, its turn
/// to 0, 90, 180 and 270°. Distances are measured in points on screen, so snapping feels the
/// same on every canvas size, as on the timeline.
public enum OverlaySnapping {
    /// The settings snapping uses.
    public struct Rules: Hashable, Sendable {
        /// How near a line snaps, in points on screen.
        public var threshold: Double
        /// The safe margin, as a share of the composition's width and height.
        public var safeMargin: Double
        /// How near a right angle a turn snaps, in degrees.
        public var rotationThreshold: Double

        public init(threshold: Double, safeMargin: Double, rotationThreshold: Double) {
            self.threshold = threshold; self.safeMargin = safeMargin; self.rotationThreshold = rotationThreshold
        }
    }

    /// Half the width and height of the upright box around a box of `size` turned `degrees`.
    public static func halfExtents(of size: Size, turned degrees: Double) -> Size {
        let r = degrees * .pi / 180, c = abs(cos(r)), s = abs(sin(r))
        return Size(width: (size.width * c + size.height * s) / 2, height: (size.width * s + size.height * c) / 2)
    }

    /// `transform` snapped, for an overlay whose box is `natural` at scale 1 on a picture of
    /// `picture` (both in points), and what it snapped to.
    public static func snap(_ transform: OverlayTransform, natural: Size, picture: Size, rules: Rules) -> (OverlayTransform, OverlaySnaps) {
        var t = transform
        var snaps = OverlaySnaps()
        let right = (t.rotation / 90).rounded() * 90
        if abs(t.rotation - right) <= rules.rotationThreshold {
            t.rotation = OverlayTransform.normalised(right)
            snaps.angle = abs(t.rotation) == 180 ? 180 : (t.rotation < 0 ? t.rotation + 360 : t.rotation)
        }
        let half = halfExtents(of: Size(width: natural.width * t.scale, height: natural.height * t.scale), turned: t.rotation)
        if picture.width > 0, let (x, line) = nearest(t.x, half: half.width / picture.width, length: picture.width, rules: rules) {
            t.x = x; snaps.x = line
        }
        if picture.height > 0, let (y, line) = nearest(t.y, half: half.height / picture.height, length: picture.height, rules: rules) {
            t.y = y; snaps.y = line
        }
        return (t, snaps)
    }

    /// The centre that puts the box (half-size `half`, a fraction) on the nearest line within
    /// the threshold along one axis of `length` points.
    private static func nearest(_ centre: Double, half: Double, length: Double, rules: Rules) -> (Double, OverlaySnapLine)? {
        let m = rules.safeMargin
        // (where the centre goes, the line it puts something on)
        let candidates: [(Double, OverlaySnapLine)] = [
            (0.5, OverlaySnapLine(.centre, at: 0.5)),
            (m + half, OverlaySnapLine(.safeMargin, at: m)), (1 - m - half, OverlaySnapLine(.safeMargin, at: 1 - m)),
            (half, OverlaySnapLine(.edge, at: 0)), (1 - half, OverlaySnapLine(.edge, at: 1)),
        ]
        var best: (distance: Double, centre: Double, line: OverlaySnapLine)?
        for (target, line) in candidates {
            let distance = abs(target - centre) * length
            guard distance <= rules.threshold else { continue }
            // A box about as wide as the picture has its edges' places on top of the centre's:
            // the centre line speaks for them (no flicker between lines that are one place).
            if line.kind != .centre && abs(target - 0.5) * length <= rules.threshold { continue }
            if let b = best, distance > b.distance + 1e-9 || (abs(distance - b.distance) <= 1e-9 && !(line.kind < b.line.kind)) { continue }
            best = (distance, target, line)
        }
        return best.map { ($0.centre, $0.line) }
    }
}
