import TactileCore
import TactileEditor
import TactileInput

/// What the window needs for kiosk mode (`run --kiosk`): the trace its attract loop plays,
/// the project a new visitor gets, and who to tell when visitors come and go.
public struct KioskSetup {
    /// The trace the attract loop replays.
    public var attractTrace: Trace
    /// The project every visitor starts from (the demo).
    public var demo: Project
    /// Whether a visitor's work is on screen at the start (recovered after a crash): the
    /// kiosk then waits for the idle timeout before its attract loop.
    public var visitorPresent: Bool
    /// Told when a visitor arrives (`.visitorArrived`, with the fresh demo state) and leaves
    /// (`.visitorLeft`, with the state they left, before the demo comes back), at window time.
    public var onVisitor: ((KioskMode.Command, EditorState, Time) -> Void)?

    public init(attractTrace: Trace, demo: Project, visitorPresent: Bool = false,
                onVisitor: ((KioskMode.Command, EditorState, Time) -> Void)? = nil) {
        self.attractTrace = attractTrace; self.demo = demo; self.visitorPresent = visitorPresent; self.onVisitor = onVisitor
    }
}
