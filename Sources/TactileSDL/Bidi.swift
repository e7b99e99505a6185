import CFriBidi

/// The Unicode bidirectional algorithm for a line of text, by GNU FriBidi (UAX #9 complete:
/// explicit embeddings, weak types — European digits after Arabic letters are Arabic numbers (W2)
/// —, neutrals, paired brackets), then its reordering (L1's trailing spaces, L2) on whole
/// characters. Every line the renderer draws goes through it — the canvas, the movie, the text
/// field and the chrome — so mixed Arabic and Latin text reads the same everywhere.
enum Bidi {
    /// A line resolved: each character's embedding level (odd: written right to left), whether
    /// the line itself runs right to left, and the characters' indices in the order they are
    /// drawn from the left.
    struct Line: Equatable {
        var levels: [Int]
        var isRightToLeft: Bool
        var visualOrder: [Int]

        /// Whether character `i` is written right to left.
        func isRightToLeft(_ i: Int) -> Bool { levels[i] % 2 == 1 }
    }

    /// The line's direction: from its first strong letter, or given.
    enum Direction { case auto, leftToRight, rightToLeft }

    /// `characters` resolved and reordered.
    static func line(_ characters: [Character], direction: Direction = .auto) -> Line {
        var scalars: [UInt32] = []
        var first: [Int] = []
        for c in characters {
            first.append(scalars.count)
            scalars.append(contentsOf: c.unicodeScalars.map(\.value))
        }
        let n = Int32(scalars.count)
        var base: FriBidiParType
        switch direction {
        case .auto: base = tactile_fribidi_par_auto()
        case .leftToRight: base = tactile_fribidi_par_ltr()
        case .rightToLeft: base = tactile_fribidi_par_rtl()
        }
        guard n > 0 else { return Line(levels: [], isRightToLeft: direction == .rightToLeft, visualOrder: []) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        fribidi_get_bidi_types(scalars, n, &types)
        fribidi_get_bracket_types(scalars, n, types, &brackets)
        let resolved = fribidi_get_par_embedding_levels_ex(types, brackets, n, &base, &levels)
        let paragraphRTL = tactile_fribidi_dir_is_rtl(base) != 0
        let paragraphLevel = paragraphRTL ? 1 : 0
        // A character takes its first code point's level (a cluster is never split).
        var perCharacter = resolved > 0 ? first.map { Int(levels[$0]) } : [Int](repeating: paragraphLevel, count: characters.count)
        // L1: spaces at the line's end take the line's own level.
        var end = characters.count
        while end > 0, characters[end - 1].isWhitespace {
            end -= 1
            perCharacter[end] = paragraphLevel
        }
        return Line(levels: perCharacter, isRightToLeft: paragraphRTL, visualOrder: reordered(perCharacter))
    }

    /// L2: from the highest level down to the lowest odd one, each stretch at that level or
    /// higher reversed.
    static func reordered(_ levels: [Int]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}
