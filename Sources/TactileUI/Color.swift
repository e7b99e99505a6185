/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Hashable, Sendable, Codable {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// A colour from 0xRRGGBB, fully opaque.
    public init(hex: UInt32) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
    }

    /// The same colour with its alpha multiplied by `opacity` (0…1).
    public func opacity(_ opacity: Double) -> Color {
        var c = self
        c.a = UInt8((Double(a) * min(1, max(0, opacity))).rounded())
        return c
    }

    /// The colour mixed with `other` by `amount` (0 keeps self, 1 gives other).
    public func mixed(with other: Color, _ amount: Double) -> Color {
        let t = min(1, max(0, amount))
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
        return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: mix(a, other.a))
    }

    public static let white = Color(r: 255, g: 255, b: 255)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}
