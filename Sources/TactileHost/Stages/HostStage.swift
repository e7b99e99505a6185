import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// One concern of a host session's step — the kiosk, added latency, prediction, the tuning panel
/// and A/B flip, exports, the microphone, sound, frustration signals — with the points of the
/// step it works at, as a swift-nio channel handler works on a pipeline's events. A session runs
/// its stages in the order it was given them (`HostStages.standard` is the window's order), each
/// hook in turn; a stage implements only the hooks it needs (the others do nothing).
///
/// The step, and where each hook comes in:
/// 1. `stepBegan`: before the input is seen (news, reloads, panels, banners);
/// 2. `take`: the input as it arrived — a stage may add events (the microphone's news) or cancel
///    a finger it took for itself (the tuning corner's hold); what comes out is what a recording
///    keeps as the step's input;
/// 3. `route`: where the input goes — the kiosk gives the PIN pad its touches and the editor the
///    attract tour's; what comes out is what the editor would get now (the touch indicators show it);
/// 4. `release`: when the editor gets it — added latency holds events back until they are due;
/// 5. `frameWillRun`, then the editor's frame, then `frameDidRun`: a stage may add to the frame's
///    log (signals) and carry out what the frame asked for (exports, the microphone, sound);
/// 6. `picture`: the picture to show (a prediction moves the fingers on);
/// 7. `decorate`: drawn over every picture (the kiosk's invitation and PIN pad, the variant badge).
///
/// `nextDue` and `nextWork` say when the stage next needs a step without input; `adopt` hears of
/// every new configuration; `sessionReset` of the editor started afresh (a kiosk's next visitor).
public protocol HostStage: AnyObject {
    func stepBegan(_ step: inout StageStep)
    func take(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent]
    func route(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent]
    func release(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent]
    func frameWillRun(_ step: inout StageStep)
    func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep)
    func picture(after output: FrameOutput, released: [InputEvent], shown: DrawList, _ step: inout StageStep) -> DrawList
    func decorate(_ picture: inout DrawList, now: Time, session: HostSession)
    func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)?
    func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)?
    func adopt(_ change: ConfigurationChange, session: HostSession)
    func sessionReset(_ session: HostSession)
}

extension HostStage {
    public func stepBegan(_ step: inout StageStep) {}
    public func take(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] { input }
    public func route(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] { input }
    public func release(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] { input }
    public func frameWillRun(_ step: inout StageStep) {}
    public func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep) {}
    public func picture(after output: FrameOutput, released: [InputEvent], shown: DrawList, _ step: inout StageStep) -> DrawList { shown }
    public func decorate(_ picture: inout DrawList, now: Time, session: HostSession) {}
    public func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)? { nil }
    public func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)? { nil }
    public func adopt(_ change: ConfigurationChange, session: HostSession) {}
    public func sessionReset(_ session: HostSession) {}
}

/// One step as the stages see it: when, the session they serve, what the shell said about the
/// step, and the frame being made for the shell (a stage adds commands to it).
public struct StageStep {
    public let now: Time
    public unowned let session: HostSession
    public let context: StepContext
    public var frame = ShellFrame()
    /// A stage ended the step here (the kiosk's way out was used): the editor does not run.
    public var ends = false

    init(now: Time, session: HostSession, context: StepContext) { self.now = now; self.session = session; self.context = context }
}
