import TactileCore
import TactileInput

/// The kiosk's attract loop: a demo trace played over and over on the session's clock, as if
/// a visitor's fingers did it, with a pause between rounds.
public struct AttractLoop: Sendable {
    private let events: [InputEvent]
    private let length: Time
    private let pause: Time
    /// When the current round started.
    public private(set) var roundStarted: Time
    private var next = 0

    /// A loop over `trace`'s events starting at `now`.
    public init(trace: Trace, pause: Double, startingAt now: Time) {
        events = trace.events
        length = max(trace.duration, .seconds(1))
        self.pause = .seconds(pause)
        roundStarted = now
    }

    /// When the current round ends (a new one starts from the demo project).
    public var roundEnds: Time { roundStarted + length + pause }

    /// The trace's events due by `now`, moved onto the session's clock.
    public mutating func events(through now: Time) -> [InputEvent] {
        var out: [InputEvent] = []
        while next < events.count, roundStarted + events[next].time <= now {
            var e = events[next]
            e.time = roundStarted + e.time
            out.append(e)
            next += 1
        }
        return out
    }

    /// When the next event falls due (nil: none left this round).
    public var nextEventDue: Time? { next < events.count ? roundStarted + events[next].time : nil }

    /// Starts the next round at `now`.
    public mutating func restart(at now: Time) {
        roundStarted = now; next = 0
    }
}
