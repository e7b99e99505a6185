import TactileCore
import TactileEditor
import TactileUI

/// How the observer page's ticker shows each event: the study's feed sends every event's line
/// with the words to show (`say`), whether it is a low-level one kept out of the ticker until
/// asked for (`low`), and the colour group it is drawn in (`group`), so the page never reads an
/// event's kind or fields to describe it.
public enum ObserverTicker {
    /// The feed's line for `event`.
    public static func line(_ event: LogEvent) -> String {
        event.jsonLine(adding: [
            "say": .string(sentence(event.event)), "low": .bool(isLowLevel(event.event)),
            "group": .string(String(event.kind.prefix { $0 != "." })),
        ])
    }

    /// The event in the words a researcher reads at a glance ("task trim completed after 18.5 s").
    public static func sentence(_ event: InteractionEvent) -> String {
        switch event {
        case let .gesture(g) where g.phase == .recognized: return "\(g.gesture.rawValue) on \(g.target)"
        case let .miss(m):
            guard let nearest = m.nearest else { return "miss" }
            return "miss near \(nearest)" + (m.distance.map { " (\(JSONValue.format($0)) pt)" } ?? "")
        case let .signal(s): return s.kind.rawValue + (s.target.map { " on \($0)" } ?? "")
        case let .taskBegan(task, _, _): return "task \(task) began"
        case let .taskEnded(e): return "task \(e.task) \(e.outcome.rawValue) after \(String(format: "%.1f", e.seconds)) s"
        case let .answer(a): return "\(a.questionnaire) \(a.item) = \(a.value)"
        case let .marker(m): return "marker \(m.category)" + (m.note.map { ": \($0)" } ?? "") + " (\(m.source))"
        case let .edit(e): return "edit \(e.edit.rawValue) \(e.clip ?? e.track ?? "")"
        default: return event.kind
        }
    }

    /// Events too fine for the ticker by default: snaps, cues, arena decisions and a gesture's
    /// beginning, changes and end (its recognition shows).
    public static func isLowLevel(_ event: InteractionEvent) -> Bool {
        switch event {
        case .snap, .snapEscaped, .coastEnded, .cue, .arenaDecided: return true
        case let .gesture(g): return g.phase != .recognized
        default: return false
        }
    }
}
