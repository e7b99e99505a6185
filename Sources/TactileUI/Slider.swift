import TactileCore
import TactileInput

/// How a slider looks this pass: its track, where its thumb is, whether a finger drags it.
public struct SliderLook: Sendable {
    public var track: Rect
    /// The thumb's centre along the track.
    public var thumbX: Double
    public var held: Bool
}

/// What a slider's fingers did in a pass: the new value, if a finger moved it, and the vertical
/// drags that began on it, which belong to the list around it.
public struct SliderResult: Sendable {
    public var value: Double?
    public var verticalScrolls: [GestureEvent] = []
    /// A horizontal drag on it ended (or was cancelled) in this pass: what it changed is final.
    public var dragEnded = false
    /// Every gesture it got in this pass, for the caller to claim (so none falls through to
    /// whatever lies under the slider).
    public var gestures: [PassGesture] = []
}

extension UIContext {
    /// A horizontal slider over `range`, in whole `step`s, that takes part in the gesture arena as
    /// a platform slider inside a scrolling list does: a tap on it puts the value under the finger,
    /// a horizontal drag moves it with the finger once past the slop, and a vertical drag is handed
    /// back (`SliderResult.verticalScrolls`) for the list to scroll — so scrolling past a slider
    /// never changes it. It draws itself with `draw`. The track is `frame` less `inset` at each end
    /// (so the thumb's centre reaches both ends with the thumb whole inside the frame). `hitFrame`
    /// (default the frame) is where a finger reaches it: an empty one for a slider scrolled out of
    /// sight, which still hears the drag that began on it.
    public func slider(
        _ id: String, label: String, value: Double, range: ClosedRange<Double>, step: Double, frame: Rect, hitFrame: Rect? = nil, inset: Double,
        draw: (SliderLook) -> Void
    ) -> SliderResult {
        let interaction = interact(
            id, hitFrame: hitFrame ?? frame, gestures: GestureTarget(id: id, gestures: [.tap, .scroll], scrollAxes: [.horizontal, .vertical]))
        let track = Rect(x: frame.x + inset, y: frame.y, width: max(1, frame.width - 2 * inset), height: frame.height)
        func valueUnder(_ x: Double) -> Double {
            let fraction = min(1, max(0, (x - track.minX) / track.width))
            var v = range.lowerBound + fraction * (range.upperBound - range.lowerBound)
            if step > 0 { v = range.lowerBound + ((v - range.lowerBound) / step).rounded() * step }
            return min(range.upperBound, max(range.lowerBound, v))
        }
        var result = SliderResult()
        result.gestures = interaction.gestures
        var held = false
        for g in interaction.gestures.map(\.event) {
            switch (g.kind, g.phase, g.axis) {
            case (.tap, .recognized, _):
                result.value = valueUnder(g.location.x)
            case (.scroll, .began, .horizontal?), (.scroll, .changed, .horizontal?):
                result.value = valueUnder(g.location.x)
                held = true
            case (.scroll, .ended, .horizontal?), (.scroll, .cancelled, .horizontal?):
                result.dragEnded = true
            case (.scroll, _, .vertical?):
                result.verticalScrolls.append(g)
            default:
                break
            }
        }
        if result.value == value { result.value = nil }
        let shown = result.value ?? value
        let span = range.upperBound - range.lowerBound
        let fraction = span > 0 ? min(1, max(0, (shown - range.lowerBound) / span)) : 0
        draw(SliderLook(track: track, thumbX: track.minX + fraction * track.width, held: held))
        element(
            UIElement(
                id: id, role: "slider", label: label, frame: frame, hitFrame: hitFrame ?? frame,
                state: ["value": .number(shown), "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]))
        return result
    }
}
