import TactileCore
import TactileInput
import TactileUI

/// The tuning panel, one pass of our own UI in the lab panel: the feel values that matter
/// (`TunableSetting.all`), each a slider with a step down and up (or a row of choices), the live
/// variant and the A/B pair in the header, and Save, Revert and Flip at the foot. It returns what
/// the designer did; `HostSession` applies it (at once, logged like a live reload).
public struct TuningPanel {
    /// What a pass of the panel asks for.
    public enum Action: Equatable {
        /// A setting moved to a value.
        case set(TunableSetting, JSONValue)
        /// Save the settings in force as a new named variant.
        case save
        /// Back to the live variant as saved.
        case revert
        /// Switch to the other variant of the A/B pair.
        case flip
        /// Close the panel.
        case close
    }

    public let ui: UIContext
    public let theme: Theme

    public init(ui: UIContext, theme: Theme) { self.ui = ui; self.theme = theme }
    public var m: ViewMetrics.Tuning { theme.metrics.tuning }

    /// Draws the panel over `size` (the lab panel's points) for the settings `object` (the
    /// configuration as JSON), scrolled `offset` points, with the lab's live `figures` (the
    /// monitor's latency, A | B; the arena's last decision) above the foot, so a change is felt
    /// and measured without closing the panel; returns the actions and the list's scroll
    /// gestures, its content height and the room it has.
    public func draw(
        object: [String: Any], live: String, pair: (a: String, b: String?), unsaved: Int, offset: Double, size: Size, figures: [String] = []
    ) -> (actions: [Action], scrolls: [GestureEvent], height: Double, room: Double) {
        var actions: [Action] = []
        let font = theme.captionFont, body = theme.bodyFont
        let whole = Rect(origin: .zero, size: size)
        ui.fill(whole, theme.surface)
        let inner = whole.insetBy(dx: m.padding, dy: 0)
        // The header: what is live, and the pair a flip switches between.
        // Its two lines keep their room when the text is drawn larger (`--ui-scale`).
        let titleHeight = max(m.headerHeight / 2 + 4, body.size * m.lineHeight), pairHeight = max(m.headerHeight / 2, font.size * m.lineHeight)
        // (At the designed sizes the pair's line starts a little inside the title's box.)
        let designed = titleHeight <= m.headerHeight / 2 + 4
        let pairTop = designed ? titleHeight - 4 : titleHeight, headerHeight = max(m.headerHeight, pairTop + pairHeight)
        let header = Rect(x: inner.x, y: 0, width: inner.width, height: headerHeight)
        let pairText = pair.b.map { "A \(pair.a) ⇄ B \($0)" } ?? "A \(pair.a) · B none yet (Save makes one)"
        ui.text(
            "Tuning · live: \(live)\(unsaved > 0 ? " + \(unsaved) unsaved" : "")",
            in: Rect(x: header.x, y: 0, width: header.width - m.stepWidth, height: titleHeight), font: body,
            color: theme.textPrimary)
        ui.text(pairText, in: Rect(x: header.x, y: pairTop, width: header.width, height: pairHeight), font: font, color: theme.textSecondary)
        if ui.button(
            "tuning.close", label: "Close", frame: Rect(x: inner.maxX - m.stepWidth, y: 0, width: m.stepWidth, height: headerHeight),
            draw: { look in ui.text("✕", in: look.frame, font: body, color: look.pressed ? theme.accent : theme.textSecondary, alignment: .center) })
        {
            actions.append(.close)
        }
        ui.element(UIElement(id: "tuning.live", role: "variant", label: live, frame: header, state: ["unsaved": .number(Double(unsaved))]))
        // The foot: Save, Revert, Flip.
        let footTop = size.height - m.padding - m.buttonHeight
        let buttons: [(id: String, label: String, action: Action, enabled: Bool)] = [
            ("tuning.save", "Save as variant", .save, true), ("tuning.revert", "Revert", .revert, unsaved > 0),
            ("tuning.flip", "Flip A/B", .flip, pair.b != nil),
        ]
        let width = (inner.width - m.buttonGap * Double(buttons.count - 1)) / Double(buttons.count)
        for (i, b) in buttons.enumerated() {
            let frame = Rect(x: inner.x + Double(i) * (width + m.buttonGap), y: footTop, width: width, height: m.buttonHeight)
            if ui.button(
                b.id, label: b.label, frame: frame, enabled: b.enabled,
                draw: { look in
                    ui.fill(
                        frame, i == 0 && look.enabled ? theme.accent.opacity(look.pressed ? 0.7 : 1) : theme.surfaceRaised.opacity(look.pressed ? 0.7 : 1),
                        radius: m.radius)
                    ui.paragraph(
                        b.label, in: frame.insetBy(dx: 4, dy: (m.buttonHeight - font.size * 2.4) / 2), font: font,
                        color: look.enabled ? theme.textPrimary : theme.textTertiary, alignment: .center, lineHeight: 1.2, maximumLines: 2)
                })
            {
                actions.append(b.action)
            }
        }
        // The lab's live figures above the foot, a line each, cut with "…" where they are long.
        let figureLine = max(m.figureLineHeight, font.size * m.lineHeight)
        let figuresTop = footTop - m.padding - Double(figures.count) * figureLine
        for (n, line) in figures.enumerated() {
            let frame = Rect(x: inner.x, y: figuresTop + Double(n) * figureLine, width: inner.width, height: figureLine)
            let shown = ui.measurer.truncate(line, font: font, toWidth: frame.width)
            ui.text(shown, in: frame, font: font, color: theme.textSecondary)
            ui.element(UIElement(id: "tuning.figure.\(n)", role: "labFigure", label: line, frame: frame, state: ["shown": .string(shown)]))
        }
        // The settings, scrolled when the panel is short (landscape).
        let list = Rect(
            x: 0, y: headerHeight, width: size.width, height: max(0, figuresTop - (figures.isEmpty ? 0 : m.padding / 2) - m.padding - headerHeight))
        let rowHeight = m.labelHeight + m.rowHeight + m.rowGap
        let height = Double(TunableSetting.all.count) * rowHeight
        let scrolling = ui.interact("tuning.list", hitFrame: list, gestures: GestureTarget(id: "tuning.list", gestures: [.scroll], scrollAxes: [.vertical]))
        var scrolls = scrolling.gestures.map(\.event).filter { $0.kind == .scroll }
        ui.clipped(to: list) {
            for (n, setting) in TunableSetting.all.enumerated() {
                let top = list.y + Double(n) * rowHeight - offset
                // A row out of sight is still laid out, with nothing to hit, so a drag that began
                // on it and scrolled it away goes on scrolling.
                let inSight = top + rowHeight > list.y && top < list.maxY
                if let value = row(setting, value: setting.value(in: object), top: top, frame: inner, hittable: inSight, scrolls: &scrolls) {
                    actions.append(.set(setting, value))
                }
            }
        }
        if height > list.height, list.height > 0 {
            // A thin bar at the trailing edge: there is more than the panel shows (landscape).
            let thumb = max(m.rowHeight / 2, list.height * list.height / height)
            let y = list.y + (list.height - thumb) * min(1, max(0, offset / (height - list.height)))
            ui.fill(Rect(x: size.width - m.padding / 2 - 1.5, y: y, width: 3, height: thumb), theme.textSecondary.opacity(0.6), radius: 1.5)
        }
        return (actions, scrolls, height, list.height)
    }

    /// One setting: its label and value, then a slider between a step down and up, or its choices.
    private func row(
        _ setting: TunableSetting, value: JSONValue?, top: Double, frame inner: Rect, hittable: Bool, scrolls: inout [GestureEvent]
    ) -> JSONValue? {
        let nowhere: Rect? = hittable ? nil : .zero
        let font = theme.captionFont
        let label = Rect(x: inner.x, y: top, width: inner.width, height: m.labelHeight)
        ui.text(setting.label, in: label, font: font, color: theme.textSecondary)
        ui.text(setting.text(of: value), in: label, font: font, color: theme.textPrimary, alignment: .trailing)
        let controls = Rect(x: inner.x, y: label.maxY, width: inner.width, height: m.rowHeight)
        var result: JSONValue?
        switch setting.kind {
        case let .number(range, step):
            let current: Double
            if case let .number(n)? = value { current = n } else { current = range.lowerBound }
            let down = Rect(x: controls.x, y: controls.y, width: m.stepWidth, height: controls.height)
            let up = Rect(x: controls.maxX - m.stepWidth, y: controls.y, width: m.stepWidth, height: controls.height)
            for (frame, sign, mark) in [(down, -1.0, "−"), (up, 1.0, "+")] {
                if ui.button(
                    "tuning.\(setting.key).\(sign < 0 ? "down" : "up")", label: "\(setting.label) \(mark)", frame: frame, hitFrame: nowhere,
                    draw: { look in
                        ui.fill(frame.insetBy(dx: 4, dy: 4), theme.surfaceRaised.opacity(look.pressed ? 0.6 : 1), radius: m.radius)
                        ui.text(mark, in: frame, font: theme.bodyFont, color: theme.textPrimary, alignment: .center)
                    })
                {
                    // A step only ever goes its own way: from a value beyond the panel's span (a
                    // variant's, the file's), − comes back to the span's end and + leaves it be.
                    // On the step's grid, without the binary fraction's tail (0.9965, not 0.9964999999999999).
                    let v = (min(range.upperBound, max(range.lowerBound, ((current + sign * step) / step).rounded() * step)) * 1e9).rounded() / 1e9
                    if (v - current) * sign > 0 { result = .number(v) }
                }
            }
            let track = Rect(x: down.maxX, y: controls.y, width: up.minX - down.maxX, height: controls.height)
            let slid = ui.slider(
                "tuning.\(setting.key)", label: setting.label, value: current, range: range, step: step, frame: track, hitFrame: nowhere,
                inset: m.thumbRadius + 2,
                draw: { look in
                    let bar = Rect(x: look.track.x, y: look.track.midY - m.trackHeight / 2, width: look.track.width, height: m.trackHeight)
                    ui.fill(bar, theme.separator, radius: m.trackHeight / 2)
                    ui.fill(Rect(x: bar.x, y: bar.y, width: look.thumbX - bar.x, height: bar.height), theme.accent, radius: m.trackHeight / 2)
                    let r = look.held ? m.thumbRadius * 1.2 : m.thumbRadius
                    ui.fill(Rect(x: look.thumbX - r, y: look.track.midY - r, width: 2 * r, height: 2 * r), theme.textPrimary, radius: r)
                })
            if let v = slid.value { result = .number((v * 1e9).rounded() / 1e9) }
            scrolls += slid.verticalScrolls
        case let .choice(names):
            let gap = m.buttonGap / 2
            let width = (controls.width - gap * Double(names.count - 1)) / Double(names.count)
            for (i, name) in names.enumerated() {
                let frame = Rect(x: controls.x + Double(i) * (width + gap), y: controls.y + 4, width: width, height: controls.height - 8)
                let choice = setting.choiceValue(name)
                let chosen = value == choice
                if ui.button(
                    "tuning.\(setting.key).\(name)", role: "choice", label: "\(setting.label) \(name)", frame: frame, hitFrame: nowhere,
                    state: ["chosen": .bool(chosen)],
                    draw: { look in
                        ui.fill(frame, chosen ? theme.accent : theme.surfaceRaised.opacity(look.pressed ? 0.6 : 1), radius: m.radius)
                        ui.text(name, in: frame, font: font, color: theme.textPrimary, alignment: .center)
                    }), !chosen
                {
                    result = choice
                }
            }
        }
        return result
    }
}

extension Rect {
    /// The top `height` points of the rectangle.
    fileprivate func top(_ height: Double) -> Rect { Rect(x: x, y: y, width: width, height: min(height, self.height)) }
}
