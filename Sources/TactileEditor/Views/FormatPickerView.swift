import TactileCore
import TactileUI

/// The composition format: a button in the title bar showing the current aspect ("9:16" beside
/// its shape), and the picker it opens under the bar, one option per preset drawn at its shape.
/// Choosing one is an edit (undoable) and leaves the picker open to compare; a tap outside or
/// Escape closes it.
struct FormatPickerView {
    static let buttonID = "formatButton", scrimID = "formatPicker.scrim", optionPrefix = "formatPicker."
    let ui: UIContext
    let layout: EditorLayout
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// The title bar's button, at its leading edge.
    /// `projects`: the Projects button stands before it, at the bar's leading edge.
    static func buttonFrame(in titleBar: Rect, sizes: TactileConfiguration.Layout, theme: Theme, projects: Bool = false) -> Rect {
        let m = theme.metrics.formatPicker, k = scale(theme)
        let before = projects ? titleBar.height : 0
        return theme.mirrored(
            Rect(
                x: titleBar.x + sizes.margin / 2 + before, y: titleBar.y + m.buttonInset * k, width: m.buttonWidth * k,
                height: max(0, titleBar.height - 2 * m.buttonInset * k)), in: titleBar)
    }

    /// Where the button takes a touch: the bar's height, and a finger's width at least (it grows
    /// towards the title, away from the bar's edge).
    static func reach(of button: Rect, in titleBar: Rect, sizes: TactileConfiguration.Layout) -> Rect {
        let width = max(button.width, sizes.buttonSize), grow = width - button.width
        let leading = button.midX < titleBar.midX
        return Rect(x: leading ? button.x : button.x - grow, y: titleBar.y, width: width, height: titleBar.height)
    }

    /// How much larger than designed the picker draws: as much as the text (`--ui-scale`).
    static func scale(_ theme: Theme) -> Double { max(1, theme.clipFont.size / theme.metrics.formatPicker.designFont) }

    /// Draws the title bar's button; returns whether it was tapped.
    func drawButton(_ state: EditorState) -> [EditorIntent] {
        let m = theme.metrics.formatPicker, aspect = state.project.format.aspect, k = Self.scale(theme)
        let frame = Self.buttonFrame(in: layout.titleBar, sizes: sizes, theme: theme, projects: state.showsProjectsButton)
        let tapped = ui.button(
            Self.buttonID, role: "formatButton", label: "Format \(aspect.rawValue)", frame: frame,
            hitFrame: Self.reach(of: frame, in: layout.titleBar, sizes: sizes),
            state: ["aspect": .string(aspect.rawValue), "open": .bool(state.formatPicker)]
        ) { look in
            let open = state.formatPicker
            ui.fill(frame, look.pressed || open ? theme.surfaceRaised : theme.surface, radius: m.buttonRadius * k)
            let label = theme.strings.digits(aspect.rawValue), glyph = m.buttonGlyph * k, gap = m.buttonGap * k
            let textWidth = ui.measurer.measure(label, font: theme.clipFont).width
            let contentWidth = glyph + gap + textWidth
            let glyphBox = Rect(x: frame.midX - contentWidth / 2, y: frame.midY - glyph / 2, width: glyph, height: glyph)
            Self.glyph(aspect, in: glyphBox, color: theme.textPrimary, line: m.glyphLine, ui: ui)
            ui.text(
                label, in: Rect(x: glyphBox.maxX + gap, y: frame.y, width: textWidth + 1, height: frame.height), font: theme.clipFont,
                color: theme.textPrimary, alignment: .leading)
        }
        return tapped ? [.toggleFormatPicker] : []
    }

    /// The clips on the video tracks whose pictures are of another shape than the composition
    /// (as their media say; those still loading are not counted).
    static func clipsOfAnotherShape(in project: Project, media: MediaSource) -> [Clip] {
        project.tracks.filter { $0.kind == .video }.flatMap(\.clips).filter { clip in
            guard let path = clip.media, let info = media.status(of: path).info, let w = info.pictureWidth, let h = info.pictureHeight, h > 0 else {
                return false
            }
            return abs(Double(w) / Double(h) / project.format.ratio - 1) > 0.01
        }
    }

    /// The picker, while open: above everything but the banner. Under the options, when clips
    /// of another shape are in the project, a line says how many and offers Fit, Fill and Blur for
    /// them all at once (each clip's own is in the clip sheet). Where the options do not fit
    /// side by side they take more lines; where the screen is too short, the panel scrolls.
    func drawPicker(_ state: EditorState, media: MediaSource) -> [EditorIntent] {
        guard state.formatPicker else { return [] }
        let m = theme.metrics.formatPicker, aspects = CompositionFormat.Aspect.allCases, k = Self.scale(theme)
        var intents: [EditorIntent] = []
        let button = Self.buttonFrame(in: layout.titleBar, sizes: sizes, theme: theme, projects: state.showsProjectsButton)
        let padding = m.panelPadding * k, count = aspects.count
        let room = layout.viewport.width - 2 * padding
        // As designed, scaled with the text; narrower options, then more lines, when the screen is narrower still.
        let labels = aspects.map { theme.strings.digits($0.rawValue) }
        // (Each at least as wide as its shape's box.)
        let byGlyph = max(1, Int(room / ((m.optionGlyph + 2 * m.labelInset) * k)))
        let byWords = ui.sideBySide(
            labels, width: min(room, Double(count) * m.optionWidth * k), gap: 0, inset: m.labelInset * k, font: theme.clipFont, smallest: 1)
        let columns = ChoiceColumns.balanced(min(count, byGlyph, byWords), of: count)
        let lines = (count + columns - 1) / columns
        let optionWidth = min(m.optionWidth * k, room / Double(columns))
        let optionHeight = m.optionHeight * k
        let others = Self.clipsOfAnotherShape(in: state.project, media: media)
        let width = Double(columns) * optionWidth + 2 * padding
        let shapes = others.isEmpty ? nil : shapesLayout(others, width: width - 2 * padding)
        let contentHeight = Double(lines) * optionHeight + (shapes.map { $0.height + padding } ?? 0)
        let x = theme.isRightToLeft ? min(max(0, button.maxX - width), layout.viewport.width - width) : min(button.x, max(0, layout.viewport.width - width))
        let top = layout.titleBar.maxY + m.panelGap * k
        let panel = Rect(x: x, y: top, width: width, height: max(0, min(contentHeight + 2 * padding, layout.viewport.height - top - m.panelGap * k)))
        ui.inLayer(.topmost) {
            let sheet = Sheet(ui: ui, theme: theme, id: "formatPicker")
            intents += sheet.backdrop(panel: panel, label: theme.strings[.closeFormats], close: .toggleFormatPicker)
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            ui.element(
                UIElement(
                    id: "formatPicker", role: "formatPicker", label: theme.strings[.formats], frame: panel,
                    state: ["aspect": .string(state.project.format.aspect.rawValue)]))
            let inner = panel.insetBy(dx: padding, dy: padding)
            sheet.scrollingBody(window: Rect(x: panel.x, y: inner.y, width: panel.width, height: inner.height), contentHeight: contentHeight) {
                for (i, aspect) in aspects.enumerated() {
                    let option = theme.mirrored(
                        Rect(
                            x: inner.x + Double(i % columns) * optionWidth, y: inner.y + Double(i / columns) * optionHeight, width: optionWidth,
                            height: optionHeight),
                        in: inner)
                    if drawOption(aspect, label: labels[i], chosen: aspect == state.project.format.aspect, in: option) { intents.append(.setFormat(aspect)) }
                }
                if let shapes {
                    let block = Rect(x: inner.x, y: inner.y + Double(lines) * optionHeight + padding, width: inner.width, height: shapes.height)
                    intents += drawShapes(others, layout: shapes, aspect: state.project.format.ratio, in: block)
                }
            }
        }
        return intents
    }

    /// One aspect: its shape outlined, its name under it; whether it was tapped.
    private func drawOption(_ aspect: CompositionFormat.Aspect, label: String, chosen: Bool, in option: Rect) -> Bool {
        let m = theme.metrics.formatPicker, k = Self.scale(theme)
        let glyph = m.optionGlyph * k, labelHeight = m.optionLabelHeight * k
        return ui.button(Self.optionPrefix + aspect.rawValue, role: "formatOption", label: aspect.rawValue, frame: option, state: ["chosen": .bool(chosen)]) {
            look in
            if look.pressed { ui.fill(option, theme.surface, radius: m.optionRadius * k) }
            let box = Rect(x: option.midX - glyph / 2, y: option.y + (option.height - glyph - labelHeight) / 2, width: glyph, height: glyph)
            let color = chosen ? theme.accent : theme.textPrimary
            Self.glyph(aspect, in: box, color: color, line: chosen ? m.chosenLine : m.glyphLine, ui: ui)
            ui.text(label, in: Rect(x: option.x, y: box.maxY, width: option.width, height: labelHeight), font: theme.clipFont, color: color, alignment: .center)
        }
    }

    /// How the line on clips of another shape lies in `width`: its words' lines, and how many
    /// of Fit, Fill and Blur stand side by side.
    private func shapesLayout(_ clips: [Clip], width: Double) -> (words: [String], columns: Int, height: Double) {
        let m = theme.metrics.formatPicker, k = Self.scale(theme), strings = theme.strings
        let words = clips.count == 1 ? strings[.oneClipOtherShape] : strings.format(.clipsOtherShape, ["count": strings.digits("\(clips.count)")])
        let lines = ui.paragraphLines(words, width: width, font: theme.clipFont, maximumLines: 100)
        let gap = m.shapesChoiceGap * k
        let columns = ui.sideBySide(fitTitles, width: width, gap: gap, inset: (m.shapesGlyph * k + 3 * gap) / 2, font: theme.clipFont, smallest: 0.7)
        let rows = Double((fitTitles.count + columns - 1) / columns)
        let labelHeight = max(m.shapesLabelHeight * k, Double(lines.count) * theme.clipFont.size * m.shapesLineHeight)
        return (lines, columns, labelHeight + rows * m.shapesChoiceHeight * k + (rows - 1) * gap)
    }

    private var fitTitles: [String] {
        let names: [PictureFit: EditorText] = [.fit: .fitWhole, .fill: .fillFrame, .blur: .blurBackground]
        return PictureFit.allCases.map { theme.strings[names[$0]!] }
    }

    /// "2 clips are another shape:" and Fit, Fill, Blur for all of them (chosen: the fit they all have).
    private func drawShapes(_ clips: [Clip], layout shapes: (words: [String], columns: Int, height: Double), aspect: Double, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.formatPicker, k = Self.scale(theme)
        let lineHeight = theme.clipFont.size * m.shapesLineHeight
        let labelHeight = max(m.shapesLabelHeight * k, Double(shapes.words.count) * lineHeight)
        for (n, line) in shapes.words.enumerated() {
            let top = block.y + (labelHeight - Double(shapes.words.count) * lineHeight) / 2
            ui.text(
                line, in: Rect(x: block.x, y: top + Double(n) * lineHeight, width: block.width, height: lineHeight), font: theme.clipFont,
                color: theme.textSecondary, alignment: theme.leading)
        }
        let label = Rect(x: block.x, y: block.y, width: block.width, height: labelHeight)
        ui.element(
            UIElement(
                id: "formatPicker.shapes", role: "label", label: shapes.words.joined(separator: " "), frame: label,
                state: ["clips": .number(Double(clips.count))]))
        let fits = PictureFit.allCases, columns = shapes.columns
        let gap = m.shapesChoiceGap * k, width = (block.width - gap * Double(columns - 1)) / Double(columns)
        var intents: [EditorIntent] = []
        for (i, fit) in fits.enumerated() {
            let frame = theme.mirrored(
                Rect(
                    x: block.x + Double(i % columns) * (width + gap), y: label.maxY + Double(i / columns) * (m.shapesChoiceHeight * k + gap), width: width,
                    height: m.shapesChoiceHeight * k), in: block)
            let chosen = clips.allSatisfy { $0.fit == fit }, title = fitTitles[i]
            let tapped = ui.button(Self.optionPrefix + "fit." + fit.rawValue, role: "fitOption", label: title, frame: frame, state: ["chosen": .bool(chosen)]) {
                look in
                ui.fill(frame, chosen ? theme.selection : (look.pressed ? theme.surface.mixed(with: .white, 0.1) : theme.surface), radius: m.optionRadius * k)
                let ink = chosen ? theme.background : theme.textPrimary
                let glyph = m.shapesGlyph * k, font = ui.font(fitting: title, width: frame.width - glyph - 3 * gap, from: theme.clipFont)
                let textWidth = min(ui.measurer.measure(title, font: font).width, frame.width - glyph - 3 * gap)
                let start = frame.midX - (glyph + gap + textWidth) / 2
                ClipSheetView.fitGlyph(
                    fit, frameAspect: aspect, in: Rect(x: start, y: frame.midY - glyph / 2, width: glyph, height: glyph), ink: ink, theme: theme, ui: ui)
                ui.text(
                    title, in: Rect(x: start + glyph + gap, y: frame.y, width: textWidth + 1, height: frame.height), font: font, color: ink, alignment: .leading
                )
            }
            if tapped { intents.append(.setFitOfEveryClip(fit)) }
        }
        return intents
    }

    /// An outline of the aspect's shape, as large as fits `box`.
    static func glyph(_ aspect: CompositionFormat.Aspect, in box: Rect, color: Color, line: Double, ui: UIContext) {
        let shape = box.aspectFit(aspect.ratio).insetBy(dx: line / 2, dy: line / 2)
        ui.stroke(shape, color, width: line, radius: line)
    }
}
