import TactileCore
import TactileUI

/// The PIN pad drawn by an ordinary UI pass: a dimmed screen, the title, a dot per digit, the
/// lockout or wrong-PIN line, and a `ui.button` per key. A key counts when the finger lifts on
/// it (a press that slides off types nothing), as with every button. Returns the keys tapped.
public struct PinPadView {
    let ui: UIContext
    let pad: PinPad
    let settings: TactileConfiguration.Kiosk

    public init(ui: UIContext, pad: PinPad, settings: TactileConfiguration.Kiosk) { self.ui = ui; self.pad = pad; self.settings = settings }

    public func draw() -> [PinPad.Key] {
        let theme = ui.theme, viewport = ui.viewport, now = ui.now, m = theme.metrics.kiosk
        var tapped: [PinPad.Key] = []
        let s = theme.strings
        let whole = Rect(origin: .zero, size: viewport)
        ui.fill(whole, Color(hex: 0x000000).opacity(0.88))
        // The pad covers the screen: while it is open the input is its own, nothing under it takes a touch.
        ui.interact("pin.scrim", hitFrame: whole)
        let keys = PinPad.keys(in: viewport, keySize: settings.pinKeySize, metrics: m, rightToLeft: theme.isRightToLeft)
        // The title, dots and message over the keys, or in the leading half beside them (landscape).
        let beside = PinPad.sideBySide(in: viewport, keySize: settings.pinKeySize, metrics: m)
        let column = beside ? theme.mirrored(Rect(x: 0, y: 0, width: viewport.width / 2, height: viewport.height), in: whole) : whole
        let messageHeight = theme.bodyFont.size * m.pinMessageLineHeight
        let top = beside ? (viewport.height - m.pinMessageBelowTitle - messageHeight) / 2 : (keys.first?.frame.y ?? viewport.height / 2) - m.pinTitleAboveKeys
        let title = s[.enterPin], titleFrame = Rect(x: column.x, y: top, width: column.width, height: m.pinTitleFont.size * m.pinTitleLineHeight)
        ui.text(
            title, in: titleFrame, font: ui.font(fitting: title, width: titleFrame.width - 2 * m.pinMargin, from: m.pinTitleFont),
            color: theme.textPrimary, alignment: .center)
        let locked = pad.isLocked(at: now)
        let wrong = pad.wrongAt != nil && pad.entered.isEmpty
        let dot = m.pinDot, gap = m.pinDotGap
        let width = Double(pad.length) * dot + Double(max(0, pad.length - 1)) * gap
        for i in 0..<pad.length {
            let c = Point(x: column.x + (column.width - width) / 2 + dot / 2 + Double(i) * (dot + gap), y: top + m.pinDotsBelowTitle)
            if wrong {
                ui.draw.add(.fillCircle(center: c, radius: dot / 2, theme.danger))
            } else if i < pad.entered.count {
                ui.draw.add(.fillCircle(center: c, radius: dot / 2, theme.textPrimary))
            } else {
                ui.draw.add(.strokeCircle(center: c, radius: dot / 2, theme.textSecondary, width: m.pinDotLine))
            }
        }
        let line = Rect(x: column.x, y: top + m.pinMessageBelowTitle, width: column.width, height: messageHeight)
        var message: String?
        if let until = pad.lockedUntil, locked {
            message = s.format(text: KioskText.lockedOut, ["seconds": s.digits("\(Int(((until - now).seconds).rounded(.up)))")])
        } else if wrong {
            message = s[.wrongPin]
        }
        if let message {
            ui.text(
                message, in: line, font: ui.font(fitting: message, width: line.width - 2 * m.pinMargin, from: theme.bodyFont), color: theme.danger,
                alignment: .center)
        }
        for (key, frame) in keys {
            let isDigit: Bool = {
                if case .digit = key { return true }; return false
            }()
            let words = key.label(in: s)
            let hit = ui.button(key.id, role: "pinKey", label: words, frame: frame, enabled: !(isDigit && locked)) { look in
                if isDigit {
                    let fill = locked ? theme.surfaceRaised.opacity(0.4) : look.pressed ? theme.textSecondary : theme.surfaceRaised
                    ui.draw.add(.fillCircle(center: Point(x: frame.midX, y: frame.midY), radius: frame.width / 2, fill))
                    ui.text(
                        words, in: frame, font: m.pinDigitFont,
                        color: locked ? theme.textSecondary : theme.textPrimary, alignment: .center)
                } else {
                    // "Cancel" and "Delete" may be wider than a small key: they use the gaps beside it.
                    let room = frame.insetBy(dx: -frame.width * m.pinGapShare, dy: 0)
                    ui.text(
                        words, in: room, font: ui.font(fitting: words, width: room.width, from: m.pinKeyFont),
                        color: look.pressed ? theme.textSecondary : theme.textPrimary, alignment: .center)
                }
            }
            if hit { tapped.append(key) }
        }
        return tapped
    }
}
