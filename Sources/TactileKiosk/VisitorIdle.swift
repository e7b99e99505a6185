import TactileCore

/// When a kiosk's visitor counts as gone: `timeout` seconds after their last input. One rule for
/// the editor's kiosk (which then saves the visitor's session and goes back to the demo and the
/// attract loop) and a kiosk study (which lets the participant go and waits for the next).
public struct VisitorIdle: Hashable, Sendable {
    /// The last input (the idle time runs from it).
    public private(set) var lastInput: Time

    /// Idle time counted from `start`.
    public init(since start: Time) { lastInput = start }

    /// Input came at `now`: the idle time starts again.
    public mutating func saw(inputAt now: Time) { lastInput = now }

    /// When the visitor counts as gone, with no input before then.
    public func due(timeout: Double) -> Time { lastInput + .seconds(timeout) }

    /// Whether the visitor counts as gone at `now`.
    public func hasGone(at now: Time, timeout: Double) -> Bool { now >= due(timeout: timeout) }
}
