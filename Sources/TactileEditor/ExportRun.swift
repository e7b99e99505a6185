import TactileCore

/// An export under way, as the host reports it: how far it has come and the time left.
public struct ExportRun: Hashable, Sendable {
    /// What it makes.
    public var settings: MovieSettings
    /// The share done, 0 … 1.
    public var fraction: Double
    /// Seconds left at the pace so far, once there is a pace to go by.
    public var secondsLeft: Double?
    /// Whether a cancel was asked for and the export has not stopped yet.
    public var isCancelling = false

    public init(settings: MovieSettings, fraction: Double = 0, secondsLeft: Double? = nil) {
        self.settings = settings; self.fraction = fraction; self.secondsLeft = secondsLeft
    }
}
