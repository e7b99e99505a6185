import TactileCore
import TactileInput
import TactileUI

/// Playback in progress: the playhead moves with the clock from an anchor.
public struct Playback: Sendable {
    /// The clock instant playback (re)started.
    public var clockAnchor: Time
    /// The playhead when it (re)started.
    public var positionAnchor: Time
    /// The frame request that drives it (kept so its entries stay on one grid).
    public var request: FrameRequest

    /// The playhead at clock instant `now`.
    public func position(at now: Time) -> Time { positionAnchor + (now - clockAnchor) }
}

/// A finger scrubbing the playhead from the canvas (pan-scrub) or the scrub bar (fine scrubbing).
public struct ScrubSession: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable { case canvas, bar }
    public var source: Source
    /// Whether playback ran when the scrub began (it resumes on release).
    public var wasPlaying: Bool
    /// The playhead when the scrub began.
    public var anchor: Time
    /// The bar's variable-speed state (bar scrubs only).
    public var scrubber: FineScrubber?
}

/// A message shown over the editor for a while ("Nothing to undo").
public struct Banner: Hashable, Sendable {
    public var message: String
    public var isError: Bool
    public var until: Time
    /// A button at the banner's end: a finished movie's Show, with the file it shows.
    public var reveal: Reveal?
    public init(message: String, isError: Bool, until: Time, reveal: Reveal? = nil) {
        self.message = message; self.isError = isError; self.until = until; self.reveal = reveal
    }

    /// A banner's button showing a file in the file manager.
    public struct Reveal: Hashable, Sendable {
        public var label: String
        public var path: String
        public init(label: String, path: String) { self.label = label; self.path = path }
    }
}

/// Everything the editor remembers: the project, the view onto it, and the UI's memory.
/// A value: copying it snapshots the whole editor.
public struct EditorState: Sendable {
    public var project: Project
    /// The id of the selected clip.
    public var selection: String?
    /// The time under the fixed playhead.
    public var playhead: Time = .zero
    /// Zoom, in points per second.
    public var pointsPerSecond: Double
    /// The viewport the editor lays out in, in points.
    public var viewport: Size
    /// Playback, when playing.
    public var playback: Playback?
    /// The frame loop's cadence (`Cadence`), set by the host before each frame: the player bar's
    /// timecode counts frames only while live.
    public var cadence: Cadence = .live
    /// Undo / redo.
    public var history: EditHistory
    /// The banner on show, if any.
    public var banner: Banner?
    /// Messages to show in a banner at the next frame (files that could not be opened).
    public var notices: [String] = []
    /// What the UI remembers between passes.
    public var ui: UIMemory
    /// Scrolling, zooming, dragging, snapping and other timeline motion.
    public var timeline = TimelineMotion()
    /// A scrub in progress on the canvas or the scrub bar.
    public var scrub: ScrubSession?
    /// A text being typed into.
    public var textEdit: TextEditing?
    /// An overlay being moved, scaled or turned on the canvas.
    public var overlayEdit: OverlayManipulation?
    /// The media the add buttons offer.
    public var library = MediaLibrary()
    /// The media browser sheet, while open.
    public var browser: MediaBrowser?
    /// Whether the composition format picker is open.
    public var formatPicker = false
    /// Whether the sticker picker is open.
    public var stickerPicker = false
    /// The clip sheet (speed, fit, sound), while open.
    public var clipSheet: ClipSheet?
    /// The clip sheet's section last shown: the next clip's sheet opens on it.
    public var clipSheetSection = ClipSheetSection.speed
    /// The voice-over panel, while open.
    public var voiceOver: VoiceOverSession?
    /// The clip whose cut before it the transition picker is open for.
    public var transitionPicker: String?
    /// A drag on the picker's duration track: the project before it and the tenths it shows.
    var transitionDurationDrag: TransitionDurationDrag?
    /// While the transition picker is open: when the canvas's preview loop last started.
    var transitionPreviewSince: Time?
    /// Whether this session can export (the host has an exporter): the Export button shows only then.
    public var exportAvailable = false
    /// Whether this session can record a voice-over (a window's microphone, or a replay of a
    /// window's session, whose trace gives back the microphone's news): the audio browser's
    /// Voice-over button shows only then.
    public var voiceAvailable = false
    /// Whether this session keeps a project shelf (the host has one, or a replay's trace gives
    /// back its session's): the title bar's Projects button shows only then.
    public var projectsAvailable = false
    /// The shelf's id of the project on screen (it is saved there after every change); nil while
    /// it is not on the shelf (the demo, a file from the command line, until the list first opens).
    public var projectID: String?
    /// The shelf as the host last listed it.
    public var shelf: [ProjectListing] = []
    /// The project list, while open.
    public var projectList: ProjectList?
    /// Whether the Export sheet is open.
    public var exportSheet = false
    /// The sheet's choices (the configuration's `export.*` until changed).
    public var exportChoice: MovieSettings
    /// The export under way, as the host last reported it; nil when none runs.
    public var exportRun: ExportRun?
    /// A test plan in progress (`run --plan`).
    public var tasks: TaskRun?
    /// Fingers that came down while a task was sealed: kept from the editor to their lift.
    var sealedFingers: Set<PointerID> = []
    /// The media generation and project the clips were last fitted to their media's lengths for.
    var mediaFit: (generation: Int, project: Project)?
    /// The scale the screen held when last asked (`ScaleFit`), and for what.
    var scaleFit: (fit: ScaleFit, scale: Double)?
    /// The project whose transitions and fades were last checked to fit its clips.
    var effectsChecked: Project?

    public init(project: Project, settings: EditorSettings = EditorSettings(), viewport: Size? = nil) {
        self.project = project
        self.pointsPerSecond = settings.timeline.pointsPerSecond
        self.viewport = viewport ?? settings.layout.viewport
        self.history = EditHistory(limit: settings.editing.undoLimit)
        self.ui = UIMemory(input: settings.input)
        self.exportChoice = MovieSettings(settings.export)
    }

    /// Takes a reloaded configuration: new touch thresholds and undo limit, keeping the
    /// project, the view and every finger that is down. Zoom stays within the new limits.
    public mutating func adopt(_ change: ConfigurationChange) {
        let c = change.new.editorSettings.scaledForUI()
        // Sizes, words or the timeline's share may have changed: the scale the screen holds is decided again.
        if [
            change.changed(TactileConfiguration.Layout.self), change.changed(TactileConfiguration.Appearance.self),
            change.changed(TactileConfiguration.Timeline.self),
        ]
        .contains(true) {
            scaleFit = nil
        }
        ui.adopt(c.input)
        history.limit = c.editing.undoLimit
        pointsPerSecond = min(max(pointsPerSecond, c.timeline.minimumPointsPerSecond), c.timeline.maximumPointsPerSecond)
    }

    /// Whether playback is running.
    public var isPlaying: Bool { playback != nil }

    /// Whether the title bar shows the Projects button: a shelf is kept, and no test plan runs
    /// (a participant stays in the task's project).
    public var showsProjectsButton: Bool { projectsAvailable && tasks == nil }

    /// The selected clip, if any.
    public var selectedClip: Clip? { selection.flatMap { project.clip(withID: $0)?.clip } }
}
