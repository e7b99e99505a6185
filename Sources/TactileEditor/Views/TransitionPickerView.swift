import TactileCore
import TactileInput
import TactileUI

/// The transition picker a cut's junction button opens: a panel above the toolbar (beside the
/// canvas in landscape) with None and every kind, each drawn as an icon (`TransitionIcon`) and
/// named under it. A tap on one puts it at the cut at once (the canvas, moved to the cut, loops
/// it), and the panel stays for another try; a tap outside or Escape closes it. Everything but
/// the panel and the canvas is dimmed evenly. Where the clips are too short for any transition
/// the kinds are drawn faint and the panel says why (a tap on one says it again).
struct TransitionPickerView {
    static let scrimID = "transitionPicker.scrim", optionPrefix = "transitionPicker."
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// How much larger than designed the picker draws: as much as the text (`--ui-scale`), never
    /// smaller than designed (smaller text keeps the controls a finger's size, as Dynamic Type's
    /// smaller sizes keep 44 pt).
    var scale: Double { max(1, theme.clipFont.size / theme.metrics.transitionPicker.designFont) }

    /// The panel, while open: above everything but the banner.
    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let id = state.transitionPicker, let cut = state.project.cut(before: id) else { return [] }
        let m = theme.metrics.transitionPicker, k = scale
        let options: [Transition.Kind?] = [nil] + Transition.Kind.allCases
        let current = cut.incoming.transitionIn
        let reach = state.project.transitionReach(atCutBefore: id)
        let possible = (reach?.duration ?? .zero) >= Transition.minimumDuration
        let columns = max(1, m.columns), rows = (options.count + columns - 1) / columns
        let padding = m.panelPadding * k, optionHeight = m.optionHeight * k, titleHeight = m.titleHeight * k
        let durationRow = current == nil && possible ? 0 : m.durationRowHeight * k
        let panel = layout.pickerPanel(
            height: titleHeight + Double(rows) * optionHeight + durationRow + 2 * padding, gap: m.panelGap * k,
            margin: sizes.margin)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            // The scrim dims everything evenly but the canvas, where the transition plays.
            let sheet = Sheet(ui: ui, theme: theme, id: "transitionPicker")
            intents += sheet.backdrop(panel: panel, clear: [layout.canvas], label: theme.strings[.closeTransitions], close: .openTransitionPicker(nil))
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            if sheet.header(
                theme.strings[.transitions], detail: current.map { theme.strings.duration($0.duration) }, action: theme.strings[.done],
                in: Rect(x: panel.x + padding, y: panel.y + padding, width: panel.width - 2 * padding, height: titleHeight))
            {
                intents.append(.openTransitionPicker(nil))
            }
            ui.element(
                UIElement(
                    id: "transitionPicker", role: "transitionPicker", label: theme.strings[.transitions], frame: panel,
                    state: [
                        "clip": .string(id), "kind": .string(current?.kind.rawValue ?? "none"),
                        "duration": .number(current?.duration.seconds ?? 0),
                    ]))
            let optionWidth = (panel.width - 2 * padding) / Double(columns)
            for (i, kind) in options.enumerated() {
                let option = theme.mirrored(
                    Rect(
                        x: panel.x + padding + Double(i % columns) * optionWidth,
                        y: panel.y + padding + titleHeight + Double(i / columns) * optionHeight, width: optionWidth, height: optionHeight),
                    in: panel)
                let name = theme.strings[kind.map { EditorText(rawValue: $0.rawValue) ?? .transitions } ?? .noTransition]
                let chosen = current?.kind == kind, enabled = kind == nil || possible
                let tapped = ui.button(
                    Self.optionPrefix + (kind?.rawValue ?? "none"), role: "transitionOption", label: name, frame: option,
                    state: ["kind": .string(kind?.rawValue ?? "none"), "chosen": .bool(chosen), "enabled": .bool(enabled)]
                ) { look in
                    if look.pressed || chosen { ui.fill(option, theme.surface, radius: m.optionRadius * k) }
                    if chosen { ui.stroke(option, theme.selection, width: m.chosenLine, radius: m.optionRadius * k) }
                    let label = m.optionLabelHeight * k
                    let box = Rect(
                        x: option.midX - m.previewWidth * k / 2, y: option.y + (option.height - m.previewHeight * k - label) / 2,
                        width: m.previewWidth * k, height: m.previewHeight * k)
                    TransitionIcon(ui: ui, scale: k).draw(kind, in: box)
                    if !enabled { ui.fill(box, theme.surfaceRaised.opacity(1 - m.disabledOpacity)) }
                    ui.text(
                        name, in: Rect(x: option.x, y: box.maxY, width: option.width, height: label),
                        font: ui.font(fitting: name, width: option.width, from: theme.clipFont, smallest: m.labelSmallestShare),
                        color: enabled ? theme.textSecondary : theme.textSecondary.opacity(m.disabledOpacity), alignment: .center)
                }
                if tapped { intents.append(.setTransition(id, kind)) }
            }
            let row = Rect(x: panel.x + padding, y: panel.maxY - padding - durationRow, width: panel.width - 2 * padding, height: durationRow)
            if let current {
                let limit = reach?.duration ?? current.duration
                intents += drawDuration(current, clipID: id, limit: limit, in: row, held: state.transitionDurationDrag != nil)
            } else if !possible, let reason = reach?.reason {
                let why = theme.strings.format(.transitionTooShort, ["reason": theme.strings.sentence(reason)])
                ui.paragraph(why, in: row, font: theme.clipFont, color: theme.textSecondary, alignment: theme.leading, maximumLines: 2)
                ui.element(UIElement(id: "transitionPicker.reason", role: "reason", label: why, frame: row))
            }
        }
        return intents
    }

    /// The length row: its name and value, and a track from a tenth of a second to the most the
    /// footage allows, with a knob at the length; a drag along it sets the length.
    private func drawDuration(_ transition: Transition, clipID: String, limit: Time, in row: Rect, held: Bool) -> [EditorIntent] {
        let m = theme.metrics.transitionPicker, k = scale
        let labelWidth = m.durationLabelWidth * k
        let label = theme.strings[.transitionLength] + " " + theme.strings.duration(transition.duration)
        ui.text(
            label, in: theme.mirrored(Rect(x: row.x, y: row.y, width: labelWidth, height: row.height), in: row),
            font: ui.font(fitting: label, width: labelWidth, from: theme.clipFont, smallest: m.labelSmallestShare),
            color: theme.textPrimary, alignment: theme.leading)
        let knob = m.durationKnobHeld * k
        let bar = theme.mirrored(
            Rect(x: row.x + labelWidth + knob, y: row.midY - m.durationTrack / 2, width: max(1, row.width - labelWidth - 2 * knob), height: m.durationTrack),
            in: row)
        let most = max(1, TransitionDurationController.tenths(of: limit))
        let share = most > 1 ? Double(TransitionDurationController.tenths(of: transition.duration) - 1) / Double(most - 1) : 1
        // The track runs from short to long in reading order.
        let start = theme.isRightToLeft ? bar.maxX : bar.minX, end = theme.isRightToLeft ? bar.minX : bar.maxX
        let x = start + (end - start) * min(1, max(0, share))
        ui.fill(bar, theme.surface, radius: m.durationTrack / 2)
        ui.fill(Rect(x: min(start, x), y: bar.y, width: abs(x - start), height: bar.height), theme.selection, radius: m.durationTrack / 2)
        ui.draw.add(.fillCircle(center: Point(x: x, y: bar.midY), radius: (held ? m.durationKnobHeld : m.durationKnob) * k, theme.textPrimary))
        let hit = Rect(x: row.x + labelWidth, y: row.y, width: row.width - labelWidth, height: row.height)
        let interaction = ui.interact("transitionPicker.duration", hitFrame: hit, gestures: GestureTarget(id: "transitionPicker.duration", gestures: [.trim]))
        ui.element(
            UIElement(
                id: "transitionPicker.duration", role: "transitionDuration", label: label, frame: bar, hitFrame: hit,
                state: ["duration": .number(transition.duration.seconds), "limit": .number(Double(most) / 10)]))
        return interaction.intents(.transitionDuration(clipID: clipID, from: start, to: end))
    }
}
