import TactileCore
import TactileInput

/// What an on-screen keyboard typed in a pass.
public enum KeyboardOutput: Hashable, Sendable {
    /// Characters to insert (a letter, an accented letter, a space).
    case insert(String)
    /// Delete the character before the caret.
    case deleteBackward
    /// A new line.
    case newline
}

/// What an on-screen keyboard remembers between passes: its layer, shift, the key a finger is
/// holding (for the accents a long press offers), when it opened.
public struct KeyboardState: Hashable, Sendable {
    public enum Layer: String, Hashable, Sendable { case letters, numbers, symbols }
    public var layer: Layer = .letters
    /// Shift: the next letter is a capital (on at the start of a text, as phones do).
    public var shift = true
    /// A key a finger holds, since when, and with which finger.
    struct Held: Hashable, Sendable { var key: String; var since: Time; var finger: PointerID }
    var held: Held?
    /// When the keyboard opened: presses in the first moments are the end of the gesture that
    /// opened it (the second tap of a double tap), not typing.
    public var opened: Time

    public init(opened: Time) { self.opened = opened }
}

/// The letters an on-screen keyboard offers.
public enum KeyboardLayout: String, Hashable, Sendable {
    /// QWERTY, with shift and accents on long press.
    case latin
    /// The Arabic letters as Arabic keyboards place them (no case, so no shift), backspace on the left.
    case arabic
}

/// An on-screen keyboard drawn by our own UI, sized for fingers (a kiosk has no keyboard):
/// letters with shift, numbers and symbols, space, backspace, return, and the accented letters a
/// long press on a letter offers (slide onto one and lift). Returns what was typed.
public struct Keyboard {
    /// The rows of each layer; "⇧", "⌫", "123", "ABC", "#+=", "space", "return" are special keys.
    static let rows: [KeyboardState.Layer: [[String]]] = [
        .letters: [
            Array("qwertyuiop").map(String.init), Array("asdfghjkl").map(String.init),
            ["⇧"] + Array("zxcvbnm").map(String.init) + ["⌫"], ["123", "space", "return"],
        ],
        .numbers: [
            Array("1234567890").map(String.init), ["-", "/", ":", ";", "(", ")", "€", "&", "@", "\""],
            ["#+="] + [".", ",", "?", "!", "'"] + ["⌫"], ["ABC", "space", "return"],
        ],
        .symbols: [
            ["[", "]", "{", "}", "#", "%", "^", "*", "+", "="], ["_", "\\", "|", "~", "<", ">", "$", "£", "¥", "•"],
            ["123"] + [".", ",", "?", "!", "'"] + ["⌫"], ["ABC", "space", "return"],
        ],
    ]

    /// The accented letters a long press offers, by letter.
    static let accents: [String: [String]] = [
        "a": ["à", "á", "â", "ä", "æ", "ã", "å"], "c": ["ç", "ć", "č"], "e": ["è", "é", "ê", "ë", "ē"],
        "i": ["î", "ï", "í", "ì"], "n": ["ñ", "ń"], "o": ["ô", "ö", "ò", "ó", "œ", "ø", "õ"],
        "s": ["ß", "ś", "š"], "u": ["û", "ü", "ù", "ú"], "y": ["ÿ"], "z": ["ž", "ź", "ż"],
    ]

    /// The Arabic letters' rows.
    static let arabicRows: [[String]] = [
        Array("ضصثقفغعهخحج").map(String.init), Array("شسيبلاتنمكط").map(String.init),
        ["⌫"] + Array("ذءؤرىةوزظد").map(String.init), ["123", "space", "return"],
    ]

    let ui: UIContext
    let theme: Theme
    let layout: KeyboardLayout
    /// How long a key is held before its accents show (`input.longPressDuration`).
    let longPress: Time
    /// How long after opening presses are ignored (`input.doubleTapInterval`).
    let settle: Time

    public init(ui: UIContext, theme: Theme, layout: KeyboardLayout = .latin, longPress: Time, settle: Time) {
        self.ui = ui; self.theme = theme; self.layout = layout; self.longPress = longPress; self.settle = settle
    }

    /// The rows on show: the layout's letters, or numbers and symbols (digits as the locale writes them).
    func rows(_ layer: KeyboardState.Layer) -> [[String]] {
        switch layer {
        case .letters: return layout == .arabic ? Self.arabicRows : Self.rows[.letters] ?? []
        case .numbers:
            var rows = Self.rows[.numbers] ?? []
            rows[0] = Array(theme.strings.digits("1234567890")).map(String.init)
            return rows
        case .symbols: return Self.rows[.symbols] ?? []
        }
    }

    /// The keyboard's height for a width (rows of keys at the metrics' height, scaled with the
    /// text; smaller text keeps the rows a finger's height, as a phone's keyboard does).
    public static func height(theme: Theme) -> Double {
        let m = theme.metrics.keyboard, k = theme.clipFont.size / m.designFont
        return Double(4) * m.rowHeight * max(k, 1) + 2 * m.padding * k
    }

    /// The least height the keyboard keeps where a short screen asks it to give way (a landscape
    /// phone at large text): its rows a finger's height (`leastRowHeight`).
    public static func leastHeight(theme: Theme) -> Double {
        let m = theme.metrics.keyboard, k = theme.clipFont.size / m.designFont
        return min(height(theme: theme), Double(4) * m.leastRowHeight + 2 * m.padding * k)
    }

    /// Draws the keyboard in `frame` and returns what was typed in this pass.
    public func draw(in frame: Rect, state: inout KeyboardState) -> [KeyboardOutput] {
        let m = theme.metrics.keyboard, k = theme.clipFont.size / m.designFont
        let rows = rows(state.layer)
        var out: [KeyboardOutput] = []
        ui.fill(frame, theme.surface)
        ui.element(
            UIElement(
                id: "keyboard", role: "keyboard", label: "Keyboard", frame: frame,
                state: ["layer": .string(state.layer.rawValue), "shift": .bool(state.shift)]))
        // Rows as designed, shorter where the frame given is (never shorter than `leastHeight` asks).
        let padding = m.padding * k, rowHeight = min(m.rowHeight * max(k, 1), (frame.height - 2 * padding) / 4), gap = m.keyGap * k
        // Ten keys across (eleven for the Arabic rows): the widest row sets the unit.
        let unit = (frame.width - 2 * padding) / max(10, rows.map { row in row.reduce(0) { $0 + Self.units(of: $1, in: row) } }.max() ?? 10)
        var popup: (key: String, frame: Rect)?
        for (r, row) in rows.enumerated() {
            let widths = row.map { Self.units(of: $0, in: row) * unit }
            var x = frame.x + padding + (frame.width - 2 * padding - widths.reduce(0, +)) / 2
            let y = frame.y + padding + Double(r) * rowHeight
            for (key, width) in zip(row, widths) {
                // The hit area is the whole slot (no dead gaps between keys); the key is drawn inset.
                let slot = Rect(x: x, y: y, width: width, height: rowHeight)
                x += width
                let face = slot.insetBy(dx: gap / 2, dy: gap / 2)
                let shown = label(key, shift: state.shift)
                let i = ui.interact("key:" + key, hitFrame: slot, exclusive: true)
                let special = key.count > 1 || key == "⇧" || key == "⌫"
                let down = i.isPressedDown
                ui.fill(
                    face, down ? theme.accent : (special ? theme.surfaceRaised.mixed(with: theme.surface, 0.4) : theme.surfaceRaised),
                    radius: m.keyRadius * k)
                var font = special ? theme.clipFont : Font(size: m.letterFont * k, weight: .regular)
                // A key's letter or word gives way in size rather than to "…" (Arabic's eleven keys a row at 2×).
                // (Fonts come in whole sizes: down a size at a time until it fits.)
                let natural = ui.measurer.measure(shown, font: font).width
                if natural > face.width { font.size = (font.size * face.width / natural).rounded(.down) }
                while font.size > 1, ui.measurer.measure(shown, font: font).width > face.width { font.size -= 1 }
                ui.text(shown, in: face, font: font, color: key == "⇧" && state.shift ? theme.accent : theme.textPrimary, alignment: .center)
                // Its slot abuts its neighbours' (`tiled`): narrower than 44 pt as a phone's keys are, never shorter.
                ui.element(
                    UIElement(id: "key:" + key, role: "key", label: shown, frame: face, hitFrame: slot, state: ["pressed": .bool(down), "tiled": .bool(true)]))
                if i.pressed, let finger = i.fingers.first {
                    state.held = KeyboardState.Held(key: key, since: ui.now, finger: finger)
                }
                if let held = state.held, held.key == key, Self.accents[key] != nil, ui.now - held.since >= longPress {
                    popup = (key, face)
                } else if let held = state.held, held.key == key, Self.accents[key] != nil {
                    ui.requestFrames(.explicit([held.since + longPress]), reason: "key accents")
                }
                guard i.released else { continue }
                let wasHeld = state.held?.key == key
                if wasHeld { state.held = nil }
                guard ui.now - state.opened >= settle else { continue }
                if wasHeld, popup?.key == key {
                    // A long press: the accent under the finger, if it lifted on one.
                    if let location = i.location, let accent = accentFrames(for: key, above: face, k: k).first(where: { $0.1.contains(location) })?.0 {
                        out.append(.insert(Self.cased(accent, shift: state.shift)))
                        state.shift = false
                    }
                    popup = nil
                    continue
                }
                guard i.tapped else { continue }
                switch key {
                case "⇧": state.shift.toggle()
                case "⌫": out.append(.deleteBackward)
                case "123": state.layer = .numbers
                case "ABC": state.layer = .letters
                case "#+=": state.layer = .symbols
                case "space": out.append(.insert(" "))
                case "return": out.append(.newline)
                default:
                    out.append(.insert(shown))
                    state.shift = false
                }
            }
        }
        if let popup { drawAccents(for: popup.key, above: popup.frame, shift: state.shift, finger: state.held?.finger, k: k) }
        return out
    }

    /// How many tenths of the row a key takes.
    static func units(of key: String, in row: [String]) -> Double {
        switch key {
        case "space": return 5
        case "return", "123", "ABC": return row.count == 3 ? 2.5 : 1.5
        case "⇧", "⌫", "#+=": return 1.5
        default: return 1
        }
    }

    /// What a key shows: letters as capitals while shift is on.
    func label(_ key: String, shift: Bool) -> String {
        if key == "space" { return theme.strings[.keySpace] }
        if key == "return" { return theme.strings[.keyReturn] }
        return key.count == 1 ? Self.cased(key, shift: shift) : key
    }

    static func cased(_ s: String, shift: Bool) -> String { shift ? s.uppercased() : s }

    /// Where each accent of `key` sits, in a row above the key (kept on screen).
    private func accentFrames(for key: String, above face: Rect, k: Double) -> [(String, Rect)] {
        let options = Self.accents[key] ?? []
        let m = theme.metrics.keyboard
        let w = max(face.width, m.accentWidth * k), h = m.rowHeight * k
        let total = Double(options.count) * w
        let x0 = min(max(0, face.midX - w / 2), max(0, ui.viewport.width - total))
        return options.enumerated().map { i, a in (a, Rect(x: x0 + Double(i) * w, y: face.minY - h - m.keyGap * k, width: w, height: h)) }
    }

    private func drawAccents(for key: String, above face: Rect, shift: Bool, finger: PointerID?, k: Double) {
        let frames = accentFrames(for: key, above: face, k: k)
        guard let first = frames.first, let last = frames.last else { return }
        let m = theme.metrics.keyboard
        let under = finger.flatMap { ui.location(of: $0) }
        ui.inLayer(.topmost) {
            let panel = Rect(x: first.1.minX, y: first.1.minY, width: last.1.maxX - first.1.minX, height: first.1.height)
            ui.fill(panel.insetBy(dx: -m.keyGap * k, dy: -m.keyGap * k), theme.surfaceRaised, radius: m.keyRadius * k)
            for (accent, frame) in frames {
                let chosen = under.map { frame.contains($0) } ?? false
                if chosen { ui.fill(frame, theme.accent, radius: m.keyRadius * k) }
                ui.text(
                    Self.cased(accent, shift: shift), in: frame, font: Font(size: m.letterFont * k, weight: .regular),
                    color: theme.textPrimary, alignment: .center)
                ui.element(UIElement(id: "accent:" + accent, role: "accent", label: accent, frame: frame, state: ["chosen": .bool(chosen)]))
            }
        }
    }
}
