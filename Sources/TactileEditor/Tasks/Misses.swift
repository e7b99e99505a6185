import TactileCore

/// The one definition of a miss, read by every figure that counts them — the task tally (and so
/// `task.ended`, `attempts.csv` and the report) and the heatmaps — as Docs/Studies.md, "Misses
/// and errors", writes it: a tap that landed on nothing (a `miss` event, reason `nothing`), on an
/// element that takes no tap (reason `unanswered`), on a background (the timeline's empty space,
/// a track: a tap marked `"miss": "background"`), or on an element the task did not need
/// (`"miss": "offTask"`). A tap that cleared the way — it deselected a clip or closed a sheet or
/// picker — did something the task needed, and is no miss. Only the misses of a task attempt count
/// (from its `task.began` to its `task.ended`); a session without tasks counts all of them.
public enum Misses {
    /// Where `event` was a miss, or nil when it was none.
    public static func point(of event: InteractionEvent) -> Point? {
        switch event {
        case let .miss(m): return Point(x: m.x, y: m.y)
        case let .gesture(g) where g.isTap && g.miss != nil: return Point(x: g.x, y: g.y)
        default: return nil
        }
    }

    /// Whether `event` was a miss.
    public static func isMiss(_ event: InteractionEvent) -> Bool { point(of: event) != nil }

    /// Whether `event` cleared the way for what comes next: a clip deselected, a sheet or picker
    /// closed. The tap that made it, in the same pass, was needed.
    public static func clearsTheWay(_ event: InteractionEvent) -> Bool {
        switch event {
        case .deselect, .closeBrowser, .closeStickers, .closeExport, .closeFormats, .closeTransitions, .closeClipSheet, .closeVoiceOver: return true
        default: return false
        }
    }

    /// The misses that count in a session's log, with their times: those inside a task attempt,
    /// or every one when the session ran no task.
    public static func counted(in log: [LogEvent]) -> [(t: Double, point: Point)] {
        let ranTasks = log.contains { if case .taskBegan = $0.event { return true } else { return false } }
        var inTask = false, out: [(t: Double, point: Point)] = []
        for e in log {
            switch e.event {
            case .taskBegan: inTask = true
            case .taskEnded: inTask = false
            default:
                if let p = point(of: e.event), inTask || !ranTasks { out.append((e.time.seconds, p)) }
            }
        }
        return out
    }
}
