import TactileCore
import TactileUI

/// While a text is edited: a field showing the words with a caret and Done, a row of styles
/// (size, a box behind the words, colours), and the on-screen keyboard, over the bottom of the
/// screen; a tap anywhere else is Done too. The canvas above shows the text live.
struct TextEditorView {
    static let doneID = "textEditor.done", scrimID = "textEditor.scrim"
    let ui: UIContext
    let layout: EditorLayout
    let configuration: TactileConfiguration
    let theme: Theme

    var scale: Double { theme.clipFont.size / theme.metrics.textEditor.designFont }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let edit = state.textEdit, let clip = state.project.clip(withID: edit.clipID)?.clip else { return [] }
        let m = theme.metrics.textEditor, k = scale, viewport = layout.viewport
        let keyboardHeight = Keyboard.height(theme: theme)
        let bar = m.barHeight * k, padding = m.padding * k
        // Portrait: across the bottom. Landscape: beside the canvas, which stays in view.
        let landscape = viewport.width > viewport.height && layout.canvas.maxX < viewport.width / 2 + 1
        let area =
            landscape
            ? Rect(x: layout.canvas.maxX, y: 0, width: viewport.width - layout.canvas.maxX, height: viewport.height)
            : Rect(origin: .zero, size: viewport)
        let keyboardFrame = Rect(x: area.x, y: area.maxY - keyboardHeight, width: area.width, height: keyboardHeight)
        let panel = Rect(x: area.x, y: keyboardFrame.minY - 2 * bar - 2 * padding, width: area.width, height: 2 * bar + 2 * padding)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            let screen = Rect(origin: .zero, size: viewport)
            if ui.button(Self.scrimID, role: "scrim", label: theme.strings[.doneEditing], frame: screen, draw: { _ in }) { intents.append(.finishTextEdit) }
            ui.fill(panel, theme.surface)
            // The field: the words as typed (the end shows when they are long), a caret, Done.
            let doneWidth = m.doneWidth * k
            // Mirrored in a right-to-left language: Done on the left, the words from the right.
            let field = theme.mirrored(Rect(x: panel.x + padding, y: panel.y + padding, width: panel.width - 3 * padding - doneWidth, height: bar), in: panel)
            ui.fill(field, theme.surfaceRaised, radius: m.fieldRadius * k)
            let inner = field.insetBy(dx: m.fieldInset * k, dy: 0)
            let shown = clip.title.replacingOccurrences(of: "\n", with: " ⏎ ")
            let tail = Self.tail(of: shown, fitting: inner.width - m.caretWidth * k * 2, measurer: ui.measurer, font: theme.bodyFont)
            let textWidth = ui.measurer.measure(tail, font: theme.bodyFont).width
            let words = theme.mirrored(Rect(x: inner.x, y: inner.y, width: textWidth + 1, height: inner.height), in: inner)
            let caretHeight = theme.bodyFont.size * m.caretHeight
            if edit.replacesAll && !clip.title.isEmpty {
                // The placeholder, selected: the first key replaces it.
                ui.fill(Rect(x: words.x, y: field.midY - caretHeight / 2, width: words.width, height: caretHeight), theme.selection.opacity(0.45), radius: 2)
            }
            if clip.title.isEmpty {
                ui.text(theme.strings[.typeYourText], in: inner, font: theme.bodyFont, color: theme.textTertiary, alignment: theme.leading)
            } else {
                ui.text(tail, in: words, font: theme.bodyFont, color: theme.textPrimary, alignment: theme.leading)
            }
            if !edit.replacesAll {
                // The caret after the words: on their right, or their left when they run right to left.
                let caretX = theme.isRightToLeft ? words.minX - m.caretWidth * k : words.maxX
                ui.fill(Rect(x: caretX, y: field.midY - caretHeight / 2, width: m.caretWidth * k, height: caretHeight), theme.accent)
            }
            ui.element(
                UIElement(
                    id: "textEditor.field", role: "textField", label: clip.title, frame: field,
                    state: ["clip": .string(clip.id), "text": .string(clip.title), "selected": .bool(edit.replacesAll)]))
            let done = theme.mirrored(Rect(x: panel.maxX - padding - doneWidth, y: field.y, width: doneWidth, height: bar), in: panel)
            if ui.button(
                Self.doneID, role: "doneButton", label: theme.strings[.done], frame: done,
                draw: { look in
                    ui.fill(done, look.pressed ? theme.accent.mixed(with: .black, 0.2) : theme.accent, radius: m.fieldRadius * k)
                    ui.text(theme.strings[.done], in: done, font: theme.bodyFont, color: theme.selectionInk, alignment: .center)
                })
            {
                intents.append(.finishTextEdit)
            }
            intents += drawStyles(clip.style, in: Rect(x: panel.x + padding, y: field.maxY + padding, width: panel.width - 2 * padding, height: bar))
            var keyboard = edit.keyboard
            let typed = Keyboard(
                ui: ui, theme: theme, layout: theme.strings.language == .ar ? .arabic : .latin,
                longPress: .seconds(configuration.input.longPressDuration),
                settle: .seconds(configuration.input.doubleTapInterval)
            ).draw(in: keyboardFrame, state: &keyboard)
            if keyboard != edit.keyboard || !typed.isEmpty { intents.append(.textKeyboard(keyboard, typed)) }
        }
        return intents
    }

    /// The style row: three sizes, a box behind the words, the colours.
    private func drawStyles(_ style: TextStyle, in row: Rect) -> [EditorIntent] {
        let m = theme.metrics.textEditor, k = scale
        var intents: [EditorIntent] = []
        let slot = m.styleSlot * k
        var x = row.x
        for size in TextStyle.Size.allCases {
            let frame = theme.mirrored(Rect(x: x, y: row.y, width: slot, height: row.height), in: row)
            x += slot
            let chosen = style.size == size
            if ui.button(
                "textEditor.size." + size.rawValue, role: "textSize", label: theme.strings[EditorText(rawValue: size.rawValue) ?? .medium], frame: frame,
                state: ["chosen": .bool(chosen)],
                draw: { look in
                    if chosen || look.pressed { ui.fill(frame.insetBy(dx: 2, dy: 2), theme.surfaceRaised, radius: m.fieldRadius * k) }
                    ui.text(
                        "A", in: frame, font: Font(size: m.sizeGlyph * k * size.factor, weight: .bold), color: chosen ? theme.accent : theme.textPrimary,
                        alignment: .center)
                })
            {
                var s = style; s.size = size; intents.append(.setTextStyle(s))
            }
        }
        let box = theme.mirrored(Rect(x: x, y: row.y, width: slot, height: row.height), in: row)
        x += slot + m.groupGap * k
        if ui.button(
            "textEditor.background", role: "textBackground", label: theme.strings[.box], frame: box, state: ["on": .bool(style.background)],
            draw: { look in
                let glyph = box.insetBy(dx: (box.width - m.sizeGlyph * k * 1.3) / 2, dy: (box.height - m.sizeGlyph * k * 1.3) / 2)
                if style.background {
                    ui.fill(glyph, theme.textPrimary, radius: m.fieldRadius * k * 0.5)
                } else {
                    ui.stroke(glyph, look.pressed ? theme.accent : theme.textPrimary, width: m.outline * k, radius: m.fieldRadius * k * 0.5)
                }
                ui.text(
                    "A", in: glyph, font: Font(size: m.sizeGlyph * k, weight: .bold), color: style.background ? theme.surface : theme.textPrimary,
                    alignment: .center)
            })
        {
            var s = style; s.background.toggle(); intents.append(.setTextStyle(s))
        }
        let colours = TextStyle.Colour.allCases
        let swatchSlot = min(slot, (row.maxX - x) / Double(colours.count))
        for colour in colours {
            let frame = theme.mirrored(Rect(x: x, y: row.y, width: swatchSlot, height: row.height), in: row)
            x += swatchSlot
            let chosen = style.colour == colour
            if ui.button(
                "textEditor.colour." + colour.rawValue, role: "textColour", label: theme.strings[EditorText(rawValue: colour.rawValue) ?? .white], frame: frame,
                state: ["chosen": .bool(chosen)],
                draw: { _ in
                    let r = m.swatch * k / 2
                    if chosen { ui.draw.add(.strokeCircle(center: frame.center, radius: r + m.outline * k * 1.5, theme.textPrimary, width: m.outline * k)) }
                    ui.draw.add(.fillCircle(center: frame.center, radius: r, Color(hex: colour.hex)))
                    if colour == .black { ui.draw.add(.strokeCircle(center: frame.center, radius: r, theme.textTertiary, width: 1)) }
                })
            {
                var s = style; s.colour = colour; intents.append(.setTextStyle(s))
            }
        }
        return intents
    }

    /// The end of `text` that fits `width` (typing shows where the words are going).
    static func tail(of text: String, fitting width: Double, measurer: TextMeasurer, font: Font) -> String {
        if measurer.measure(text, font: font).width <= width { return text }
        let chars = Array(text)
        var lo = 0, hi = chars.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if measurer.measure("…" + String(chars[mid...]), font: font).width <= width { hi = mid } else { lo = mid + 1 }
        }
        return "…" + String(chars[lo...])
    }
}
