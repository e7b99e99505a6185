import TactileCore

extension EditorLayout {
    /// Where a picker's panel goes (the sticker and transition pickers, the export sheet):
    /// `height` tall, `gap` above the toolbar and as wide as the canvas (within the margins) in
    /// portrait; in landscape beside the canvas, over the timeline's column, so the canvas (where
    /// a transition or the export shows) stays in sight — unless the sheet needs more width than
    /// the column has (`leastWidth`: large text), when it reaches over the canvas. Never taller than the screen holds with
    /// `gap` above and below: a taller sheet's body scrolls (`Sheet.scrollingBody`).
    /// `leastWidth`: in landscape, how wide it is at least where the screen has the room (it then
    /// reaches from the column over the canvas).
    func pickerPanel(height: Double, gap: Double, margin: Double, leastWidth: Double = 0) -> Rect {
        if isLandscape, timeline.width > 0 {
            let column = timeline
            let width = max(0, min(viewport.width - 2 * margin, max(column.width - 2 * margin, leastWidth)))
            let height = min(height, viewport.height - 2 * gap)
            // From the column's outer edge towards the canvas.
            let x = column.midX > viewport.width / 2 ? column.maxX - margin - width : column.x + margin
            return Rect(x: min(max(margin, x), viewport.width - margin - width), y: max(gap, viewport.height - gap - height), width: width, height: height)
        }
        let width = min(viewport.width - 2 * margin, canvas.width)
        let bottom = toolbar.minY > viewport.height / 2 ? toolbar.minY - gap : viewport.height - gap
        let x = min(max(margin, canvas.midX - width / 2), viewport.width - margin - width)
        let shown = min(height, max(0, bottom - gap))
        return Rect(x: x, y: bottom - shown, width: width, height: shown)
    }
}
