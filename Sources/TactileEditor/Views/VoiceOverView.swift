import Foundation
import TactileCore
import TactileUI

/// The voice-over panel (CapCut's and iMovie's voice-over): a level meter that moves as soon as
/// the count-in starts, so the person sees the microphone hears them; a round record button that
/// counts in ("3, 2, 1" large over the canvas, a tick each second) and then records while the
/// picture plays on from the playhead; the same button, a square now, stops and keeps it. Cancel
/// (or a tap outside before recording) closes it; during a recording a tap outside does nothing.
struct VoiceOverView {
    static let buttonID = "voiceOver.record"
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let editing: TactileConfiguration.Editing
    let theme: Theme

    /// How much larger than designed the panel draws: as much as the text (`--ui-scale`), never
    /// smaller than designed (smaller text keeps the controls a finger's size, as Dynamic Type's
    /// smaller sizes keep 44 pt).
    var scale: Double { max(1, theme.clipFont.size / theme.metrics.voiceOver.designFont) }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let session = state.voiceOver else { return [] }
        let m = theme.metrics.voiceOver, k = scale, strings = theme.strings
        let padding = m.panelPadding * k
        let sheet = Sheet(ui: ui, theme: theme, id: "voiceOver")
        let saving: Bool = {
            if case .saving = session.phase { return true }; return false
        }()
        let ready: Bool = {
            if case .ready = session.phase { return true }; return false
        }()
        let (words, ink) = hint(session, state: state, ready: ready)
        // The hint (or a problem's sentence: no microphone, one that failed) is wrapped, never
        // cut: it grows by the lines it needs.
        let width = layout.pickerPanel(height: 0, gap: m.panelGap * k, margin: sizes.margin, leastWidth: sheet.leastWidth).width - 2 * padding
        let lines = ui.paragraphLines(words, width: width, font: theme.clipFont, maximumLines: 100)
        let hintHeight = m.hintHeight * k * Double(max(1, lines.count))
        let titleHeight = sheet.headerHeight(strings[.voiceOver], action: saving ? nil : strings[.cancel], width: width, designed: m.titleHeight * k)
        let contentHeight = titleHeight + (2 * m.meterGap + m.meterHeight + m.buttonSize) * k + hintHeight
        let panel = layout.pickerPanel(height: contentHeight + 2 * padding, gap: m.panelGap * k, margin: sizes.margin, leastWidth: sheet.leastWidth)
        let picture = EditorLayout.picture(in: layout.canvas, ratio: state.project.format.ratio, sizes: sizes)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            intents += sheet.backdrop(panel: panel, clear: [picture], label: strings[.closeVoiceOver], close: ready ? .closeVoiceOver : nil)
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            ui.element(
                UIElement(
                    id: "voiceOver", role: "voiceOverPanel", label: strings[.voiceOver], frame: panel,
                    state: ["phase": .string(Self.name(session.phase)), "hint": .string(words), "microphone": .bool(!session.microphoneMissing)]))
            let inner = panel.insetBy(dx: padding, dy: padding)
            sheet.scrollingBody(window: Rect(x: panel.x, y: inner.y, width: panel.width, height: inner.height), contentHeight: contentHeight) {
                let header = Rect(x: inner.x, y: inner.y, width: inner.width, height: titleHeight)
                if sheet.header(strings[.voiceOver], action: saving ? nil : strings[.cancel], in: header) { intents.append(.closeVoiceOver) }
                // What it will do, or is doing, or what went wrong.
                let hint = Rect(x: inner.x, y: header.maxY, width: inner.width, height: hintHeight)
                for (n, line) in lines.enumerated() {
                    let row = Rect(x: hint.x, y: hint.y + Double(n) * m.hintHeight * k, width: hint.width, height: m.hintHeight * k)
                    ui.text(line, in: row, font: theme.clipFont, color: ink, alignment: .center)
                }
                // The level meter, as recorders colour theirs: green, amber from −6 dB, red from −1 dB.
                let meter = Rect(x: inner.x, y: hint.maxY + m.meterGap * k, width: inner.width, height: m.meterHeight * k)
                ui.fill(meter, theme.surface, radius: meter.height / 2)
                let level = ready ? 0 : min(1, max(0, session.level))
                let color = level >= m.meterRed ? theme.danger : (level >= m.meterAmber ? theme.warning : theme.success)
                ui.fill(
                    theme.mirrored(Rect(x: meter.x, y: meter.y, width: meter.width * level, height: meter.height), in: meter), color, radius: meter.height / 2)
                ui.element(UIElement(id: "voiceOver.meter", role: "meter", label: strings[.voiceOver], frame: meter, state: ["level": .number(level)]))
                let size = m.buttonSize * k
                let button = Rect(x: inner.midX - size / 2, y: meter.maxY + m.meterGap * k, width: size, height: size)
                if drawRecordButton(session, in: button, saving: saving) { intents.append(.toggleVoiceOver) }
            }
            // The count-in, large over the picture.
            if case let .countIn(since, _) = session.phase {
                let left = max(1, Int(ceil(editing.voiceOverCountIn - (ui.now - since).seconds - 1e-9)))
                let numeral = strings.digits("\(left)")
                let font = Font(size: min(picture.width, picture.height) * m.countShare, weight: .bold)
                ui.fill(picture, Color.black.opacity(theme.metrics.sheet.dim))
                ui.text(numeral, in: picture, font: font, color: Color.white, alignment: .center)
                ui.element(UIElement(id: "voiceOver.count", role: "countIn", label: numeral, frame: picture, state: ["count": .number(Double(left))]))
            }
        }
        return intents
    }

    /// What the panel says it will do, or is doing, or what went wrong; and in what colour.
    private func hint(_ session: VoiceOverSession, state: EditorState, ready: Bool) -> (String, Color) {
        let strings = theme.strings
        let problem = session.microphoneMissing ? strings[.noMicrophone] : session.problem
        if let problem, ready { return (problem, theme.danger) }
        switch session.phase {
        case .ready, .countIn:
            let at: Time = {
                if case let .countIn(_, at) = session.phase { return at }; return min(max(.zero, state.playhead), state.project.duration)
            }()
            let words = strings.format(
                .voiceOverHint, ["time": strings.digits(TimeFormatting.timecode(at)), "count": strings.digits("\(Int(editing.voiceOverCountIn.rounded()))")])
            return (words, theme.textSecondary)
        case let .recording(since, _):
            return (strings.format(.voiceOverRecording, ["time": strings.digits(TimeFormatting.timecode(ui.now - since))]), theme.danger)
        case .saving:
            return (strings[.voiceOverSaving], theme.textSecondary)
        }
    }

    /// The round record button (a square to stop while recording); whether it was tapped.
    private func drawRecordButton(_ session: VoiceOverSession, in button: Rect, saving: Bool) -> Bool {
        let m = theme.metrics.voiceOver, k = scale, size = button.width
        let recording: Bool = {
            if case .recording = session.phase { return true }; return false
        }()
        let label = theme.strings[recording ? .stopRecording : .recordVoiceOver]
        return ui.button(
            Self.buttonID, role: "recordButton", label: label, frame: button, enabled: !saving && !session.microphoneMissing,
            state: ["phase": .string(Self.name(session.phase))]
        ) { look in
            ui.draw.add(.strokeCircle(center: button.center, radius: size / 2 - m.ringWidth * k / 2, theme.textPrimary, width: m.ringWidth * k))
            let red = look.pressed ? theme.danger.mixed(with: .black, 0.2) : theme.danger
            if recording {
                let s = size * m.stopShare
                ui.fill(Rect(x: button.midX - s / 2, y: button.midY - s / 2, width: s, height: s), red, radius: s * m.stopCornerShare)
            } else {
                // Dimmed while the file is written, or while there is no microphone to record with.
                ui.draw.add(
                    .fillCircle(center: button.center, radius: size / 2 - m.dotInset * m.ringWidth * k, red.opacity(look.enabled ? 1 : m.savingOpacity)))
            }
        }
    }

    /// The phase's name for inspect.
    static func name(_ phase: VoiceOverSession.Phase) -> String {
        switch phase {
        case .ready: return "ready"
        case .countIn: return "countIn"
        case .recording: return "recording"
        case .saving: return "saving"
        }
    }
}
