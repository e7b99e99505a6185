import TactileCore

/// What runs a session's exports off the frame loop (the window's: `tactile run`). The session
/// starts one when the editor asks, cancels it when the person does, and takes its news each
/// step: progress into the Export sheet, the end into a banner.
public protocol MovieExporting: AnyObject {
    /// Starts exporting `project` as `settings` say; returns at once.
    func start(_ project: Project, settings: MovieSettings)
    /// Stops the export under way; nothing is written.
    func cancel()
    /// What happened since the last call (nil: nothing new).
    func takeNews() -> MovieExportNews?
}

/// News of an export.
public enum MovieExportNews: Hashable, Sendable {
    /// The share done (0 … 1) and the seconds left at the pace so far.
    case progress(fraction: Double, secondsLeft: Double?)
    /// Written, at `path`.
    case finished(path: String)
    /// Stopped by a problem, in a sentence.
    case failed(String)
    /// Cancelled; nothing was written.
    case cancelled
}
