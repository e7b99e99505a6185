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
        ui.fill(Rect(origin: .zero, size: viewport), Color(hex: 0x000000).opacity(0.88))
        let keys = PinPad.keys(in: viewport, keySize: settings.pinKeySize, metrics: m)
        let top = (keys.first?.frame.y ?? viewport.height / 2) - m.pinTitleAboveKeys
        ui.text(
            "Enter the PIN to exit", in: Rect(x: 0, y: top, width: viewport.width, height: m.pinTitleFont.size * m.pinTitleLineHeight), font: m.pinTitleFont,
            color: theme.textPrimary, alignment: .center)
        let locked = pad.isLocked(at: now)
        let wrong = pad.wrongAt != nil && pad.entered.isEmpty
        let dot = m.pinDot, gap = m.pinDotGap
        let width = Double(pad.length) * dot + Double(max(0, pad.length - 1)) * gap
        for i in 0..<pad.length {
            let c = Point(x: (viewport.width - width) / 2 + dot / 2 + Double(i) * (dot + gap), y: top + m.pinDotsBelowTitle)
            if wrong {
                ui.draw.add(.fillCircle(center: c, radius: dot / 2, theme.danger))
            } else if i < pad.entered.count {
                ui.draw.add(.fillCircle(center: c, radius: dot / 2, theme.textPrimary))
            } else {
                ui.draw.add(.strokeCircle(center: c, radius: dot / 2, theme.textSecondary, width: m.pinDotLine))
            }
        }
        let line = Rect(x: 0, y: top + m.pinMessageBelowTitle, width: viewport.width, height: theme.bodyFont.size * m.pinMessageLineHeight)
        if let until = pad.lockedUntil, locked {
            let seconds = Int(((until - now).seconds).rounded(.up))
            ui.text("Too many wrong PINs. Try again in \(seconds) s", in: line, font: theme.bodyFont, color: theme.danger, alignment: .center)
        } else if wrong {
            ui.text("Wrong PIN", in: line, font: theme.bodyFont, color: theme.danger, alignment: .center)
        }
        for (key, frame) in keys {
            let isDigit: Bool = {
                if case .digit = key { return true }; return false
            }()
            let hit = ui.button(key.id, role: "pinKey", label: key.label, frame: frame, enabled: !(isDigit && locked)) { look in
                if isDigit {
                    let fill = locked ? theme.surfaceRaised.opacity(0.4) : look.pressed ? theme.textSecondary : theme.surfaceRaised
                    ui.draw.add(.fillCircle(center: Point(x: frame.midX, y: frame.midY), radius: frame.width / 2, fill))
                    ui.text(
                        key.label, in: frame, font: m.pinDigitFont,
                        color: locked ? theme.textSecondary : theme.textPrimary, alignment: .center)
                } else {
                    // "Cancel" and "Delete" may be wider than a small key: they use the gaps beside it.
                    ui.text(
                        key.label, in: frame.insetBy(dx: -frame.width * m.pinGapShare, dy: 0), font: m.pinKeyFont,
                        color: look.pressed ? theme.textSecondary : theme.textPrimary, alignment: .center)
                }
            }
            if hit { tapped.append(key) }
        }
        return tapped
    }
}
