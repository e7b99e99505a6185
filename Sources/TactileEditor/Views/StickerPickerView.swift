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

    /// The panel, while open: above everything but the banner.
    func draw(_ state: EditorState) -> [EditorIntent] {
        guard state.stickerPicker else { return [] }
        let m = theme.metrics.stickerPicker, k = scale, shapes = StickerShape.allCases
        let columns = max(1, m.columns), rows = (shapes.count + columns - 1) / columns
        let padding = m.panelPadding * k, optionHeight = m.optionHeight * k, titleHeight = m.titleHeight * k
        let panel = layout.pickerPanel(
            height: titleHeight + Double(rows) * optionHeight + 2 * padding, gap: m.panelGap * k, margin: sizes.margin)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            let sheet = Sheet(ui: ui, theme: theme, id: "stickerPicker")
            intents += sheet.backdrop(panel: panel, label: theme.strings[.closeStickers], close: .toggleStickerPicker)
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            if sheet.header(
                theme.strings[.stickers], action: theme.strings[.done],
                in: Rect(x: panel.x + padding, y: panel.y + padding, width: panel.width - 2 * padding, height: titleHeight))
            {
                intents.append(.toggleStickerPicker)
            }
            ui.element(
                UIElement(
                    id: "stickerPicker", role: "stickerPicker", label: theme.strings[.stickers], frame: panel, state: ["shapes": .number(Double(shapes.count))])
            )
            let optionWidth = (panel.width - 2 * padding) / Double(columns)
            for (i, shape) in shapes.enumerated() {
                let option = theme.mirrored(
                    Rect(
                        x: panel.x + padding + Double(i % columns) * optionWidth,
                        y: panel.y + padding + titleHeight + Double(i / columns) * optionHeight, width: optionWidth, height: optionHeight),
                    in: panel)
                let name = theme.strings[EditorText(rawValue: shape.rawValue) ?? .sticker]
                let tapped = ui.button(
                    Self.optionPrefix + shape.rawValue, role: "stickerOption", label: name, frame: option,
                    state: ["shape": .string(shape.rawValue)]
                ) { look in
                    if look.pressed { ui.fill(option, theme.surface, radius: m.optionRadius * k) }
                    let glyph = m.optionGlyph * k, label = m.optionLabelHeight * k
                    let box = Rect(x: option.midX - glyph / 2, y: option.y + (option.height - glyph - label) / 2, width: glyph, height: glyph)
                    StickerArt.draw(shape, in: box, ui: ui)
                    ui.text(
                        name, in: Rect(x: option.x, y: box.maxY, width: option.width, height: label),
                        font: ui.font(fitting: name, width: option.width, from: theme.clipFont, smallest: m.labelSmallestShare), color: theme.textSecondary,
                        alignment: .center)
                }
                if tapped { intents.append(.addSticker(shape)) }
            }
        }
        return intents
    }
}
