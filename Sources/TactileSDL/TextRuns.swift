import CSDL2
import CSDL2TTF
import Foundation
import TactileCore
import TactileUI

/// Text split into stretches each drawn with a face that has its glyphs: Inter for Latin text,
/// DejaVu Sans for what Inter lacks (Greek, Cyrillic, arrows, box drawing), Noto Color Emoji for
/// emoji — so a file named "🎬 take 2.mp4" shows its clapper, not a box. SDL_ttf 2 has no
/// fallback chain of its own; this is it. Emoji come as fixed-size colour bitmaps, scaled to the
/// line's height when drawn.
struct TextRuns {
    /// A face of the chain.
    enum Face: Hashable { case primary, symbols, emoji }

    struct Run: Hashable {
        var text: String
        var face: Face
        /// The run's width in pixels once scaled to the line, and the pixels it is rendered at.
        var width: Int
        /// Written right to left (Arabic, Hebrew): shaped by HarfBuzz in that direction.
        var rightToLeft = false
        /// Its characters' places in the line's text, in reading order.
        var indices: [Int] = []
    }

    /// Whether the line reads right to left.
    var isRightToLeft = false

    var runs: [Run]
    /// The line's size in pixels.
    var width: Int, height: Int

    /// Lays `text` out in `weight` at `pixels` pixels per em.
    init(_ text: String, weight: FontWeight, pixels: Int, fonts: Fonts) {
        guard let primary = fonts.face(weight, pixels: pixels) else { runs = []; width = 0; height = 0; return }
        let lineHeight = Int(TTF_FontHeight(primary))
        // Plain ASCII (nearly every string the editor draws) is the primary face's alone.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(primary, text, &w, &h)
            runs = [Run(text: text, face: .primary, width: Int(w), indices: Array(0..<text.count))]
            width = Int(w); height = max(Int(h), lineHeight)
            return
        }
        let characters = Array(text)
        let line = Bidi.line(characters)
        // Stretches drawn left to right: characters next to each other on screen at the same
        // level and in the same face. A right-to-left stretch is met backwards, and keeps its
        // reading order for HarfBuzz, which shapes (and mirrors) it right to left.
        var pieces: [(text: String, face: Face, level: Int, indices: [Int])] = []
        for i in line.visualOrder {
            let character = characters[i], level = line.levels[i]
            let face = Self.face(for: character, primary: primary, fonts: fonts, pixels: pixels)
            if let last = pieces.last, last.face == face, last.level == level {
                let n = pieces.count - 1
                if level % 2 == 1 {
                    pieces[n].text.insert(character, at: pieces[n].text.startIndex)
                    pieces[n].indices.insert(i, at: 0)
                } else {
                    pieces[n].text.append(character)
                    pieces[n].indices.append(i)
                }
            } else {
                pieces.append((String(character), face, level, [i]))
            }
        }
        isRightToLeft = line.isRightToLeft
        var total = 0
        runs = pieces.map { piece in
            let rtl = piece.level % 2 == 1
            let w = Self.width(of: piece.text, face: piece.face, rightToLeft: rtl, weight: weight, pixels: pixels, lineHeight: lineHeight, fonts: fonts)
            total += w
            return Run(text: piece.text, face: piece.face, width: w, rightToLeft: rtl, indices: piece.indices)
        }
        width = total; height = lineHeight
    }

    /// The longest run whose carets come from shaping each of its beginnings (longer ones add up
    /// their characters' own widths: a pasted page must not shape a million glyphs a keystroke).
    static let shapedCaretRun = 64

    /// Where a caret stands before each of the line's `count` characters and after the last, in
    /// pixels from the line's left edge: after the character before it, on the side it is
    /// written towards (its right in a left-to-right run, its left in a right-to-left one); the
    /// first place at the first character's leading side. Each character's box comes from the
    /// widths of its run's beginnings, shaped in the run's direction.
    func carets(count: Int, weight: FontWeight, pixels: Int, fonts: Fonts) -> [Int] {
        guard count > 0 else { return [isRightToLeft ? width : 0] }
        var boxes = [(Int, Int)](repeating: (0, 0), count: count)
        let lineHeight = height
        var x = 0
        for run in runs {
            let characters = Array(run.text)
            var prefix = [0]
            if characters.count <= Self.shapedCaretRun {
                for j in 1..<max(1, characters.count) {
                    prefix.append(
                        Self.width(
                            of: String(characters[0..<j]), face: run.face, rightToLeft: run.rightToLeft, weight: weight, pixels: pixels,
                            lineHeight: lineHeight, fonts: fonts))
                }
            } else {
                // A long run: each character's own width, scaled so they add up to the run's (one
                // measure a character rather than one a beginning).
                let each = characters.map {
                    Self.width(
                        of: String($0), face: run.face, rightToLeft: run.rightToLeft, weight: weight, pixels: pixels, lineHeight: lineHeight, fonts: fonts)
                }
                let total = max(1, each.reduce(0, +)), k = Double(run.width) / Double(total)
                var sum = 0
                for w in each.dropLast() {
                    sum += w
                    prefix.append(Int((Double(sum) * k).rounded()))
                }
            }
            prefix.append(run.width)
            // A joined script's beginning can be wider than more of it (its last letter takes its
            // final form): each place no further along than the next.
            for j in stride(from: prefix.count - 2, through: 0, by: -1) { prefix[j] = min(max(0, prefix[j]), prefix[j + 1]) }
            for (j, index) in run.indices.enumerated() where index < count && j + 1 < prefix.count {
                boxes[index] = run.rightToLeft ? (x + run.width - prefix[j + 1], x + run.width - prefix[j]) : (x + prefix[j], x + prefix[j + 1])
            }
            x += run.width
        }
        let rtl = Set(runs.filter(\.rightToLeft).flatMap(\.indices))
        var carets = [rtl.contains(0) ? boxes[0].1 : boxes[0].0]
        for i in 0..<count { carets.append(rtl.contains(i) ? boxes[i].0 : boxes[i].1) }
        return carets
    }

    /// The face that draws `character`: emoji presentation goes to the emoji face; otherwise the
    /// first face that has every one of its code points.
    static func face(for character: Character, primary: OpaquePointer, fonts: Fonts, pixels: Int) -> Face {
        let scalars = character.unicodeScalars.filter { !ignorable($0) }
        guard let first = scalars.first else { return .primary }
        let wantsEmoji =
            character.unicodeScalars.contains { $0.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains($0.value) }
            || first.properties.isEmojiPresentation
        if wantsEmoji, let emoji = fonts.emojiFace(), TTF_GlyphIsProvided32(emoji, first.value) != 0 { return .emoji }
        if scalars.allSatisfy({ TTF_GlyphIsProvided32(primary, $0.value) != 0 }) { return .primary }
        if let symbols = fonts.symbolFace(pixels: pixels), scalars.allSatisfy({ TTF_GlyphIsProvided32(symbols, $0.value) != 0 }) { return .symbols }
        if let emoji = fonts.emojiFace(), TTF_GlyphIsProvided32(emoji, first.value) != 0 { return .emoji }
        return .primary
    }

    /// Joiners and selectors that shape a cluster but have no glyph of their own.
    static func ignorable(_ s: Unicode.Scalar) -> Bool {
        s.value == 0x200D || (0xFE00...0xFE0F).contains(s.value) || (0x1F3FB...0x1F3FF).contains(s.value) || (0xE0020...0xE007F).contains(s.value)
    }

    /// Runs `body` with `font` shaping right to left in the run's script (HarfBuzz joins Arabic
    /// letters; SDL_ttf does not guess a script once a direction is set), then puts the font back
    /// to left to right in the common script.
    static func shaped<T>(_ run: Run, with font: OpaquePointer, _ body: () -> T) -> T {
        guard run.rightToLeft else { return body() }
        let hebrew = run.text.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) || (0xFB1D...0xFB4F).contains($0.value) }
        TTF_SetFontDirection(font, TTF_DIRECTION_RTL)
        TTF_SetFontScriptName(font, hebrew ? "Hebr" : "Arab")
        defer { TTF_SetFontDirection(font, TTF_DIRECTION_LTR); TTF_SetFontScriptName(font, "Zyyy") }
        return body()
    }

    static func width(of text: String, face: Face, rightToLeft: Bool = false, weight: FontWeight, pixels: Int, lineHeight: Int, fonts: Fonts) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        let run = Run(text: text, face: face, width: 0, rightToLeft: rightToLeft)
        switch face {
        case .primary: if let f = fonts.face(weight, pixels: pixels) { shaped(run, with: f) { _ = TTF_SizeUTF8(f, text, &w, &h) } }
        case .symbols: if let f = fonts.symbolFace(pixels: pixels) { shaped(run, with: f) { _ = TTF_SizeUTF8(f, text, &w, &h) } }
        case .emoji:
            guard let f = fonts.emojiFace() else { return 0 }
            TTF_SizeUTF8(f, text, &w, &h)
            // A bitmap strike (136 px for Noto): scaled so that it stands as tall as the line.
            return h > 0 ? Int((Double(w) * Double(lineHeight) / Double(h)).rounded()) : 0
        }
        return Int(w)
    }

    /// The line rendered: the tintable part (white glyphs, drawn in the text's colour) and the
    /// emoji (in their own colours), each with where it goes in the line, in pixels.
    func render(
        weight: FontWeight, pixels: Int, fonts: Fonts
    ) -> (tinted: UnsafeMutablePointer<SDL_Surface>?, emoji: [(UnsafeMutablePointer<SDL_Surface>, SDL_Rect)]) {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        if runs.count == 1, runs[0].face == .primary {
            return (fonts.face(weight, pixels: pixels).flatMap { TTF_RenderUTF8_Blended($0, runs[0].text, white) }, [])
        }
        guard width > 0, height > 0,
            let line = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, tactile_SDL_PIXELFORMAT_ARGB8888())
        else { return (nil, []) }
        SDL_FillRect(line, nil, 0)
        var emoji: [(UnsafeMutablePointer<SDL_Surface>, SDL_Rect)] = []
        var x = 0
        for run in runs {
            defer { x += run.width }
            switch run.face {
            case .emoji:
                guard let f = fonts.emojiFace(), let s = TTF_RenderUTF8_Blended(f, run.text, white) else { continue }
                emoji.append((s, SDL_Rect(x: Int32(x), y: 0, w: Int32(run.width), h: Int32(height))))
            case .primary, .symbols:
                let face = run.face == .primary ? fonts.face(weight, pixels: pixels) : fonts.symbolFace(pixels: pixels)
                guard let f = face, let s = Self.shaped(run, with: f, { TTF_RenderUTF8_Blended(f, run.text, white) }) else { continue }
                SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_NONE)
                var dst = SDL_Rect(x: Int32(x), y: Int32((height - Int(s.pointee.h)) / 2), w: s.pointee.w, h: s.pointee.h)
                SDL_UpperBlit(s, nil, line, &dst)
                SDL_FreeSurface(s)
            }
        }
        return (line, emoji)
    }
}
