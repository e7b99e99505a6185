import TactileCore
import TactileInput

/// What one step of a session gives its shell.
public struct ShellFrame {
    /// The picture to present, overlays composed, in viewport points; nil when the screen shows
    /// what it showed.
    public var drawList: DrawList?
    /// Cues to play.
    public var cues: [CueEvent] = []
    /// What the shell must do.
    public var commands: [ShellCommand] = []
    /// Whether the editor ran in this step.
    public var ranEditor = false
    /// How far to move the picture on the screen, in points (a kiosk's burn-in protection).
    public var shift: Point = .zero
    /// The lab panel's picture (the frame monitor, the arena's words, pointer location), in
    /// panel points from its top left, when the session draws them outside the phone
    /// (`ShellSession.placePanel`); nil otherwise.
    public var panel: DrawList?

    public init(drawList: DrawList? = nil, cues: [CueEvent] = [], commands: [ShellCommand] = [], ranEditor: Bool = false) {
        self.drawList = drawList; self.cues = cues; self.commands = commands; self.ranEditor = ranEditor
    }
}

/// Something only the shell can do.
public enum ShellCommand {
    /// The viewport turned (rotation): a window showing a phone turns too.
    case viewportChanged(Size)
    /// Play this sound from now (replacing any that plays).
    case playSound(SampleSource)
    /// Stop the sound.
    case stopSound
    /// The configuration changed (a reload, tuning, a flip): take the sections the shell reads
    /// (touchscreen, cues, theme, window) where they changed.
    case configurationChanged(ConfigurationChange)
    /// The lab panel came or went (the tuning panel opened or closed): lay the window out again,
    /// making room beside the phone or opening the drawer (`true`: it is wanted).
    case showPanel(Bool)
    /// Show this file in the system's file manager (a finished movie's Show).
    case reveal(String)
    /// Close: the kiosk's way out was used.
    case exit
}
