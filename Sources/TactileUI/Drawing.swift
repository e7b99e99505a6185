import TactileCore

/// Drawing helpers on a pass, so widgets read as English: `ui.fill(rect, color, radius: 8)`.
extension UIContext {
    /// A filled, optionally rounded rectangle.
    public func fill(_ rect: Rect, _ color: Color, radius: Double = 0) {
        draw.add(.fillRect(rect, color, cornerRadius: radius))
    }

    /// A rectangle outline.
    public func stroke(_ rect: Rect, _ color: Color, width: Double, radius: Double = 0) {
        draw.add(.strokeRect(rect, color, width: width, cornerRadius: radius))
    }

    /// Text in `frame`, truncated with "…" to fit its width, centred vertically.
    public func text(_ string: String, in frame: Rect, font: Font, color: Color, alignment: TextAlignment = .leading) {
        let fitted = measurer.truncate(string, font: font, toWidth: frame.width)
        guard !fitted.isEmpty else { return }
        draw.add(.text(TextRun(fitted, in: frame, font: font, color: color, alignment: alignment)))
    }

    /// Runs `body` with drawing clipped to `rect`.
    public func clipped(to rect: Rect, _ body: () -> Void) {
        draw.add(.pushClip(rect))
        body()
        draw.add(.popClip)
    }

    /// Runs `body` with commands going to `layer`.
    public func inLayer(_ layer: DrawLayer, _ body: () -> Void) {
        let previous = draw.currentLayer
        draw.currentLayer = layer
        body()
        draw.currentLayer = previous
    }
}
