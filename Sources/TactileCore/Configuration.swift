/// Every tunable number of Tactile, with its documented default. Usability studies tune these
/// (a file, `--config`, reloaded live); nothing in a widget hard-codes a size, threshold or speed:
/// the views' own drawing sizes, which no study tunes, are named in the theme's `ViewMetrics`.
public struct TactileConfiguration: Hashable, Sendable, Codable {
    /// Sizes of the editor's screen, in points at the default viewport.
    public var layout = Layout()
    /// Touch thresholds.
    public var input = Input()
    /// The timeline's scale.
    public var timeline = Timeline()
    /// The window and its device frame.
    public var window = Window()
    /// Editing and playback.
    public var editing = Editing()
    /// Haptic-like cues: sound, rumble.
    public var cues = Cues()
    /// Decoding, caches, filmstrips, waveforms and scrubbing.
    public var media = Media()
    /// The editor's colours.
    public var theme = Appearance()
    /// The touch panel: which device, how it is mounted and calibrated, what it gets wrong.
    public var touchscreen = Touchscreen()
    /// Overlays drawn over the editor: touch indicators, pointer location and the frame monitor.
    public var overlays = Overlays()
    /// Recording sessions, autosave, test plans and reloading the configuration.
    public var session = Session()
    /// Kiosk mode (`run --kiosk`): idle reset, attract loop, the way out.
    public var kiosk = Kiosk()
    /// The feel lab: knobs a study varies to test how touch feels (see Docs/FeelLab.md).
    public var feel = Feel()
    /// Usability studies (`tactile study run`, `tactile report STUDY_DIR`): the frustration
    /// signals' thresholds.
    public var study = Study()
    /// Exporting the project to a movie (the Export sheet, `tactile export`).
    public var export = Export()

    public init() {}

    /// The configuration with every size of text and touch targets multiplied by
    /// `layout.uiScale` (viewport, insets and margins stay).
    public func scaledForUI() -> TactileConfiguration {
        let k = layout.uiScale
        guard k != 1 else { return self }
        var c = self
        for path in [\Layout.titleBarHeight, \.playerBarHeight, \.rulerHeight, \.trackHeight, \.trackSpacing, \.trackPadding,
                     \.toolbarHeight, \.toolbarRailWidth, \.scrubBarHeight, \.clipCornerRadius, \.handleWidth, \.selectionBorderWidth, \.toolbarButtonWidth, \.buttonSize,
                     \.browserHeaderHeight, \.browserCaptionHeight, \.bannerHeight, \.bannerPadding] {
            c.layout[keyPath: path] *= k
        }
        return c
    }

    public struct Layout: Hashable, Sendable, Codable {
        /// The phone-sized viewport the UI lays out in. Default 390×844 pt (an iPhone 14/15).
        public var viewport = Size(width: 390, height: 844)
        /// Top safe-area inset (status bar / notch). Default 47 pt.
        public var topInset: Double = 47
        /// Bottom safe-area inset (home indicator). Default 34 pt.
        public var bottomInset: Double = 34
        /// Top safe-area inset in landscape (no notch above). Default 0 pt.
        public var landscapeTopInset: Double = 0
        /// Bottom safe-area inset in landscape. Default 21 pt.
        public var landscapeBottomInset: Double = 21
        /// Most of the room left for canvas and tracks that the canvas's minimum may claim. Default 0.3.
        public var minimumCanvasShare: Double = 0.3
        /// Height of the title bar above the canvas. Default 44 pt.
        public var titleBarHeight: Double = 44
        /// Height of the player bar (play button, timecode). Default 48 pt.
        public var playerBarHeight: Double = 48
        /// Height of the ruler above the tracks. Default 24 pt.
        public var rulerHeight: Double = 24
        /// Height of a track's clips. Default 48 pt (a little under the 44×44 pt tap target plus margin).
        public var trackHeight: Double = 48
        /// Vertical gap between tracks. Default 6 pt.
        public var trackSpacing: Double = 6
        /// Padding above the first and below the last track. Default 8 pt.
        public var trackPadding: Double = 8
        /// Height of the toolbar (above the bottom inset). Default 64 pt.
        public var toolbarHeight: Double = 64
        /// Width of the toolbar in landscape, where it stands as a rail at the right edge. Default 72 pt.
        public var toolbarRailWidth: Double = 72
        /// In landscape, the share of the width (beside the rail) the canvas's column takes; the
        /// timeline has the rest, and all of it while folded. Default 0.42.
        public var landscapeCanvasShare: Double = 0.42
        /// Height of the scrub bar under the canvas (its touch target). Default 36 pt.
        public var scrubBarHeight: Double = 36
        /// How much further in than the screen's margin the scrub bar's track starts and ends (the
        /// whole project spans the track). Default 8 pt.
        public var scrubTrackInset: Double = 8
        /// Smallest height the canvas keeps, however many tracks there are. Default 160 pt.
        public var minimumCanvasHeight: Double = 160
        /// Corner radius of clips. Default 8 pt.
        public var clipCornerRadius: Double = 8
        /// Visual width of a trim handle. Default 14 pt.
        public var handleWidth: Double = 14
        /// How much wider a handle's hit area is than its visual width. Default 2.5 (the issue asks ≥ 2).
        public var handleHitMultiplier: Double = 2.5
        /// Width of the selection frame's border. Default 3 pt.
        public var selectionBorderWidth: Double = 3
        /// Width of the fixed playhead line. Default 2 pt.
        public var playheadWidth: Double = 2
        /// Size of a toolbar button. Default 52 pt wide.
        public var toolbarButtonWidth: Double = 52
        /// Horizontal margin of the screen's content. Default 16 pt.
        public var margin: Double = 16
        /// Size of round icon buttons (play, undo, fold). Default 44 pt (Apple's minimum target).
        public var buttonSize: Double = 44
        /// The media browser sheet: how much of the editor stays visible above it. Default 96 pt.
        public var browserTopGap: Double = 96
        /// The sheet is as tall as its files need, but at least this share of the screen. Default 0.45.
        public var browserMinimumShare: Double = 0.45
        /// Height of the sheet's header (title, Cancel). Default 56 pt.
        public var browserHeaderHeight: Double = 56
        /// Columns of media tiles in the sheet (portrait; landscape gets one more per 300 pt). Default 2.
        public var browserColumns: Int = 2
        /// Gap between media tiles. Default 12 pt.
        public var browserTileSpacing: Double = 12
        /// Height of a tile's caption (name and length) under its picture. Default 40 pt.
        public var browserCaptionHeight: Double = 40
        /// Height of a one-line banner (messages, errors). Default 40 pt.
        public var bannerHeight: Double = 40
        /// Space between a banner's edge and its text. Default 14 pt.
        public var bannerPadding: Double = 14
        /// Lines a banner's message may take before it is cut with "…". Default 2.
        public var bannerMaximumLines: Int = 2
        /// Scale of text and touch targets together, like Dynamic Type (`--ui-scale`). Default 1.
        /// Applied by `TactileConfiguration.scaledForUI()`.
        public var uiScale: Double = 1
        public init() {}
    }

    public struct Input: Hashable, Sendable, Codable {
        /// How far a finger may wander and still tap, and how far it moves before a scroll or a
        /// clip move starts, in points. Default 18 pt (Flutter's kTouchSlop).
        public var tapSlop: Double = 18
        /// How far a finger moves before a free pan starts, in points. Default 36 pt (Flutter's kPanSlop).
        public var panSlop: Double = 36
        /// How far a finger on a trim handle moves before trimming starts, in points. Default 4 pt:
        /// handles are precise tools and nothing else competes for them.
        public var trimSlop: Double = 4
        /// How far outside a button a finger may lift and still tap it, in points. Default 8 pt.
        public var tapOutset: Double = 8
        /// Longest press that still counts as a tap, in seconds. Default 0.5 s.
        public var tapMaximumDuration: Double = 0.5
        /// How long a finger rests before a long press, in seconds. Default 0.5 s.
        public var longPressDuration: Double = 0.5
        /// How far a resting finger may wander during a long press, in points. Default 10 pt.
        public var longPressSlop: Double = 10
        /// Longest gap between the taps of a double tap, in seconds. Default 0.3 s.
        public var doubleTapInterval: Double = 0.3
        /// Farthest the second tap of a double tap may land from the first, in points. Default 40 pt.
        public var doubleTapSlop: Double = 40
        /// The window over which finger velocity is measured, in seconds. Default 0.1 s.
        public var velocityWindow: Double = 0.1
        /// The fastest a finger's velocity is taken to be, in points per second. Default 8,000
        /// pt/s (Flutter's kMaxFlingVelocity): a panel that glitches (a finger jumping across the
        /// screen within a millisecond) cannot fling the timeline hours away.
        public var maximumFlingSpeed: Double = 8000
        public init() {}
    }

    public struct Timeline: Hashable, Sendable, Codable {
        /// Zoom on opening: points per second of timeline. Default 24 pt/s.
        public var pointsPerSecond: Double = 24
        /// Least zoom, points per second. Default 6 (as CE.SDK).
        public var minimumPointsPerSecond: Double = 6
        /// Most zoom, points per second. Default 60 (as CE.SDK).
        public var maximumPointsPerSecond: Double = 60
        /// Least distance between two ruler labels, in points. Default 100 pt.
        public var minimumRulerLabelSpacing: Double = 100
        /// How near an edge snaps, in points (the same at every zoom). Default 5 pt.
        public var snapThreshold: Double = 5
        /// How close to the timeline's left or right edge a dragged clip or handle starts
        /// scrolling the timeline, in points. Default 48 pt.
        public var autoScrollMargin: Double = 48
        /// Fastest auto-scroll, at the very edge, in points per second. Default 400 pt/s.
        public var autoScrollSpeed: Double = 400
        /// Most of the viewport's height the tracks may take before they scroll. Default 0.36.
        public var maximumTracksShare: Double = 0.36
        /// Scrolling physics (deceleration 0.998 per ms, rubber band 0.55, bounce response 0.4 s).
        public var physics = ScrollPhysics()
        /// Response of the timeline's collapse and expand spring, in seconds. Default 0.45 s.
        public var collapseResponse: Double = 0.45
        /// Length of the visual pulse that marks a cue, in seconds. Default 0.4 s.
        public var pulseDuration: Double = 0.4
        /// Speed of the marching ants and snap guides, in points per second. Default 24 pt/s.
        public var marchingAntsSpeed: Double = 24
        public init() {}
    }

    public struct Editing: Hashable, Sendable, Codable {
        /// Shortest clip an edit may leave, in seconds. Default 0.5 s.
        public var minimumClipDuration: Double = 0.5
        /// Length of a clip added from the toolbar when its media sets none, in seconds. Default 3 s.
        public var newClipDuration: Double = 3
        /// Frames per second requested while playing. Default 30.
        public var playbackFrameRate: Int = 30
        /// Undo steps kept. Default 200.
        public var undoLimit: Int = 200
        /// How long a banner message stays, in seconds. Default 4 s.
        public var bannerDuration: Double = 4
        /// How long a transition picked at a cut lasts, in seconds (shortened, with a note, where
        /// the clips have less footage to spare). Default 0.5 s.
        public var transitionDuration: Double = 0.5
        /// While the transition picker is open, the canvas plays the cut's transition over and
        /// over, from this long before it to this long after it, in seconds. Default 0.5 s.
        public var transitionPreviewLead: Double = 0.5
        /// How much the outgoing picture grows over a zoom transition (0.3: to 130 %). Default 0.3.
        public var transitionZoom: Double = 0.3
        /// How long the media browser sheet takes to slide up, in seconds. Default 0.25 s.
        public var browserSlideDuration: Double = 0.25
        /// How near an overlay's centre or edge snaps to the canvas's centre lines, edges and safe
        /// margins while it is dragged, in points on screen. Default 6 pt.
        public var overlaySnapThreshold: Double = 6
        /// The safe margin overlays snap to, as a share of the composition's width and height
        /// (the title-safe area of broadcast and phone editors). Default 0.05.
        public var overlaySafeMargin: Double = 0.05
        /// How near a turned overlay snaps to 0, 90, 180 or 270 degrees, in degrees. Default 5°.
        public var overlayRotationSnap: Double = 5
        /// The smallest touch target an overlay keeps however small it is scaled, in points. Default 44 pt.
        public var overlayMinimumTarget: Double = 44
        /// The level line catches at 0 dB (as recorded) within this many decibels of it. Default 1 dB.
        public var levelSnapDecibels: Double = 1
        public init() {}
    }

    public struct Cues: Hashable, Sendable, Codable {
        /// Whether cues make a sound. Default on.
        public var soundEnabled = true
        /// Loudness of cue sounds, 0 … 1. Default 0.5.
        public var volume: Double = 0.5
        /// Whether cues rumble an SDL haptic device when one is present. Default on.
        public var hapticsEnabled = true
        /// Strength of the rumble, 0 … 1 (scaled per cue). Default 0.6.
        public var hapticStrength: Double = 0.6
        /// Sample rate of the synthesised cue sounds. Default 48,000 Hz.
        public var sampleRate: Int = 48_000
        /// Cues that make no sound (and no rumble), by name: selection, impactLight, impactMedium,
        /// impactRigid, impactSoft, success, warning, error. Default none.
        public var silenced: [String] = []
        public init() {}
    }

    public struct Window: Hashable, Sendable, Codable {
        /// Margin around the device frame when the window is larger than the phone, in points. Default 28 pt.
        public var deviceMargin: Double = 28
        /// Width of the device frame's bezel, in points. Default 12 pt.
        public var bezelWidth: Double = 12
        /// Corner radius of the device's screen, in points. Default 44 pt.
        public var screenCornerRadius: Double = 44
        /// Share of the display's height the window may take when choosing a scale. Default 0.9.
        public var maximumDisplayShare: Double = 0.9
        /// Present in step with the display's refresh (no tearing). Off, a picture is shown as soon
        /// as it is drawn: input-to-present latency drops by up to a refresh (7 ms at the median
        /// in Docs/Benchmarks.md), at the price of tearing while things move. A study knob, live.
        /// Default on.
        public var vsync = true
        public init() {}
    }

    public struct Media: Hashable, Sendable, Codable {
        /// Memory for media, in megabytes: decoded pictures (canvas frames, filmstrip thumbnails;
        /// the least recently used go first) plus the open decoders' working memory. Default 256 MB.
        public var cacheBudgetMegabytes: Double = 256
        /// Exported videos (`replay --video`, `tactile videos`): frames H.264's rate control looks
        /// ahead. More make smaller files and hold more memory (each about six pictures' worth:
        /// 8 MB at scale 2); 0 turns its macroblock tree off. Default 3.
        public var exportLookahead: Int = 3
        /// Exported videos: B-frames between reference frames (each held in memory too). Default 0.
        public var exportBFrames: Int = 0
        /// Threads each video decoder may use; 0: one per core (each holds frames of its own, so
        /// fewer use less memory; a video export uses 1). Default 0.
        public var decodeThreads: Int = 0
        /// Longest side of the frames decoded for the canvas and the trim preview, in pixels.
        /// Default 960 px (the canvas at 2× is about 720 px wide).
        public var canvasPictureSize: Int = 960
        /// Height of filmstrip thumbnails, in pixels. Default 96 px (a 48 pt track at 2×).
        public var thumbnailPixelHeight: Int = 96
        /// Height of the poster pictures in the media browser, in pixels. Default 192 px (a 96 pt tile at 2×).
        public var posterPixelHeight: Int = 192
        /// Waveform resolution: peaks per second of sound. Default 100.
        public var waveformBucketsPerSecond: Int = 100
        /// Scrubbing bar: vertical distances from the bar (points) where the speed drops, and the
        /// speeds. Defaults 0, 50, 100, 150 pt → 1, 0.5, 0.25, 0.1 (as iOS's media scrubber).
        public var fineScrubDistances: [Double] = [0, 50, 100, 150]
        public var fineScrubSpeeds: [Double] = [1, 0.5, 0.25, 0.1]
        /// Sample rate of playback audio. Default 48,000 Hz.
        public var playbackSampleRate: Int = 48_000
        /// Audio buffered ahead while playing, in seconds. Default 0.1 s.
        public var playbackAudioLead: Double = 0.1
        /// Decoders kept open at once across all files (canvas, trim preview, filmstrips); the least
        /// recently used closes first. Each 1080p H.264 decoder holds tens of megabytes. Default 4.
        public var openDecoderLimit: Int = 4
        /// Make an all-keyframe proxy of every long-GOP video in the background (into the cache
        /// folder), so scrubbing decodes one small frame per request. Default true.
        public var makeProxies: Bool = true
        /// Longest side of proxy frames, in pixels. Default 720 px (the canvas at 2×).
        public var proxyPictureSize: Int = 720
        /// JPEG quantiser of proxy frames, 2 (best, biggest) to 31. Default 4.
        public var proxyQuality: Int = 4
        /// Disk space proxies may take, in megabytes; the least recently used are deleted first.
        /// Default 4,096 MB.
        public var proxyBudgetMegabytes: Double = 4096
        /// Length of a proxy segment, in seconds of footage: segments are made where the user
        /// looks first and used as soon as each is written. Default 1 s.
        public var proxySegmentSeconds: Double = 1
        /// Threads making proxy segments, at idle priority (they only use cores nothing else
        /// wants). 0: one per core. Default 0.
        public var proxyMakers: Int = 0
        /// Footage either side of the playhead and the trim edge made before the filmstrip and the
        /// rest, in seconds. Default 4 s.
        public var proxyAroundSeconds: Double = 4
        /// How far ahead a proxy maker decodes on to what is wanted next rather than seek to it,
        /// in seconds. Default 2 s.
        public var proxyReachSeconds: Double = 2
        /// How near before the frame the user looks at a proxy maker starts writing: farther
        /// away, and while that frame is not made, it decodes towards it without writing (a
        /// written frame costs several decoded ones), unless the finger moves back (it will want
        /// those frames next). In frames; default 8.
        public var proxySprintFrames: Int = 8
        /// Frames after which a playhead or trim edge nobody looks at any more stops steering the
        /// proxy makers. Default 30 (half a second at 60 Hz).
        public var proxyInterestFrames: Int = 30
        /// While a finger scrubs where no proxy is yet, decode at reduced cost (no loop filter,
        /// frames nothing refers to skipped, fast scaling) and mark the picture as not exact; the
        /// exact frame follows when the finger rests. Default true.
        public var quickScrubDecode: Bool = true
        /// Frames the exact decoder decodes on to a scrub's frame rather than show a quick
        /// picture (forward steps and playback stay exact). Default 4.
        public var quickScrubCheapFrames: Int = 4
        /// Longest side of quick scrub pictures, in pixels (every frame a quick decode passes is
        /// kept at this size, so a finger going back finds it). Default 480 px.
        public var quickPictureSize: Int = 480
        /// How many frames before the finger's a kept picture may be and still show while the
        /// finger moves (frames nothing refers to are skipped by quick decoding). Default 3.
        public var quickScrubNearestFrames: Int = 3
        /// How long the finger stays on one frame before it rests: then the exact frame is
        /// decoded, before it quick pictures show. A redraw sooner than this (the cache waking
        /// the window with a picture) does not count as a rest. In milliseconds; default 12
        /// (less than a frame at 60 Hz).
        public var scrubRestMilliseconds: Double = 12
        /// How far a track that ducks (music) is lowered while another track's sound plays, in
        /// decibels. Default −12 dB.
        public var duckDecibels: Double = -12
        /// How long the ducked level takes to ease down or back up, in seconds. Default 0.25 s.
        public var duckRampSeconds: Double = 0.25
        /// When the finger rests where a proxy maker is about to write the frame, the canvas
        /// waits for its segment; if the maker makes no progress for this long, in milliseconds,
        /// the file is decoded instead. Default 40 ms.
        public var proxyWaitStallMilliseconds: Double = 40
        public init() {}
    }

    public struct Appearance: Hashable, Sendable, Codable {
        /// The chrome's language and number format, as a locale: "en", "ar_EG" (Arabic, right to
        /// left: the chrome mirrors, the timeline does not), "de_DE". Empty: from the environment
        /// (`LC_ALL`, `LC_MESSAGES`, `LANG`; `--locale` overrides both). Languages without a
        /// table show English. Default "".
        public var locale = ""
        /// Colours as "#RRGGBB". Defaults: a dark theme in the manner of modern phone editors.
        /// The screen's background. Default "#0B0B0F".
        public var background = "#0B0B0F"
        /// Bars and panels. Default "#16161D".
        public var surface = "#16161D"
        /// Buttons and tiles on a panel. Default "#202029".
        public var surfaceRaised = "#202029"
        /// Primary text. Default "#F2F2F7".
        public var textPrimary = "#F2F2F7"
        /// Secondary text. Default "#9A9AA8".
        public var textSecondary = "#9A9AA8"
        /// Buttons, highlights. Default "#0A84FF".
        public var accent = "#0A84FF"
        /// The selection frame, its handles and the snap guides: a bold blue, as the trimming
        /// article's editor has it. Default "#2F6BFF".
        public var selection = "#2F6BFF"
        /// The icons and grooves drawn on the selection's handles and frame. Default "#FFFFFF".
        public var selectionInk = "#FFFFFF"
        /// Warnings: frames that came late in the frame monitor. Default "#FFD60A".
        public var warning = "#FFD60A"
        /// The playhead. Default "#FFFFFF".
        public var playhead = "#FFFFFF"
        /// Errors. Default "#FF453A".
        public var danger = "#FF453A"
        /// A task done. Default "#30D158".
        public var success = "#30D158"
        /// The desk around the phone. Default "#2A2D34".
        public var desk = "#2A2D34"
        /// Touch indicators. Default "#FFFFFF".
        public var touches = "#FFFFFF"
        public init() {}
    }

    public struct Touchscreen: Hashable, Sendable, Codable {
        /// Use only touch devices whose name contains this text (case-insensitive); empty uses
        /// every device. `tactile run` logs the names it finds. Default "".
        public var deviceName = ""
        /// How the panel is turned against the display, clockwise: 0, 90, 180 or 270 degrees. Default 0.
        public var rotation: Int = 0
        /// Calibration, applied after rotation in fractions of the window (0 … 1):
        /// x' = x × scaleX + offsetX, y' = y × scaleY + offsetY. Defaults 1, 1, 0, 0.
        public var scaleX: Double = 1
        public var scaleY: Double = 1
        public var offsetX: Double = 0
        public var offsetY: Double = 0
        /// A full calibration (what `tactile calibrate` writes), applied last, in libinput's order:
        /// x' = a·x + b·y + c, y' = d·x + e·y + f, in fractions of the window — it can turn, mirror
        /// and shear as well as scale and move. Default [1, 0, 0, 0, 1, 0] (none).
        public var calibrationMatrix: [Double] = [1, 0, 0, 0, 1, 0]
        /// Regions of the panel whose touches are ignored (bezels that report phantom touches),
        /// in the panel's own fractions (0 … 1, before rotation): {"x","y","width","height"}. Default none.
        public var ignoreRegions: [Region] = []
        /// Moves shorter than this from a finger's last reported point are dropped, in points. Default 0 (off).
        public var jitterThreshold: Double = 0
        public init() {}

        /// A rectangle in fractions of the panel.
        public struct Region: Hashable, Sendable, Codable {
            public var x: Double, y: Double, width: Double, height: Double
            public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
        }
    }

    public struct Overlays: Hashable, Sendable, Codable {
        /// Draw touch indicators live (`--show-touches`). Exported videos always have them. Default false.
        public var showTouches = false
        /// Show the time of day in the phone's status bar, as a phone does, in the window (headless
        /// runs and replays show none, so their pictures do not depend on when they ran). It is
        /// redrawn on the seed's `.everyMinute` schedule. Default true.
        public var statusBarClock = true
        /// Radius of a touch indicator's circle, in points. Default 22 pt (a fingertip).
        public var touchRadius: Double = 22
        /// How long a touch indicator's trail lasts, in seconds. Default 0.35 s.
        public var trailDuration: Double = 0.35
        /// How long the circle takes to fade after the finger lifts, in seconds. Default 0.25 s.
        public var liftFadeDuration: Double = 0.25
        /// Draw the pointer location overlay (as Android's developer option): a crosshair, dot and
        /// trail for each finger under a header with the count, position, velocity and pressure. Default false.
        public var pointerLocation = false
        /// Most points of a finger's path the pointer location overlay keeps (older ones drop off). Default 300.
        public var pointerTrailLength = 300
        /// Draw the frame monitor (`--monitor`): frames per second, frame interval, frame time and
        /// input events per frame as small graphs, and what the frame loop waits for. Default false.
        public var monitor = false
        /// How many recent frames the frame monitor graphs. Default 120 (two seconds at 60 fps).
        public var monitorHistory = 120
        /// Draw the gesture-arena debugger (`--arena`): each finger's slop circles, the recognisers
        /// competing for it, the winner and the rule that decided, the losers fading, long-press and
        /// double-tap timers as shrinking rings, and a panel of the last decisions. Default false.
        public var arena = false
        /// How long a decision stays beside the finger, fading, in seconds. Default 1.5 s.
        public var arenaFade: Double = 1.5
        /// How many recent decisions the arena debugger's panel lists. Default 4.
        public var arenaHistory = 4
        public init() {}
    }

    public struct Session: Hashable, Sendable, Codable {
        /// Record every session into a new folder under this one (as `run --record`); empty: off. Default "".
        public var recordFolder = ""
        /// Open files kept in reserve for the program's own (projects, recordings, media, the
        /// window): the servers' connection caps are lowered when the process's limit
        /// (`ulimit -n`, raised to its hard limit at start) would not leave this many. Default 256.
        public var reservedFiles: Int = 256
        /// Save the project after every edit (atomically), and bring it back on the next start
        /// when a session ended without closing (a crash, a power cut, kill -9). Default true.
        public var autosave = true
        /// Where autosaves go; empty: $XDG_DATA_HOME/tactile/autosave (~/.local/share/tactile/autosave). Default "".
        public var autosaveFolder = ""
        /// How often the configuration file is checked for changes, in seconds. Default 0.5 s.
        public var configurationPollInterval: Double = 0.5
        /// A test plan to run (as `run --plan`; see Docs/Studies.md, "Task runs"); empty: none. Default "".
        public var plan = ""
        /// How long a task's outcome ("Done", "Skipped", "Time's up") shows before the next task, in seconds. Default 1.5 s.
        public var taskDonePause: Double = 1.5
        /// Projects recovered from sessions that ended unexpectedly (`recovered-<date>.json` in the
        /// autosave folder) kept at most; the oldest are deleted first. Default 20.
        public var keepRecoveredProjects: Int = 20
        public init() {}
    }

    public struct Study: Hashable, Sendable, Codable {
        /// Taps that make a rage tap: this many or more, each within `rageTapInterval` of the last
        /// and within `rageTapRadius` of the first (PostHog and UXCam count the same way). Default 3.
        public var rageTapCount = 3
        /// The longest pause between the taps of a rage tap, in seconds. Default 0.3 s.
        public var rageTapInterval: Double = 0.3
        /// How far from the first tap the taps of a rage tap may land, in points. Default 30 pt.
        public var rageTapRadius: Double = 30
        /// A miss at most this far from an interactive element is a near miss of that element, in points. Default 12 pt.
        public var nearMissDistance: Double = 12
        /// A frame whose input-to-present latency passes this is a freeze (measured in a window), in milliseconds. Default 100 ms.
        public var freezeThreshold: Double = 100
        /// The port of the live observer page `study run` serves (participant, task and timer, the
        /// log as it happens, the screen, marker buttons); 0: off. Default 0.
        public var observerPort: Int = 0
        /// The address the observer page listens on: "127.0.0.1" (this machine only) or "0.0.0.0"
        /// (the lab's network too). Either way its address carries a random token printed at start. Default "127.0.0.1".
        public var observerHost = "127.0.0.1"
        /// Most connections the observer page keeps open at once (pages, their live sockets,
        /// pictures); more wait in the kernel's queue until one closes. Default 16.
        public var observerMaxConnections: Int = 16
        /// A connection to the observer page not answered within this long of opening or of
        /// its last answer is closed, in seconds; a page's live socket is exempt (its pings find
        /// a page that went). Default 10 s.
        public var observerClientTimeout: Double = 10
        /// Record the microphone (think-aloud) into each recorded session's folder, on the session's
        /// clock (as `run --record-audio`); `replay --video` lays it under the picture. Default false.
        public var recordAudio = false
        public init() {}
    }

    public struct Export: Hashable, Sendable, Codable {
        /// The folder the Export sheet writes movies into ("~" is the home folder); made when
        /// missing. Default "~/Videos/Tactile".
        public var folder = "~/Videos/Tactile"
        /// The sheet's first size: "720p", "1080p" or "4K" (the shorter side, in the project's
        /// aspect). Default "1080p".
        public var size = "1080p"
        /// The sheet's first frame rate: 24, 25, 30 or 60. Default 30.
        public var framesPerSecond = 30
        /// The sheet's first quality: "draft", "standard" or "high". Default "standard".
        public var quality = "standard"
        /// H.264 constant-rate factor of the draft quality (lower: better and bigger). Default 28.
        public var draftCRF = 28
        /// H.264 constant-rate factor of the standard quality. Default 23.
        public var standardCRF = 23
        /// H.264 constant-rate factor of the high quality (18 looks like the source to most eyes). Default 18.
        public var highCRF = 18
        /// x264's speed preset, "ultrafast" … "veryslow": slower presets make smaller files of the
        /// same quality. Default "veryfast".
        public var encoderPreset = "veryfast"
        /// The sound's AAC bit rate (stereo), in kbit/s. Default 160.
        public var audioKilobits = 160
        /// Threads drawing what an export cannot compose straight from YUV (the overlays' layer,
        /// frames with clips without media or with video that needs turning upright), side by
        /// side; 0: one per core (quicker for projects of such clips, at about 10 MB more each
        /// at 1080p). Default 1.
        public var drawThreads = 1
        /// How often the editor shows an export's progress while it runs, in seconds. Default 0.25 s.
        public var progressRefreshSeconds = 0.25
        /// Threads each video decoder uses during an export (0: one per core). Each thread holds
        /// frames of its own, and the drawing threads keep the cores busy already. Default 1.
        public var decodeThreads = 1
        public init() {}
    }

    public struct Feel: Hashable, Sendable, Codable {
        /// Where the touch settings start from: "tactile" (Tactile's own values), "ios" or
        /// "android" (the platforms' published values; see `FeelPreset`). A preset sets the
        /// input and scrolling keys it names; keys the file sets itself win over it, so a variant
        /// can start from a preset and change one key. Default "tactile".
        public var preset = "tactile"
        /// Latency added to every input, in milliseconds: events are held back this long before
        /// the editor sees them (the frame loop wakes exactly when one is due), as the touch
        /// latency studies did (Ng et al. 2012, Jota et al. 2013). Recordings keep the events as
        /// they arrived, and replays hold them back the same. Default 0 ms.
        public var addedLatency: Double = 0
        /// The most frames a second animations ask for (a fling coasting, a spring, a sheet
        /// sliding), through the animation schedule's minimum interval: 120, 60 or 30 to compare
        /// how smoothness feels. The display's refresh rate still caps what is shown. Default 60.
        public var maxFrameRate: Int = 60
        /// The player bar's timecode: "down" (never claims time not yet reached, as the trimming
        /// article argues) or "nearest". Default "down".
        public var timecodeRounding = "down"
        /// Dots between the ruler's labels (the article's ruler) or bare labels. Default true.
        public var rulerDots = true
        /// Whether a snap shows its dotted guide on the timeline and the canvas (the article's
        /// feedback, switchable to test what it is worth). Default true.
        public var snapGuide = true
        /// Whether a snap gives its cue (sound, pulse, rumble); the log counts snaps either way. Default true.
        public var snapCue = true
        /// Trim handles outside the selected clip's edges (the article's choice: the clip's
        /// picture stays whole) or inside them (as many editors draw them). Default false (outside).
        public var handlesInside = false
        /// What a clip moved onto others does: "block" (it stops at its neighbours, in the nearest
        /// gap it fits), "push" (it pushes the clips after it to the right) or "ripple" (a magnetic
        /// track: the gap it leaves closes and it is inserted where it lands). Default "block".
        public var movePolicy = "block"
        /// While playing or under a finger, in live cadence, the player bar's timecode counts
        /// frames ("0:03:12"); at rest or in a slower cadence (a hidden window) whole seconds.
        /// Off: always whole seconds. Default true.
        public var timecodeFrames = true
        /// The frames that timecode counts per second. Default 30.
        public var timecodeFrameRate = 30
        /// Snap only to points on screen (the article's choice: nothing pulls towards what the user
        /// cannot see) or to every point, on screen or not. Default true.
        public var snapVisibleOnly = true
        /// Predicted touches: "off", "linear" (the velocity tracker's straight line) or "kalman" (a
        /// constant-velocity Kalman filter per axis). Drags, scrolls, trims and scrubs are drawn
        /// where the finger is predicted to be when the frame is shown; the project, the log and
        /// the decisions at lift use real positions only. Default "off".
        public var prediction = "off"
        /// How far ahead to predict, in milliseconds; 0: the window's measured time from a frame's
        /// start to its present (one 60 Hz frame until measured, and in replays). Default 0.
        public var predictionHorizon: Double = 0
        /// The farthest a prediction may lead the real finger, in points. Default 40 pt.
        public var predictionMaximumDistance: Double = 40
        /// The Kalman filter's process noise (the finger's unknown acceleration, pt²/s³) and
        /// measurement noise (the panel's jitter, pt²). Defaults 200,000 and 1: on generated drags
        /// at 60 Hz this beats the straight line on jitter, curves and flings alike (Docs/Benchmarks.md).
        public var kalmanProcessNoise: Double = 200_000
        public var kalmanMeasurementNoise: Double = 1
        public init() {}
    }

    /// A kiosk's opening hours: each weekday "" (open all day), "closed", or spans like
    /// "09:00-18:00" or "09:00-12:30, 13:30-18:00", local time. Default "" every day.
    public struct Schedule: Hashable, Sendable, Codable {
        public var monday = "", tuesday = "", wednesday = "", thursday = "", friday = "", saturday = "", sunday = ""
        public init() {}
        /// The days' texts, Monday first, with their names.
        public var days: [(name: String, text: String)] {
            [("monday", monday), ("tuesday", tuesday), ("wednesday", wednesday), ("thursday", thursday), ("friday", friday),
             ("saturday", saturday), ("sunday", sunday)]
        }
    }

    public struct Kiosk: Hashable, Sendable, Codable {
        /// Idle time after which the visitor's session is saved, the demo comes back and the
        /// attract loop starts, in seconds (a study in kiosk mode lets the participant go). Default 90 s.
        public var idleTimeout: Double = 90
        /// A study in kiosk mode (`study run --kiosk`): how long the thank-you shows before the
        /// next visitor's consent, in seconds. Default 10 s.
        public var studyResetAfter: Double = 10
        /// Fingers held down together to ask for the way out; 0 turns the hold off. Default 5.
        public var exitFingers: Int = 5
        /// How long they must stay down, in seconds. Default 3 s.
        public var exitHoldDuration: Double = 3
        /// Another way out: taps on the screen's corners in this order ("topLeft", "topRight",
        /// "bottomLeft", "bottomRight"); empty: off. Default none.
        public var exitCornerSequence: [String] = []
        /// Size of the corner squares the sequence is tapped in, in points. Default 64 pt.
        public var exitCornerSize: Double = 64
        /// Longest time to tap the whole corner sequence, in seconds. Default 6 s.
        public var exitCornerTimeout: Double = 6
        /// A PIN asked for after the exit gesture, in plain text (digits only); empty: none. Kept
        /// for older files: `tactile config --set-pin FILE` replaces it with `pinHash`. Never written
        /// into a recording. Default "".
        public var pin = ""
        /// The PIN asked for after the exit gesture, as a salted slow hash (yescrypt, `$y$…`), set
        /// by `tactile config --set-pin FILE` (which also makes the file readable by its owner
        /// only); empty: none. Never written into a recording. Default "".
        public var pinHash = ""
        /// How many digits the hashed PIN has (the pad judges once that many are typed); set with
        /// `pinHash`. Default 0.
        public var pinDigits: Int = 0
        /// How long the PIN pad waits for the next digit before it closes, in seconds. Default 20 s.
        public var pinTimeout: Double = 20
        /// Size of a PIN pad key, in points (smaller on a narrow screen). Default 76 pt.
        public var pinKeySize: Double = 76
        /// Wrong PINs in a row before the pad locks. Default 5.
        public var pinAttempts: Int = 5
        /// How long the pad stays locked after `pinAttempts` wrong PINs, in seconds; it stays locked
        /// when closed and opened again. Default 60 s.
        public var pinLockoutDuration: Double = 60
        /// The trace the attract loop replays; empty: the built-in tour (Assets/Traces/attract.jsonl). Default "".
        public var attractTrace = ""
        /// Pause between rounds of the attract loop, in seconds. Default 3 s.
        public var attractPause: Double = 3
        /// Where visitors' sessions are saved; empty: $XDG_DATA_HOME/tactile/kiosk-sessions. Default "".
        public var sessionsFolder = ""
        /// Most visitor sessions kept; the oldest are deleted first. Default 5,000.
        public var keepSessions: Int = 5000
        /// How long each half of the attract loop's invitation pulse lasts (bright, then dim), in
        /// seconds: the loop wakes only when it changes. Default 1 s.
        public var invitationPulse: Double = 1
        /// After the attract loop has played this long with nobody touching, in seconds, the screen
        /// dims: the tour stops and the frame loop goes into low-frequency mode (no frames at all)
        /// until a touch; 0: never. Default 600 s.
        public var dimAfter: Double = 600
        /// How dark the dimmed screen is: the black laid over the last picture, 0 … 1. Default 0.85.
        public var dimOpacity: Double = 0.85
        /// Opening hours, a key a weekday (`kiosk.schedule.monday` …), local time: "" (open all day),
        /// "closed", or spans like "09:00-18:00" or "09:00-12:30, 13:30-18:00". Outside them the
        /// screen is black and the frame loop draws nothing; a touch wakes it for a visitor. Default "".
        public var schedule = Schedule()
        /// How long a touch outside opening hours keeps the kiosk awake after the last touch, in
        /// seconds (instead of `idleTimeout`, when shorter). Default 120 s.
        public var closedWake: Double = 120
        /// A nightly clean restart at this time of day ("04:00"; "" for none): the visitor's session
        /// saved, then an exit with status 75, which the systemd unit restarts on. A visitor at the
        /// screen is never cut off: the restart waits until they leave. Default "".
        public var restartAt = ""
        /// Burn-in protection: during the attract loop, while dimmed and on a visitor's screen left
        /// untouched for a whole interval, the picture moves by up to this many points every
        /// `burnInInterval` seconds, never while a visitor touches it; 0: off.
        /// Default 4 pt, every 180 s.
        public var burnInShift: Double = 4
        public var burnInInterval: Double = 180
        /// Serve `/health`, `/metrics` (Prometheus) and `/screenshot.png` on this port; 0: off.
        /// Default 0.
        public var healthPort: Int = 0
        /// The address it listens on: "127.0.0.1" (this machine only) or, for a dashboard on the
        /// LAN, "0.0.0.0". Default "127.0.0.1".
        public var healthHost = "127.0.0.1"
        /// `/health` says degraded when the frame loop has not come round for this long (it
        /// wakes at least three times as often even when idle), in seconds. Default 15 s.
        public var healthStallAfter: Double = 15
        /// … or when less than this is free where sessions are saved, in megabytes. Default 200 MB.
        public var healthLowSpace: Double = 200
        /// Most connections the health server keeps open at once; more wait in the kernel's
        /// queue until one closes, costing the program no file. Default 16.
        public var healthMaxConnections: Int = 16
        /// A connection to the health server not answered within this long of opening or of its
        /// last answer is closed (an idle keep-alive, a client sending nothing or a byte at a
        /// time), in seconds. Default 10 s.
        public var healthClientTimeout: Double = 10
        public init() {}
    }
}

extension TactileConfiguration {
    /// This configuration as a recording keeps it: the kiosk's PIN (plain or hashed) left out,
    /// only its length kept, so a replay shows the same pad.
    public var withoutSecrets: TactileConfiguration {
        var c = self
        if !c.kiosk.pin.isEmpty { c.kiosk.pinDigits = c.kiosk.pin.count }
        c.kiosk.pin = ""
        c.kiosk.pinHash = ""
        return c
    }
}
