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

    /// The panel, while open: above everything but the banner. Where the names do not fit three
    /// to a row (large text on a narrow sheet), fewer; where the screen is too short, it scrolls.
    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let id = state.transitionPicker, let cut = state.project.cut(before: id) else { return [] }
        let m = theme.metrics.transitionPicker, k = scale, strings = theme.strings
        let options: [Transition.Kind?] = [nil] + Transition.Kind.allCases
        let names = options.map { strings[$0.map { EditorText(rawValue: $0.rawValue) ?? .transitions } ?? .noTransition] }
        let current = cut.incoming.transitionIn
        let reach = state.project.transitionReach(atCutBefore: id)
        let possible = (reach?.duration ?? .zero) >= Transition.minimumDuration
        let sheet = Sheet(ui: ui, theme: theme, id: "transitionPicker")
        let padding = m.panelPadding * k, optionHeight = m.optionHeight * k
        let width = layout.pickerPanel(height: 0, gap: 0, margin: sizes.margin, leastWidth: sheet.leastWidth).width - 2 * padding
        let fitting = ui.sideBySide(names, width: width, gap: 0, inset: m.labelInset * k, font: theme.clipFont, smallest: m.labelSmallestShare)
        let columns = ChoiceColumns.balanced(max(1, min(m.columns, fitting, Int(width / (m.previewWidth * k)))), of: options.count)
        let rows = (options.count + columns - 1) / columns
        let titleHeight = sheet.headerHeight(strings[.transitions], action: strings[.done], width: width, designed: m.titleHeight * k)
        let why = !possible ? reach.map { strings.format(.transitionTooShort, ["reason": strings.sentence($0.reason)]) } : nil
        let durationRow = current.map { durationHeight($0, width: width) } ?? why.map { reasonHeight($0, width: width) } ?? 0
        let contentHeight = titleHeight + Double(rows) * optionHeight + durationRow
        let panel = layout.pickerPanel(height: contentHeight + 2 * padding, gap: m.panelGap * k, margin: sizes.margin, leastWidth: sheet.leastWidth)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            // The scrim dims everything evenly but the canvas, where the transition plays.
            intents += sheet.backdrop(panel: panel, clear: [layout.canvas], label: strings[.closeTransitions], close: .openTransitionPicker(nil))
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            ui.element(
                UIElement(
                    id: "transitionPicker", role: "transitionPicker", label: strings[.transitions], frame: panel,
                    state: [
                        "clip": .string(id), "kind": .string(current?.kind.rawValue ?? "none"),
                        "duration": .number(current?.duration.seconds ?? 0),
                    ]))
            let inner = panel.insetBy(dx: padding, dy: padding)
            sheet.scrollingBody(window: Rect(x: panel.x, y: inner.y, width: panel.width, height: inner.height), contentHeight: contentHeight) {
                if sheet.header(
                    strings[.transitions], detail: current.map { strings.duration($0.duration) }, action: strings[.done],
                    in: Rect(x: inner.x, y: inner.y, width: inner.width, height: titleHeight))
                {
                    intents.append(.openTransitionPicker(nil))
                }
                let optionWidth = inner.width / Double(columns)
                for (i, kind) in options.enumerated() {
                    let option = theme.mirrored(
                        Rect(
                            x: inner.x + Double(i % columns) * optionWidth, y: inner.y + titleHeight + Double(i / columns) * optionHeight,
                            width: optionWidth, height: optionHeight),
                        in: inner)
                    let chosen = current?.kind == kind, enabled = kind == nil || possible
                    if drawOption(kind, name: names[i], chosen: chosen, enabled: enabled, in: option) { intents.append(.setTransition(id, kind)) }
                }
                let row = Rect(x: inner.x, y: inner.y + titleHeight + Double(rows) * optionHeight, width: inner.width, height: durationRow)
                if let current {
                    let limit = reach?.duration ?? current.duration
                    intents += drawDuration(current, clipID: id, limit: limit, in: row, held: state.transitionDurationDrag != nil)
                } else if let why {
                    ui.paragraph(
                        why, in: row, font: theme.clipFont, color: theme.textSecondary, alignment: theme.leading, lineHeight: m.reasonLineHeight)
                    ui.element(UIElement(id: "transitionPicker.reason", role: "reason", label: why, frame: row))
                }
            }
        }
        return intents
    }

    /// One kind drawn as its icon, named under it; whether it was tapped.
    private func drawOption(_ kind: Transition.Kind?, name: String, chosen: Bool, enabled: Bool, in option: Rect) -> Bool {
        let m = theme.metrics.transitionPicker, k = scale
        return ui.button(
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
            let words = option.insetBy(dx: m.labelInset * k, dy: 0)
            ui.text(
                name, in: Rect(x: words.x, y: box.maxY, width: words.width, height: label),
                font: ui.font(fitting: name, width: words.width, from: theme.clipFont, smallest: m.labelSmallestShare),
                color: enabled ? theme.textSecondary : theme.textSecondary.opacity(m.disabledOpacity), alignment: .center)
        }
    }

    /// Whether the length's words stand on a line over its track (they would take more than
    /// `durationLabelMostShare` of the row beside it: large text on a narrow sheet).
    private func lengthOver(_ transition: Transition, width: Double) -> Bool {
        let m = theme.metrics.transitionPicker
        return lengthWords(transition, font: theme.clipFont).width > m.durationLabelWidth * scale
            || m.durationLabelWidth * scale > width * m.durationLabelMostShare
    }

    private func lengthWords(_ transition: Transition, font: Font) -> (text: String, width: Double) {
        let text = theme.strings[.transitionLength] + " " + theme.strings.duration(transition.duration)
        return (text, ui.measurer.measure(text, font: font).width)
    }

    /// The length row's height: a finger's reach, and a line over it where its words stand apart.
    private func durationHeight(_ transition: Transition, width: Double) -> Double {
        let m = theme.metrics.transitionPicker
        return (m.durationRowHeight + (lengthOver(transition, width: width) ? m.optionLabelHeight : 0)) * scale
    }

    /// The height of why no transition fits, on as many lines as it takes.
    private func reasonHeight(_ why: String, width: Double) -> Double {
        let m = theme.metrics.transitionPicker
        return max(
            m.durationRowHeight * scale,
            Double(ui.paragraphLines(why, width: width, font: theme.clipFont, maximumLines: 100).count) * theme.clipFont.size * m.reasonLineHeight)
    }

    /// The length row: its name and value, and a track from a tenth of a second to the most the
    /// footage allows, with a knob at the length; a drag along it sets the length.
    private func drawDuration(_ transition: Transition, clipID: String, limit: Time, in row: Rect, held: Bool) -> [EditorIntent] {
        let m = theme.metrics.transitionPicker, k = scale
        let over = lengthOver(transition, width: row.width)
        let label = lengthWords(transition, font: theme.clipFont).text
        // Over the track, the words have the row's width; beside it, the label's column.
        let labelWidth = over ? 0 : m.durationLabelWidth * k
        let words =
            over ? Rect(x: row.x, y: row.y, width: row.width, height: m.optionLabelHeight * k) : Rect(x: row.x, y: row.y, width: labelWidth, height: row.height)
        ui.text(
            label, in: theme.mirrored(words, in: row), font: ui.font(fitting: label, width: words.width, from: theme.clipFont, smallest: m.labelSmallestShare),
            color: theme.textPrimary, alignment: theme.leading)
        let row = over ? Rect(x: row.x, y: words.maxY, width: row.width, height: row.height - words.height) : row
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
        // (Mirrored right to left, as the track is: it covered the label and missed the track's end.)
        let hit = theme.mirrored(Rect(x: row.x + labelWidth, y: row.y, width: row.width - labelWidth, height: row.height), in: row)
        let interaction = ui.interact("transitionPicker.duration", hitFrame: hit, gestures: GestureTarget(id: "transitionPicker.duration", gestures: [.trim]))
        ui.element(
            UIElement(
                id: "transitionPicker.duration", role: "transitionDuration", label: label, frame: bar, hitFrame: hit,
                state: ["duration": .number(transition.duration.seconds), "limit": .number(Double(most) / 10)]))
        return interaction.intents(.transitionDuration(clipID: clipID, from: start, to: end))
    }
}
