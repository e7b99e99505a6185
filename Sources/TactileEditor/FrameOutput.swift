import TactileCore
import TactileInput
import TactileUI

/// Everything one editor frame produces. The editor never draws, plays or logs by itself: the
/// host hands each part to whoever consumes it.
public struct FrameOutput: Sendable {
    /// What to draw.
    public var drawList: DrawList
    /// Cues to play (sound, pulse, rumble).
    public var cues: [CueEvent]
    /// Everything on screen, for `tactile inspect` and tests.
    public var elements: [UIElement]
    /// Every area that took touches, later on top (the layout check's input).
    public var touchTargets: [TouchTarget] = []
    /// The scroll views the last pass drew (a sheet taller than the screen), for the layout check.
    public var scrollViews: [ScrollView] = []
    /// Semantic events for the interaction log.
    public var log: [LogEvent]
    /// When the next frames are wanted.
    public var requests: [FrameRequest]
    /// The gesture arena's decisions in this frame, and the arena as the frame left it: what the
    /// arena debugger (`--arena`) draws.
    public var arenaDecisions: [ArenaDecision] = []
    public var arena: ArenaSnapshot = .empty
    /// Exports started or cancelled in this frame, for the host to carry out.
    public var exports: [ExportEffect] = []
    /// What the microphone is asked to do in this frame (a voice-over), for the host to carry out.
    public var voice: [VoiceCommand] = []
    /// What the project list asked of the shelf in this frame, for the host to carry out.
    public var projects: [ProjectCommand] = []
    /// A file the person asked to see in the system's file manager (a finished movie's Show).
    public var reveal: String?
    /// The scale the chrome was drawn at: `layout.uiScale`, or less where the screen holds no more (`ScaleFit`).
    public var uiScale: Double = 1
}
