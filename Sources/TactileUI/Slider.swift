import TactileCore

/// How a slider looks this pass: its track, where its thumb is, whether a finger holds it.
public struct SliderLook: Sendable {
    public var track: Rect
    /// The thumb's centre along the track.
    public var thumbX: Double
    public var held: Bool
}

extension UIContext {
    /// A horizontal slider over `range`, as microui's: a finger that lands anywhere on `frame`
    /// moves the value to the point under it and drags it from there, in whole `step`s. It draws
    /// itself with `draw` and returns the new value while a finger moves it (nil otherwise).
    /// The track is `frame` less `inset` at each end (so the thumb's centre reaches both ends
    /// with the thumb whole inside the frame).
    public func slider(
        _ id: String, label: String, value: Double, range: ClosedRange<Double>, step: Double, frame: Rect, inset: Double,
        draw: (SliderLook) -> Void
    ) -> Double? {
        let interaction = interact(id, hitFrame: frame, exclusive: true)
        let track = Rect(x: frame.x + inset, y: frame.y, width: max(1, frame.width - 2 * inset), height: frame.height)
        var result: Double?
        let finger = interaction.fingers.first.flatMap(location(of:)) ?? (interaction.pressed ? interaction.location : nil)
        if let p = finger {
            let fraction = min(1, max(0, (p.x - track.minX) / track.width))
            var v = range.lowerBound + fraction * (range.upperBound - range.lowerBound)
            if step > 0 { v = range.lowerBound + ((v - range.lowerBound) / step).rounded() * step }
            v = min(range.upperBound, max(range.lowerBound, v))
            if v != value { result = v }
        }
        let shown = result ?? value
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? min(1, max(0, (shown - range.lowerBound) / span)) : 0
        draw(SliderLook(track: track, thumbX: track.minX + fraction * track.width, held: finger != nil))
        element(
            UIElement(
                id: id, role: "slider", label: label, frame: frame,
                state: ["value": .number(shown), "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]))
        return result
    }
}
