import TactileCore
import TactileEditor
import TactileInput

/// Keeps the media sheet current: each time it opens, the media folder is listed again
/// (`HostServices.mediaFolder`), and the listing joins the next step's input when it changed, so
/// a file copied in while Tactile runs is offered without a restart. As input, a recording keeps
/// it and a replay gives it back (a session without the service lists nothing itself).
public final class MediaFolderStage: HostStage {
    private let list: (@Sendable (String) -> [String]?)?
    private var wasOpen = false
    private var listed: [String]?

    public init(list: (@Sendable (String) -> [String]?)?) { self.list = list }

    public func take(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] {
        guard let files = listed else { return input }
        listed = nil
        return input + [.mediaFolder(files, time: step.now)]
    }

    public func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep) {
        let state = step.session.state
        let open = state.browser != nil
        defer { wasOpen = open }
        guard open, !wasOpen, let list, let files = list(state.library.folder), files != state.library.files else { return }
        listed = files
    }

    /// A new listing is taken at once.
    public func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)? { listed == nil ? nil : (now, "media folder") }

    public func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)? { nextWork(after: now, session: session) }

    public func sessionReset(_ session: HostSession) {
        wasOpen = false
        listed = nil
    }
}
