/// "#RRGGBB" colours, as the configuration writes them.
public enum HexColor {
    /// The 0xRRGGBB value of "#RRGGBB" (or "RRGGBB"), nil when it is not one.
    public static func parse(_ text: String) -> UInt32? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6 else { return nil }
        return UInt32(digits, radix: 16)
    }
}
