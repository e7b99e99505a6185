import CSDL2
import CSDL2TTF
import Foundation
import TactileCore
import TactileUI

/// TrueType faces by weight and pixel size, opened on first use and kept open.
/// Inter (an SF-like face, Debian's fonts-inter) is preferred; DejaVu Sans is the fallback.
public final class Fonts {
    /// Font files tried for each weight, first found wins.
    public static func candidates(for weight: FontWeight) -> [String] {
        let inter = "/usr/share/fonts/opentype/inter/Inter-"
        let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans"
        switch weight {
        case .regular: return [inter + "Regular.otf", dejavu + ".ttf"]
        case .medium: return [inter + "Medium.otf", dejavu + ".ttf"]
        case .semibold: return [inter + "SemiBold.otf", dejavu + "-Bold.ttf"]
        case .bold: return [inter + "Bold.otf", dejavu + "-Bold.ttf"]
        }
    }

    static func startTTF() throws {
        // Under the faces' lock: workers make their `Fonts` on their own threads too.
        faces.lock()
        defer { faces.unlock() }
        if TTF_WasInit() == 0 { guard TTF_Init() == 0 else { throw SDLError("starting SDL_ttf") } }
    }

    /// Faces for what the primary one lacks: symbols and scripts (DejaVu Sans), then emoji
    /// (Noto Color Emoji, Debian's fonts-noto-color-emoji). See `TextRuns`.
    public static let symbolCandidates = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
    public static let emojiCandidates = ["/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"]

    private struct Key: Hashable { var weight: FontWeight; var pixels: Int }
    private var open: [Key: OpaquePointer] = [:]
    private var paths: [FontWeight: String] = [:]
    private var symbols: [Int: OpaquePointer] = [:]
    private var emoji: OpaquePointer?
    private var emojiTried = false
    private let symbolPath = Fonts.symbolCandidates.first { FileManager.default.fileExists(atPath: $0) }

    public init() throws {
        try Fonts.startTTF()
        for weight in FontWeight.allCases {
            guard let path = Fonts.candidates(for: weight).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
                throw SDLError(message: "no font found for \(weight) text; install fonts-inter or fonts-dejavu-core (Scripts/run does)")
            }
            paths[weight] = path
        }
    }

    /// The face for `font` at `pixels` pixels, opened on first use.
    func face(_ weight: FontWeight, pixels: Int) -> OpaquePointer? {
        let key = Key(weight: weight, pixels: max(1, min(pixels, 512)))
        if let f = open[key] { return f }
        guard let path = paths[weight], let f = Fonts.openFace(path, pixels: key.pixels) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        open[key] = f
        return f
    }

    /// The symbol face at `pixels`, when installed.
    func symbolFace(pixels: Int) -> OpaquePointer? {
        let size = max(1, min(pixels, 512))
        if let f = symbols[size] { return f }
        guard let path = symbolPath, let f = Fonts.openFace(path, pixels: size) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        symbols[size] = f
        return f
    }

    /// The emoji face (one bitmap strike, scaled when drawn), when installed.
    func emojiFace() -> OpaquePointer? {
        if !emojiTried {
            emojiTried = true
            if let path = Fonts.emojiCandidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { emoji = Fonts.openFace(path, pixels: 109) }
        }
        return emoji
    }

    /// The size of `text` in pixels at `pixels` pixels per em, with the fallback faces where
    /// the primary one has no glyph.
    func measure(_ text: String, weight: FontWeight, pixels: Int) -> (width: Int, height: Int) {
        guard !text.isEmpty else { return (0, 0) }
        let line = TextRuns(text, weight: weight, pixels: pixels, fonts: self)
        return (line.width, line.height)
    }

    deinit {
        Fonts.faces.lock()
        defer { Fonts.faces.unlock() }
        for f in open.values { TTF_CloseFont(f) }
        for f in symbols.values { TTF_CloseFont(f) }
        if let emoji { TTF_CloseFont(emoji) }
    }

    /// Opening and closing faces, one thread at a time. SDL_ttf keeps one FreeType library for the
    /// process, and FreeType asks that a library's faces be made and freed under a lock: video
    /// export's workers each have their own `Fonts` but open faces lazily, at the size a frame
    /// first needs, and free them as they end. Two at once corrupted FreeType's memory and
    /// crashed `tactile clips` now and then (SIGSEGV in libfreetype, seen under load).
    static let faces = NSLock()

    /// A face of the file at `path` at `pixels` pixels per em, opened under `faces`.
    static func openFace(_ path: String, pixels: Int) -> OpaquePointer? {
        faces.lock()
        defer { faces.unlock() }
        return TTF_OpenFont(path, Int32(pixels))
    }
}

/// Measures text with the real fonts, in points, at the resolution the renderer draws at.
public final class TTFTextMeasurer: TextMeasurer {
    private let fonts: Fonts
    private let scale: Double
    /// Sizes measured so far: labels repeat frame after frame.
    private var cache: [MeasureKey: Size] = [:]

    /// A cache key without building a string (formatting the size each call cost more than the
    /// lookup it saved).
    private struct MeasureKey: Hashable {
        var text: String
        var font: Font
    }

    public init(fonts: Fonts, scale: Double) { self.fonts = fonts; self.scale = max(scale, 1) }

    public func measure(_ text: String, font: Font) -> Size {
        let key = MeasureKey(text: text, font: font)
        if let s = cache[key] { return s }
        let pixels = Int((font.size * scale).rounded())
        let m = fonts.measure(text, weight: font.weight, pixels: pixels)
        let size = Size(width: Double(m.width) / scale, height: Double(m.height) / scale)
        if cache.count > 4096 { cache.removeAll() }
        cache[key] = size
        return size
    }

    /// The last line asked for: a text field asks for the same words frame after frame.
    private var lastCarets: (key: MeasureKey, carets: TextCarets)?

    public func carets(_ text: String, font: Font) -> TextCarets {
        let key = MeasureKey(text: text, font: font)
        if let last = lastCarets, last.key == key { return last.carets }
        let pixels = Int((font.size * scale).rounded())
        let line = TextRuns(text, weight: font.weight, pixels: pixels, fonts: fonts)
        let positions = line.carets(count: text.count, weight: font.weight, pixels: pixels, fonts: fonts).map { Double($0) / scale }
        let carets = TextCarets(positions: positions, isRightToLeft: line.isRightToLeft, width: Double(line.width) / scale)
        lastCarets = (key, carets)
        return carets
    }
}
