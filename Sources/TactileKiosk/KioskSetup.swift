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

    public init(attractTrace: Trace, demo: Project, visitorPresent: Bool = false) {
        self.attractTrace = attractTrace; self.demo = demo; self.visitorPresent = visitorPresent
    }
}
