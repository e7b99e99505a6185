import Foundation
import TactileCore
import TactileUI

/// The Export sheet the title bar's Export button opens: the movie's size (720p, 1080p, 4K in
/// the project's aspect, its pixels shown), frame rate and quality as rows of choices, and an
/// Export button. While an export runs the sheet shows its progress, the time left, Cancel, and
/// Keep editing (the sheet closes, the export goes on and the title bar's button shows how far
/// it has come). A tap outside or Escape closes the sheet; a tap inside never does (`Sheet`).
struct ExportSheetView {
    static let scrimID = "exportSheet.scrim", choicePrefix = "exportSheet.", startID = "exportSheet.start"
    static let cancelID = "exportSheet.cancel", hideID = "exportSheet.hide"
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let export: TactileConfiguration.Export
    let theme: Theme

    /// How much larger than designed the sheet draws: as much as the text (`--ui-scale`), never
    /// smaller than designed (smaller text keeps the controls a finger's size, as Dynamic Type's
    /// smaller sizes keep 44 pt). Where the screen is too short for it, its body scrolls.
    var scale: Double { max(1, theme.clipFont.size / theme.metrics.exportSheet.designFont) }

    /// The three rows' names, labels and choices' words, in order.
    private var rows: [(name: String, label: String, words: [String])] {
        let strings = theme.strings
        return [
            ("size", strings[.exportSize], MovieSettings.Size.allCases.map { strings.digits($0.rawValue) }),
            ("fps", strings[.exportFrameRate], MovieSettings.framesPerSecondChoices.map { strings.digits("\($0)") }),
            ("quality", strings[.exportQuality], MovieSettings.Quality.allCases.map { strings[Self.word(for: $0)] }),
        ]
    }

    private static func word(for quality: MovieSettings.Quality) -> EditorText {
        quality == .draft ? .draft : quality == .standard ? .standard : .high
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard state.exportSheet else { return [] }
        let m = theme.metrics.exportSheet, k = scale, strings = theme.strings
        let padding = m.panelPadding * k
        // While an export runs, its progress takes a row of its own above the buttons.
        let progressRow = state.exportRun == nil ? 0 : (m.progressLabelHeight + m.progressHeight + m.rowGap) * k
        let plan = arrangement(progressRow: progressRow)
        let panel = plan.panel
        var intents: [EditorIntent] = []
        let choice = state.exportChoice, run = state.exportRun
        ui.inLayer(.topmost) {
            let sheet = Sheet(ui: ui, theme: theme, id: "exportSheet")
            intents += sheet.backdrop(panel: panel, label: strings[.closeExport], close: .toggleExportSheet)
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            let inner = panel.insetBy(dx: padding, dy: padding)
            // The title, and what the choices make: "1080 × 1920, 30 fps" (no middle dot: beside
            // Arabic digits it reads as a zero).
            let (w, h) = choice.pixelSize(for: state.project.format.aspect)
            let digits = ["width": "\(w)", "height": "\(h)", "fps": "\(choice.framesPerSecond)"].mapValues(strings.digits)
            let summary = strings.format(.movieSummary, digits)
            // And about how large the file will be.
            let estimate = choice.estimatedBytes(duration: state.project.duration, aspect: state.project.format.aspect, export: export)
            let about = strings.format(.aboutSize, ["size": strings.megabytes(estimate)])
            ui.element(
                UIElement(
                    id: "exportSheet", role: "exportSheet", label: strings[.export], frame: panel,
                    state: [
                        "size": .string(choice.size.rawValue), "fps": .number(Double(choice.framesPerSecond)),
                        "quality": .string(choice.quality.rawValue), "width": .number(Double(w)), "height": .number(Double(h)),
                        "summary": .string(summary), "exporting": .bool(run != nil), "estimatedBytes": .number(Double(estimate)),
                        "estimate": .string(about),
                    ]))
            // Where the screen is too short, the whole sheet scrolls in its panel, header and all.
            // (Its window is the panel's width: the choices' touches reach into its padding.)
            let window = Rect(x: panel.x, y: inner.y, width: panel.width, height: inner.height)
            sheet.scrollingBody(window: window, contentHeight: plan.headerHeight + plan.bodyHeight) {
                let title = Rect(x: inner.x, y: inner.y, width: inner.width, height: plan.headerHeight)
                // Done closes it as every sheet's header does (an export under way runs on behind it).
                // Where the whole line cannot be read even small, the size estimate alone (the choices show the rest).
                let line = summary + ", " + about
                let room = title.width - 2 * sheet.actionWidth(strings[.done], in: title)
                let small = ui.font(fitting: line, width: room, from: theme.captionFont, smallest: theme.metrics.sheet.detailSmallestShare)
                let lineFits = ui.measurer.measure(line, font: small).width <= room
                if sheet.header(strings[.export], detail: lineFits ? line : about, action: strings[.done], in: title) {
                    intents.append(.toggleExportSheet)
                }
                intents += drawBody(state, plan: plan, in: Rect(x: inner.x, y: title.maxY, width: inner.width, height: plan.bodyHeight))
            }
        }
        return intents
    }

    /// The rows of choices, the progress of an export under way and the buttons, in `body`.
    private func drawBody(_ state: EditorState, plan: Arrangement, in body: Rect) -> [EditorIntent] {
        let m = theme.metrics.exportSheet, k = scale
        let choice = state.exportChoice, run = state.exportRun
        var intents: [EditorIntent] = []
        var y = body.y
        let picks: [(chosen: Int, choose: (Int) -> MovieSettings)] = [
            (
                MovieSettings.Size.allCases.firstIndex(of: choice.size) ?? -1,
                {
                    var c = choice; c.size = MovieSettings.Size.allCases[$0]; return c
                }
            ),
            (
                MovieSettings.framesPerSecondChoices.firstIndex(of: choice.framesPerSecond) ?? -1,
                {
                    var c = choice; c.framesPerSecond = MovieSettings.framesPerSecondChoices[$0]; return c
                }
            ),
            (
                MovieSettings.Quality.allCases.firstIndex(of: choice.quality) ?? -1,
                {
                    var c = choice; c.quality = MovieSettings.Quality.allCases[$0]; return c
                }
            ),
        ]
        for (r, row) in rows.enumerated() {
            let columns = plan.columns[r], lines = Int((Double(row.words.count) / Double(columns)).rounded(.up))
            let gap = m.choiceGap * k, choicesHeight = Double(lines) * m.choiceHeight * k + Double(lines - 1) * gap
            let labelFrame =
                plan.labelWidth > 0
                ? theme.mirrored(Rect(x: body.x, y: y, width: plan.labelWidth, height: choicesHeight), in: body)
                : Rect(x: body.x, y: y, width: body.width, height: m.labelHeight * k)
            drawLabel(row.label, in: labelFrame, lines: plan.labelWidth > 0 ? 2 : 1)
            let top = plan.labelWidth > 0 ? y : y + m.labelHeight * k
            let width = (body.width - plan.labelWidth - gap * Double(columns - 1)) / Double(columns)
            for (i, text) in row.words.enumerated() {
                let frame = theme.mirrored(
                    Rect(
                        x: body.x + plan.labelWidth + Double(i % columns) * (width + gap), y: top + Double(i / columns) * (m.choiceHeight * k + gap),
                        width: width, height: m.choiceHeight * k), in: body)
                let chosen = i == picks[r].chosen
                let tapped = ui.button(
                    Self.choicePrefix + row.name + "." + text, role: "exportChoice", label: text, frame: frame,
                    // Touches up to halfway across the gaps beside it: a finger's width where four share a narrow sheet.
                    hitFrame: frame.insetBy(dx: -gap / 2, dy: 0), enabled: run == nil, state: ["chosen": .bool(chosen), "row": .string(row.name)]
                ) { look in
                    let fill = chosen ? theme.selection : (look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface)
                    ui.fill(frame, fill, radius: m.choiceRadius * k)
                    let ink = chosen ? theme.background : (look.enabled ? theme.textPrimary : theme.textTertiary)
                    ui.text(
                        text, in: frame, font: ui.font(fitting: text, width: frame.width - gap, from: theme.clipFont, smallest: m.labelSmallestShare),
                        color: ink, alignment: .center)
                }
                if tapped { intents.append(.chooseExport(picks[r].choose(i))) }
            }
            y = top + choicesHeight + m.rowGap * k
        }
        let bottom = Rect(x: body.x, y: body.maxY - m.buttonHeight * k, width: body.width, height: m.buttonHeight * k)
        if let run {
            let progressRow = (m.progressLabelHeight + m.progressHeight + m.rowGap) * k
            intents += drawProgress(run, in: Rect(x: body.x, y: y, width: body.width, height: progressRow), buttons: bottom)
        } else if drawStart(in: bottom) {
            intents.append(.startExport)
        }
        return intents
    }

    /// Where the sheet goes and how its body is laid out.
    private struct Arrangement {
        /// The panel on the screen (its body scrolls where it is shorter than the body needs).
        var panel: Rect
        /// How tall the header is (the title over its button where it cannot stand beside it).
        var headerHeight: Double
        /// How tall the body under the header is laid out.
        var bodyHeight: Double
        /// The labels' width where they stand beside their choices (0: over them).
        var labelWidth: Double
        /// How many choices stand side by side in each row (the rest below them).
        var columns: [Int]
    }

    /// Each row's label over its choices; where the screen is too short for that (landscape on a
    /// phone), beside them (`labelWidth` > 0) if the sheet then fits, so Export never lies over
    /// the choices. A row's choices stand side by side where their words fit, even small, else
    /// in as few lines as they need (large text on a narrow sheet).
    private func arrangement(progressRow: Double) -> Arrangement {
        let m = theme.metrics.exportSheet, k = scale
        let gap = m.choiceGap * k
        func columns(width: Double) -> [Int] {
            rows.map { ui.sideBySide($0.words, width: width, gap: gap, inset: gap / 2, font: theme.clipFont, smallest: m.labelSmallestShare) }
        }
        func body(labelWidth: Double, columns: [Int]) -> Double {
            let choices = zip(rows, columns).map { row, n -> Double in
                let lines = Double((Double(row.words.count) / Double(n)).rounded(.up))
                return lines * m.choiceHeight * k + (lines - 1) * gap + m.rowGap * k + (labelWidth > 0 ? 0 : m.labelHeight * k)
            }
            return choices.reduce(0, +) + progressRow + m.buttonHeight * k
        }
        let sheet = Sheet(ui: ui, theme: theme, id: "exportSheet"), least = sheet.leastWidth
        let wide = layout.pickerPanel(height: .greatestFiniteMagnitude / 4, gap: m.panelGap * k, margin: sizes.margin, leastWidth: least)
        let inner = wide.width - 2 * m.panelPadding * k
        let title = sheet.headerHeight(theme.strings[.export], action: theme.strings[.done], width: inner, designed: m.titleHeight * k)
        let header = 2 * m.panelPadding * k + title
        let over = columns(width: inner), overBody = body(labelWidth: 0, columns: over)
        let panel = layout.pickerPanel(height: header + overBody, gap: m.panelGap * k, margin: sizes.margin, leastWidth: least)
        let whole = Arrangement(panel: panel, headerHeight: title, bodyHeight: overBody, labelWidth: 0, columns: over)
        guard panel.height < header + overBody - 0.5 else { return whole }
        let widest = rows.map { ui.measurer.measure($0.label, font: theme.clipFont).width }.max() ?? 0
        // The labels leave every choice a finger's width (four frame rates in a row), their words giving way in size.
        let most = Double(rows.map(\.words.count).max() ?? 1)
        let labelWidth = max(0, min(wide.width * m.besideLabelShare, widest + gap, inner - (most * sizes.buttonSize - gap)))
        let beside = columns(width: inner - labelWidth), besideBody = body(labelWidth: labelWidth, columns: beside)
        let short = layout.pickerPanel(height: header + besideBody, gap: m.panelGap * k, margin: sizes.margin, leastWidth: least)
        // Beside only where the sheet then fits and every label fits its column whole (on two lines at most).
        let labelsFit = rows.allSatisfy { ui.fits($0.label, in: labelWidth, font: theme.clipFont, smallest: m.labelSmallestShare, lines: 2) }
        guard labelWidth > 0, labelsFit, short.height >= header + besideBody - 0.5 else { return whole }
        return Arrangement(panel: short, headerHeight: title, bodyHeight: besideBody, labelWidth: labelWidth, columns: beside)
    }

    /// A row's label: smaller where it must be, and on up to `lines` lines rather than cut.
    private func drawLabel(_ label: String, in frame: Rect, lines most: Int) {
        let m = theme.metrics.exportSheet
        let font = ui.font(fitting: label, width: frame.width, from: theme.clipFont, smallest: m.labelSmallestShare)
        let lines = ui.measurer.lines(of: label, font: font, width: frame.width, maximumLines: most)
        let lineHeight = font.size * m.labelLineHeight, top = frame.midY - Double(lines.count) * lineHeight / 2
        for (n, line) in lines.enumerated() {
            ui.text(
                line, in: Rect(x: frame.x, y: top + Double(n) * lineHeight, width: frame.width, height: lineHeight), font: font, color: theme.textSecondary,
                alignment: theme.leading)
        }
    }

    /// The sheet's one primary action, Export, in the weight a primary button has; whether it was tapped.
    private func drawStart(in bottom: Rect) -> Bool {
        let m = theme.metrics.exportSheet, k = scale, strings = theme.strings
        return ui.button(Self.startID, role: "exportStart", label: strings[.startExport], frame: bottom) { look in
            ui.fill(bottom, look.pressed ? theme.selection.mixed(with: .black, 0.2) : theme.selection, radius: m.buttonRadius * k)
            var bold = theme.bodyFont
            bold.weight = .semibold
            ui.label(strings[.startExport], in: bottom.insetBy(dx: m.choiceGap * k, dy: 0), font: bold, color: theme.background)
        }
    }

    /// The progress bar with the share done and the time left over it (in `block`), and Cancel
    /// and Keep editing beside each other (in `area`).
    private func drawProgress(_ run: ExportRun, in block: Rect, buttons area: Rect) -> [EditorIntent] {
        let m = theme.metrics.exportSheet, k = scale, strings = theme.strings
        var intents: [EditorIntent] = []
        let label = Rect(x: block.x, y: block.y, width: block.width, height: m.progressLabelHeight * k)
        let bar = Rect(x: block.x, y: label.maxY, width: block.width, height: m.progressHeight * k)
        var words = run.isCancelling ? strings[.cancel] + "…" : strings[.exporting] + " " + strings.percent(run.fraction)
        if let left = run.secondsLeft, !run.isCancelling {
            words += " · " + strings.format(.timeLeft, ["time": strings.digits(TimeFormatting.timecode(.seconds(left.rounded(.up))))])
        }
        ui.label(words, in: label, font: theme.clipFont, color: theme.textPrimary, alignment: theme.leading)
        ui.fill(bar, theme.surface, radius: bar.height / 2)
        let done = theme.mirrored(Rect(x: bar.x, y: bar.y, width: bar.width * min(1, max(0, run.fraction)), height: bar.height), in: bar)
        ui.fill(done, theme.selection, radius: bar.height / 2)
        ui.element(
            UIElement(
                id: "exportProgress", role: "progress", label: words, frame: bar,
                state: [
                    "fraction": .number(run.fraction), "secondsLeft": run.secondsLeft.map { .number($0) } ?? .string(""),
                    "cancelling": .bool(run.isCancelling),
                ]))
        let gap = m.choiceGap * k, half = (area.width - gap) / 2
        let cancel = theme.mirrored(Rect(x: area.x, y: area.y, width: half, height: area.height), in: area)
        let hide = theme.mirrored(Rect(x: area.x + half + gap, y: area.y, width: half, height: area.height), in: area)
        if ui.button(
            Self.cancelID, role: "exportCancel", label: strings[.cancel], frame: cancel, enabled: !run.isCancelling,
            draw: { look in
                ui.fill(cancel, look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface, radius: m.buttonRadius * k)
                ui.label(
                    strings[.cancel], in: cancel.insetBy(dx: gap, dy: 0), font: theme.bodyFont, color: look.enabled ? theme.textPrimary : theme.textTertiary)
            })
        {
            intents.append(.cancelExport)
        }
        if ui.button(
            Self.hideID, role: "exportHide", label: strings[.keepEditing], frame: hide,
            draw: { look in
                ui.fill(hide, look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface, radius: m.buttonRadius * k)
                ui.label(strings[.keepEditing], in: hide.insetBy(dx: gap, dy: 0), font: theme.bodyFont, color: theme.textPrimary)
            })
        {
            intents.append(.toggleExportSheet)
        }
        return intents
    }
}
