import TactileCore
import TactileInput
import TactileUI

/// The transition picker a cut's junction button opens: a panel above the toolbar with None and
/// every kind, each drawn as a tiny picture half way through (the outgoing clip's colour giving
/// way to the incoming one's, as `TransitionLook` places them) and named under it. A tap on one
/// puts it at the cut at once (the canvas, moved to the cut, shows it), and the panel stays for
/// another try; a tap outside or Escape closes it.
struct TransitionPickerView {
    static let scrimID = "transitionPicker.scrim", optionPrefix = "transitionPicker."
    let ui: UIContext
    let layout: EditorLayout
    let configuration: TactileConfiguration
    let theme: Theme

    /// How much larger than designed the picker draws: as much as the text (`--ui-scale`).
    var scale: Double { theme.clipFont.size / theme.metrics.transitionPicker.designFont }

    /// The panel, while open: above everything but the banner.
    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let id = state.transitionPicker, let cut = state.project.cut(before: id) else { return [] }
        let m = theme.metrics.transitionPicker, k = scale
        let options: [Transition.Kind?] = [nil] + Transition.Kind.allCases
        let current = cut.incoming.transitionIn
        let columns = max(1, m.columns), rows = (options.count + columns - 1) / columns
        let padding = m.panelPadding * k, optionHeight = m.optionHeight * k, titleHeight = m.titleHeight * k
        let durationRow = current == nil ? 0 : m.durationRowHeight * k
        let panel = layout.pickerPanel(
            height: titleHeight + Double(rows) * optionHeight + durationRow + 2 * padding, gap: m.panelGap * k,
            margin: configuration.layout.margin)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            // The scrim leaves the canvas clear: the transition shows there.
            let screen = Rect(origin: .zero, size: layout.viewport)
            if ui.button(
                Self.scrimID, role: "scrim", label: theme.strings[.closeTransitions], frame: screen,
                draw: { _ in
                    ui.fill(
                        Rect(x: 0, y: layout.canvas.maxY, width: screen.width, height: max(0, screen.height - layout.canvas.maxY)), Color.black.opacity(0.3))
                })
            {
                intents.append(.openTransitionPicker(nil))
            }
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            let title = theme.strings[.transitions] + (current.map { " · " + theme.strings.duration($0.duration) } ?? "")
            ui.text(
                title, in: Rect(x: panel.x + padding, y: panel.y + padding, width: panel.width - 2 * padding, height: titleHeight),
                font: theme.bodyFont, color: theme.textPrimary, alignment: theme.leading)
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
                let chosen = current?.kind == kind
                let tapped = ui.button(
                    Self.optionPrefix + (kind?.rawValue ?? "none"), role: "transitionOption", label: name, frame: option,
                    state: ["kind": .string(kind?.rawValue ?? "none"), "chosen": .bool(chosen)]
                ) { look in
                    if look.pressed || chosen { ui.fill(option, theme.surface, radius: m.optionRadius * k) }
                    if chosen { ui.stroke(option, theme.selection, width: m.chosenLine, radius: m.optionRadius * k) }
                    let label = m.optionLabelHeight * k
                    let box = Rect(
                        x: option.midX - m.previewWidth * k / 2, y: option.y + (option.height - m.previewHeight * k - label) / 2,
                        width: m.previewWidth * k, height: m.previewHeight * k)
                    drawPreview(kind, in: box)
                    ui.text(
                        name, in: Rect(x: option.x, y: box.maxY, width: option.width, height: label), font: theme.clipFont,
                        color: theme.textSecondary, alignment: .center)
                }
                if tapped { intents.append(.setTransition(id, kind)) }
            }
            if let current {
                let row = Rect(x: panel.x + padding, y: panel.maxY - padding - durationRow, width: panel.width - 2 * padding, height: durationRow)
                let limit = state.project.transitionLimit(atCutBefore: id)?.duration ?? current.duration
                intents += drawDuration(current, clipID: id, limit: limit, in: row, held: state.transitionDurationDrag != nil)
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
            label, in: theme.mirrored(Rect(x: row.x, y: row.y, width: labelWidth, height: row.height), in: row), font: theme.clipFont,
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

    /// A kind as a strip of moments (`previewMoments`), each drawn with two tiles: the outgoing
    /// clip's colour and the incoming one's, each with a darker mark at its centre so a zoom
    /// shows. A hard cut shows the outgoing tile, then the incoming ones.
    private func drawPreview(_ kind: Transition.Kind?, in strip: Rect) {
        let m = theme.metrics.transitionPicker, k = scale
        let moments = m.previewMoments, gap = m.previewGap * k
        let width = (strip.width - gap * Double(max(0, moments.count - 1))) / Double(max(1, moments.count))
        let from = theme.color(for: .video), to = theme.color(for: .image)
        for (i, p) in moments.enumerated() {
            let box = Rect(x: strip.x + Double(i) * (width + gap), y: strip.y, width: width, height: strip.height)
            let look =
                kind.map { TransitionLook.of($0, progress: p, zoom: configuration.editing.transitionZoom) }
                ?? TransitionLook(outgoing: .init(opacity: p < 0.5 ? 1 : 0), incoming: .init(opacity: p < 0.5 ? 0 : 1))
            ui.clipped(to: box) {
                ui.draw(look, in: box) { incoming, placed, opacity in
                    let color = incoming ? to : from, mark = placed.height * m.previewMark
                    ui.fill(placed, color.opacity(opacity))
                    ui.fill(
                        Rect(x: placed.midX - mark / 2, y: placed.midY - mark / 2, width: mark, height: mark),
                        color.mixed(with: .black, 0.45).opacity(opacity))
                }
            }
        }
    }
}
