import TactileCore

extension EditorLayout {
    /// Where a picker's panel goes (the sticker and transition pickers): as wide as the canvas
    /// (within the margins), `height` tall, `gap` above the toolbar in portrait, or over the
    /// canvas's foot when the toolbar is a side rail.
    func pickerPanel(height: Double, gap: Double, margin: Double) -> Rect {
        let width = min(viewport.width - 2 * margin, canvas.width)
        let bottom = toolbar.minY > viewport.height / 2 ? toolbar.minY - gap : viewport.height - gap
        let x = min(max(margin, canvas.midX - width / 2), viewport.width - margin - width)
        return Rect(x: x, y: max(0, bottom - height), width: width, height: height)
    }
}
