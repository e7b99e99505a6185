import TactileCore

/// How heavy a font is drawn.
public enum FontWeight: String, Hashable, Sendable, Codable, CaseIterable {
    case regular, medium, semibold, bold
}

/// A font request: size in points and weight. The renderer maps it to a TrueType face.
public struct Font: Hashable, Sendable, Codable {
    public var size: Double
    public var weight: FontWeight
    public init(size: Double, weight: FontWeight = .regular) { self.size = size; self.weight = weight }
}

/// Horizontal placement of text inside its frame (text is always centred vertically).
public enum TextAlignment: String, Hashable, Sendable, Codable {
    case leading, center, trailing
}

/// Measures text. The app measures with SDL_ttf; tests use `FixedWidthTextMeasurer` so that
/// layout is deterministic without fonts.
public protocol TextMeasurer: AnyObject {
    /// The size of `text` drawn in `font`, in points.
    func measure(_ text: String, font: Font) -> Size
}

/// A deterministic measurer: every character is 0.55 em wide and lines are 1.2 em tall.
public final class FixedWidthTextMeasurer: TextMeasurer {
    public init() {}
    public func measure(_ text: String, font: Font) -> Size {
        Size(width: Double(text.count) * font.size * 0.55, height: font.size * 1.2)
    }
}

extension TextMeasurer {
    /// `text` shortened with a trailing "…" so that it fits `width` (unchanged when it fits,
    /// empty when not even "…" fits).
    public func truncate(_ text: String, font: Font, toWidth width: Double) -> String {
        if measure(text, font: font).width <= width { return text }
        let ellipsis = "…"
        if measure(ellipsis, font: font).width > width { return "" }
        // Binary search the longest prefix that fits with the ellipsis.
        let chars = Array(text)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let candidate = String(chars[0..<mid]).trimmingTrailingSpaces() + ellipsis
            if measure(candidate, font: font).width <= width { lo = mid } else { hi = mid - 1 }
        }
        return String(chars[0..<lo]).trimmingTrailingSpaces() + ellipsis
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
