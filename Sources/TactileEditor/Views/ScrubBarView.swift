import TactileCore
import TactileInput
import TactileUI

/// The scrub bar under the canvas: the whole project along a thin track, a thumb at the
/// playhead, and while a finger fine-scrubs, the speed label above it ("Half-Speed Scrubbing").
struct ScrubBarView {
    static let id = "scrubBar"
    let ui: UIContext
    let frame: Rect
    let configuration: TactileConfiguration
    let theme: Theme

    /// The track's line inside the bar's frame.
    static func track(in frame: Rect, configuration: TactileConfiguration) -> Rect {
        let m = configuration.layout.margin + 8
        return Rect(x: frame.x + m, y: frame.midY - 2, width: max(1, frame.width - 2 * m), height: 4)
    }

    func draw(_ state: EditorState) -> [EditorIntent] {
        guard frame.height > 8 else { return [] }
        let track = Self.track(in: frame, configuration: configuration)
        let intents = ui.interact(Self.id, hitFrame: frame, gestures: GestureTarget(id: Self.id, gestures: [.trim])).intents(.scrub(.bar))
        let duration = state.project.duration
        let k = duration > .zero ? min(1, max(0, state.playhead.seconds / duration.seconds)) : 0
        let x = track.minX + track.width * k
        ui.fill(track, theme.surfaceRaised, radius: 2)
        ui.fill(Rect(x: track.minX, y: track.minY, width: x - track.minX, height: track.height), theme.textSecondary, radius: 2)
        let active = state.scrub?.source == .bar
        ui.draw.add(.fillCircle(center: Point(x: x, y: track.midY), radius: active ? 9 : 6, theme.textPrimary))
        var elementState: [String: ElementValue] = ["progress": .number(k)]
        if let scrubber = state.scrub?.scrubber {
            elementState["speed"] = .number(scrubber.speed)
            if scrubber.hasChangedSpeed {
                let label = FineScrubber.label(for: scrubber.speed)
                elementState["label"] = .string(label)
                ui.inLayer(.overlay) {
                    ui.text(label, in: Rect(x: frame.x, y: frame.y - 16, width: frame.width, height: 16), font: theme.captionFont,
                            color: theme.textPrimary, alignment: .center)
                }
            }
        }
        ui.element(UIElement(id: Self.id, role: "scrubBar", label: "Scrub", frame: frame, hitFrame: frame, state: elementState))
        return intents
    }
}
