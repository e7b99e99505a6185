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
    /// smaller sizes keep 44 pt).
    /// (And no larger than the screen's height holds with the labels beside the choices: at ×2 on
    /// a landscape phone the sheet was taller than the screen.)
    var scale: Double {
        let m = theme.metrics.exportSheet
        let designed =
            2 * m.panelPadding + m.titleHeight + 3 * (m.choiceHeight + m.rowGap) + m.buttonHeight + m.progressLabelHeight + m.progressHeight + m.rowGap
        let most = layout.pickerPanel(height: .greatestFiniteMagnitude / 4, gap: m.panelGap, margin: sizes.margin)
        let room = min(most.maxY, layout.viewport.height) - max(most.minY, 0)
        return max(1, min(theme.clipFont.size / m.designFont, room / designed))
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard state.exportSheet else { return [] }
        let m = theme.metrics.exportSheet, k = scale, strings = theme.strings
        let padding = m.panelPadding * k
        // While an export runs, its progress takes a row of its own above the buttons.
        let progressRow = state.exportRun == nil ? 0 : (m.progressLabelHeight + m.progressHeight + m.rowGap) * k
        let (panel, row, labelWidth) = arrangement(progressRow: progressRow)
        let beside = labelWidth > 0
        var intents: [EditorIntent] = []
        let choice = state.exportChoice, run = state.exportRun
        ui.inLayer(.topmost) {
            intents += Sheet(ui: ui, theme: theme, id: "exportSheet").backdrop(panel: panel, label: strings[.closeExport], close: .toggleExportSheet)
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            let inner = panel.insetBy(dx: padding, dy: padding)
            // The title, and what the choices make: "1080 × 1920, 30 fps" (no middle dot: beside
            // Arabic digits it reads as a zero).
            let (w, h) = choice.pixelSize(for: state.project.format.aspect)
            let digits = ["width": "\(w)", "height": "\(h)", "fps": "\(choice.framesPerSecond)"].mapValues(strings.digits)
            let summary = strings.format(.movieSummary, digits)
            let title = Rect(x: inner.x, y: inner.y, width: inner.width, height: m.titleHeight * k)
            // And about how large the file will be.
            let estimate = choice.estimatedBytes(duration: state.project.duration, aspect: state.project.format.aspect, export: export)
            let about = strings.format(.aboutSize, ["size": strings.megabytes(estimate)])
            // Done closes it as every sheet's header does (an export under way runs on behind it).
            // Where the whole line cannot be read even small, the size estimate alone (the choices show the rest).
            let line = summary + ", " + about
            let sheet = Sheet(ui: ui, theme: theme, id: "exportSheet")
            let room = title.width - 2 * sheet.actionWidth(strings[.done], in: title)
            let small = ui.font(fitting: line, width: room, from: theme.captionFont, smallest: theme.metrics.sheet.detailSmallestShare)
            let lineFits = ui.measurer.measure(line, font: small).width <= room
            if sheet.header(strings[.export], detail: lineFits ? line : about, action: strings[.done], in: title) {
                intents.append(.toggleExportSheet)
            }
            ui.element(
                UIElement(
                    id: "exportSheet", role: "exportSheet", label: strings[.export], frame: panel,
                    state: [
                        "size": .string(choice.size.rawValue), "fps": .number(Double(choice.framesPerSecond)),
                        "quality": .string(choice.quality.rawValue), "width": .number(Double(w)), "height": .number(Double(h)),
                        "summary": .string(summary), "exporting": .bool(run != nil), "estimatedBytes": .number(Double(estimate)),
                        "estimate": .string(about),
                    ]))
            var y = title.maxY
            func choices<T>(_ name: String, label: String, options: [T], title: (T) -> String, isChosen: (T) -> Bool, choose: (T) -> MovieSettings) {
                let labelFrame =
                    beside
                    ? theme.mirrored(Rect(x: inner.x, y: y, width: labelWidth, height: m.choiceHeight * k), in: inner)
                    : Rect(x: inner.x, y: y, width: inner.width, height: m.labelHeight * k)
                drawLabel(label, in: labelFrame, lines: beside ? 2 : 1)
                let gap = m.choiceGap * k, count = Double(options.count), top = beside ? y : y + m.labelHeight * k
                let width = (inner.width - labelWidth - gap * (count - 1)) / count
                for (i, option) in options.enumerated() {
                    let frame = theme.mirrored(
                        Rect(x: inner.x + labelWidth + Double(i) * (width + gap), y: top, width: width, height: m.choiceHeight * k), in: inner)
                    let chosen = isChosen(option), text = title(option)
                    let tapped = ui.button(
                        Self.choicePrefix + name + "." + text, role: "exportChoice", label: text, frame: frame,
                        // Touches up to halfway across the gaps beside it: a finger's width where four share a narrow sheet.
                        hitFrame: frame.insetBy(dx: -gap / 2, dy: 0), enabled: run == nil, state: ["chosen": .bool(chosen), "row": .string(name)]
                    ) { look in
                        let fill = chosen ? theme.selection : (look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface)
                        ui.fill(frame, fill, radius: m.choiceRadius * k)
                        let ink = chosen ? theme.background : (look.enabled ? theme.textPrimary : theme.textTertiary)
                        ui.text(
                            text, in: frame, font: ui.font(fitting: text, width: frame.width - gap, from: theme.clipFont, smallest: m.labelSmallestShare),
                            color: ink,
                            alignment: .center)
                    }
                    if tapped { intents.append(.chooseExport(choose(option))) }
                }
                y += row
            }
            choices(
                "size", label: strings[.exportSize], options: MovieSettings.Size.allCases, title: { strings.digits($0.rawValue) },
                isChosen: { $0 == choice.size },
                choose: {
                    var c = choice; c.size = $0; return c
                })
            choices(
                "fps", label: strings[.exportFrameRate], options: MovieSettings.framesPerSecondChoices, title: { strings.digits("\($0)") },
                isChosen: { $0 == choice.framesPerSecond },
                choose: {
                    var c = choice; c.framesPerSecond = $0; return c
                })
            choices(
                "quality", label: strings[.exportQuality], options: MovieSettings.Quality.allCases,
                title: { strings[$0 == .draft ? .draft : $0 == .standard ? .standard : .high] },
                isChosen: { $0 == choice.quality },
                choose: {
                    var c = choice; c.quality = $0; return c
                })
            let bottom = Rect(x: inner.x, y: inner.maxY - m.buttonHeight * k, width: inner.width, height: m.buttonHeight * k)
            if let run {
                intents += drawProgress(run, in: Rect(x: inner.x, y: y, width: inner.width, height: progressRow), buttons: bottom)
            } else if drawStart(in: bottom) {
                intents.append(.startExport)
            }
        }
        return intents
    }

    /// The panel, a row's height and the labels' width: each row's label over its choices; where
    /// the screen is too short for that (landscape on a phone), beside them (`labelWidth` > 0),
    /// so Export never lies over the choices.
    private func arrangement(progressRow: Double) -> (panel: Rect, row: Double, labelWidth: Double) {
        let m = theme.metrics.exportSheet, k = scale, strings = theme.strings
        func height(_ row: Double) -> Double { 2 * m.panelPadding * k + m.titleHeight * k + 3 * row + progressRow + m.buttonHeight * k }
        let over = (m.labelHeight + m.choiceHeight + m.rowGap) * k
        let panel = layout.pickerPanel(height: height(over), gap: m.panelGap * k, margin: sizes.margin)
        guard panel.height < height(over) - 0.5 else { return (panel, over, 0) }
        let row = (m.choiceHeight + m.rowGap) * k
        let labels = [strings[.exportSize], strings[.exportFrameRate], strings[.exportQuality]]
        let widest = labels.map { ui.measurer.measure($0, font: theme.clipFont).width }.max() ?? 0
        let short = layout.pickerPanel(height: height(row), gap: m.panelGap * k, margin: sizes.margin)
        // The labels leave every choice a finger's width (four frame rates in a row), their words giving way in size.
        let most = Double(max(MovieSettings.Size.allCases.count, MovieSettings.framesPerSecondChoices.count, MovieSettings.Quality.allCases.count))
        let choices = most * sizes.buttonSize - m.choiceGap * k, inner = short.width - 2 * m.panelPadding * k
        return (short, row, max(0, min(short.width * m.besideLabelShare, widest + m.choiceGap * k, inner - choices)))
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
            ui.text(strings[.startExport], in: bottom, font: bold, color: theme.background, alignment: .center)
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
        ui.text(words, in: label, font: theme.clipFont, color: theme.textPrimary, alignment: theme.leading)
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
                ui.text(strings[.cancel], in: cancel, font: theme.bodyFont, color: look.enabled ? theme.textPrimary : theme.textTertiary, alignment: .center)
            })
        {
            intents.append(.cancelExport)
        }
        if ui.button(
            Self.hideID, role: "exportHide", label: strings[.keepEditing], frame: hide,
            draw: { look in
                ui.fill(hide, look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface, radius: m.buttonRadius * k)
                ui.text(strings[.keepEditing], in: hide, font: theme.bodyFont, color: theme.textPrimary, alignment: .center)
            })
        {
            intents.append(.toggleExportSheet)
        }
        return intents
    }
}
