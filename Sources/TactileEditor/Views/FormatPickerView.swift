import TactileCore
import TactileUI

/// The composition format: a button in the title bar showing the current aspect ("9:16" beside
/// its shape), and the picker it opens under the bar, one option per preset drawn at its shape.
/// Choosing one is an edit (undoable); a tap outside or Escape closes the picker.
struct FormatPickerView {
    static let buttonID = "formatButton", scrimID = "formatPicker.scrim", optionPrefix = "formatPicker."
    let ui: UIContext
    let layout: EditorLayout
    let configuration: TactileConfiguration
    let theme: Theme

    /// The title bar's button, at its leading edge.
    static func buttonFrame(in titleBar: Rect, configuration: TactileConfiguration, theme: Theme) -> Rect {
        let m = theme.metrics.formatPicker, k = scale(theme)
        return theme.mirrored(
            Rect(
                x: titleBar.x + configuration.layout.margin / 2, y: titleBar.y + m.buttonInset * k, width: m.buttonWidth * k,
                height: max(0, titleBar.height - 2 * m.buttonInset * k)), in: titleBar)
    }

    /// How much larger than designed the picker draws: as much as the text (`--ui-scale`).
    static func scale(_ theme: Theme) -> Double { theme.clipFont.size / theme.metrics.formatPicker.designFont }

    /// Draws the title bar's button; returns whether it was tapped.
    func drawButton(_ state: EditorState) -> [EditorIntent] {
        let m = theme.metrics.formatPicker, aspect = state.project.format.aspect, k = Self.scale(theme)
        let frame = Self.buttonFrame(in: layout.titleBar, configuration: configuration, theme: theme)
        let tapped = ui.button(
            Self.buttonID, role: "formatButton", label: "Format \(aspect.rawValue)", frame: frame,
            state: ["aspect": .string(aspect.rawValue), "open": .bool(state.formatPicker)]
        ) { look in
            let open = state.formatPicker
            ui.fill(frame, look.pressed || open ? theme.surfaceRaised : theme.surface, radius: m.buttonRadius * k)
            let label = theme.strings.digits(aspect.rawValue), glyph = m.buttonGlyph * k, gap = m.buttonGap * k
            let textWidth = ui.measurer.measure(label, font: theme.clipFont).width
            let contentWidth = glyph + gap + textWidth
            let glyphBox = Rect(x: frame.midX - contentWidth / 2, y: frame.midY - glyph / 2, width: glyph, height: glyph)
            Self.glyph(aspect, in: glyphBox, color: theme.textPrimary, line: m.glyphLine, ui: ui)
            ui.text(
                label, in: Rect(x: glyphBox.maxX + gap, y: frame.y, width: textWidth + 1, height: frame.height), font: theme.clipFont,
                color: theme.textPrimary, alignment: .leading)
        }
        return tapped ? [.toggleFormatPicker] : []
    }

    /// The picker, while open: above everything but the banner.
    func drawPicker(_ state: EditorState) -> [EditorIntent] {
        guard state.formatPicker else { return [] }
        let m = theme.metrics.formatPicker, aspects = CompositionFormat.Aspect.allCases, k = Self.scale(theme)
        var intents: [EditorIntent] = []
        let button = Self.buttonFrame(in: layout.titleBar, configuration: configuration, theme: theme)
        // As designed, scaled with the text, narrower options when the screen is narrower still.
        let padding = m.panelPadding * k, count = Double(aspects.count)
        let optionWidth = min(m.optionWidth * k, (layout.viewport.width - 2 * padding) / count)
        let optionHeight = m.optionHeight * k, glyph = m.optionGlyph * k, labelHeight = m.optionLabelHeight * k
        let width = count * optionWidth + 2 * padding, height = optionHeight + 2 * padding
        let x = theme.isRightToLeft ? min(max(0, button.maxX - width), layout.viewport.width - width) : min(button.x, max(0, layout.viewport.width - width))
        let panel = Rect(x: x, y: layout.titleBar.maxY + m.panelGap * k, width: width, height: height)
        ui.inLayer(.topmost) {
            if Sheet(ui: ui, theme: theme, id: "formatPicker").backdrop(panel: panel, label: theme.strings[.closeFormats]) {
                intents.append(.toggleFormatPicker)
            }
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            ui.element(
                UIElement(
                    id: "formatPicker", role: "formatPicker", label: theme.strings[.formats], frame: panel,
                    state: ["aspect": .string(state.project.format.aspect.rawValue)]))
            for (i, aspect) in aspects.enumerated() {
                let option = theme.mirrored(
                    Rect(x: panel.x + padding + Double(i) * optionWidth, y: panel.y + padding, width: optionWidth, height: optionHeight), in: panel)
                let chosen = aspect == state.project.format.aspect
                let tapped = ui.button(
                    Self.optionPrefix + aspect.rawValue, role: "formatOption", label: aspect.rawValue, frame: option,
                    state: ["chosen": .bool(chosen)]
                ) { look in
                    if look.pressed { ui.fill(option, theme.surface, radius: m.optionRadius * k) }
                    let box = Rect(x: option.midX - glyph / 2, y: option.y + (option.height - glyph - labelHeight) / 2, width: glyph, height: glyph)
                    let color = chosen ? theme.accent : theme.textPrimary
                    Self.glyph(aspect, in: box, color: color, line: chosen ? m.chosenLine : m.glyphLine, ui: ui)
                    ui.text(
                        theme.strings.digits(aspect.rawValue), in: Rect(x: option.x, y: box.maxY, width: option.width, height: labelHeight),
                        font: theme.clipFont,
                        color: color, alignment: .center)
                }
                if tapped { intents.append(.setFormat(aspect)) }
            }
        }
        return intents
    }

    /// An outline of the aspect's shape, as large as fits `box`.
    static func glyph(_ aspect: CompositionFormat.Aspect, in box: Rect, color: Color, line: Double, ui: UIContext) {
        let shape = box.aspectFit(aspect.ratio).insetBy(dx: line / 2, dy: line / 2)
        ui.stroke(shape, color, width: line, radius: line)
    }
}
