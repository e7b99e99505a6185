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
        /// Make a saved variant (or `base`) one side of the A/B pair.
        case choose(Side, String)
        /// Rename a saved variant.
        case rename(String, to: String)
        /// Delete a saved variant.
        case delete(String)
    }

    /// A side of the A/B pair.
    public enum Side: String, Equatable, Sendable { case a = "A", b = "B" }

    /// The variant picker while it is open, in the panel's list: each saved variant with A and B
    /// to choose it for a side of the pair, Rename (on the panel's own keyboard) and Delete
    /// (tapped twice).
    public struct Picker: Equatable, Sendable {
        /// The variant being renamed, and the name typed so far.
        public var renaming: String?
        public var typed = ""
        /// The variant whose Delete was tapped once: a second tap deletes it.
        public var confirming: String?
        public var keyboard: KeyboardState
        public init(now: Time) { keyboard = KeyboardState(opened: now) }
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
    /// `variants`: the saved variants' names, for the picker (`picker`, open while not nil),
    /// which the header's pair line opens and closes.
    public func draw(
        object: [String: Any], live: String, pair: (a: String, b: String?), unsaved: Int, offset: Double, size: Size, figures: [String] = [],
        variants: [String] = [], picker: inout Picker?
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
        let pairText =
            pair.b.map { "A \(pair.a) ⇄ B \($0)" } ?? (variants.isEmpty ? "A \(pair.a) · B none yet (Save makes one)" : "A \(pair.a) · B not chosen")
        ui.text(
            "Tuning · live: \(live)\(unsaved > 0 ? " + \(unsaved) unsaved" : "")",
            in: Rect(x: header.x, y: 0, width: header.width - m.stepWidth, height: titleHeight), font: body,
            color: theme.textPrimary)
        // The pair's line opens the variant picker (and closes it again): its hit area is a
        // finger's height, short of the close button.
        let pairFrame = Rect(x: header.x, y: pairTop, width: header.width - m.stepWidth, height: pairHeight)
        if ui.button(
            "tuning.pair", label: picker == nil ? "Choose variants (\(pairText))" : "Close the variants", frame: pairFrame,
            hitFrame: Rect(x: header.x, y: max(0, pairFrame.midY - m.buttonHeight / 2), width: pairFrame.width, height: m.buttonHeight),
            state: ["open": .bool(picker != nil)],
            draw: { look in
                let mark = picker == nil ? " ▾" : " ▴"
                let shown = ui.measurer.truncate(pairText, font: font, toWidth: pairFrame.width - ui.measurer.measure(mark, font: font).width)
                ui.text(shown + mark, in: pairFrame, font: font, color: look.pressed ? theme.textPrimary : theme.accent)
            })
        {
            picker = picker == nil ? Picker(now: ui.now) : nil
        }
        if ui.button(
            "tuning.close", label: "Close", frame: Rect(x: inner.maxX - m.stepWidth, y: 0, width: m.stepWidth, height: headerHeight),
            draw: { look in ui.text("✕", in: look.frame, font: body, color: look.pressed ? theme.accent : theme.textSecondary, alignment: .center) })
        {
            actions.append(.close)
        }
        ui.element(UIElement(id: "tuning.live", role: "variant", label: live, frame: header, state: ["unsaved": .number(Double(unsaved))]))
        // The foot: Save, Revert, Flip (Done while the picker is open); the panel's keyboard
        // instead while a variant is renamed.
        let footTop = drawFoot(size: size, inner: inner, unsaved: unsaved, pair: pair, picker: &picker, actions: &actions)
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
        // The list starts below the pair line's finger-high hit area, so the two never share a touch.
        let listTop = max(headerHeight, pairFrame.midY + m.buttonHeight / 2)
        let list = Rect(
            x: 0, y: listTop, width: size.width, height: max(0, figuresTop - (figures.isEmpty ? 0 : m.padding / 2) - m.padding - listTop))
        let rowHeight = m.labelHeight + m.rowHeight + m.rowGap
        let names = [SettingsChange.baseVariant] + variants.filter { $0 != SettingsChange.baseVariant }
        let height = Double(picker == nil ? TunableSetting.all.count : names.count) * rowHeight
        let scrolling = ui.interact("tuning.list", hitFrame: list, gestures: GestureTarget(id: "tuning.list", gestures: [.scroll], scrollAxes: [.vertical]))
        var scrolls = scrolling.gestures.map(\.event).filter { $0.kind == .scroll }
        ui.clipped(to: list) {
            if var open = picker {
                for (n, name) in names.enumerated() {
                    let top = list.y + Double(n) * rowHeight - offset
                    let inSight = top + rowHeight > list.y && top < list.maxY
                    actions += variantRow(name, live: live, pair: pair, picker: &open, top: top, frame: inner, window: inSight ? list : nil)
                }
                picker = open
                return
            }
            for (n, setting) in TunableSetting.all.enumerated() {
                let top = list.y + Double(n) * rowHeight - offset
                // A row out of sight is still laid out, with nothing to hit, so a drag that began
                // on it and scrolled it away goes on scrolling.
                let inSight = top + rowHeight > list.y && top < list.maxY
                if let value = row(setting, value: setting.value(in: object), top: top, frame: inner, window: inSight ? list : nil, scrolls: &scrolls) {
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

    /// The panel's foot: Save, Revert and Flip, or Done while the picker is open, or the panel's
    /// keyboard while a variant is renamed (return saves the name); returns its top.
    private func drawFoot(
        size: Size, inner: Rect, unsaved: Int, pair: (a: String, b: String?), picker: inout Picker?, actions: inout [Action]
    ) -> Double {
        let keyboardHeight = picker?.renaming != nil ? Keyboard.height(theme: theme) : 0
        let footTop = keyboardHeight > 0 ? size.height - keyboardHeight : size.height - m.padding - m.buttonHeight
        if keyboardHeight > 0, var open = picker {
            let input = TactileConfiguration.Input()
            let typed = Keyboard(ui: ui, theme: theme, longPress: .seconds(input.longPressDuration), settle: .seconds(input.doubleTapInterval))
                .draw(in: Rect(x: 0, y: footTop, width: size.width, height: keyboardHeight), state: &open.keyboard)
            for key in typed {
                switch key {
                case let .insert(text): if open.typed.count < 80 { open.typed += text }
                case .deleteBackward: if !open.typed.isEmpty { open.typed.removeLast() }
                case .newline: if let old = open.renaming { actions.append(.rename(old, to: open.typed)) }
                }
            }
            picker = open
            return footTop
        }
        let buttons: [(id: String, label: String, action: Action?, enabled: Bool)] =
            picker == nil
            ? [
                ("tuning.save", "Save as variant", .save, true), ("tuning.revert", "Revert", .revert, unsaved > 0),
                ("tuning.flip", "Flip A/B", .flip, pair.b != nil),
            ] : [("tuning.picker.done", "Done", nil, true)]
        for (i, b) in buttons.enumerated() where foot(b.id, b.label, at: i, of: buttons.count, top: footTop, in: inner, enabled: b.enabled) {
            if let action = b.action { actions.append(action) } else { picker = nil }
        }
        return footTop
    }

    /// One of the foot's `count` buttons (the `index`-th, the first filled with the accent);
    /// whether it was tapped.
    private func foot(_ id: String, _ label: String, at index: Int, of count: Int, top: Double, in inner: Rect, enabled: Bool) -> Bool {
        let font = theme.captionFont
        let width = (inner.width - m.buttonGap * Double(count - 1)) / Double(count)
        let frame = Rect(x: inner.x + Double(index) * (width + m.buttonGap), y: top, width: width, height: m.buttonHeight)
        return ui.button(
            id, label: label, frame: frame, enabled: enabled,
            draw: { look in
                ui.fill(
                    frame, index == 0 && look.enabled ? theme.accent.opacity(look.pressed ? 0.7 : 1) : theme.surfaceRaised.opacity(look.pressed ? 0.7 : 1),
                    radius: m.radius)
                ui.paragraph(
                    label, in: frame.insetBy(dx: 4, dy: (m.buttonHeight - font.size * 2.4) / 2), font: font,
                    color: look.enabled ? theme.textPrimary : theme.textTertiary, alignment: .center, lineHeight: 1.2, maximumLines: 2)
            })
    }

    /// One variant in the picker: its name (and which side of the pair it is, whether it is
    /// live), then A, B, Rename and Delete; while it is renamed, the name typed so far with
    /// Cancel and Save name.
    private func variantRow(
        _ name: String, live: String, pair: (a: String, b: String?), picker: inout Picker, top: Double, frame inner: Rect, window: Rect?
    ) -> [Action] {
        let font = theme.captionFont
        let label = Rect(x: inner.x, y: top, width: inner.width, height: m.labelHeight)
        let controls = Rect(x: inner.x, y: label.maxY, width: inner.width, height: m.rowHeight)
        let base = name == SettingsChange.baseVariant
        var actions: [Action] = []
        func button(_ id: String, _ title: String, _ index: Int, of count: Int, chosen: Bool = false, enabled: Bool = true) -> Bool {
            let gap = m.buttonGap / 2
            let width = (controls.width - gap * Double(count - 1)) / Double(count)
            // The button takes the row's whole height; its face is inset within it.
            let slot = Rect(x: controls.x + Double(index) * (width + gap), y: controls.y, width: width, height: controls.height)
            let frame = slot.insetBy(dx: 0, dy: 4)
            return ui.button(
                "tuning.variant.\(name).\(id)", role: "choice", label: "\(name) \(title)", frame: slot, hitFrame: Self.hit(slot, in: window), enabled: enabled,
                state: ["chosen": .bool(chosen)],
                draw: { look in
                    ui.fill(frame, chosen ? theme.accent : theme.surfaceRaised.opacity(look.pressed ? 0.6 : 1), radius: m.radius)
                    let shown = ui.measurer.truncate(title, font: font, toWidth: frame.width - 4)
                    ui.text(shown, in: frame, font: font, color: look.enabled ? theme.textPrimary : theme.textTertiary, alignment: .center)
                })
        }
        if picker.renaming == name {
            ui.fill(label, theme.surfaceRaised, radius: 4)
            ui.text(picker.typed + "▏", in: label.insetBy(dx: 4, dy: 0), font: font, color: theme.textPrimary)
            ui.element(
                UIElement(
                    id: "tuning.variant.\(name).field", role: "textField", label: "New name for \(name)", frame: label, state: ["text": .string(picker.typed)]))
            if button("cancel", "Cancel", 0, of: 2) { picker.renaming = nil }
            if button("saveName", "Save name", 1, of: 2, enabled: !picker.typed.isEmpty) { actions.append(.rename(name, to: picker.typed)) }
            return actions
        }
        let sides = [pair.a == name ? "A" : nil, pair.b == name ? "B" : nil].compactMap { $0 }.joined(separator: ", ")
        let note = [sides.isEmpty ? nil : sides, live == name ? "live" : nil].compactMap { $0 }.joined(separator: " · ")
        ui.text(ui.measurer.truncate(name, font: font, toWidth: inner.width * 0.65), in: label, font: font, color: theme.textPrimary)
        ui.text(note, in: label, font: font, color: theme.textSecondary, alignment: .trailing)
        if button("a", "A", 0, of: 4, chosen: pair.a == name), pair.a != name { actions.append(.choose(.a, name)); picker.confirming = nil }
        if button("b", "B", 1, of: 4, chosen: pair.b == name), pair.b != name { actions.append(.choose(.b, name)); picker.confirming = nil }
        if button("rename", "Rename", 2, of: 4, enabled: !base) {
            picker.renaming = name; picker.typed = name; picker.confirming = nil
            picker.keyboard = KeyboardState(opened: ui.now)
            picker.keyboard.shift = false
        }
        let confirming = picker.confirming == name
        if button("delete", confirming ? "Sure?" : "Delete", 3, of: 4, chosen: confirming, enabled: !base) {
            if confirming { actions.append(.delete(name)); picker.confirming = nil } else { picker.confirming = name }
        }
        return actions
    }

    /// One setting: its label and value, then a slider between a step down and up, or its choices.
    private func row(
        _ setting: TunableSetting, value: JSONValue?, top: Double, frame inner: Rect, window: Rect?, scrolls: inout [GestureEvent]
    ) -> JSONValue? {
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
                    "tuning.\(setting.key).\(sign < 0 ? "down" : "up")", label: "\(setting.label) \(mark)", frame: frame, hitFrame: Self.hit(frame, in: window),
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
                "tuning.\(setting.key)", label: setting.label, value: current, range: range, step: step, frame: track, hitFrame: Self.hit(track, in: window),
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
                // The choice takes the row's whole height; its face is inset within it.
                let slot = Rect(x: controls.x + Double(i) * (width + gap), y: controls.y, width: width, height: controls.height)
                let frame = slot.insetBy(dx: 0, dy: 4)
                let choice = setting.choiceValue(name)
                let chosen = value == choice
                if ui.button(
                    "tuning.\(setting.key).\(name)", role: "choice", label: "\(setting.label) \(name)", frame: slot, hitFrame: Self.hit(slot, in: window),
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

extension TuningPanel {
    /// A row's control's hit area: `frame` where the list's `window` shows it; nowhere for a row
    /// out of sight (still laid out, so a drag that began on it and scrolled it away goes on).
    static func hit(_ frame: Rect, in window: Rect?) -> Rect {
        guard let window else { return .zero }
        let seen = frame.intersection(window)
        return seen.isEmpty ? .zero : seen
    }
}

extension Rect {
    /// The top `height` points of the rectangle.
    fileprivate func top(_ height: Double) -> Rect { Rect(x: x, y: y, width: width, height: min(height, self.height)) }
}
