/// How often the screen is being redrawn, as SwiftUI's `TimelineView.Context.Cadence`: a hint
/// to leave out what cannot be read at that rate — a timecode's frames change thirty times a
/// second, which only a live screen shows. It reflects the device's state, not the app's wish.
public enum Cadence: Int, Sendable, Hashable, Comparable {
    /// Frames as fast as the display shows them.
    case live
    /// About once a second (a hidden window, a dimmed kiosk screen: low-frequency mode).
    case seconds
    /// About once a minute.
    case minutes

    public static func < (a: Cadence, b: Cadence) -> Bool { a.rawValue < b.rawValue }
}

extension TimelineScheduleMode {
    /// The cadence a loop in this mode draws at: live normally, seconds in low-frequency mode.
    public var cadence: Cadence { self == .normal ? .live : .seconds }
}
