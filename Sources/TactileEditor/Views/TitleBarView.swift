import TactileCore
import TactileUI

/// The bar above the canvas: project name, Export, undo and redo.
struct TitleBarView {
    let ui: UIContext
    let frame: Rect
    let configuration: TactileConfiguration
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        let m = configuration.layout.margin
        let side = frame.height
        let title = frame.insetBy(dx: m + 3 * side, dy: 0)
        ui.text(state.project.name, in: title, font: theme.titleFont, color: theme.textPrimary, alignment: .center)
        // The title as `inspect` lists it: the frame the words take, so a test sees it is there and whole.
        let width = min(title.width, ui.measurer.measure(state.project.name, font: theme.titleFont).width)
        ui.element(
            UIElement(
                id: "titleBar.title", role: "title", label: state.project.name,
                frame: Rect(x: title.midX - width / 2, y: title.y, width: width, height: title.height),
                state: ["fits": .bool(ui.measurer.measure(state.project.name, font: theme.titleFont).width <= title.width)]))
        var intents: [EditorIntent] = []
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
