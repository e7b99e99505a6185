import TactileCore
import TactileLab
import TactileEditor
import TactileInput
import TactileKiosk

/// Hears what a `HostSession` does: recording, autosave, health, the observer page, a study,
/// the trace player. Observers are handed to the session at `init` or `add`ed later, and are
/// told in that order — a recording added before the health reporter sees each frame first —
/// until `remove`d. Every method has an empty default: an observer implements what it needs.
public protocol SessionObserver: AnyObject {
    /// After every editor frame.
    func sessionRanFrame(_ record: FrameRecord)
    /// After every step, whether or not the editor ran.
    func sessionStepped(_ record: StepRecord)
    /// An input frame's input-to-present latency, once the shell presented its picture.
    func sessionMeasured(_ latency: LatencySample)
    /// A touch prediction, once the real position at its instant is known (`feel.prediction`).
    func sessionPredicted(_ outcome: TouchPredictor.Outcome)
    /// A kiosk visitor arrived (with the fresh demo's state) or left (with the state they left),
    /// at session time.
    func sessionSawVisitor(_ command: KioskMode.Command, state: EditorState, at time: Time)
}

extension SessionObserver {
    public func sessionRanFrame(_ record: FrameRecord) {}
    public func sessionStepped(_ record: StepRecord) {}
    public func sessionMeasured(_ latency: LatencySample) {}
    public func sessionPredicted(_ outcome: TouchPredictor.Outcome) {}
    public func sessionSawVisitor(_ command: KioskMode.Command, state: EditorState, at time: Time) {}
}

/// An observer made of closures, for a few lines of wiring at a call site (the trace player's
/// history, a study part's answers). Give only the ones needed.
public final class SessionEvents: SessionObserver {
    private let frame: ((FrameRecord) -> Void)?
    private let step: ((StepRecord) -> Void)?
    private let latency: ((LatencySample) -> Void)?
    private let prediction: ((TouchPredictor.Outcome) -> Void)?
    private let visitor: ((KioskMode.Command, EditorState, Time) -> Void)?

    public init(
        frame: ((FrameRecord) -> Void)? = nil, step: ((StepRecord) -> Void)? = nil, latency: ((LatencySample) -> Void)? = nil,
        prediction: ((TouchPredictor.Outcome) -> Void)? = nil, visitor: ((KioskMode.Command, EditorState, Time) -> Void)? = nil
    ) {
        self.frame = frame; self.step = step; self.latency = latency; self.prediction = prediction; self.visitor = visitor
    }

    public func sessionRanFrame(_ record: FrameRecord) { frame?(record) }
    public func sessionStepped(_ record: StepRecord) { step?(record) }
    public func sessionMeasured(_ latency: LatencySample) { self.latency?(latency) }
    public func sessionPredicted(_ outcome: TouchPredictor.Outcome) { prediction?(outcome) }
    public func sessionSawVisitor(_ command: KioskMode.Command, state: EditorState, at time: Time) { visitor?(command, state, time) }
}
