import TactileCore
import TactileUI

/// The toolbar: granular add buttons, split and delete.
struct ToolbarView {
    let ui: UIContext
    let frame: Rect
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    private static let buttons: [(key: String, label: EditorText, icon: Icon, intent: EditorIntent, needsSelection: Bool)] = [
        ("add.video", .video, .video, .add(.video), false),
        ("add.audio", .audio, .audio, .add(.audio), false),
        ("add.text", .text, .text, .add(.text), false),
        ("add.sticker", .sticker, .sticker, .add(.sticker), false),
        ("add.image", .image, .image, .add(.image), false),
        ("split", .split, .split, .splitSelection, true),
        ("delete", .delete, .delete, .deleteSelection, true),
    ]

    func draw(_ state: EditorState) -> [EditorIntent] {
        let metrics = theme.metrics.bars
        if frame.height > frame.width { return drawRail(state, metrics: metrics) }
        ui.fill(Rect(x: frame.x, y: frame.y, width: frame.width, height: ui.viewport.height - frame.y), theme.surface)
        ui.fill(Rect(x: frame.x, y: frame.y, width: frame.width, height: metrics.separator), theme.separator)
        let count = Double(Self.buttons.count)
        let m = sizes.margin / 2
        let width = min(sizes.toolbarButtonWidth, (frame.width - 2 * m) / count)
        let gap = (frame.width - 2 * m - width * count) / max(1, count - 1)
        var intents: [EditorIntent] = []
        for (i, b) in Self.buttons.enumerated() {
            // A right-to-left language reads the tools from the right.
            let box = theme.mirrored(
                Rect(
                    x: frame.x + m + Double(i) * (width + gap), y: frame.y + metrics.toolbarButtonInset, width: width,
                    height: frame.height - 2 * metrics.toolbarButtonInset), in: frame)
            // Where each takes a touch: its share of the whole bar, edge to edge and top to bottom
            // (a finger's size even where seven buttons share a small phone's width).
            let share = frame.width / count
            let hit = theme.mirrored(Rect(x: frame.x + Double(i) * share, y: frame.y, width: share, height: frame.height), in: frame)
            let enabled = !b.needsSelection || state.selection != nil
            if iconButton(
                ui, id: "toolbar.\(b.key)", role: "toolbarButton", label: theme.strings[b.label], icon: b.icon, frame: box,
                theme: theme, enabled: enabled, caption: theme.strings[b.label], hitFrame: hit)
            {
                intents.append(b.intent)
            }
        }
        return intents
    }

    /// How many columns the landscape rail stacks its buttons in: one, or two where a rail
    /// `height` tall cannot give each a finger's height (`layout.buttonSize`).
    static func railColumns(height: Double, sizes: TactileConfiguration.Layout) -> Int {
        Double(buttons.count) * sizes.buttonSize <= height ? 1 : 2
    }

    /// Landscape: the same buttons stacked down a rail at the right edge (its surface runs to the
    /// screen's top and bottom), each as tall as fits, at most as tall as the bar is in portrait;
    /// in two columns on a screen too short for one.
    private func drawRail(_ state: EditorState, metrics: ViewMetrics.Bars) -> [EditorIntent] {
        ui.fill(Rect(x: frame.x, y: 0, width: frame.width, height: ui.viewport.height), theme.surface)
        // The separator on the rail's inner side (the left, or the right when the layout is mirrored).
        let inner = frame.minX > 0 ? frame.minX : frame.maxX - metrics.separator
        ui.fill(Rect(x: inner, y: 0, width: metrics.separator, height: ui.viewport.height), theme.separator)
        let columns = Self.railColumns(height: frame.height, sizes: sizes)
        let rows = Int((Double(Self.buttons.count) / Double(columns)).rounded(.up)), count = Double(rows)
        let inset = metrics.toolbarButtonInset, column = frame.width / Double(columns)
        let height = min(sizes.toolbarHeight - 2 * inset, (frame.height - 2 * inset) / count)
        let gap = (frame.height - 2 * inset - height * count) / max(1, count - 1)
        var intents: [EditorIntent] = []
        for (i, b) in Self.buttons.enumerated() {
            let row = i % rows, x = theme.mirrored(Rect(x: frame.x + Double(i / rows) * column, y: frame.y, width: column, height: 1), in: frame).x
            let box = Rect(x: x + inset, y: frame.y + inset + Double(row) * (height + gap), width: column - 2 * inset, height: height)
            // Its touch: its column's whole width, and its share of the rail's height.
            let top = row == 0 ? inset : gap / 2, bottom = row == rows - 1 ? inset : gap / 2
            let hit = Rect(x: x, y: box.y - top, width: column, height: height + top + bottom)
            let enabled = !b.needsSelection || state.selection != nil
            if iconButton(
                ui, id: "toolbar.\(b.key)", role: "toolbarButton", label: theme.strings[b.label], icon: b.icon, frame: box,
                theme: theme, enabled: enabled, caption: theme.strings[b.label], hitFrame: hit)
            {
                intents.append(b.intent)
            }
        }
        return intents
    }
}

/// A message over the canvas for a few seconds, on up to `layout.bannerMaximumLines` lines
/// (a reason cut off after a line is no reason at all), read at the scale asked (`--ui-scale`:
/// as many more lines as the text is larger).
struct BannerView {
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let banner = state.banner else { return [] }
        let m = sizes.margin
        // Under the task card when a test plan runs.
        let metrics = theme.metrics.bars
        let below = state.tasks == nil ? 0 : theme.metrics.taskCard.height + metrics.cardGap
        let l = sizes
        let width = layout.viewport.width - 2 * m, inset = l.bannerPadding
        // A button at the end (Show) takes its room from the words.
        let action = banner.reveal.map { ui.measurer.measure($0.label, font: theme.bodyFont).width + 2 * inset } ?? 0
        // At large sizes (read at the scale asked) on as many more lines as the text is larger.
        let most = Int((Double(l.bannerMaximumLines) * max(1, l.uiScale)).rounded(.up))
        // A word wider than a line ("Widerrufen" at ×3) gives way in size, down to the designed size.
        let room = width - 2 * inset - action
        let longest = banner.message.split(separator: " ").map(String.init).max {
            ui.measurer.measure($0, font: theme.bodyFont).width < ui.measurer.measure($1, font: theme.bodyFont).width
        }
        let font = longest.map { ui.font(fitting: $0, width: room, from: theme.bodyFont, smallest: 1 / max(1, l.uiScale)) } ?? theme.bodyFont
        let lines = ui.measurer.lines(of: banner.message, font: font, width: room, maximumLines: most)
        let lineHeight = font.size * metrics.bannerLineHeight
        let frame = Rect(
            x: m, y: max(layout.canvas.y, layout.titleBar.maxY) + metrics.cardTop + below, width: width,
            height: l.bannerHeight + Double(max(0, lines.count - 1)) * lineHeight)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            ui.fill(frame, banner.isError ? theme.danger.mixed(with: .black, 0.25) : theme.surfaceRaised, radius: metrics.bannerRadius)
            let words = theme.mirrored(Rect(x: frame.x, y: frame.y, width: frame.width - action, height: frame.height), in: frame)
            let top = frame.midY - Double(lines.count) * lineHeight / 2
            for (n, line) in lines.enumerated() {
                let row = Rect(x: words.x + inset, y: top + Double(n) * lineHeight, width: words.width - 2 * inset, height: lineHeight)
                ui.text(line, in: row, font: font, color: theme.textPrimary, alignment: .center)
            }
            if let reveal = banner.reveal {
                let button = theme.mirrored(Rect(x: frame.maxX - action, y: frame.y, width: action, height: max(frame.height, l.buttonSize)), in: frame)
                if ui.button(
                    "banner.reveal", role: "bannerAction", label: reveal.label, frame: button,
                    draw: { look in
                        ui.text(
                            reveal.label, in: button, font: Font(size: theme.bodyFont.size, weight: .semibold),
                            color: look.pressed ? theme.textSecondary : theme.accent, alignment: .center)
                    })
                {
                    intents.append(.reveal(reveal.path))
                }
            }
        }
        ui.element(UIElement(id: "banner", role: "banner", label: banner.message, frame: frame, state: ["error": .bool(banner.isError)]))
        return intents
    }
}
