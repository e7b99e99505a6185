import TactileCore
import TactileUI

/// The time of day in the phone's status bar, as a phone shows it (24-hour "H:MM", in the
/// locale's digits), drawn over the top inset at the leading side.
enum StatusBarClock {
    /// "H:MM" for a time since midnight.
    static func text(_ timeOfDay: Time, strings: Strings) -> String {
        let minutes = Int(timeOfDay.seconds / 60) % (24 * 60)
        return strings.digits("\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)")
    }

    static func draw(_ timeOfDay: Time, into list: inout DrawList, viewport: Size, theme: Theme) {
        let m = theme.metrics.statusBar
        let frame = theme.mirrored(
            Rect(x: m.clockInset, y: m.clockTop, width: m.clockWidth, height: m.clockHeight),
            in: Rect(origin: .zero, size: viewport))
        list.inLayer(.topmost) { l in
            l.add(
                .text(
                    TextRun(
                        text(timeOfDay, strings: theme.strings), in: frame, font: m.clockFont, color: theme.textPrimary,
                        alignment: theme.isRightToLeft ? .trailing : .leading)))
        }
    }
}
