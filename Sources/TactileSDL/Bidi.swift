/// Just enough of the Unicode bidirectional algorithm for labels: which characters are written
/// right to left, the line's own direction, and the order runs go in on screen. Strong letters
/// decide; digits run left to right; spaces and punctuation take the direction around them (the
/// line's where the two sides differ). HarfBuzz then shapes each run in its direction.
enum Bidi {
    /// Whether each character is written right to left, and whether the line is (its first
    /// strong letter's direction).
    static func directions(of characters: [Character]) -> (characters: [Bool], paragraph: Bool) {
        enum Kind { case right, left, neutral }
        let kinds: [Kind] = characters.map { c in
            guard let s = c.unicodeScalars.first else { return .neutral }
            if isRightToLeft(s) { return .right }
            if c.isNumber || c.isLetter { return .left }
            return .neutral
        }
        let paragraph = kinds.first { $0 != .neutral } == .right
        var out = [Bool](repeating: paragraph, count: characters.count)
        var i = 0
        while i < kinds.count {
            switch kinds[i] {
            case .right: out[i] = true; i += 1
            case .left: out[i] = false; i += 1
            case .neutral:
                var j = i
                while j < kinds.count && kinds[j] == .neutral { j += 1 }
                let before = (0..<i).last.map { kinds[$0] }, after = j < kinds.count ? kinds[j] : nil
                let rtl: Bool
                if let before, let after, before == after { rtl = before == .right } else { rtl = paragraph }
                for k in i..<j { out[k] = rtl }
                i = j
            }
        }
        return (out, paragraph)
    }

    /// The pieces (in reading order) in the order they are drawn, left to right: a right-to-left
    /// line draws its stretches from the right; inside a right-to-left stretch the pieces go
    /// right to left, inside a left-to-right one left to right.
    static func visualOrder<P>(_ pieces: [P], paragraphIsRightToLeft: Bool, rtl: (P) -> Bool) -> [P] {
        var stretches: [[P]] = []
        for piece in pieces {
            if let last = stretches.last?.last, rtl(last) == rtl(piece) { stretches[stretches.count - 1].append(piece) } else { stretches.append([piece]) }
        }
        let ordered = paragraphIsRightToLeft ? stretches.reversed() : stretches
        return ordered.flatMap { stretch in stretch.first.map(rtl) == true ? stretch.reversed() : stretch }
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms.
    static func isRightToLeft(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x0590...0x08FF).contains(v) && !(0x0660...0x0669).contains(v) && !(0x06F0...0x06F9).contains(v)
            || (0xFB1D...0xFDFF).contains(v) || (0xFE70...0xFEFF).contains(v)
    }
}
