import TactileCore

/// An export the person started or cancelled in a frame: returned with the frame
/// (`FrameOutput.exports`) for the host to carry out, like its other commands, rather than left
/// in the state for it to poll.
public enum ExportEffect: Equatable, Sendable {
    /// Start a movie of the project with these settings.
    case start(MovieSettings)
    /// Stop the export under way.
    case cancel
}
