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

    /// The header across the top of `frame`: `title` centred, `detail` (if any) in small type
    /// under it, and a trailing button named `action` (Done, Cancel); whether it was tapped.
    /// `titleIsUsersOwn`: the title is a person's words (a clip's name), cut where it must be.
    @discardableResult
    func header(_ title: String, detail: String? = nil, action: String? = nil, in frame: Rect, titleIsUsersOwn: Bool = false) -> Bool {
        let m = theme.metrics.sheet
        let actionFont = Font(size: theme.bodyFont.size, weight: .semibold)
        let actionWidth = self.actionWidth(action, in: frame)
        let words = frame.insetBy(dx: actionWidth, dy: 0)
        let titleHeight = detail == nil ? frame.height : frame.height * 0.6
        // The title and the line under it give way in size before they lose letters.
        let titleFont = ui.font(fitting: title, width: words.width, from: theme.titleFont, smallest: m.titleSmallestShare)
        ui.text(
            title, in: Rect(x: words.x, y: frame.y, width: words.width, height: titleHeight), font: titleFont, color: theme.textPrimary, alignment: .center,
            isUsersOwn: titleIsUsersOwn)
        if let detail {
            ui.text(
                detail, in: Rect(x: words.x, y: frame.y + titleHeight, width: words.width, height: frame.height - titleHeight),
                font: ui.font(fitting: detail, width: words.width, from: theme.captionFont, smallest: m.detailSmallestShare), color: theme.textSecondary,
                alignment: .center)
        }
        guard let action else { return false }
        let button = theme.mirrored(Rect(x: frame.maxX - actionWidth, y: frame.y, width: actionWidth, height: frame.height), in: frame)
        return ui.button(id + ".action", role: "sheetAction", label: action, frame: button) { look in
            ui.text(
                action, in: button, font: ui.font(fitting: action, width: button.width, from: actionFont),
                color: look.pressed ? theme.textSecondary : theme.accent,
                alignment: theme.isRightToLeft ? .leading : .trailing)
        }
    }

    /// The header button's width: as wide as its word needs ("Abbrechen"), at least as designed,
    /// at most a third of the header; the title has the header less twice this.
    func actionWidth(_ action: String?, in frame: Rect) -> Double {
        let m = theme.metrics.sheet, actionFont = Font(size: theme.bodyFont.size, weight: .semibold)
        return action.map { min(frame.width / 3, max(m.actionWidth * scale, ui.measurer.measure($0, font: actionFont).width + m.actionPadding * scale)) } ?? 0
    }
}
