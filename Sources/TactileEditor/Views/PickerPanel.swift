import TactileCore

extension EditorLayout {
    /// Where a picker's panel goes (the sticker and transition pickers, the export sheet):
    /// `height` tall, `gap` above the toolbar and as wide as the canvas (within the margins) in
    /// portrait; in landscape beside the canvas, over the timeline's column, so the canvas (where
    /// a transition or the export shows) stays in sight.
    func pickerPanel(height: Double, gap: Double, margin: Double) -> Rect {
        if isLandscape, timeline.width > 0 {
            let column = timeline
            let width = max(0, column.width - 2 * margin)
            let height = min(height, viewport.height - 2 * gap)
            return Rect(x: column.x + margin, y: max(gap, viewport.height - gap - height), width: width, height: height)
        }
        let width = min(viewport.width - 2 * margin, canvas.width)
        let bottom = toolbar.minY > viewport.height / 2 ? toolbar.minY - gap : viewport.height - gap
        let x = min(max(margin, canvas.midX - width / 2), viewport.width - margin - width)
        return Rect(x: x, y: max(0, bottom - height), width: width, height: height)
    }
}
