import TactileCore
import TactileEditor
import TactileInput

/// One frame the editor ran: when, with what input, the state it left and what it produced.
public struct FrameRecord {
    public var time: Time
    /// The events that arrived in this step (after kiosk mode took its share): what a recording
    /// keeps, so that a replay holds them back by the same added latency.
    public var events: [InputEvent]
    /// The events the editor got in this frame: `events` unless `feel.addedLatency` held some back.
    public var released: [InputEvent]
    /// The export news the session took in this step, if any (a recording keeps it).
    public var exportNews: MovieExportNews?
    /// The kiosk PIN pad's verdicts since the last frame (a recording keeps them, never the PIN).
    public var pinVerdicts: [Bool] = []
    /// The settings changed since the last frame (tuning, a flip, a reload), before this frame ran.
    public var settings: [SettingsChange] = []
    public var state: EditorState
    public var output: FrameOutput
}

/// One step of the session: when, the input it got (before kiosk mode), and whether the editor ran.
public struct StepRecord {
    public var time: Time
    public var input: [InputEvent]
    public var ranEditor: Bool
    /// The kiosk PIN pad's verdicts since the last step.
    public var pinVerdicts: [Bool] = []
}
