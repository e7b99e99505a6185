import Foundation

/// A point in the UI's coordinate space, in points (pt).
public struct Point: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    /// The straight-line distance to `other`.
    public func distance(to other: Point) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    /// The size with width and height swapped (a device rotated by 90°).
    public var rotated: Size { Size(width: height, height: width) }
    public var description: String { "\(width)x\(height)" }

    /// Parses "390x844" (as used on the command line).
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0 else { return nil }
        self.init(width: w, height: h)
    }
}

/// An axis-aligned rectangle in points: origin at the top left, y grows downwards.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public init(origin: Point, size: Size) { self.init(x: origin.x, y: origin.y, width: size.width, height: size.height) }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var size: Size { Size(width: width, height: height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether `p` lies inside (left and top edges inclusive, right and bottom exclusive).
    public func contains(_ p: Point) -> Bool { p.x >= x && p.x < maxX && p.y >= y && p.y < maxY }

    /// The upright rectangle holding this one turned `degrees` about its centre.
    public func turned(by degrees: Double) -> Rect {
        guard degrees != 0 else { return self }
        let r = degrees * .pi / 180, c = abs(cos(r)), s = abs(sin(r))
        let w = width * c + height * s, h = width * s + height * c
        return Rect(x: midX - w / 2, y: midY - h / 2, width: w, height: h)
    }

    /// Whether `r` lies wholly inside this rectangle (edges may touch).
    public func contains(_ r: Rect) -> Bool { r.x >= x && r.maxX <= maxX && r.y >= y && r.maxY <= maxY }

    /// Whether the two rectangles overlap with a positive area.
    public func intersects(_ r: Rect) -> Bool { x < r.maxX && r.x < maxX && y < r.maxY && r.y < maxY }

    /// The overlap of two rectangles (empty `.zero` when they do not meet).
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(x, r.x), y0 = max(y, r.y), x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }

    /// The smallest rectangle holding both.
    public func union(_ r: Rect) -> Rect {
        let x0 = min(x, r.x), y0 = min(y, r.y)
        return Rect(x: x0, y: y0, width: max(maxX, r.maxX) - x0, height: max(maxY, r.maxY) - y0)
    }

    /// What is left of this rectangle with `hole` taken out, as up to four bands that do not
    /// overlap (above, below, left, right of the hole): a scrim with a window in it.
    public func subtracting(_ hole: Rect) -> [Rect] {
        let x0 = max(x, hole.minX), x1 = min(maxX, hole.maxX), y0 = max(y, hole.minY), y1 = min(maxY, hole.maxY)
        guard x0 < x1, y0 < y1 else { return [self] }
        return [
            Rect(x: x, y: y, width: width, height: y0 - y),
            Rect(x: x, y: y1, width: width, height: maxY - y1),
            Rect(x: x, y: y0, width: x0 - x, height: y1 - y0),
            Rect(x: x1, y: y0, width: maxX - x1, height: y1 - y0),
        ].filter { $0.width > 0 && $0.height > 0 }
    }

    /// The rectangle grown by `dx` on the left and right and `dy` on the top and bottom (negative shrinks).
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public func outsetBy(dx: Double, dy: Double) -> Rect { insetBy(dx: -dx, dy: -dy) }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// Splits off a slice of `amount` from the top, returning (slice, remainder).
    /// The leftmost `amount` (clamped to the width) and what is left to its right.
    public func sliceLeft(_ amount: Double) -> (slice: Rect, rest: Rect) {
        let a = min(max(0, amount), width)
        return (Rect(x: x, y: y, width: a, height: height), Rect(x: x + a, y: y, width: width - a, height: height))
    }

    /// The rightmost `amount` (clamped to the width) and what is left to its left.
    public func sliceRight(_ amount: Double) -> (slice: Rect, rest: Rect) {
        let a = min(max(0, amount), width)
        return (Rect(x: maxX - a, y: y, width: a, height: height), Rect(x: x, y: y, width: width - a, height: height))
    }

    public func sliceTop(_ amount: Double) -> (slice: Rect, rest: Rect) {
        let a = min(max(0, amount), height)
        return (Rect(x: x, y: y, width: width, height: a), Rect(x: x, y: y + a, width: width, height: height - a))
    }
    /// Splits off a slice of `amount` from the bottom, returning (slice, remainder).
    public func sliceBottom(_ amount: Double) -> (slice: Rect, rest: Rect) {
        let a = min(max(0, amount), height)
        return (Rect(x: x, y: maxY - a, width: width, height: a), Rect(x: x, y: y, width: width, height: height - a))
    }

    /// The smallest rectangle of the given aspect ratio (width / height) centred on `self` and
    /// covering it.
    public func aspectFill(_ aspect: Double) -> Rect {
        guard aspect > 0, !isEmpty else { return self }
        if width / height > aspect {
            let h = width / aspect
            return Rect(x: x, y: midY - h / 2, width: width, height: h)
        }
        let w = height * aspect
        return Rect(x: midX - w / 2, y: y, width: w, height: height)
    }

    /// The largest rectangle of the given aspect ratio (width / height) centred inside `self`.
    public func aspectFit(_ aspect: Double) -> Rect {
        guard aspect > 0, !isEmpty else { return self }
        if width / height > aspect {
            let w = height * aspect
            return Rect(x: midX - w / 2, y: y, width: w, height: height)
        }
        let h = width / aspect
        return Rect(x: x, y: midY - h / 2, width: width, height: h)
    }

    public var description: String { "Rect(\(x), \(y), \(width), \(height))" }
}

extension Size {
    /// The centred part of a picture this size that has `aspect` (width / height): what a
    /// fill-and-crop shows.
    public func centredCrop(aspect: Double) -> Rect {
        guard aspect > 0, width > 0, height > 0 else { return Rect(origin: .zero, size: self) }
        if width / height > aspect {
            let w = height * aspect
            return Rect(x: (width - w) / 2, y: 0, width: w, height: height)
        }
        let h = width / aspect
        return Rect(x: 0, y: (height - h) / 2, width: width, height: h)
    }
}
