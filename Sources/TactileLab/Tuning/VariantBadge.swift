import TactileCore
import TactileUI

/// The badge that says which variant is live ("A base", "B tuned-1 *" with unsaved tuning): at
/// the top right of the lab panel, or at the top centre of the phone's screen when there is no
/// panel (clear of the rounded corners and the status bar's clock).
public enum VariantBadge {
    /// Draws `text` at the top right (or centre) of a picture `width` points wide.
    public static func draw(_ text: String, into list: inout DrawList, width: Double, centred: Bool = false, theme: Theme, measurer: TextMeasurer) {
        let m = theme.metrics.tuning
        let font = theme.captionFont
        let w = measurer.measure(text, font: font).width + 2 * m.badgePadding
        let frame = Rect(x: centred ? (width - w) / 2 : width - m.badgeInset - w, y: m.badgeInset, width: w, height: m.badgeHeight)
        list.inLayer(.topmost) { l in
            l.add(.fillRect(frame, theme.accent, cornerRadius: m.badgeHeight / 2))
            l.add(.text(TextRun(text, in: frame, font: font, color: theme.selectionInk, alignment: .center)))
        }
    }
}
