import Foundation
import TactileCore
import TactileInput
import TactileUI

/// Where the project list's parts go on a screen.
struct ProjectListLayout {
    /// Done at the leading edge, New at the trailing one.
    var header: Rect
    /// The large title; nil where the screen is short (landscape): the title then stands in the header.
    var title: Rect?
    /// The rows' window.
    var rows: Rect
    /// The Undo bar, while a delete can be undone.
    var undo: Rect?
    var rowHeight: Double
    var actionsHeight: Double
    /// How many of a row's actions stand side by side (the rest on lines below: large text).
    var actionColumns: Int
    /// The most lines a row's details take (more than one where large text wraps them).
    var detailLines: Int

    init(_ state: EditorState, layout: EditorLayout, sizes: TactileConfiguration.Layout, theme: Theme, measurer: TextMeasurer, now: Time) {
        let m = theme.metrics.projectList, k = theme.bodyFont.size / m.designFont, viewport = layout.viewport
        let landscape = viewport.width > viewport.height
        header = Rect(x: 0, y: layout.titleBar.y, width: viewport.width, height: max(sizes.buttonSize, layout.titleBar.height))
        // The large title on as many lines as its words need at large sizes.
        let titleFont = Font(size: theme.titleFont.size * m.titleFontShare, weight: .bold), titleWidth = viewport.width - 2 * sizes.margin
        let titleLines = measurer.lines(
            of: theme.strings[.projects], font: measurer.font(fitting: theme.strings[.projects], width: titleWidth, from: titleFont, smallest: m.smallestShare),
            width: titleWidth, maximumLines: 2
        ).count
        let large = Rect(x: sizes.margin, y: header.maxY, width: titleWidth, height: max(m.titleHeight * k, Double(titleLines) * titleFont.size * m.lineHeight))
        title = landscape ? nil : large
        let top = title?.maxY ?? header.maxY
        let bottom = viewport.height - (landscape ? sizes.landscapeBottomInset : sizes.bottomInset)
        let showsUndo = state.projectList?.deleted.map { now < $0.until } ?? false
        let undoHeight = sizes.buttonSize
        undo = showsUndo ? Rect(x: sizes.margin, y: bottom - m.undoGap * k - undoHeight, width: viewport.width - 2 * sizes.margin, height: undoHeight) : nil
        rows = Rect(x: 0, y: top, width: viewport.width, height: max(0, (undo.map { $0.minY - m.undoGap * k } ?? bottom) - top))
        // Each row's details wrap where they must (the longest row's lines set every row's height).
        let words = viewport.width - 2.5 * sizes.margin - sizes.buttonSize - (2 * m.openDot + m.openGap) * k
        detailLines =
            ProjectListView.entries(state).map { entry in
                measurer.lines(
                    of: ProjectListView.details(entry.listing, current: entry.current, strings: theme.strings), font: theme.captionFont, width: words,
                    maximumLines: m.detailMaximumLines
                ).count
            }.max() ?? 1
        rowHeight = max(sizes.buttonSize, 2 * m.rowPadding * k + (theme.bodyFont.size + Double(detailLines) * theme.captionFont.size) * m.lineHeight)
        let actions = [theme.strings[.duplicate], theme.strings[.rename], theme.strings[.delete]]
        actionColumns = measurer.sideBySide(
            actions, width: viewport.width - 2 * sizes.margin, gap: m.actionGap * k, inset: sizes.margin / 4, font: theme.bodyFont, smallest: m.smallestShare,
            lines: 2)
        let actionLines = Double((actions.count + actionColumns - 1) / actionColumns)
        actionsHeight = actionLines * (sizes.buttonSize + m.actionGap * k)
    }

    /// The rows' frames, scrolled by `scroll`: each row, and its actions' strip when open.
    func frames(of ids: [String], menu: String?, scroll: Double) -> [(id: String, row: Rect, actions: Rect?)] {
        var y = rows.y - scroll
        return ids.map { id in
            let row = Rect(x: rows.x, y: y, width: rows.width, height: rowHeight)
            y += rowHeight
            var actions: Rect?
            if id == menu {
                actions = Rect(x: rows.x, y: y, width: rows.width, height: actionsHeight)
                y += actionsHeight
            }
            return (id, row, actions)
        }
    }

    /// How far the rows scroll.
    func maxScroll(count: Int, menu: Bool) -> Double { max(0, Double(count) * rowHeight + (menu ? actionsHeight : 0) - rows.height) }
}

/// The project list (the title bar's Projects button): Done and New in the header, a large
/// title, a row for each project — its name; its length, clips and when it was saved — the
/// one on screen first, marked. A row's "…" shows Duplicate, Rename and Delete under it; a
/// delete offers Undo for a while. Rows scroll; a tap on one opens it.
struct ProjectListView {
    static let screenID = "projects", rowPrefix = "projects.row:", undoID = "projects.undo"
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// The projects as the list shows them: the one on screen first (as it is now, even before
    /// the shelf has it), then the shelf's others, most recently saved first.
    static func entries(_ state: EditorState) -> [(listing: ProjectListing, current: Bool)] {
        let current = ProjectListing(id: state.projectID ?? "", project: state.project, modified: 0)
        return [(current, true)] + state.shelf.filter { $0.id != state.projectID }.map { ($0, false) }
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard let list = state.projectList else { return [] }
        let frames = ProjectListLayout(state, layout: layout, sizes: sizes, theme: theme, measurer: ui.measurer, now: ui.now)
        let entries = Self.entries(state)
        let maxScroll = frames.maxScroll(count: entries.count, menu: list.menu != nil)
        let scroll = min(max(0, list.scroll), maxScroll)
        let screen = Rect(origin: .zero, size: layout.viewport)
        var intents: [EditorIntent] = []
        ui.inLayer(.topmost) {
            ui.fill(screen, theme.background)
            // The screen's own background takes what no row or button does (nothing reaches the editor under it).
            intents += ui.interact(
                Self.screenID, hitFrame: screen, gestures: GestureTarget(id: Self.screenID, gestures: [.tap, .scroll], scrollAxes: [.vertical])
            )
            .intents(.projectList(.screen))
            intents += drawHeader(frames)
            let rowFrames = frames.frames(of: entries.map(\.listing.id), menu: list.menu, scroll: scroll)
            // A row's actions just shown come into view (scrolled up as far as they need, never
            // past their first: large text can make them taller than the rows' window).
            if list.revealMenu {
                let actions = rowFrames.first { $0.actions != nil }?.actions
                let over = actions.map { min($0.maxY - frames.rows.maxY, $0.minY - frames.rows.minY) } ?? 0
                intents.append(.projectList(.scroll(to: min(maxScroll, scroll + max(0, over)))))
            }
            ui.clipped(to: frames.rows) {
                for (entry, frame) in zip(entries, rowFrames) {
                    // A row (or its actions) in the window: the actions can be in sight with their row above it.
                    let reach = frame.actions.map { frame.row.union($0) } ?? frame.row
                    guard reach.maxY > frames.rows.minY, reach.minY < frames.rows.maxY else { continue }
                    intents += drawRow(entry.listing, current: entry.current, frame: frame.row, visible: frames.rows, detailLines: frames.detailLines)
                    if let actions = frame.actions {
                        intents += drawActions(entry.listing, current: entry.current, frame: actions, visible: frames.rows, columns: frames.actionColumns)
                    }
                }
            }
            if let undo = frames.undo, let deleted = list.deleted { intents += drawUndo(deleted.listing, frame: undo) }
        }
        ui.element(
            UIElement(
                id: Self.screenID, role: "projectList", label: theme.strings[.projects], frame: screen,
                state: ["projects": .number(Double(entries.count)), "scroll": .number(scroll), "maxScroll": .number(maxScroll)]))
        return intents
    }

    private func drawHeader(_ frames: ProjectListLayout) -> [EditorIntent] {
        let h = frames.header, m = sizes.margin
        var intents: [EditorIntent] = []
        func textButton(_ id: String, _ words: String, leading: Bool, bold: Bool) -> (Bool, Rect) {
            let font = Font(size: theme.bodyFont.size, weight: bold ? .semibold : .regular)
            let width = min(h.width / 2 - m, max(sizes.buttonSize, ui.measurer.measure(words, font: font).width + m))
            let frame = theme.mirrored(Rect(x: leading ? h.x + m / 2 : h.maxX - m / 2 - width, y: h.y, width: width, height: h.height), in: h)
            let tapped = ui.button(id, label: words, frame: frame) { look in
                ui.label(
                    words, in: frame, font: font, color: look.pressed ? theme.textSecondary : theme.accent, smallest: theme.metrics.projectList.smallestShare)
            }
            return (tapped, frame)
        }
        let (done, doneFrame) = textButton("projects.done", theme.strings[.done], leading: true, bold: true)
        let (new, newFrame) = textButton("projects.new", theme.strings[.newProject], leading: false, bold: false)
        if done { intents.append(.projectList(.close)) }
        if new { intents.append(.projectList(.new)) }
        let words = theme.strings[.projects]
        if let title = frames.title {
            ui.label(
                words, in: title, font: Font(size: theme.titleFont.size * theme.metrics.projectList.titleFontShare, weight: .bold), color: theme.textPrimary,
                smallest: theme.metrics.projectList.smallestShare, lineHeight: theme.metrics.projectList.lineHeight, alignment: theme.leading)
        } else {
            // In the header between the buttons (a short screen keeps its rows).
            let room = Rect(
                x: min(doneFrame.maxX, newFrame.maxX), y: h.y, width: max(0, abs(newFrame.minX - doneFrame.minX) - min(doneFrame.width, newFrame.width)),
                height: h.height)
            ui.label(words, in: room, font: theme.titleFont, color: theme.textPrimary, smallest: theme.metrics.projectList.smallestShare)
        }
        return intents
    }

    /// A project's row: its name, and its details on up to `detailLines` lines.
    private func drawRow(_ listing: ProjectListing, current: Bool, frame: Rect, visible: Rect, detailLines: Int) -> [EditorIntent] {
        let m = theme.metrics.projectList, k = theme.bodyFont.size / m.designFont, margin = sizes.margin
        let id = Self.rowPrefix + listing.id
        let interaction = ui.interact(
            id, hitFrame: frame.intersection(visible), gestures: GestureTarget(id: id, gestures: [.tap, .scroll], scrollAxes: [.vertical]))
        var intents = interaction.intents(.projectList(.row(listing.id)))
        if interaction.isPressedDown { ui.fill(frame, theme.surfaceRaised) }
        let more = theme.mirrored(Rect(x: frame.maxX - margin / 2 - sizes.buttonSize, y: frame.y, width: sizes.buttonSize, height: frame.height), in: frame)
        let words = theme.mirrored(
            Rect(x: frame.x + margin, y: frame.y, width: frame.width - margin - sizes.buttonSize - margin / 2, height: frame.height), in: frame)
        let nameFont = Font(size: theme.bodyFont.size, weight: .semibold)
        let nameLine = Rect(x: words.x, y: frame.y + m.rowPadding * k, width: words.width, height: theme.bodyFont.size * m.lineHeight)
        let detailLine = Rect(x: words.x, y: nameLine.maxY, width: words.width, height: theme.captionFont.size * m.lineHeight)
        let name = ui.measurer.truncate(listing.name, font: nameFont, toWidth: nameLine.width)
        ui.text(
            name, in: nameLine, font: nameFont, color: listing.problem == nil ? theme.textPrimary : theme.textSecondary, alignment: theme.leading,
            isUsersOwn: true)
        let detail = Self.details(listing, current: current, strings: theme.strings)
        var detailFrame = detailLine
        if current {
            // A dot before "Open now", in the accent.
            let dot = theme.mirrored(
                Rect(x: detailLine.x, y: detailLine.midY - m.openDot * k, width: 2 * m.openDot * k, height: 2 * m.openDot * k), in: detailLine)
            ui.draw.add(.fillCircle(center: dot.center, radius: m.openDot * k, theme.accent))
            detailFrame = theme.mirrored(
                Rect(
                    x: detailLine.x + (2 * m.openDot + m.openGap) * k, y: detailLine.y, width: detailLine.width - (2 * m.openDot + m.openGap) * k,
                    height: detailLine.height),
                in: detailLine)
        }
        // On more lines where large text wraps them (never more than the row holds).
        let lines = ui.measurer.lines(of: detail, font: theme.captionFont, width: detailFrame.width, maximumLines: detailLines)
        for (n, line) in lines.enumerated() {
            ui.text(
                line, in: detailFrame.offsetBy(dx: 0, dy: Double(n) * detailFrame.height), font: theme.captionFont,
                color: listing.problem == nil ? (current ? theme.accent : theme.textSecondary) : theme.danger, alignment: theme.leading)
        }
        let shownDetail = lines.joined(separator: " ")
        ui.fill(
            theme.mirrored(Rect(x: frame.x + margin, y: frame.maxY - m.separator, width: frame.width - margin, height: m.separator), in: frame), theme.separator
        )
        let label = theme.strings.format(.projectActions, ["name": listing.name])
        if ui.button(
            "projects.more:" + listing.id, role: "projectMenuButton", label: label, frame: more, hitFrame: more.intersection(visible),
            draw: { look in
                Icon.more.draw(in: more, color: look.pressed ? theme.textSecondary : theme.textPrimary, ui: ui)
            })
        {
            intents.append(.projectList(.toggleMenu(listing.id)))
        }
        ui.element(
            UIElement(
                id: id, role: "projectRow", label: listing.name, frame: frame,
                hitFrame: frame.intersection(visible),
                state: [
                    "current": .bool(current), "shown": .string(name), "details": .string(shownDetail), "clips": .number(Double(listing.clips)),
                    "problem": .string(listing.problem ?? ""),
                ]))
        return intents
    }

    /// The second line: "Open now · 0:21 · 5 clips", or the length, clips and when it was saved; why a damaged file cannot open.
    static func details(_ listing: ProjectListing, current: Bool, strings s: Strings) -> String {
        if let problem = listing.problem { return s.format(.projectCannotOpen, ["reason": problem]) }
        let length = s.digits(TimeFormatting.timecode(listing.duration)), dot = s[.listSeparator]
        let summary =
            listing.clips == 1
            ? s.format(.projectSummaryOneClip, ["length": length])
            : s.format(.projectSummary, ["length": length, "count": s.digits("\(listing.clips)")])
        if current { return s[.openNow] + dot + summary }
        return summary + dot + Self.date(listing.modified, locale: s.localeIdentifier)
    }

    /// When a project was saved, as the locale writes a date and time.
    static func date(_ seconds: Int, locale: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter.string(from: Date(timeIntervalSince1970: Double(seconds)))
    }

    /// Duplicate, Rename and Delete (not for the project on screen: open another first), side by
    /// side, `columns` to a line.
    private func drawActions(_ listing: ProjectListing, current: Bool, frame: Rect, visible: Rect, columns: Int) -> [EditorIntent] {
        let m = theme.metrics.projectList, k = theme.bodyFont.size / m.designFont, margin = sizes.margin
        var choices: [(String, EditorText, ProjectListIntent, Bool)] = [
            ("projects.duplicate:", .duplicate, .duplicate(listing.id), false), ("projects.rename:", .rename, .rename(listing.id), false),
        ]
        if !current { choices.append(("projects.delete:", .delete, .delete(listing.id), true)) }
        if listing.problem != nil { choices.removeAll { $0.1 != .delete } }
        let gap = m.actionGap * k, n = max(1, min(columns, choices.count))
        let inner = Rect(x: frame.x + margin, y: frame.y, width: frame.width - 2 * margin, height: frame.height - gap)
        let width = (inner.width - gap * Double(n - 1)) / Double(n)
        var intents: [EditorIntent] = []
        for (i, choice) in choices.enumerated() {
            let button = theme.mirrored(
                Rect(x: inner.x + Double(i % n) * (width + gap), y: inner.y + Double(i / n) * (sizes.buttonSize + gap), width: width, height: sizes.buttonSize),
                in: inner)
            let words = theme.strings[choice.1], id = choice.0 + listing.id
            // A tap does it; a drag on it scrolls the list, as on a row.
            let interaction = ui.interact(
                id, hitFrame: button.intersection(visible), gestures: GestureTarget(id: id, gestures: [.tap, .scroll], scrollAxes: [.vertical]))
            // (An arena's target holds no finger: pressed while one is over it.)
            ui.fill(button, interaction.hotFingers.isEmpty ? theme.surfaceRaised : theme.surface, radius: m.actionRadius * k)
            fittedLabel(words, in: button, color: choice.3 ? theme.danger : theme.textPrimary)
            ui.element(UIElement(id: id, role: "projectAction", label: words, frame: button, hitFrame: button.intersection(visible)))
            intents += interaction.intents(.projectList(.action(choice.2)))
        }
        return intents
    }

    /// Words on a button: at the body font, smaller down to `smallestShare` of it where they do
    /// not fit, then on two lines; never cut.
    private func fittedLabel(_ words: String, in frame: Rect, color: Color) {
        let m = theme.metrics.projectList
        ui.label(words, in: frame.insetBy(dx: sizes.margin / 4, dy: 0), font: theme.bodyFont, color: color, smallest: m.smallestShare, lineHeight: m.lineHeight)
    }

    /// "Deleted “Road trip”" and Undo.
    private func drawUndo(_ listing: ProjectListing, frame: Rect) -> [EditorIntent] {
        let m = theme.metrics.projectList, k = theme.bodyFont.size / m.designFont, margin = sizes.margin
        ui.fill(frame, theme.surfaceRaised, radius: m.undoRadius * k)
        let undoWords = theme.strings[.undo], undoFont = Font(size: theme.bodyFont.size, weight: .semibold)
        let undoWidth = max(sizes.buttonSize, ui.measurer.measure(undoWords, font: undoFont).width + margin)
        let button = theme.mirrored(Rect(x: frame.maxX - undoWidth, y: frame.y, width: undoWidth, height: frame.height), in: frame)
        let words = theme.mirrored(Rect(x: frame.x + margin, y: frame.y, width: frame.width - undoWidth - margin, height: frame.height), in: frame)
        let message = theme.strings.format(.projectDeleted, ["name": listing.name])
        ui.text(
            ui.measurer.truncate(message, font: theme.bodyFont, toWidth: words.width), in: words, font: theme.bodyFont, color: theme.textPrimary,
            alignment: theme.leading)
        ui.element(UIElement(id: "projects.deleted", role: "banner", label: message, frame: frame))
        let tapped = ui.button(Self.undoID, role: "bannerAction", label: undoWords, frame: button) { look in
            ui.text(undoWords, in: button, font: undoFont, color: look.pressed ? theme.textSecondary : theme.accent, alignment: .center)
        }
        return tapped ? [.projectList(.undoDelete)] : []
    }
}
