import TactileCore
import TactileUI

/// A bar's button held long enough, shown large in the middle of the screen: its icon and its
/// name at the scale the text was asked at (iOS's Large Content Viewer). The bars stop growing
/// where more would leave no picture to edit; this is how their names are still read at ×3.
/// It takes no touch: lifting the finger puts it away.
struct LargeContentView {
    let ui: UIContext
    let layout: EditorLayout
    /// The sizes and theme at the scale asked for.
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    func draw() {
        guard let held = ui.largeContent else { return }
        let m = theme.metrics.bars, k = max(1, sizes.uiScale)
        let padding = m.largePadding * k, icon = held.icon == nil ? 0 : m.largeIcon * k
        let font = Font(size: theme.titleFont.size, weight: .semibold)
        let most = layout.viewport.width - 2 * sizes.margin - 2 * padding
        let words = min(most, max(icon, ui.measurer.measure(held.label, font: font).width))
        let lines = ui.measurer.lines(
            of: held.label, font: ui.font(fitting: held.label, width: words, from: font, smallest: 1 / k), width: words, maximumLines: 2)
        let lineHeight = font.size * m.bannerLineHeight
        let height = icon + (icon > 0 ? m.largeGap * k : 0) + Double(lines.count) * lineHeight
        let panel = Rect(
            x: (layout.viewport.width - words) / 2 - padding, y: (layout.viewport.height - height) / 2 - padding, width: words + 2 * padding,
            height: height + 2 * padding)
        ui.inLayer(.topmost) {
            ui.fill(panel, theme.surfaceRaised.opacity(0.97), radius: m.largeRadius * k)
            if let drawIcon = held.icon { drawIcon(Rect(x: panel.midX - icon / 2, y: panel.y + padding, width: icon, height: icon), theme.textPrimary) }
            let top = panel.y + padding + icon + (icon > 0 ? m.largeGap * k : 0)
            ui.label(
                held.label, in: Rect(x: panel.x + padding, y: top, width: words, height: Double(lines.count) * lineHeight), font: font,
                color: theme.textPrimary, smallest: 1 / k, lineHeight: m.bannerLineHeight)
        }
        ui.element(UIElement(id: "largeContent", role: "largeContentViewer", label: held.label, frame: panel, state: ["for": .string(held.id)]))
    }
}
