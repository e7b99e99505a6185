import TactileCore
import TactileUI

/// The sticker picker the toolbar's Sticker button opens: a panel above the toolbar with every
/// shape drawn as it will look and its name under it. A tap on one adds it at the playhead; a
/// tap outside or Escape closes the panel.
struct StickerPickerView {
    static let scrimID = "stickerPicker.scrim", optionPrefix = "stickerPicker."
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// How much larger than designed the picker draws: as much as the text (`--ui-scale`), never
    /// smaller than designed (smaller text keeps the controls a finger's size, as Dynamic Type's
    /// smaller sizes keep 44 pt).
    var scale: Double { max(1, theme.clipFont.size / theme.metrics.stickerPicker.designFont) }

    /// The panel, while open: above everything but the banner. Where the names do not fit four
    /// to a row (large text on a narrow sheet), fewer; where the screen is too short, the panel
    /// scrolls.
    func draw(_ state: EditorState) -> [EditorIntent] {
        guard state.stickerPicker else { return [] }
        let m = theme.metrics.stickerPicker, k = scale, shapes = StickerShape.allCases, strings = theme.strings
        let sheet = Sheet(ui: ui, theme: theme, id: "stickerPicker")
        let padding = m.panelPadding * k, optionHeight = m.optionHeight * k
        let width = layout.pickerPanel(height: 0, gap: 0, margin: sizes.margin, leastWidth: sheet.leastWidth).width - 2 * padding
        let names = shapes.map { strings[EditorText(rawValue: $0.rawValue) ?? .sticker] }
        let fitting = ui.sideBySide(names, width: width, gap: 0, inset: m.labelInset * k, font: theme.clipFont, smallest: m.labelSmallestShare)
        let columns = ChoiceColumns.balanced(min(max(1, m.columns), fitting), of: shapes.count)
        let rows = (shapes.count + columns - 1) / columns
        let titleHeight = sheet.headerHeight(strings[.stickers], action: strings[.done], width: width, designed: m.titleHeight * k)
        let contentHeight = titleHeight + Double(rows) * optionHeight
        let panel = layout.pickerPanel(height: contentHeight + 2 * padding, gap: m.panelGap * k, margin: sizes.margin, leastWidth: sheet.leastWidth)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            intents += sheet.backdrop(panel: panel, label: strings[.closeStickers], close: .toggleStickerPicker)
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            ui.element(
                UIElement(id: "stickerPicker", role: "stickerPicker", label: strings[.stickers], frame: panel, state: ["shapes": .number(Double(shapes.count))])
            )
            let inner = panel.insetBy(dx: padding, dy: padding)
            sheet.scrollingBody(window: Rect(x: panel.x, y: inner.y, width: panel.width, height: inner.height), contentHeight: contentHeight) {
                if sheet.header(strings[.stickers], action: strings[.done], in: Rect(x: inner.x, y: inner.y, width: inner.width, height: titleHeight)) {
                    intents.append(.toggleStickerPicker)
                }
                let optionWidth = inner.width / Double(columns)
                for (i, shape) in shapes.enumerated() {
                    let option = theme.mirrored(
                        Rect(
                            x: inner.x + Double(i % columns) * optionWidth, y: inner.y + titleHeight + Double(i / columns) * optionHeight, width: optionWidth,
                            height: optionHeight),
                        in: inner)
                    if drawOption(shape, name: names[i], in: option) { intents.append(.addSticker(shape)) }
                }
            }
        }
        return intents
    }

    /// One shape drawn as it will look, its name under it; whether it was tapped.
    private func drawOption(_ shape: StickerShape, name: String, in option: Rect) -> Bool {
        let m = theme.metrics.stickerPicker, k = scale
        return ui.button(Self.optionPrefix + shape.rawValue, role: "stickerOption", label: name, frame: option, state: ["shape": .string(shape.rawValue)]) {
            look in
            if look.pressed { ui.fill(option, theme.surface, radius: m.optionRadius * k) }
            let glyph = m.optionGlyph * k, label = m.optionLabelHeight * k
            let box = Rect(x: option.midX - glyph / 2, y: option.y + (option.height - glyph - label) / 2, width: glyph, height: glyph)
            StickerArt.draw(shape, in: box, ui: ui)
            let words = option.insetBy(dx: m.labelInset * k, dy: 0)
            ui.text(
                name, in: Rect(x: words.x, y: box.maxY, width: words.width, height: label),
                font: ui.font(fitting: name, width: words.width, from: theme.clipFont, smallest: m.labelSmallestShare), color: theme.textSecondary,
                alignment: .center)
        }
    }
}
