import TactileCore
import TactileInput
import TactileUI

/// While a text is edited: a field showing the words with a caret and Done, a row of styles
/// (size, a box behind the words, colours), and the on-screen keyboard, over the bottom of the
/// screen; a tap anywhere else is Done too. The canvas above shows the text live.
struct TextEditorView {
    static let doneID = "textEditor.done", scrimID = "textEditor.scrim"
    let ui: UIContext
    let layout: EditorLayout
    let input: TactileConfiguration.Input
    let theme: Theme

    var scale: Double { theme.clipFont.size / theme.metrics.textEditor.designFont }
    /// Touch targets' scale: as the text's, never below their designed size (a finger is no
    /// smaller for small text).
    var touch: Double { max(scale, 1) }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let edit = state.textEdit else { return [] }
        // The project's name is typed in the same field, without the text's styles.
        // (Or a project's on the list, being renamed there.)
        let name = state.projectList?.renaming?.draft ?? state.project.name
        let typed = edit.isProjectName ? Clip(id: edit.clipID, kind: .text, title: name, start: .zero, duration: .seconds(1)) : nil
        guard let clip = typed ?? state.project.clip(withID: edit.clipID)?.clip else { return [] }
        let m = theme.metrics.textEditor, k = scale, viewport = layout.viewport
        let designedKeyboard = Keyboard.height(theme: theme)
        let bar = m.barHeight * touch, padding = m.padding * k
        // Portrait: across the bottom. Landscape: beside the canvas, which stays in view — on
        // whichever side it leaves (its right; its left when the columns are mirrored), however
        // wide the picture's format makes it, while that side has room for the keyboard.
        let canvasOnTheLeft = layout.canvas.midX < viewport.width / 2
        let side =
            canvasOnTheLeft
            ? Rect(x: layout.canvas.maxX, y: 0, width: viewport.width - layout.canvas.maxX, height: viewport.height)
            : Rect(x: 0, y: 0, width: layout.canvas.minX, height: viewport.height)
        // The styles on one row when every button gets a finger's width, else the colours on a row of their own.
        let buttons = Double(TextStyle.Size.allCases.count + 1 + TextStyle.Colour.allCases.count)
        func styleRows(_ width: Double) -> Int { edit.isProjectName ? 0 : width - 2 * padding >= buttons * m.styleSlot * touch + m.groupGap * k ? 1 : 2 }
        // Beside the canvas only while the field, the styles and the keyboard fit that side's
        // height too (a short phone's side column pushed the field and Done off the screen).
        let least = Keyboard.leastHeight(theme: theme)
        let fitsBeside = Double(1 + styleRows(side.width)) * (bar + padding) + least <= viewport.height
        let landscape = layout.isLandscape && side.width >= m.sideMinimumWidth * k && fitsBeside
        let area = landscape ? side : Rect(origin: .zero, size: viewport)
        let styleRows = styleRows(area.width)
        // The keyboard gives way (down to its least) where the field and styles would not fit above it.
        let keyboardHeight = max(least, min(designedKeyboard, area.height - Double(1 + styleRows) * (bar + padding)))
        let keyboardFrame = Rect(x: area.x, y: area.maxY - keyboardHeight, width: area.width, height: keyboardHeight)
        let rows = Double(1 + styleRows)
        let panel = Rect(x: area.x, y: keyboardFrame.minY - rows * (bar + padding), width: area.width, height: rows * (bar + padding))
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            // A tap outside is Done (the words are kept); the canvas, showing them live, stays clear.
            intents += Sheet(ui: ui, theme: theme, id: "textEditor").backdrop(
                panel: panel.union(keyboardFrame), clear: [layout.canvas], label: theme.strings[.doneEditing], close: .finishTextEdit)
            ui.fill(panel, theme.surface)
            // The field: the words as typed (the end shows when they are long), a caret, Done.
            let doneWidth = m.doneWidth * touch
            let field = theme.mirrored(
                Rect(x: panel.x + padding, y: panel.y + padding, width: panel.width - 3 * padding - doneWidth, height: bar), in: panel)
            intents += drawField(field, clip: clip, edit: edit)
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
            let styleRow = Rect(x: panel.x + padding, y: field.maxY + padding, width: panel.width - 2 * padding, height: bar)
            if styleRows > 0 { intents += drawStyles(clip.style, in: styleRow, colours: styleRows == 1 ? nil : styleRow.offsetBy(dx: 0, dy: bar + padding)) }
            var keyboard = edit.keyboard
            let typed = Keyboard(
                ui: ui, theme: theme, layout: theme.strings.language == .ar ? .arabic : .latin,
                longPress: .seconds(input.longPressDuration),
                settle: .seconds(input.doubleTapInterval)
            ).draw(in: keyboardFrame, state: &keyboard)
            if keyboard != edit.keyboard || !typed.isEmpty { intents.append(.textKeyboard(keyboard, typed)) }
        }
        return intents
    }

    /// The field: the words as typed (around the caret when they are long), a caret a tap
    /// places and a drag carries (with the magnifier), mirrored in a right-to-left language
    /// (Done on the left, the words from the right).
    private func drawField(_ field: Rect, clip: Clip, edit: TextEditing) -> [EditorIntent] {
        let m = theme.metrics.textEditor, k = scale
        var intents: [EditorIntent] = []
        ui.fill(field, theme.surfaceRaised, radius: m.fieldRadius * k)
        let inner = field.insetBy(dx: m.fieldInset * k, dy: 0)
        let (shown, places) = Self.shown(clip.title)
        let carets = ui.measurer.carets(shown, font: theme.bodyFont)
        let caretPlace = places[min(edit.caret ?? clip.title.count, places.count - 1)]
        let caretAt = carets.positions[min(caretPlace, carets.positions.count - 1)]
        // The words from where they start (their right when they read right to left); when
        // they are wider than the field, the stretch around the caret (the end while typing).
        let caretWidth = m.caretWidth * k, room = inner.width - caretWidth
        let origin: Double
        if carets.width <= room {
            origin = carets.isRightToLeft ? inner.maxX - caretWidth - carets.width : inner.x + caretWidth
        } else {
            // Scrolled to the caret, it keeps a third of the field of words before it (what
            // is typed goes there, and stays in sight).
            var from = carets.isRightToLeft ? 0 : carets.width - room
            if caretAt < from || caretAt > from + room {
                from = carets.isRightToLeft ? caretAt - room * 2 / 3 : caretAt - room / 3
                from = min(max(0, from), carets.width - room)
            }
            origin = inner.x + caretWidth / 2 - from
        }
        let words = Rect(x: origin, y: inner.y, width: carets.width + 1, height: inner.height)
        let caretHeight = theme.bodyFont.size * m.caretHeight
        if clip.title.isEmpty {
            ui.text(theme.strings[.typeYourText], in: inner, font: theme.bodyFont, color: theme.textTertiary, alignment: theme.leading)
        } else {
            ui.clipped(to: inner) {
                if edit.replacesAll {
                    // The placeholder, selected: the first key replaces it.
                    ui.fill(
                        Rect(x: words.x, y: field.midY - caretHeight / 2, width: words.width, height: caretHeight), theme.selection.opacity(0.45), radius: 2
                    )
                }
                ui.text(shown, in: words, font: theme.bodyFont, color: theme.textPrimary, alignment: .leading, isUsersOwn: true)
            }
        }
        let caretX = (clip.title.isEmpty ? (theme.isRightToLeft ? inner.maxX - caretWidth : inner.x) : origin + caretAt - caretWidth / 2)
        if !edit.replacesAll {
            ui.fill(Rect(x: caretX, y: field.midY - caretHeight / 2, width: caretWidth, height: caretHeight), theme.accent)
        }
        // A tap in the field puts the caret at the nearest place; a drag carries it, with the
        // magnifier above the finger.
        let fieldInteraction = ui.interact(
            "textEditor.field", hitFrame: field, gestures: GestureTarget(id: "textEditor.field", gestures: [.tap, .trim]))
        func place(_ x: Double) -> Int { Self.titlePlace(carets.nearest(to: x - origin), in: places) }
        for g in fieldInteraction.gestures {
            switch (g.event.kind, g.event.phase) {
            case (.tap, .recognized): intents.append(.placeCaret(at: place(g.event.location.x), dragging: false))
            case (.trim, .began), (.trim, .changed): intents.append(.placeCaret(at: place(g.event.location.x), dragging: true))
            case (.trim, _): intents.append(.placeCaret(at: place(g.event.location.x), dragging: false))
            default: break
            }
        }
        if edit.isPlacingCaret && !clip.title.isEmpty {
            drawMagnifier(shown, carets: carets, caretAt: caretAt, over: field, at: caretX)
        }
        ui.element(
            UIElement(
                id: "textEditor.field", role: "textField", label: clip.title, frame: field,
                state: [
                    "clip": .string(clip.id), "text": .string(clip.title), "selected": .bool(edit.replacesAll),
                    "caret": .number(Double(edit.caret ?? clip.title.count)), "caretX": .number(caretX + caretWidth / 2),
                    "rightToLeft": .bool(carets.isRightToLeft),
                ]))
        return intents
    }

    /// The style row: three sizes, a box behind the words, the colours.
    /// The sizes, the box and the colours along `row`; the colours on `colourRow` instead when given (a narrow screen).
    private func drawStyles(_ style: TextStyle, in row: Rect, colours colourRow: Rect?) -> [EditorIntent] {
        let m = theme.metrics.textEditor, k = scale
        var intents: [EditorIntent] = []
        let slot = m.styleSlot * touch
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
        let line = colourRow ?? row
        if let colourRow { x = colourRow.x }
        let swatchSlot = min(slot, (line.maxX - x) / Double(colours.count))
        for colour in colours {
            let frame = theme.mirrored(Rect(x: x, y: line.y, width: swatchSlot, height: line.height), in: line)
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

    /// The words as the field shows them (a line break as " ⏎ "), and where each place between
    /// the words' characters falls among the shown ones.
    static func shown(_ title: String) -> (String, [Int]) {
        var shown = "", places = [0], count = 0
        for c in title {
            if c == "\n" {
                shown += " ⏎ "
                count += 3
            } else {
                shown.append(c)
                count += 1
            }
            places.append(count)
        }
        return (shown, places)
    }

    /// The place between the words' characters nearest the shown place `shown`.
    static func titlePlace(_ shown: Int, in places: [Int]) -> Int {
        places.indices.min { abs(places[$0] - shown) < abs(places[$1] - shown) } ?? 0
    }

    /// The magnifier: the words around the caret, enlarged, in a rounded box standing above the
    /// field where the finger is, so the finger never hides the place it is choosing.
    private func drawMagnifier(_ shown: String, carets: TextCarets, caretAt: Double, over field: Rect, at caretX: Double) {
        let m = theme.metrics.textEditor, k = scale, zoom = m.magnification
        let width = m.magnifierWidth * k, height = m.magnifierHeight * k
        let x = min(max(0, caretX - width / 2), layout.viewport.width - width)
        let loupe = Rect(x: x, y: max(0, field.minY - m.magnifierLift * k - height), width: width, height: height)
        let font = Font(size: theme.bodyFont.size * zoom, weight: theme.bodyFont.weight)
        ui.fill(loupe, theme.surfaceRaised, radius: m.magnifierRadius * k)
        ui.clipped(to: loupe) {
            let origin = loupe.midX - caretAt * zoom
            ui.text(
                shown, in: Rect(x: origin, y: loupe.y, width: carets.width * zoom + 2, height: loupe.height), font: font, color: theme.textPrimary,
                alignment: .leading)
            let caretHeight = font.size * m.caretHeight
            ui.fill(Rect(x: loupe.midX - m.caretWidth * k / 2, y: loupe.midY - caretHeight / 2, width: m.caretWidth * k, height: caretHeight), theme.accent)
        }
        ui.stroke(loupe, theme.textTertiary, width: m.outline * k, radius: m.magnifierRadius * k)
        ui.element(UIElement(id: "textEditor.magnifier", role: "magnifier", label: shown, frame: loupe))
    }
}
