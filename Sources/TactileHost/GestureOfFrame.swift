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
        for event in log {
            guard case let .gesture(g) = event.event else { continue }
            let gesture = Self.served(g.gesture.rawValue, on: g.target)
            named = gesture
            switch g.phase {
            case .began: running = gesture
            case .ended, .cancelled: running = nil
            case .recognized, .changed: break
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
