import TactileCore

extension TextMeasurer {
    /// How many of a row's choices stand side by side in `width` (`gap` between them, each
    /// keeping `inset` clear inside): all where every one's words fit their share on up to
    /// `lines` lines without losing letters, even given way in size to `smallest` of `font`;
    /// else as many as do, the rest on lines below, the lines as even as they can be (large text
    /// on a narrow sheet: rows become stacks); one where even alone they do not.
    public func sideBySide(_ words: [String], width: Double, gap: Double, inset: Double = 0, font: Font, smallest: Double, lines: Int = 1) -> Int {
        guard !words.isEmpty else { return 1 }
        let most =
            (1...words.count).reversed().first { n in
                let room = (width - gap * Double(n - 1)) / Double(n) - 2 * inset
                return words.allSatisfy { fits($0, in: room, font: font, smallest: smallest, lines: lines) }
            } ?? 1
        return ChoiceColumns.balanced(most, of: words.count)
    }

    /// Whether `words` fit `width` on up to `lines` lines, whole words only, at `font` given way
    /// in size down to `smallest` of it.
    public func fits(_ words: String, in width: Double, font: Font, smallest: Double, lines: Int = 1) -> Bool {
        guard width > 0 else { return words.isEmpty }
        let small = self.font(fitting: words, width: width, from: font, smallest: smallest)
        if measure(words, font: small).width <= width { return true }
        guard lines > 1 else { return false }
        // Whole: every letter there, no line cut or split inside a word.
        let broken = self.lines(of: words, font: small, width: width, maximumLines: lines)
        let letters = { (s: String) in s.filter { !$0.isWhitespace } }
        return letters(broken.joined()) == letters(words) && broken.allSatisfy { measure($0, font: small).width <= width + 0.5 }
    }

    /// `font`, smaller a whole size at a time down to `smallest` of it, until `text` fits `width`
    /// (German's long words on a button: they give way in size before they lose letters).
    public func font(fitting text: String, width: Double, from font: Font, smallest: Double = 0.7) -> Font {
        var fitted = font
        let floor = (font.size * smallest).rounded(.up)
        while fitted.size > floor, measure(text, font: fitted).width > width { fitted.size = max(floor, fitted.size.rounded(.up) - 1) }
        return fitted
    }
}

/// How choices share lines.
public enum ChoiceColumns {
    /// At most `most` side by side of `count`, as even as the lines they take allow: four that
    /// fit three to a line stand two and two, not three and one.
    public static func balanced(_ most: Int, of count: Int) -> Int {
        guard most > 0, count > 0 else { return 1 }
        let lines = (count + most - 1) / most
        return (count + lines - 1) / lines
    }
}

extension UIContext {
    /// `TextMeasurer.sideBySide` with this pass's measurer.
    public func sideBySide(_ words: [String], width: Double, gap: Double, inset: Double = 0, font: Font, smallest: Double, lines: Int = 1) -> Int {
        measurer.sideBySide(words, width: width, gap: gap, inset: inset, font: font, smallest: smallest, lines: lines)
    }

    /// `TextMeasurer.fits` with this pass's measurer.
    public func fits(_ words: String, in width: Double, font: Font, smallest: Double, lines: Int = 1) -> Bool {
        measurer.fits(words, in: width, font: font, smallest: smallest, lines: lines)
    }
}
