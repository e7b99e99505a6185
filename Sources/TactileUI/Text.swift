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
    /// Where a caret stands at each place in `text` once drawn in `font` (as the renderer orders
    /// mixed right-to-left and left-to-right text).
    func carets(_ text: String, font: Font) -> TextCarets
}

/// Where a caret stands at each place in a line of text: `positions[i]` is the x, from the
/// line's left edge in points, of the caret before character `i` in reading order (the last is
/// after the last character) — after the character before it, on the side it is written
/// towards. `isRightToLeft`: the line reads right to left (its first strong letter does).
public struct TextCarets: Hashable, Sendable {
    public var positions: [Double]
    public var isRightToLeft: Bool
    public var width: Double
    public init(positions: [Double], isRightToLeft: Bool, width: Double) {
        self.positions = positions; self.isRightToLeft = isRightToLeft; self.width = width
    }

    /// The place (0 … count) whose caret stands nearest `x`.
    public func nearest(to x: Double) -> Int {
        positions.indices.min { abs(positions[$0] - x) < abs(positions[$1] - x) } ?? 0
    }
}

extension TextMeasurer {
    /// Carets as a left-to-right line has them, from the widths of its beginnings (a measurer
    /// that knows no bidi).
    public func carets(_ text: String, font: Font) -> TextCarets {
        let characters = Array(text)
        let positions = (0...characters.count).map { measure(String(characters[0..<$0]), font: font).width }
        return TextCarets(positions: positions, isRightToLeft: false, width: positions.last ?? 0)
    }
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

extension TextMeasurer {
    /// `text` broken into at most `maximumLines` lines that each fit `width`: at spaces where it
    /// can, inside a word longer than a line where it must (with `TextRun.splitHyphen`); the last line
    /// ends in "…" when text is left over.
    public func lines(of text: String, font: Font, width: Double, maximumLines: Int) -> [String] {
        guard maximumLines > 1, measure(text, font: font).width > width else { return [truncate(text, font: font, toWidth: width)] }
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty && lines.count < maximumLines - 1 {
            // The longest prefix that fits, preferring to end at a space.
            let chars = Array(rest)
            var lo = 1, hi = chars.count
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if measure(String(chars[0..<mid]), font: font).width <= width { lo = mid } else { hi = mid - 1 }
            }
            var cut = lo
            if cut < chars.count, let space = chars[0..<cut].lastIndex(of: " "), space > 0 {
                cut = space
            } else if cut < chars.count, let joint = Self.identifierJoint(in: chars, before: cut) {
                // A name of the lab's (`clip:beach.trimHandle`, `tapMaximumDuration`) breaks
                // after its dots and colons or between its words' capitals, as code does.
                lines.append(String(chars[0..<joint]))
                rest = Substring(String(chars[joint...]))
                continue
            }
            // A word longer than the line is split with a hyphen (U+2010, which the layout check
            // takes for a word split inside: a label should wrap at spaces or give way in size).
            if cut < chars.count, chars[cut - 1].isLetter, chars[cut].isLetter {
                while cut > 1, measure(String(chars[0..<cut]) + TextRun.splitHyphen, font: font).width > width { cut -= 1 }
                lines.append(String(chars[0..<cut]) + TextRun.splitHyphen)
                rest = Substring(String(chars[cut...]))
                continue
            }
            lines.append(String(chars[0..<cut]).trimmingTrailingSpaces())
            rest = Substring(String(chars[cut...]).drop { $0 == " " })
        }
        if !rest.isEmpty { lines.append(truncate(String(rest), font: font, toWidth: width)) }
        return lines
    }

    /// The last place before `end` (past its first third) where an identifier may break: after
    /// `.`, `:`, `/` or `_`, or before a capital that follows a small letter.
    static func identifierJoint(in chars: [Character], before end: Int) -> Int? {
        var i = end
        while i > max(1, end / 3) {
            let before = chars[i - 1], after = chars[i]
            if ".:/_".contains(before) && after != " " || before.isLowercase && after.isUppercase { return i }
            i -= 1
        }
        return nil
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
