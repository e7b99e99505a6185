import TactileCore
import TactileUI

/// The test plan's card at the top of the canvas: "Task 2 of 4", the prompt and a Skip button;
/// then the outcome for a moment ("Done", "Skipped", "Time's up"); "All tasks done" at the end.
struct TaskPromptView {
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let run = state.tasks else { return [] }
        let m = sizes.margin, c = theme.metrics.taskCard
        // Over the canvas (in landscape, its column: it lay over the timeline and the toolbar's rail).
        let width = layout.canvas.width - 2 * m
        var intents: [EditorIntent] = []
        let count = run.plan.tasks.count
        let caption: String, text: String, tint: Color
        let s = theme.strings
        if let task = run.current {
            text = task.prompt
            let number = s.format(.taskNumber, ["n": s.digits("\(run.index + 1)"), "count": s.digits("\(count)")])
            switch run.ended?.outcome {
            case .completed?: caption = number + " · " + s[.done]; tint = theme.success
            case .skipped?: caption = number + " · " + s[.skipped]; tint = theme.textSecondary
            case .timedOut?: caption = number + " · " + s[.timesUp]; tint = theme.danger
            case nil: caption = number; tint = theme.accent
            }
        } else {
            caption = run.plan.title; text = s.format(.allTasksDoneThanks, ["count": s.digits("\(count)")]); tint = theme.success
        }
        let active = run.current != nil && run.ended == nil
        // The whole prompt, wrapped: the card grows by a line step for each line past the first.
        // Skip as wide as its word needs ("Überspringen"), at least as designed, at most a third of the card.
        let skipWidth = min(width / 3, max(c.skipWidth, ui.measurer.measure(s[.skip], font: theme.bodyFont).width + 2 * c.skipInset))
        let textWidth = width - (c.textInset + c.textTrailing) - (active ? skipWidth + c.textGap : 0)
        // As many lines as the canvas holds under its top (the card never reaches over the scrub
        // bar and Play below it); the prompt's last line ends in "…" when that is fewer.
        // Its bottom stays above the scrub bar's reach (a finger's height up over the canvas); on a
        // canvas too short for the card and its gap, the gap above it gives way first.
        let base = max(layout.canvas.y, layout.titleBar.maxY)
        let bottom = min(layout.canvas.maxY, layout.scrubBar.maxY - max(layout.scrubBar.height, sizes.buttonSize))
        let top = base + max(0, min(theme.metrics.bars.cardTop, bottom - base - c.height))
        let room = Int(((bottom - top - c.height) / c.promptLineStep).rounded(.down)) + 1
        let lines = ui.paragraphLines(text, width: textWidth, font: theme.bodyFont, maximumLines: max(1, min(c.promptMaximumLines, room)))
        let frame = Rect(
            x: layout.canvas.x + m, y: top, width: width,
            // (A point or two shorter where even one line does not quite fit: never over the scrub bar.)
            height: min(c.height + Double(max(0, lines.count - 1)) * c.promptLineStep, max(c.height - c.skipInset, bottom - top)))
        let skip = theme.mirrored(
            Rect(x: frame.maxX - (c.skipRight + skipWidth), y: frame.y + c.skipInset, width: skipWidth, height: min(c.height, frame.height) - 2 * c.skipInset),
            in: frame)
        ui.inLayer(.topmost) {
            ui.fill(frame, theme.surfaceRaised.opacity(0.96), radius: c.radius)
            ui.fill(
                theme.mirrored(Rect(x: frame.x, y: frame.y + c.stripeInset, width: c.stripeWidth, height: frame.height - 2 * c.stripeInset), in: frame),
                tint, radius: c.stripeRadius)
            ui.text(
                caption, in: theme.mirrored(Rect(x: frame.x + c.textInset, y: frame.y + c.captionTop, width: textWidth, height: c.captionHeight), in: frame),
                font: ui.font(fitting: caption, width: textWidth, from: theme.captionFont, smallest: c.skipSmallestShare), color: tint,
                alignment: theme.leading,
                isUsersOwn: run.current == nil)
            for (n, line) in (lines.count > 1 ? lines : [text]).enumerated() {
                let y = frame.y + c.promptTop + Double(n) * c.promptLineStep
                // (The study's words, not ours: the plan's author translates them.)
                ui.text(
                    line, in: theme.mirrored(Rect(x: frame.x + c.textInset, y: y, width: textWidth, height: c.promptHeight), in: frame),
                    font: theme.bodyFont, color: theme.textPrimary, alignment: theme.leading, isUsersOwn: true)
            }
            // The card takes the touches that land on it: reading it never plays the video under it.
            ui.interact("task.card", hitFrame: frame)
            if active {
                let tapped = ui.button("task.skip", label: s[.skipTask], frame: skip, hitFrame: skip.outsetBy(dx: c.skipReachX, dy: c.skipReachY)) { look in
                    ui.fill(skip, look.pressed ? theme.surface : theme.background.opacity(0.6), radius: c.skipRadius)
                    ui.text(
                        s[.skip], in: skip, font: ui.font(fitting: s[.skip], width: skip.width, from: theme.bodyFont, smallest: c.skipSmallestShare),
                        color: theme.textSecondary, alignment: .center)
                }
                if tapped { intents.append(.skipTask) }
            }
        }
        ui.element(
            UIElement(
                id: "task", role: "taskPrompt", label: text, frame: frame,
                state: ["index": .number(Double(run.index + 1)), "outcome": .string(run.ended?.outcome.rawValue ?? "")]))
        // The card covers what lies under it: it takes those touches (declared to the layout check).
        // It stands on the canvas's top by design (`sitsOn`).
        ui.element(UIElement(id: "task.card", role: "taskCard", label: text, frame: frame, state: ["covers": .bool(true), "sitsOn": .string("canvas")]))
        return intents
    }
}
