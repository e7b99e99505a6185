import TactileCore
import TactileInput
import TactileUI

/// One behaviour for every sheet and picker — export, transitions, stickers, media, text,
/// format: the screen behind it is dimmed evenly (but for what the sheet shows its work on, the
/// canvas a transition loops on), a tap there closes it (where closing keeps everything: the
/// text editor's is Done), a tap anywhere inside it never does, and one header: the title
/// centred in the title font, a line under it, a trailing button.
struct Sheet {
    let ui: UIContext
    let theme: Theme
    /// The sheet's id: its scrim is `ID.scrim`, its body `ID.body`.
    let id: String

    /// How much larger than designed the header draws: as much as the text (`--ui-scale`), never
    /// smaller than designed (smaller text keeps the controls a finger's size, as Dynamic Type's
    /// smaller sizes keep 44 pt).
    var scale: Double { max(1, theme.clipFont.size / theme.metrics.sheet.designFont) }

    /// Dims the screen but `clear` and takes taps outside `panel`: `close` when one landed there.
    /// Taps inside land on the sheet's body and go no further (not to the timeline beneath, which
    /// would take one for a tap on its background and deselect the clip). Call in the topmost
    /// layer, before drawing the sheet.
    func backdrop(panel: Rect, clear: [Rect] = [], label: String, close: EditorIntent?) -> [EditorIntent] {
        let screen = Rect(origin: .zero, size: ui.viewport)
        let outside = ui.button(
            id + ".scrim", role: "scrim", label: label, frame: screen,
            draw: { _ in
                var bands = [screen]
                for hole in clear { bands = bands.flatMap { $0.subtracting(hole) } }
                for band in bands { ui.fill(band, Color.black.opacity(theme.metrics.sheet.dim)) }
            })
        let body = ui.interact(id + ".body", hitFrame: panel, gestures: GestureTarget(id: id + ".body", gestures: [.tap]))
        ui.element(UIElement(id: id + ".body", role: "sheetBody", label: label, frame: panel))
        return body.intents(.sheet) + (outside ? [close].compactMap { $0 } : [])
    }

    /// How tall the header is in a sheet `width` wide, `designed` tall where the title fits
    /// beside the button: where it does not, even small (or the button's word does not fit its
    /// third), the button stands on a row of its own above the title, which then has the whole
    /// width (as a large title does).
    func headerHeight(_ title: String, action: String?, width: Double, designed: Double, titleIsUsersOwn: Bool = false) -> Double {
        isStacked(title, action: action, width: width, titleIsUsersOwn: titleIsUsersOwn) ? 2 * designed : designed
    }

    /// Whether the header's title cannot stand beside its button without losing letters, or the
    /// button's word does not fit the third of the header it may take (a person's own title is
    /// cut instead where it must be).
    private func isStacked(_ title: String, action: String?, width: Double, titleIsUsersOwn: Bool) -> Bool {
        guard let action else { return false }
        let actionFont = Font(size: theme.bodyFont.size, weight: .semibold)
        if !ui.fits(action, in: actionWidth(action, width: width), font: actionFont, smallest: 0.7) { return true }
        guard !titleIsUsersOwn else { return false }
        let room = width - 2 * actionWidth(action, width: width)
        let smallest = ui.font(fitting: title, width: room, from: theme.titleFont, smallest: theme.metrics.sheet.titleSmallestShare)
        return ui.measurer.measure(title, font: smallest).width > room
    }

    /// The header across the top of `frame`: `title` centred, `detail` (if any) in small type
    /// under it, and a trailing button named `action` (Done, Cancel); whether it was tapped.
    /// `titleIsUsersOwn`: the title is a person's words (a clip's name), cut where it must be.
    /// Where the title cannot stand beside the button (`headerHeight`), the button takes the
    /// frame's top half on its own and the title the bottom half.
    @discardableResult
    func header(_ title: String, detail: String? = nil, action: String? = nil, in frame: Rect, titleIsUsersOwn: Bool = false) -> Bool {
        let m = theme.metrics.sheet
        let actionFont = Font(size: theme.bodyFont.size, weight: .semibold)
        let stacked = isStacked(title, action: action, width: frame.width, titleIsUsersOwn: titleIsUsersOwn)
        // (On a row of its own the button may be as wide as its word, up to the whole row.)
        let actionWidth = self.actionWidth(action, width: stacked ? 3 * frame.width : frame.width)
        let actionRow = stacked ? frame.sliceTop(frame.height / 2).slice : frame
        let words = stacked ? frame.sliceTop(frame.height / 2).rest : frame.insetBy(dx: actionWidth, dy: 0)
        let titleHeight = detail == nil ? words.height : words.height * 0.6
        // The title and the line under it give way in size before they lose letters.
        let titleFont = ui.font(fitting: title, width: words.width, from: theme.titleFont, smallest: m.titleSmallestShare)
        ui.text(
            title, in: Rect(x: words.x, y: words.y, width: words.width, height: titleHeight), font: titleFont, color: theme.textPrimary, alignment: .center,
            isUsersOwn: titleIsUsersOwn)
        if let detail {
            // Given way in size, then on two lines (large text): never cut.
            ui.label(
                detail, in: Rect(x: words.x, y: words.y + titleHeight, width: words.width, height: words.height - titleHeight), font: theme.captionFont,
                color: theme.textSecondary, smallest: m.detailSmallestShare)
        }
        guard let action else { return false }
        let button = theme.mirrored(Rect(x: actionRow.maxX - actionWidth, y: actionRow.y, width: actionWidth, height: actionRow.height), in: actionRow)
        return ui.button(id + ".action", role: "sheetAction", label: action, frame: button) { look in
            ui.text(
                action, in: button, font: ui.font(fitting: action, width: button.width, from: actionFont),
                color: look.pressed ? theme.textSecondary : theme.accent,
                alignment: theme.isRightToLeft ? .leading : .trailing)
        }
    }

    /// The header button's width: as wide as its word needs ("Abbrechen"), at least as designed,
    /// at most a third of the header; the title has the header less twice this.
    func actionWidth(_ action: String?, in frame: Rect) -> Double { actionWidth(action, width: frame.width) }

    /// The button's width in a header `width` wide (a third of which it takes at most).
    private func actionWidth(_ action: String?, width: Double) -> Double {
        let m = theme.metrics.sheet, actionFont = Font(size: theme.bodyFont.size, weight: .semibold)
        return action.map { min(width / 3, max(m.actionWidth * scale, ui.measurer.measure($0, font: actionFont).width + m.actionPadding * scale)) } ?? 0
    }

    /// The least width a sheet keeps where the screen has it: as designed times the text's scale
    /// (in landscape a sheet over the timeline's column then reaches over the canvas).
    var leastWidth: Double { theme.metrics.sheet.leastWidth * scale }

    /// The sheet's body: laid out in `window` as though `contentHeight` tall, and scrolling where
    /// the screen is shorter (a large `--ui-scale` on a phone), a thin bar at its trailing edge
    /// showing how far.
    func scrollingBody(window: Rect, contentHeight: Double, _ body: () -> Void) {
        let offset = ui.scrolling(id + ".content", window: window, contentHeight: contentHeight, body)
        let most = contentHeight - window.height
        guard most > 0.5 else { return }
        let m = theme.metrics.sheet
        let length = max(m.indicatorLeastLength, window.height * window.height / contentHeight)
        let x = theme.isRightToLeft ? window.minX + m.indicatorGap : window.maxX - m.indicatorGap - m.indicatorWidth
        ui.fill(
            Rect(x: x, y: window.y + (window.height - length) * offset / most, width: m.indicatorWidth, height: length), theme.textTertiary,
            radius: m.indicatorWidth / 2)
    }

}
