import TactileCore
import TactileUI

/// The bar above the canvas: project name, undo and redo.
struct TitleBarView {
    let ui: UIContext
    let frame: Rect
    let configuration: TactileConfiguration
    let theme: Theme

    func draw(_ state: EditorState) -> [EditorIntent] {
        let m = configuration.layout.margin
        let side = frame.height
        ui.text(state.project.name, in: frame.insetBy(dx: m + 2 * side, dy: 0), font: theme.titleFont,
                color: theme.textPrimary, alignment: .center)
        var intents: [EditorIntent] = []
        // At the trailing edge: the right, or the left (undo outermost) when the chrome is mirrored.
        let redo = theme.mirrored(Rect(x: frame.maxX - m / 2 - side, y: frame.y, width: side, height: side), in: frame)
        let undo = theme.mirrored(Rect(x: frame.maxX - m / 2 - 2 * side, y: frame.y, width: side, height: side), in: frame)
        if iconButton(ui, id: "toolbar.undo", role: "toolbarButton", label: theme.strings[.undo], icon: .undo, frame: undo,
                      theme: theme, enabled: state.history.canUndo) { intents.append(.undo) }
        if iconButton(ui, id: "toolbar.redo", role: "toolbarButton", label: theme.strings[.redo], icon: .redo, frame: redo,
                      theme: theme, enabled: state.history.canRedo) { intents.append(.redo) }
        return intents
    }
}
