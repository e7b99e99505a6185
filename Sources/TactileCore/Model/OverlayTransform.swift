import Foundation

/// Where an overlay (a text, sticker or picture on an overlay track) sits on the composition:
/// its centre as fractions of the composition's width and height, its size against its natural
/// size, and its turn. Fractions keep a placement when the format changes.
public struct OverlayTransform: Hashable, Sendable {
    /// The centre, as fractions of the composition's width and height (0.5, 0.5: the middle).
    public var x: Double, y: Double
    /// Size against the overlay's natural size (1).
    public var scale: Double
    /// Clockwise turn in degrees, in -180 ..< 180.
    public var rotation: Double

    /// Where a centre may be: a little past the edges, so an overlay can be slid half off.
    public static let positions = -0.5...1.5
    /// How far an overlay can shrink and grow.
    public static let scales = 0.1...10.0

    public init(x: Double, y: Double, scale: Double = 1, rotation: Double = 0) {
        self.x = x; self.y = y; self.scale = scale; self.rotation = Self.normalised(rotation)
    }

    /// The same angle in -180 ..< 180.
    public static func normalised(_ degrees: Double) -> Double {
        guard degrees.isFinite else { return 0 }
        let r = (degrees + 180).truncatingRemainder(dividingBy: 360)
        return (r < 0 ? r + 360 : r) - 180
    }

    /// Where an overlay of `kind` sits until it is moved: titles low in the middle, stickers and
    /// pictures in the top right corner.
    public static func placement(for kind: ClipKind) -> OverlayTransform {
        switch kind {
        case .text: return OverlayTransform(x: 0.5, y: 0.78)
        case .sticker: return OverlayTransform(x: 0.84, y: 0.2)
        case .image, .video: return OverlayTransform(x: 0.76, y: 0.24)
        case .audio: return OverlayTransform(x: 0.5, y: 0.5)
        }
    }

    /// Where a new overlay of `kind` goes when others (`taken`) are on screen at the same time:
    /// its kind's usual place if that is free, else the next free step up the picture (then down
    /// from the top), so added titles never stack on one spot. Nil when the usual place is free.
    public static func freePlacement(for kind: ClipKind, avoiding taken: [OverlayTransform]) -> OverlayTransform? {
        let usual = placement(for: kind)
        func isFree(_ t: OverlayTransform) -> Bool { !taken.contains { abs($0.x - t.x) < 0.05 && abs($0.y - t.y) < 0.05 } }
        if isFree(usual) { return nil }
        let step = 0.12, rows = Int((0.9 - 0.1) / step) + 1
        for i in 1..<rows * 2 {
            var candidate = usual
            let y = usual.y - Double(i) * step
            // Up the picture first; past the top margin, on down from it.
            candidate.y = y >= 0.1 ? y : 0.1 + (0.1 - y).truncatingRemainder(dividingBy: 0.8)
            if isFree(candidate) { return candidate }
        }
        return usual
    }

    /// What is wrong with a transform, in words naming the field, or nil.
    public static func problem(x: Double, y: Double, scale: Double, rotation: Double) -> (field: String, message: String)? {
        for (name, v) in [("x", x), ("y", y)] where !positions.contains(v) {
            return (name, "must be between \(positions.lowerBound) and \(positions.upperBound) (a fraction of the picture), not \(v)")
        }
        if !scales.contains(scale) { return ("scale", "must be between \(scales.lowerBound) and \(scales.upperBound), not \(scale)") }
        if !rotation.isFinite || abs(rotation) > 3600 { return ("rotation", "must be an angle in degrees, not \(rotation)") }
        return nil
    }
}
