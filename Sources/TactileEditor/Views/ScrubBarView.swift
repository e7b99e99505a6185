import TactileCore
import TactileInput
import TactileUI

/// The scrub bar under the canvas: the whole project along a thin track, a thumb at the
/// playhead, and while a finger fine-scrubs, the speed label above it ("Half-Speed Scrubbing").
struct ScrubBarView {
    static let id = "scrubBar"
    let ui: UIContext
    let frame: Rect
    let sizes: TactileConfiguration.Layout
    let theme: Theme

    /// The track's line inside the bar's frame (no thickness: the view gives it one).
    static func track(in frame: Rect, sizes: TactileConfiguration.Layout) -> Rect {
        let m = sizes.margin + sizes.scrubTrackInset
        return Rect(x: frame.x + m, y: frame.midY, width: max(1, frame.width - 2 * m), height: 0)
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        let metrics = theme.metrics.bars
        guard frame.height > metrics.minimumScrubBarHeight else { return [] }
        let track = Self.track(in: frame, sizes: sizes).insetBy(dx: 0, dy: -metrics.trackThickness / 2)
        // A finger's height at least: where the bar is shorter, its touch reaches up over the
        // canvas's lower edge (declared: it sits on the canvas and takes the touch there).
        let reach = max(frame.height, sizes.buttonSize)
        let hit = Rect(x: frame.x, y: frame.maxY - reach, width: frame.width, height: reach)
        let intents = ui.interact(Self.id, hitFrame: hit, gestures: GestureTarget(id: Self.id, gestures: [.trim])).intents(.scrub(.bar))
        let duration = state.project.duration
        let k = duration > .zero ? min(1, max(0, state.playhead.seconds / duration.seconds)) : 0
        let x = track.minX + track.width * k
        ui.fill(track, theme.surfaceRaised, radius: metrics.trackRadius)
        ui.fill(Rect(x: track.minX, y: track.minY, width: x - track.minX, height: track.height), theme.textSecondary, radius: metrics.trackRadius)
        let active = state.scrub?.source == .bar
        ui.draw.add(.fillCircle(center: Point(x: x, y: track.midY), radius: active ? metrics.heldThumbRadius : metrics.thumbRadius, theme.textPrimary))
        var elementState: [String: ElementValue] = ["progress": .number(k)]
        if let scrubber = state.scrub?.scrubber {
            elementState["speed"] = .number(scrubber.speed)
            if scrubber.hasChangedSpeed {
                let label = FineScrubber.label(for: scrubber.speed)
                elementState["label"] = .string(label)
                ui.inLayer(.overlay) {
                    ui.text(
                        label, in: Rect(x: frame.x, y: frame.y - metrics.speedLabelHeight, width: frame.width, height: metrics.speedLabelHeight),
                        font: theme.captionFont,
                        color: theme.textPrimary, alignment: .center)
                }
            }
        }
        elementState["sitsOn"] = .string("canvas")
        ui.element(UIElement(id: Self.id, role: "scrubBar", label: "Scrub", frame: frame, hitFrame: hit, state: elementState))
        return intents
    }
}
