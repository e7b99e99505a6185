import Foundation
import TactileCore
import TactileUI

/// What kiosk mode draws over the editor: an invitation during the attract loop, a filling
/// ring while the exit hold lasts, and the PIN pad.
public enum KioskOverlay {
    /// The invitation shown while the attract loop plays.
    public static let invitation = "Touch anywhere to try it"

    /// Draws `kiosk`'s overlay at `now` into the top layer of `list`.
    public static func draw(_ kiosk: KioskMode, into list: inout DrawList, viewport: Size, now: Time, theme: Theme) {
        list.inLayer(.topmost) { list in
            switch kiosk.phase {
            case .attract:
                drawInvitation(into: &list, viewport: viewport, theme: theme)
            case .visitor:
                if let progress = kiosk.exitGesture.holdProgress(at: now) { drawHold(progress, into: &list, viewport: viewport, theme: theme) }
            case .pin:
                if let pad = kiosk.pinPad { drawPad(pad, length: kiosk.settings.pin.count, into: &list, viewport: viewport, now: now, theme: theme) }
            }
        }
    }

    private static func drawInvitation(into list: inout DrawList, viewport: Size, theme: Theme) {
        let font = Font(size: 17, weight: .semibold)
        let width = min(viewport.width - 48, 280.0), height = 48.0
        let frame = Rect(x: (viewport.width - width) / 2, y: viewport.height * 0.3 - height / 2, width: width, height: height)
        list.add(.fillRect(frame, theme.accent.opacity(0.92), cornerRadius: height / 2))
        list.add(.text(TextRun(invitation, in: frame, font: font, color: Color(hex: 0xFFFFFF), alignment: .center)))
    }

    private static func drawHold(_ progress: Double, into list: inout DrawList, viewport: Size, theme: Theme) {
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2), radius = 44.0
        list.add(.fillCircle(center: centre, radius: radius + 10, Color(hex: 0x000000).opacity(0.7)))
        list.add(.strokeCircle(center: centre, radius: radius, theme.textSecondary.opacity(0.5), width: 6))
        let segments = max(1, Int((progress * 72).rounded(.up)))
        for i in 0..<segments {
            let a0 = -Double.pi / 2 + 2 * Double.pi * progress * Double(i) / Double(segments)
            let a1 = -Double.pi / 2 + 2 * Double.pi * progress * Double(i + 1) / Double(segments)
            list.add(.line(from: Point(x: centre.x + radius * cos(a0), y: centre.y + radius * sin(a0)),
                           to: Point(x: centre.x + radius * cos(a1), y: centre.y + radius * sin(a1)), theme.accent, width: 6))
        }
        let label = Rect(x: 0, y: centre.y + radius + 18, width: viewport.width, height: 24)
        list.add(.text(TextRun("Keep holding to exit", in: label, font: Font(size: 15, weight: .semibold), color: theme.textPrimary,
                               alignment: .center)))
    }

    private static func drawPad(_ pad: PinPad, length: Int, into list: inout DrawList, viewport: Size, now: Time, theme: Theme) {
        list.add(.fillRect(Rect(origin: .zero, size: viewport), Color(hex: 0x000000).opacity(0.88), cornerRadius: 0))
        let keys = PinPad.keys(in: viewport)
        let top = (keys.first?.frame.y ?? 200) - 110
        list.add(.text(TextRun("Enter the PIN to exit", in: Rect(x: 0, y: top, width: viewport.width, height: 28),
                               font: Font(size: 20, weight: .semibold), color: theme.textPrimary, alignment: .center)))
        let locked = pad.isLocked(at: now)
        let wrong = pad.wrongAt != nil && pad.entered.isEmpty
        let dot = 14.0, gap = 14.0
        let width = Double(length) * dot + Double(max(0, length - 1)) * gap
        for i in 0..<length {
            let c = Point(x: (viewport.width - width) / 2 + dot / 2 + Double(i) * (dot + gap), y: top + 56)
            if wrong { list.add(.fillCircle(center: c, radius: dot / 2, theme.danger)) }
            else if i < pad.entered.count { list.add(.fillCircle(center: c, radius: dot / 2, theme.textPrimary)) }
            else { list.add(.strokeCircle(center: c, radius: dot / 2, theme.textSecondary, width: 1.5)) }
        }
        if let until = pad.lockedUntil, locked {
            let seconds = Int(((until - now).seconds).rounded(.up))
            list.add(.text(TextRun("Too many wrong PINs. Try again in \(seconds) s", in: Rect(x: 0, y: top + 72, width: viewport.width, height: 20),
                                   font: theme.bodyFont, color: theme.danger, alignment: .center)))
        } else if wrong {
            list.add(.text(TextRun("Wrong PIN", in: Rect(x: 0, y: top + 72, width: viewport.width, height: 20),
                                   font: theme.bodyFont, color: theme.danger, alignment: .center)))
        }
        let down = pad.keysDown
        for (key, frame) in keys {
            let centre = Point(x: frame.midX, y: frame.midY)
            if case .digit = key {
                let fill = locked ? theme.surfaceRaised.opacity(0.4) : down.contains(key) ? theme.textSecondary : theme.surfaceRaised
                list.add(.fillCircle(center: centre, radius: frame.width / 2, fill))
                list.add(.text(TextRun(key.label, in: frame, font: Font(size: 28, weight: .regular),
                                       color: locked ? theme.textSecondary : theme.textPrimary, alignment: .center)))
            } else {
                let color = down.contains(key) ? theme.textSecondary : theme.textPrimary
                list.add(.text(TextRun(key.label, in: frame, font: Font(size: 17, weight: .medium), color: color,
                                       alignment: .center)))
            }
        }
    }
}
