import TactileCore
import TactileEditor

/// What a host session reaches beyond the editor, handed to it at `init`: the window's clock and
/// refresh rate, the sound, the exporter and the configuration file's watcher. Each is optional:
/// a session on a virtual clock (replays, inspect, the tests) runs with none of them.
public struct HostServices {
    /// Runs the exports the editor asks for (nil: exporting is not offered, and the editor says so).
    public var exporter: MovieExporting?
    /// Makes the sound of a project from a timeline position (the app gives a mixer over the
    /// media); nil: playback is silent.
    public var sound: ((Project, Time) -> SampleSource?)?
    /// Measures how long the editor's frames take for the frame monitor (the window's clock;
    /// nil on a virtual clock, where frames take no time).
    public var stopwatch: FrameClock?
    /// The display's refresh rate: overlays that move by themselves are redrawn at it. Default 60 Hz.
    public var refreshRate: Double
    /// Reloads the configuration when its file changes, checked every
    /// `session.configurationPollInterval` seconds; nil: the configuration stays.
    public var configurationWatcher: ConfigurationWatcher?
    /// Laid over every reloaded configuration (the command line's overlay switches stay on).
    public var adjustReloaded: ((inout TactileConfiguration) -> Void)?
    /// The sections a configuration holds: what live changes (the tuning panel, an A/B flip, a
    /// replayed settings line) are computed and checked with. Nil: the session cannot change its
    /// settings live (a headless session sets Tactile's own).
    public var schema: ConfigurationSchema?
    /// Where the tuning panel saves named variants and an A/B flip reads them; nil: neither.
    public var variants: VariantStore?
    /// The microphone a voice-over records from (nil: a voice-over says the session cannot record).
    public var voice: VoiceRecording?
    /// Whether the lab's own gestures are taken (the tuning panel's corner hold, the A/B flip's
    /// two-finger tap): a window's session, never a replay or a kiosk.
    public var labGestures = false
    /// Lists the media folder again (its files' paths, in the media sheet's order; nil when it
    /// cannot be listed), each time the media sheet opens; nil: the folder is listed once, at the
    /// start (a replay, whose trace gives back the listings its session made).
    public var mediaFolder: (@Sendable (String) -> [String]?)?
    /// The project shelf the project list shows and the project on screen is saved into after
    /// every change; nil: no project list (a replay, whose trace gives back its session's news; a
    /// kiosk; a study's participant).
    public var projectShelf: ProjectShelf?

    public init(
        exporter: MovieExporting? = nil, sound: ((Project, Time) -> SampleSource?)? = nil, stopwatch: FrameClock? = nil,
        refreshRate: Double = 60, configurationWatcher: ConfigurationWatcher? = nil,
        adjustReloaded: ((inout TactileConfiguration) -> Void)? = nil
    ) {
        self.exporter = exporter; self.sound = sound; self.stopwatch = stopwatch; self.refreshRate = refreshRate
        self.configurationWatcher = configurationWatcher; self.adjustReloaded = adjustReloaded
    }
}
