import Foundation
import TactileCore
import TactileUI

/// What kiosk mode draws over the editor, as an ordinary UI pass: the invitation during the
/// attract loop, a filling ring while the exit hold lasts, and the PIN pad (`PinPadView`, whose
/// keys are buttons) while it is open. Returns the PIN keys tapped in this pass.
public struct KioskOverlayView {
    let ui: UIContext
    let kiosk: KioskMode

    public init(ui: UIContext, kiosk: KioskMode) { self.ui = ui; self.kiosk = kiosk }

    @discardableResult
    public func draw() -> [PinPad.Key] {
        var keys: [PinPad.Key] = []
        ui.inLayer(.topmost) {
            switch kiosk.phase {
            case .attract:
                drawInvitation(bright: kiosk.invitationIsBright(at: ui.now))
            case .visitor:
                if let progress = kiosk.exitGesture.holdProgress(at: ui.now) { drawHold(progress) }
            case .pin:
                if let pad = kiosk.pinPad { keys = PinPadView(ui: ui, pad: pad, settings: kiosk.settings).draw() }
            case .closed:
                ui.fill(Rect(origin: .zero, size: ui.viewport), Color(hex: 0x000000))
                ui.element(UIElement(id: "kiosk.closed", role: "kioskClosed", label: "Closed", frame: Rect(origin: .zero, size: ui.viewport)))
            case .dimmed:
                ui.fill(Rect(origin: .zero, size: ui.viewport), Color(hex: 0x000000).opacity(min(1, max(0, kiosk.settings.dimOpacity))))
                ui.element(UIElement(id: "kiosk.dimmed", role: "kioskDimmed", label: "Dimmed", frame: Rect(origin: .zero, size: ui.viewport)))
            }
        }
        return keys
    }

    private func drawInvitation(bright: Bool) {
        let theme = ui.theme, m = theme.metrics.kiosk, viewport = ui.viewport
        let width = min(viewport.width - 2 * m.invitationMargin, m.invitationWidth), height = m.invitationHeight
        let frame = Rect(x: (viewport.width - width) / 2, y: viewport.height * m.invitationCentre - height / 2, width: width, height: height)
        // The pulse: the bright half stands out, the dim half lets the tour show through.
        ui.fill(frame, theme.accent.opacity(bright ? m.invitationBright : m.invitationDim), radius: height / 2)
        let words = theme.strings[.invitation]
        let font = ui.font(fitting: words, width: frame.width - height / 2, from: m.invitationFont)
        ui.text(words, in: frame, font: font, color: Color(hex: 0xFFFFFF), alignment: .center)
        ui.element(UIElement(id: "kiosk.invitation", role: "kioskInvitation", label: words, frame: frame, state: ["bright": .bool(bright)]))
    }

    private func drawHold(_ progress: Double) {
        let theme = ui.theme, m = theme.metrics.kiosk, viewport = ui.viewport
        let centre = Point(x: viewport.width / 2, y: viewport.height / 2), radius = m.ringRadius
        ui.draw.add(.fillCircle(center: centre, radius: radius + m.ringBackdrop, Color(hex: 0x000000).opacity(0.7)))
        ui.draw.add(.strokeCircle(center: centre, radius: radius, theme.textSecondary.opacity(0.5), width: m.ringWidth))
        let segments = max(1, Int((progress * Double(m.ringSegments)).rounded(.up)))
        for i in 0..<segments {
            let a0 = -Double.pi / 2 + 2 * Double.pi * progress * Double(i) / Double(segments)
            let a1 = -Double.pi / 2 + 2 * Double.pi * progress * Double(i + 1) / Double(segments)
            ui.draw.add(
                .line(
                    from: Point(x: centre.x + radius * cos(a0), y: centre.y + radius * sin(a0)),
                    to: Point(x: centre.x + radius * cos(a1), y: centre.y + radius * sin(a1)), theme.accent, width: m.ringWidth))
        }
        let label = Rect(x: 0, y: centre.y + radius + m.ringLabelGap, width: viewport.width, height: m.ringLabelHeight)
        let words = theme.strings[.keepHolding]
        ui.text(words, in: label, font: ui.font(fitting: words, width: label.width, from: m.ringLabelFont), color: theme.textPrimary, alignment: .center)
        ui.element(
            UIElement(
                id: "kiosk.exitHold", role: "kioskExitHold", label: words, frame: label,
                state: ["progress": .number(progress)]))
    }
}
