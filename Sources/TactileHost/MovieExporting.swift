import TactileCore

/// What runs a session's exports off the frame loop (the window's: `tactile run`). The session
/// starts one when the editor asks, cancels it when the person does, and takes its news each
/// step: progress into the Export sheet, the end into a banner.
public protocol MovieExporting: AnyObject {
    /// Starts exporting `project` as `settings` say; returns at once.
    func start(_ project: Project, settings: MovieSettings)
    /// Stops the export under way; nothing is written.
    func cancel()
    /// What happened since the last call, taken at session time `now` (nil: nothing new). One
    /// piece a step: a replay hands back each recorded piece at the step it was taken.
    func takeNews(now: Time) -> MovieExportNews?
}
