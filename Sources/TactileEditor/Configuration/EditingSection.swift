import TactileCore

extension TactileConfiguration {
    /// Editing and playback.
    public var editing: Editing {
        get { self[section: Editing.self] }
        set { self[section: Editing.self] = newValue }
    }

    public struct Editing: ConfigurationSection {
        public static let key = "editing"
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
        /// How long the banner saying where a finished movie went stays, with its Show button. Default 10 s.
        public var exportBannerDuration: Double = 10
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
        /// How far a finger moves up or down to take a clip's level over its whole range
        /// (silence … +12 dB), in points: a fine drag, not the clip's own height (a 9 pt wobble
        /// moves it about 2 dB, not 20). Default 160 pt.
        public var levelDragTravel: Double = 160
        /// A voice-over's count-in: seconds counted down (with a tick each second) between the
        /// record button and the recording, so the first word is not cut. Default 3 s.
        public var voiceOverCountIn: Double = 3
        /// The longest a voice-over records before it stops by itself, in seconds. Default 600 s.
        public var voiceOverLimit: Double = 600
        /// How long a stopped voice-over waits for its file to be written before it says it failed
        /// (a session without a microphone never hears back), in seconds. Default 10 s.
        public var voiceOverSaveWait: Double = 10
        /// While it waits, how often it looks for the news, in seconds. Default 0.1 s.
        public var voiceOverSavePoll: Double = 0.1
        public init() {}

        public func problems() -> [ConfigurationError] {
            minimumClipDuration > newClipDuration ? [.init(key: "editing.minimumClipDuration", "must not be more than editing.newClipDuration")] : []
        }
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "minimumClipDuration": .seconds(0.01, 3600),
            "newClipDuration": .seconds(0.01, 86_400),
            "playbackFrameRate": .init(1, 240, unit: "fps"),
            "undoLimit": .init(1, 100_000),
            "bannerDuration": .seconds(0, 3600),
            "exportBannerDuration": .seconds(0, 3600),
            "browserSlideDuration": .seconds(0, 10),
            "transitionZoom": .init(0, 4),
            "transitionDuration": .seconds(0.1, 10),
            "transitionPreviewLead": .seconds(0, 10),
            "overlaySnapThreshold": .init(0, 100, unit: "pt"),
            "overlaySafeMargin": .init(0, 0.4),
            "overlayRotationSnap": .init(0, 45, unit: "°"),
            "overlayMinimumTarget": .init(0, 200, unit: "pt"),
            "levelSnapDecibels": .init(0, 12, unit: "dB"),
            "levelDragTravel": .points(20, 2000),
            "voiceOverCountIn": .seconds(0, 10),
            "voiceOverLimit": .seconds(1, 7200),
            "voiceOverSaveWait": .seconds(1, 600),
            "voiceOverSavePoll": .seconds(0.01, 5),
        ]
    }
}
