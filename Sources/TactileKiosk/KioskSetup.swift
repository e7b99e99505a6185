import TactileCore
import TactileInput

/// What kiosk mode needs besides its settings: the trace its attract loop plays, the project a
/// new visitor gets, and whether a visitor's work is on screen at the start.
public struct KioskSetup: Sendable {
    /// The trace the attract loop replays.
    public var attractTrace: Trace
    /// The project every visitor starts from (the demo).
    public var demo: Project
    /// Whether a visitor's work is on screen at the start (recovered after a crash): the kiosk
    /// then waits for the idle timeout before its attract loop.
    public var visitorPresent: Bool
    /// The week clock at session time zero (local time since Monday 00:00) a recorded run had, so
    /// that its replay keeps the same opening hours and restart; nil: a live run sets its own.
    public var weekClock: Time?

    public init(attractTrace: Trace, demo: Project, visitorPresent: Bool = false, weekClock: Time? = nil) {
        self.attractTrace = attractTrace; self.demo = demo; self.visitorPresent = visitorPresent; self.weekClock = weekClock
    }
}
