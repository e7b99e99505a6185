import TactileEditor
import TactileInput

/// Names the gesture each input frame served, from the editor's log as it goes: the gesture a
/// frame began, recognised or ended; the one under way between; "touch" while the arena is
/// still deciding (inside the slop); "keyboard" for keys and typing. The latency figures are
/// grouped by it, so that a designer sees, say, trims apart from scrolls.
struct GestureOfFrame {
    /// The gesture under way, from its `gesture.began` to its end.
    private var running: String?

    /// The gesture that the input `events` of a frame that logged `log` served.
    mutating func kind(of events: [InputEvent], log: [LogEvent]) -> String {
        var named: String?
        for event in log where event.kind.hasPrefix("gesture.") {
            guard case let .string(recognised)? = event.fields["gesture"] else { continue }
            let target: String
            if case let .string(t)? = event.fields["target"] { target = t } else { target = "" }
            let gesture = Self.served(recognised, on: target)
            named = gesture
            switch event.kind {
            case "gesture.began": running = gesture
            case "gesture.ended", "gesture.cancelled": running = nil
            default: break
            }
        }
        if let named { return named }
        if let running { return running }
        let touches = events.contains { if case .touch = $0.kind { return true } else { return false } }
        return touches || events.isEmpty ? "touch" : "keyboard"
    }

    /// The name of what a gesture served: its kind, except for the precise drag the trim
    /// recogniser makes on what is not a trim handle, named by what it drags (the scrub bar
    /// `scrub`, a level line `level`, a fade handle `fade`, the transition sheet's duration
    /// `slider`, the text field's caret `caret`).
    static func served(_ kind: String, on target: String) -> String {
        guard kind == GestureKind.trim.rawValue, !target.contains("trimHandle") else { return kind }
        if target == "scrubBar" { return "scrub" }
        if target.hasSuffix(".level") { return "level" }
        if target.hasSuffix(".fadeIn") || target.hasSuffix(".fadeOut") { return "fade" }
        if target == "transitionPicker.duration" { return "slider" }
        if target == "textEditor.field" { return "caret" }
        return kind
    }
}
