import TactileCore
import TactileInput

/// A full-screen form drawn top to bottom in one pass: a heading, progress, a question or body
/// text, a row of scale points or a column of choices, and Back / Next at the foot. Used by the
/// questionnaires the editor asks and by a study's own screens (consent, participant number).
/// Every target is at least `metrics.minimumTarget` (44 pt) a side. Each call draws at the
/// cursor and moves it down; widgets return what was tapped, as microui's do.
public final class Form {
    public let ui: UIContext
    public let theme: Theme
    public let panel: Rect
    /// The form's inner area (the panel less its padding).
    public let content: Rect
    /// Where the next part is drawn.
    public private(set) var cursor: Double
    /// The form's sizes at its text's scale.
    public let metrics: ViewMetrics.Form
    var m: ViewMetrics.Form { metrics }
    /// Its id: the scrim's and the scrolling body's are made from it.
    let id: String
    /// Its text's scale.
    let scale: Double
    /// Where headings, progress and paragraphs go: the content's width, or a column of it (the
    /// keypad's number beside its keys in landscape).
    public lazy var column: Rect = content

    /// A form over `viewport`: a scrim over what lies under it (taps there do nothing) and a
    /// raised panel. Draw it in the topmost layer. `scale`: its text's (`--ui-scale`), its
    /// targets growing with it (`ViewMetrics.Form.scaled`); where that makes it taller than the
    /// screen, its body scrolls (`scrolling`).
    public init(ui: UIContext, theme: Theme, viewport: Size, id: String, scale: Double = 1) {
        self.ui = ui; self.theme = theme; self.id = id; self.scale = scale
        let m = theme.metrics.form.scaled(by: scale)
        metrics = m
        let screen = Rect(origin: .zero, size: viewport)
        ui.button(id + ".scrim", role: "scrim", label: "", frame: screen) { _ in ui.fill(screen, Color.black.opacity(m.scrim)) }
        panel = screen.insetBy(dx: m.margin, dy: m.margin)
        ui.fill(panel, theme.surfaceRaised, radius: m.radius)
        content = panel.insetBy(dx: m.padding, dy: m.padding)
        cursor = content.y
    }

    /// Draws `body` (the parts above the foot: heading, question, answers) from the cursor down,
    /// then `foot` (a call of `foot`): the body in a window that ends over the foot and scrolls
    /// where it is taller (large text on a phone), the foot staying in place; where the screen
    /// is so short that the window would keep less than `pinnedFootLeastShare` of the panel, the
    /// foot goes at the body's end and scrolls with it.
    /// `key`: what is on show (a questionnaire's item, a study's stage): another starts at its top.
    public func scrolling(key: String, _ body: () -> Void, foot: () -> Void) {
        let pinned = footTop - m.bodyGap - cursor >= panel.height * m.pinnedFootLeastShare
        let window = Rect(x: panel.x, y: cursor, width: panel.width, height: max(0, (pinned ? footTop - m.bodyGap : content.maxY) - cursor))
        let top = cursor
        let offset = ui.scrolling(id + ".body." + key, window: window) {
            body()
            if !pinned {
                footY = cursor + m.bodyGap
                foot()
                cursor = footY! + max(m.minimumTarget, m.buttonHeight)
            }
            return cursor - top
        }
        let height = cursor - top
        cursor = window.maxY
        if pinned {
            footY = nil
            foot()
        }
        guard height > window.height + 0.5 else { return }
        // A thin bar at the trailing edge: there is more than the window shows.
        let thumb = max(m.minimumTarget / 2, window.height * window.height / height)
        let y = window.y + (window.height - thumb) * min(1, max(0, offset / (height - window.height)))
        ui.fill(theme.mirrored(Rect(x: panel.maxX - m.padding / 2 - 1.5, y: y, width: 3, height: thumb), in: panel), theme.textTertiary, radius: 1.5)
    }

    /// Moves the cursor down to `y` (past something drawn beside the form's calls: a number
    /// typed, a keypad), never up.
    public func advance(to y: Double) { cursor = max(cursor, y) }

    /// A short line in the accent colour ("About the task you just did"). `isUsersOwn`, here and
    /// below: the words are a study's own (its title, consent, prompts, questionnaires), which its
    /// author writes in the participants' language, not ours to translate.
    public func heading(_ text: String, isUsersOwn: Bool = false) {
        cursor += lines(text, font: m.headingFont, height: m.headingHeight, color: theme.accent, isUsersOwn: isUsersOwn)
    }

    /// A quiet line ("Question 3 of 10").
    public func progress(_ text: String) {
        cursor += lines(text, font: m.progressFont, height: m.progressHeight, color: theme.textSecondary)
    }

    /// `text` at the cursor across the column, on as many lines `height` apart as it takes (one,
    /// but for large text); the height they took.
    private func lines(_ text: String, font asked: Font, height: Double, color: Color, isUsersOwn: Bool = false) -> Double {
        // A word wider than the column gives way in size rather than split.
        let longest = text.split(separator: " ").map(String.init).max {
            ui.measurer.measure($0, font: asked).width < ui.measurer.measure($1, font: asked).width
        }
        let font = longest.map { ui.font(fitting: $0, width: column.width, from: asked, smallest: longWordFloor) } ?? asked
        let lines = ui.paragraphLines(text, width: column.width, font: font, maximumLines: 100)
        for (n, line) in lines.enumerated() {
            ui.text(
                line, in: Rect(x: column.x, y: cursor + Double(n) * height, width: column.width, height: height), font: font, color: color,
                alignment: theme.leading, isUsersOwn: isUsersOwn)
        }
        return Double(max(1, lines.count)) * height
    }

    /// Wrapped text in `font` (the question's by default), then a gap.
    public func paragraph(_ text: String, font: Font? = nil, color: Color? = nil, maximumLines: Int? = nil, gap: Double? = nil, isUsersOwn: Bool = false) {
        cursor += m.bodyGap
        // A word wider than the column (German's "Teilnehmernummer" beside a keypad) gives way in size rather than split.
        let asked = font ?? m.questionFont
        let widest = text.split(whereSeparator: \.isWhitespace).map { (String($0), ui.measurer.measure(String($0), font: asked).width) }.max { $0.1 < $1.1 }
        let fitted = widest.map { ui.font(fitting: $0.0, width: column.width, from: asked, smallest: longWordFloor) } ?? asked
        cursor += ui.paragraph(
            text, in: Rect(x: column.x, y: cursor, width: column.width, height: 0), font: fitted,
            color: color ?? theme.textPrimary, alignment: theme.leading, lineHeight: m.lineHeight,
            maximumLines: maximumLines ?? m.questionMaximumLines, isUsersOwn: isUsersOwn)
        cursor += gap ?? m.questionGap
    }

    /// Body text that may be long (a consent form), scrolled by `offset` points within the room
    /// left above the foot's buttons. Returns the text's full height and the room's (to limit
    /// the scrolling), and the vertical scroll gestures made on it in this pass.
    public func scrollingText(
        _ text: String, offset: Double, id: String, isUsersOwn: Bool = false
    ) -> (height: Double, room: Double, scrolls: [GestureEvent]) {
        let room = Rect(x: content.x, y: cursor, width: content.width, height: max(0, footTop - m.bodyGap - cursor))
        let lines = ui.paragraphLines(text, width: room.width, font: m.bodyFont, maximumLines: 2000)
        let step = m.bodyFont.size * m.lineHeight
        let interaction = ui.interact(id, hitFrame: room, gestures: GestureTarget(id: id, gestures: [.scroll], scrollAxes: [.vertical]))
        ui.clipped(to: room) {
            for (n, line) in lines.enumerated() {
                let y = room.y + Double(n) * step - offset
                guard y + step >= room.y, y <= room.maxY, !line.isEmpty else { continue }
                ui.draw.add(
                    .text(
                        TextRun(
                            line, in: Rect(x: room.x, y: y, width: room.width, height: step), font: m.bodyFont,
                            color: theme.textPrimary, alignment: theme.leading, isUsersOwn: isUsersOwn)))
            }
        }
        let height = Double(lines.count) * step
        if height > room.height, room.height > 0 {
            // A thin scroll bar at the trailing edge: there is more than the room shows.
            let thumb = max(m.minimumTarget / 2, room.height * room.height / height)
            let y = room.y + (room.height - thumb) * min(1, max(0, offset / (height - room.height)))
            let bar = theme.mirrored(Rect(x: room.maxX + m.padding / 2 - 1.5, y: y, width: 3, height: thumb), in: room)
            ui.fill(bar, theme.textSecondary.opacity(0.6), radius: 1.5)
        }
        ui.element(
            UIElement(
                id: id, role: "scrollingText", label: String(text.prefix(80)), frame: room,
                state: ["offset": .number(offset), "height": .number(height)]))
        cursor = room.maxY + m.bodyGap
        return (height, room.height, interaction.gestures.map(\.event).filter { $0.kind == .scroll })
    }

    /// A row of numbered scale points (1 … `points`) with `low` and `high` under its ends; the
    /// chosen one filled. Returns the point tapped. When the row cannot give each point the
    /// minimum target, the points stack as a column of choices instead.
    public func scale(points: Int, low: String, high: String, chosen: Int?, id: String, isUsersOwn: Bool = false) -> Int? {
        let gap = m.answerGap
        let side = min(m.largestAnswer, (content.width - gap * Double(points - 1)) / Double(points))
        guard side >= m.minimumTarget else {
            let labels = (1...points).map { n in n == 1 ? "1 · \(low)" : n == points ? "\(n) · \(high)" : "\(n)" }
            return choices(labels, chosen: chosen, id: id, isUsersOwn: isUsersOwn)
        }
        let width = side * Double(points) + gap * Double(points - 1)
        let x0 = content.midX - width / 2
        var tapped: Int?
        for n in 1...points {
            let frame = theme.mirrored(Rect(x: x0 + Double(n - 1) * (side + gap), y: cursor, width: side, height: side), in: content)
            let isChosen = chosen == n
            if ui.button(
                "\(id).\(n)", role: "answer", label: "\(n)", frame: frame, state: ["value": .number(Double(n)), "chosen": .bool(isChosen)],
                draw: { look in
                    ui.fill(frame, isChosen ? theme.accent : look.pressed ? theme.surface : theme.background, radius: m.answerRadius)
                    if !isChosen { ui.stroke(frame, theme.textTertiary.opacity(0.5), width: 1, radius: m.answerRadius) }
                    ui.text("\(n)", in: frame, font: m.answerFont, color: theme.textPrimary, alignment: .center)
                })
            {
                tapped = n
            }
        }
        cursor += side
        // The end words under the ends, each on as many lines as it takes in its half.
        // (A word wider than its half gives way in size: "überhaupt" at ×3.)
        let half = width / 2
        let longest =
            (low + " " + high).split(separator: " ").map(String.init).max {
                ui.measurer.measure($0, font: m.endFont).width < ui.measurer.measure($1, font: m.endFont).width
            } ?? ""
        let endFont = ui.font(fitting: longest, width: half, from: m.endFont, smallest: longWordFloor), step = endFont.size * 1.2
        let endLines = max(2, [low, high].map { ui.paragraphLines($0, width: half, font: endFont, maximumLines: 100).count }.max() ?? 2)
        let ends = Rect(x: x0, y: cursor + 4, width: width, height: max(m.endHeight, Double(endLines) * step))
        let first = Rect(x: ends.x, y: ends.y, width: half, height: ends.height)
        ui.paragraph(
            low, in: theme.mirrored(first, in: ends), font: endFont, color: theme.textSecondary, alignment: theme.leading, lineHeight: 1.2,
            maximumLines: endLines, isUsersOwn: isUsersOwn)
        ui.paragraph(
            high, in: theme.mirrored(Rect(x: first.maxX, y: first.y, width: half, height: first.height), in: ends), font: endFont,
            color: theme.textSecondary, alignment: theme.isRightToLeft ? .leading : .trailing, lineHeight: 1.2, maximumLines: endLines,
            isUsersOwn: isUsersOwn)
        cursor += ends.height + m.questionGap
        return tapped
    }

    /// A column of full-width choices; the chosen one filled. Returns the choice tapped (1 for the first).
    /// Where the column would run into the foot's buttons (seven answers on a small phone), the
    /// choices stand in two columns, their words giving way in size, if they fit there; else in
    /// one, which the form's body scrolls.
    public func choices(_ options: [String], chosen: Int?, id: String, isUsersOwn: Bool = false) -> Int? {
        var tapped: Int?
        let height = max(m.minimumTarget, m.choiceHeight)
        let runsIntoFoot = cursor + Double(options.count) * (height + m.choiceGap) > footTop - m.choiceGap
        let halves = ui.sideBySide(options, width: content.width, gap: m.choiceGap, inset: m.choiceInset, font: m.answerFont, smallest: 0.7, lines: 2) >= 2
        // (One column, scrolling, where two would cut the words: large text.)
        let columns = runsIntoFoot && halves ? 2 : 1
        let rows = Int((Double(options.count) / Double(columns)).rounded(.up))
        let width = (content.width - m.choiceGap * Double(columns - 1)) / Double(columns), top = cursor
        for (i, option) in options.enumerated() {
            let n = i + 1, column = i / rows, row = i % rows
            let frame = theme.mirrored(
                Rect(x: content.x + Double(column) * (width + m.choiceGap), y: top + Double(row) * (height + m.choiceGap), width: width, height: height),
                in: content)
            let isChosen = chosen == n
            if ui.button(
                "\(id).\(n)", role: "answer", label: option, frame: frame, state: ["value": .number(Double(n)), "chosen": .bool(isChosen)],
                draw: { look in
                    ui.fill(frame, isChosen ? theme.accent : look.pressed ? theme.surface : theme.background, radius: m.answerRadius)
                    self.words(
                        option, in: frame.insetBy(dx: m.choiceInset, dy: 0), font: m.answerFont, color: theme.textPrimary, alignment: theme.leading,
                        isUsersOwn: isUsersOwn)
                })
            {
                tapped = n
            }
        }
        cursor = top + Double(rows) * (height + m.choiceGap) + m.questionGap - m.choiceGap
        return tapped
    }

    /// A button's or an answer's words in `frame`: smaller a size at a time where they are wide,
    /// then on two lines at spaces ("1 · Sehr schwierig", "Ich stimme nicht zu") or as many as
    /// the frame holds (large text), never cut while they fit so.
    public func words(_ text: String, in frame: Rect, font asked: Font, color: Color, alignment: TextAlignment, isUsersOwn: Bool = false) {
        // Given way to fit on a line, or at least so that its longest word does (large text).
        let longest = text.split(separator: " ").map(String.init).max {
            ui.measurer.measure($0, font: asked).width < ui.measurer.measure($1, font: asked).width
        }
        let word = longest.map { ui.font(fitting: $0, width: frame.width, from: asked, smallest: longWordFloor) } ?? asked
        let line = ui.font(fitting: text, width: frame.width, from: asked)
        let font = line.size < word.size ? line : word
        let step = font.size * 1.2
        let lines = ui.paragraphLines(text, width: frame.width, font: font, maximumLines: max(2, Int(frame.height / step)))
        let top = frame.midY - Double(lines.count) * step / 2
        for (n, line) in lines.enumerated() {
            ui.text(
                line, in: Rect(x: frame.x, y: top + Double(n) * step, width: frame.width, height: step), font: font, color: color, alignment: alignment,
                isUsersOwn: isUsersOwn)
        }
    }

    /// The top of the foot's buttons.
    public var footTop: Double { content.maxY - max(m.minimumTarget, m.buttonHeight) }
    /// How far a word wider than its room gives way: `longWordSmallestShare` of its size, or
    /// further at large sizes, down to that share of its designed size (text asked at ×3 is
    /// still larger than designed at a third of its size).
    var longWordFloor: Double { min(m.longWordSmallestShare, m.longWordSmallestShare / max(1, scale)) }

    /// Where the foot is drawn: at `footTop`, or after the body where it scrolls with it (`scrolling`).
    private var footY: Double?

    /// Buttons along the foot, trailing first (the primary: Next, I agree): each (id, label,
    /// enabled, primary); returns the id tapped.
    /// `widest`: the most the buttons may take together (a column beside others).
    public func foot(_ buttons: [(id: String, label: String, enabled: Bool, primary: Bool)], widest: Double? = nil) -> String? {
        let height = max(m.minimumTarget, m.buttonHeight)
        let room = min(content.width, widest ?? content.width)
        // Each its share of the room (never wider: two at ×3 ran past the screen's edge), at most 1.6 times as designed.
        let width = min(m.buttonWidth * 1.6, (room - m.buttonGap * Double(buttons.count - 1)) / Double(max(1, buttons.count)))
        var tapped: String?
        for (i, b) in buttons.enumerated() {
            let x = content.maxX - Double(i + 1) * width - Double(i) * m.buttonGap
            let frame = theme.mirrored(Rect(x: x, y: footY ?? footTop, width: width, height: height), in: content)
            if ui.button(
                b.id, label: b.label, frame: frame, enabled: b.enabled,
                draw: { look in
                    let fill = b.primary ? (look.enabled ? theme.accent : theme.surface) : theme.background
                    ui.fill(frame, look.pressed ? fill.opacity(0.7) : fill, radius: m.buttonRadius)
                    self.words(
                        b.label, in: frame.insetBy(dx: 8, dy: 0), font: m.answerFont, color: look.enabled ? theme.textPrimary : theme.textTertiary,
                        alignment: .center)
                })
            {
                tapped = b.id
            }
        }
        return tapped
    }
}
