import Foundation
import TactileCore
import TactileUI

/// What kiosk mode draws over the editor: an invitation during the attract loop and a filling
/// ring while the exit hold lasts. (The PIN pad is an ordinary UI pass: `PinPadView`.)
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
                break // the PIN pad is a UI pass of its own (PinPadView), composed by the host
            }
        }
    }

    private static func drawInvitation(into list: inout DrawList, viewport: Size, theme: Theme) {
        let m = theme.metrics.kiosk
        let width = min(viewport.width - 2 * m.invitationMargin, m.invitationWidth), height = m.invitationHeight
        let frame = Rect(x: (viewport.width - width) / 2, y: viewport.height * m.invitationCentre - height / 2, width: width, height: height)
        list.add(.fillRect(frame, theme.accent.opacity(0.92), cornerRadius: height / 2))
        list.add(.text(TextRun(invitation, in: frame, font: m.invitationFont, color: Color(hex: 0xFFFFFF), alignment: .center)))
    }

    private static func drawHold(_ progress: Double, into list: inout DrawList, viewport: Size, theme: Theme) {
        let m = theme.metrics.kiosk
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2), radius = m.ringRadius
        list.add(.fillCircle(center: centre, radius: radius + m.ringBackdrop, Color(hex: 0x000000).opacity(0.7)))
        list.add(.strokeCircle(center: centre, radius: radius, theme.textSecondary.opacity(0.5), width: m.ringWidth))
        let segments = max(1, Int((progress * Double(m.ringSegments)).rounded(.up)))
        for i in 0..<segments {
            let a0 = -Double.pi / 2 + 2 * Double.pi * progress * Double(i) / Double(segments)
            let a1 = -Double.pi / 2 + 2 * Double.pi * progress * Double(i + 1) / Double(segments)
            list.add(.line(from: Point(x: centre.x + radius * cos(a0), y: centre.y + radius * sin(a0)),
                           to: Point(x: centre.x + radius * cos(a1), y: centre.y + radius * sin(a1)), theme.accent, width: m.ringWidth))
        }
        let label = Rect(x: 0, y: centre.y + radius + m.ringLabelGap, width: viewport.width, height: m.ringLabelHeight)
        list.add(.text(TextRun("Keep holding to exit", in: label, font: m.ringLabelFont, color: theme.textPrimary, alignment: .center)))
    }
}
