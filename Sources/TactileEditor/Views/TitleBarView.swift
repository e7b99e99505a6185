import TactileCore
import TactileUI

/// The bar above the canvas: project name, Export, undo and redo.
struct TitleBarView {
    let ui: UIContext
    let frame: Rect
    /// Where the composition's picture is drawn (the name never covers it).
    var picture: Rect = .zero
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// The width the bar's buttons take at most: the project list, the format button (as designed,
    /// growing with the text), Export, undo and redo, and the margins at its ends.
    static func buttonsWidth(sizes: TactileConfiguration.Layout) -> Double {
        let format = max(sizes.buttonSize, ViewMetrics.FormatPicker().buttonWidth * max(1, sizes.uiScale))
        return 4 * sizes.buttonSize + format + sizes.margin * 1.5
    }

    /// The room the project's name has: between the format button at the leading edge and
    /// Export, undo and redo at the trailing one.
    /// `projects`: the Projects button stands at the leading edge too.
    static func titleRoom(in bar: Rect, sizes: TactileConfiguration.Layout, theme: Theme, projects: Bool = false) -> Rect {
        let m = sizes.margin, side = bar.height
        let format = FormatPickerView.reach(of: FormatPickerView.buttonFrame(in: bar, sizes: sizes, theme: theme, projects: projects), in: bar, sizes: sizes)
        let leading = format.width + m / 2 + m / 4 + (projects ? side : 0), trailing = 3 * side + m / 2 + m / 4
        let room = Rect(x: bar.x + (theme.isRightToLeft ? trailing : leading), y: bar.y, width: max(0, bar.width - leading - trailing), height: bar.height)
        return room
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        let m = sizes.margin
        let side = frame.height
        let room = Self.titleRoom(in: frame, sizes: sizes, theme: theme, projects: state.showsProjectsButton)
        let name = state.project.name, natural = ui.measurer.measure(name, font: theme.titleFont).width
        // Centred on the bar where the name fits there, else in the room between the buttons; cut with "…" when longer still.
        let centred = Rect(x: frame.midX - natural / 2, y: frame.y, width: natural, height: frame.height)
        let title = centred.minX >= room.minX && centred.maxX <= room.maxX ? centred : room
        // Where the bar lies over the picture (landscape, the timeline folded), the name gives way to it.
        let shown = ui.measurer.truncate(name, font: theme.titleFont, toWidth: title.width)
        // The name is the person's: cut where it must (ScaleFit keeps it `titleRoom` ems at least).
        // (Not at all where the room is narrower than a finger: a lone "…" says nothing.)
        let drawn = !title.intersects(picture) && room.width >= sizes.buttonSize
        if drawn { ui.text(shown, in: title, font: theme.titleFont, color: theme.textPrimary, alignment: .center, isUsersOwn: true) }
        // The title as `inspect` lists it: the frame the words take, so a test sees it is there and whole.
        let width = min(title.width, natural)
        let words = Rect(x: title.midX - width / 2, y: title.y, width: width, height: title.height)
        ui.element(
            UIElement(
                id: "titleBar.title", role: "title", label: name, frame: words,
                state: ["fits": .bool(natural <= title.width), "shown": .string(drawn ? shown : "")]))
        var intents: [EditorIntent] = []
        // The project list, at the leading edge (as a phone editor's way back to its projects).
        if state.showsProjectsButton {
            let projects = theme.mirrored(Rect(x: frame.x + m / 2, y: frame.y, width: side, height: side), in: frame)
            if iconButton(ui, id: "titleBar.projects", role: "toolbarButton", label: theme.strings[.projects], icon: .projects, frame: projects, theme: theme) {
                intents.append(.openProjectList)
            }
        }
        // A tap on the name renames the project (as a phone editor's title does): a finger's
        // width at least, within the room between the buttons.
        // (Where the room is narrower than a finger, the name is not offered: the project list renames.)
        if drawn {
            let reach = max(words.width, sizes.buttonSize)
            // Moved inside the room rather than cut by it (a finger's width still).
            let x = min(max(room.minX, words.midX - reach / 2), room.maxX - reach)
            let target = Rect(x: x, y: frame.y, width: reach, height: frame.height).intersection(room)
            if ui.button("titleBar.rename", role: "renameButton", label: theme.strings[.renameProject], frame: target, draw: { _ in }) {
                intents.append(.renameProject)
            }
        }
        // Export, beside undo; while an export runs it shows how far it has come.
        let export = theme.mirrored(Rect(x: frame.maxX - m / 2 - 3 * side, y: frame.y, width: side, height: side), in: frame)
        if let run = state.exportRun {
            let percent = theme.strings.percent(run.fraction)
            if ui.button(
                "toolbar.export", role: "toolbarButton", label: theme.strings[.exporting], frame: export,
                state: ["exporting": .bool(true), "fraction": .number(run.fraction), "percent": .string(percent)],
                draw: { _ in
                    let mt = theme.metrics.bars
                    let ring = export.insetBy(dx: export.width * mt.iconInset, dy: export.height * mt.iconInset)
                    // The whole percentage, never cut to "53…": the font shrinks until "100 %" fits the button.
                    let widest = ui.measurer.measure(theme.strings.percent(1), font: theme.clipFont).width
                    var font = theme.clipFont
                    if widest > export.width { font.size *= export.width / widest }
                    ui.text(
                        percent, in: Rect(x: export.x, y: ring.y, width: export.width, height: ring.height), font: font, color: theme.selection,
                        alignment: .center)
                    let track = Rect(x: ring.x, y: ring.maxY - mt.exportProgressHeight, width: ring.width, height: mt.exportProgressHeight)
                    ui.fill(track, theme.surfaceRaised, radius: track.height / 2)
                    ui.fill(
                        theme.mirrored(Rect(x: track.x, y: track.y, width: track.width * run.fraction, height: track.height), in: track),
                        theme.selection, radius: track.height / 2)
                })
            {
                intents.append(.toggleExportSheet)
            }
        } else if state.exportAvailable,
            iconButton(
                ui, id: "toolbar.export", role: "toolbarButton", label: theme.strings[.export], icon: .export, frame: export,
                theme: theme, enabled: state.project.duration > .zero)
        {
            intents.append(.toggleExportSheet)
        }
        // At the trailing edge: the right, or the left (undo outermost) when the chrome is mirrored.
        let redo = theme.mirrored(Rect(x: frame.maxX - m / 2 - side, y: frame.y, width: side, height: side), in: frame)
        let undo = theme.mirrored(Rect(x: frame.maxX - m / 2 - 2 * side, y: frame.y, width: side, height: side), in: frame)
        if iconButton(
            ui, id: "toolbar.undo", role: "toolbarButton", label: theme.strings[.undo], icon: .undo, frame: undo,
            theme: theme, enabled: state.history.canUndo)
        {
            intents.append(.undo)
        }
        if iconButton(
            ui, id: "toolbar.redo", role: "toolbarButton", label: theme.strings[.redo], icon: .redo, frame: redo,
            theme: theme, enabled: state.history.canRedo)
        {
            intents.append(.redo)
        }
        return intents
    }
}
