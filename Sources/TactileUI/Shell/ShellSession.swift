import TactileCore
import TactileInput

/// What a shell (the SDL window, a headless runner) drives: a session that takes the input that
/// arrived and the time now, and answers with what to show and do. The shell knows nothing of
/// the editor behind it — as Dear ImGui's backends know only the core — and decides only *when*
/// to step: at input, or at the time the session says it is next due.
public protocol ShellSession: AnyObject {
    /// Runs one step at `now` with the input that arrived since the last one.
    func step(_ input: [InputEvent], now: Time, context: StepContext) -> ShellFrame
    /// The next instant a step is wanted even without input, and why; nil: only input wakes it.
    func nextDue(after now: Time) -> (time: Time, reason: String)?
    /// The viewport the session lays out in, in points.
    var viewport: Size { get }
    /// Lays out in `viewport` from the next step (a resized window, a rotated device).
    func resize(to viewport: Size)
    /// Whether the window manager's close and the quit keys are refused (kiosk mode).
    var refusesQuit: Bool { get }
    /// Told when the window is hidden or minimised (false) and shown again (true).
    func setVisible(_ visible: Bool)
    /// Told when the picture of the last step that returned one has been presented, with when
    /// drawing and presenting began and ended on the session's clock (in-app latency).
    func didPresent(_ timing: PresentTiming)
    /// How wide a lab panel the session would show beside the phone, in points; nil: none.
    var panelWidth: Double? { get }
    /// Where the lab panel goes: outside the phone (beside it, or in a drawer `width` points
    /// wide when narrower than `panelWidth`), or drawn over the phone's picture as before (no
    /// room, or a headless picture).
    func placePanel(outside: Bool, width: Double?)
    /// Shows an older (`back` > 0) or newer touch in the lab panel's per-touch timeline.
    func showTouch(back: Int)
    /// Opens or closes the tuning panel (F5); refused in kiosk mode.
    func toggleTuning()
    /// Whether the tuning panel is open.
    var isTuningOpen: Bool { get }
    /// Switches between the A/B variants (F6); refused in kiosk mode.
    func flipVariant()
}

extension ShellSession {
    public func setVisible(_ visible: Bool) {}
    public func didPresent(_ timing: PresentTiming) {}
    public var panelWidth: Double? { nil }
    public func placePanel(outside: Bool, width: Double?) {}
    public func showTouch(back: Int) {}
    public func toggleTuning() {}
    public var isTuningOpen: Bool { false }
    public func flipVariant() {}
}

/// What the shell knows about a step besides its input.
public struct StepContext: Sendable {
    /// Whether the editor runs: when due (input, a frame request, a relayout, new media), always
    /// (a replayed frame mark), or never (a replayed step in which the window ran none).
    public enum Mode: Sendable { case ifDue, always, never }
    public var mode: Mode
    /// How far into the sound the session last asked for the listener is now, while it plays on a device.
    public var soundElapsed: Time?
    /// Media finished decoding since the last step (the shell was woken for it).
    public var mediaArrived: Bool
    /// The window was resized or exposed: present again even if nothing changed.
    public var relayout: Bool
    /// Touches outside the phone (on the lab panel, or the desk around the phone), in the lab
    /// panel's points from its top left: the tuning panel's and the A/B flip's, never the editor's.
    public var outsideInput: [InputEvent]

    public init(mode: Mode = .ifDue, soundElapsed: Time? = nil, mediaArrived: Bool = false, relayout: Bool = false, outsideInput: [InputEvent] = []) {
        self.mode = mode; self.soundElapsed = soundElapsed; self.mediaArrived = mediaArrived; self.relayout = relayout
        self.outsideInput = outsideInput
    }
}
