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
    /// them all at once (each clip's own is in the clip sheet).
    func drawPicker(_ state: EditorState, media: MediaSource) -> [EditorIntent] {
        guard state.formatPicker else { return [] }
        let m = theme.metrics.formatPicker, aspects = CompositionFormat.Aspect.allCases, k = Self.scale(theme)
        var intents: [EditorIntent] = []
        let button = Self.buttonFrame(in: layout.titleBar, sizes: sizes, theme: theme, projects: state.showsProjectsButton)
        // As designed, scaled with the text, narrower options when the screen is narrower still.
        let padding = m.panelPadding * k, count = Double(aspects.count)
        let optionWidth = min(m.optionWidth * k, (layout.viewport.width - 2 * padding) / count)
        let optionHeight = m.optionHeight * k, glyph = m.optionGlyph * k, labelHeight = m.optionLabelHeight * k
        let others = Self.clipsOfAnotherShape(in: state.project, media: media)
        let shapesHeight = others.isEmpty ? 0 : (m.shapesLabelHeight + m.shapesChoiceHeight) * k + padding
        let width = count * optionWidth + 2 * padding, height = optionHeight + 2 * padding + shapesHeight
        let x = theme.isRightToLeft ? min(max(0, button.maxX - width), layout.viewport.width - width) : min(button.x, max(0, layout.viewport.width - width))
        let panel = Rect(x: x, y: layout.titleBar.maxY + m.panelGap * k, width: width, height: height)
        ui.inLayer(.topmost) {
            intents += Sheet(ui: ui, theme: theme, id: "formatPicker").backdrop(panel: panel, label: theme.strings[.closeFormats], close: .toggleFormatPicker)
            ui.fill(panel, theme.surfaceRaised, radius: m.panelRadius * k)
            ui.element(
                UIElement(
                    id: "formatPicker", role: "formatPicker", label: theme.strings[.formats], frame: panel,
                    state: ["aspect": .string(state.project.format.aspect.rawValue)]))
            for (i, aspect) in aspects.enumerated() {
                let option = theme.mirrored(
                    Rect(x: panel.x + padding + Double(i) * optionWidth, y: panel.y + padding, width: optionWidth, height: optionHeight), in: panel)
                let chosen = aspect == state.project.format.aspect
                let tapped = ui.button(
                    Self.optionPrefix + aspect.rawValue, role: "formatOption", label: aspect.rawValue, frame: option,
                    state: ["chosen": .bool(chosen)]
                ) { look in
                    if look.pressed { ui.fill(option, theme.surface, radius: m.optionRadius * k) }
                    let box = Rect(x: option.midX - glyph / 2, y: option.y + (option.height - glyph - labelHeight) / 2, width: glyph, height: glyph)
                    let color = chosen ? theme.accent : theme.textPrimary
                    Self.glyph(aspect, in: box, color: color, line: chosen ? m.chosenLine : m.glyphLine, ui: ui)
                    ui.text(
                        theme.strings.digits(aspect.rawValue), in: Rect(x: option.x, y: box.maxY, width: option.width, height: labelHeight),
                        font: theme.clipFont,
                        color: color, alignment: .center)
                }
                if tapped { intents.append(.setFormat(aspect)) }
            }
            if !others.isEmpty {
                let block = Rect(
                    x: panel.x + padding, y: panel.y + padding + optionHeight + padding, width: panel.width - 2 * padding, height: shapesHeight - padding)
                intents += drawShapes(others, aspect: state.project.format.ratio, in: block)
            }
        }
        return intents
    }

    /// "2 clips are another shape:" and Fit, Fill, Blur for all of them (chosen: the fit they all have).
    private func drawShapes(_ clips: [Clip], aspect: Double, in block: Rect) -> [EditorIntent] {
        let m = theme.metrics.formatPicker, k = Self.scale(theme), strings = theme.strings
        let words =
            clips.count == 1 ? strings[.oneClipOtherShape] : strings.format(.clipsOtherShape, ["count": strings.digits("\(clips.count)")])
        let label = Rect(x: block.x, y: block.y, width: block.width, height: m.shapesLabelHeight * k)
        ui.text(
            ui.measurer.truncate(words, font: theme.clipFont, toWidth: label.width), in: label, font: theme.clipFont, color: theme.textSecondary,
            alignment: theme.leading)
        ui.element(UIElement(id: "formatPicker.shapes", role: "label", label: words, frame: label, state: ["clips": .number(Double(clips.count))]))
        let fits = PictureFit.allCases, names: [PictureFit: EditorText] = [.fit: .fitWhole, .fill: .fillFrame, .blur: .blurBackground]
        let gap = m.shapesChoiceGap * k, width = (block.width - gap * Double(fits.count - 1)) / Double(fits.count)
        var intents: [EditorIntent] = []
        for (i, fit) in fits.enumerated() {
            let frame = theme.mirrored(
                Rect(x: block.x + Double(i) * (width + gap), y: label.maxY, width: width, height: m.shapesChoiceHeight * k), in: block)
            let chosen = clips.allSatisfy { $0.fit == fit }, title = strings[names[fit]!]
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
