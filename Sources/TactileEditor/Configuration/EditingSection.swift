import TactileCore

extension TactileConfiguration {
    public var editing: Editing {
        get { self[section: Editing.self] }
        set { self[section: Editing.self] = newValue }
    }

    public struct Editing: ConfigurationSection {
        public static let key = "editing"
        public static let about = "Editing and playback."
        @Setting(.seconds(0.01, 3600), "Shortest clip an edit may leave, in seconds.")
        public var minimumClipDuration: Double = 0.5
        @Setting(.seconds(0.01, 86_400), "Length of a clip added from the toolbar when its media sets none, in seconds.")
        public var newClipDuration: Double = 3
        @Setting(.init(1, 240, unit: "fps"), "Frames per second requested while playing.")
        public var playbackFrameRate: Int = 30
        @Setting(.init(1, 100_000), "Undo steps kept.")
        public var undoLimit: Int = 200
        @Setting(.seconds(0, 3600), "How long a banner message stays, in seconds.")
        public var bannerDuration: Double = 4
        @Setting(
            .seconds(0, 3600),
            "How long the project list offers to undo a delete, in seconds (the project stays in the shelf's trash until Tactile next starts).")
        public var projectUndoDuration: Double = 8
        @Setting(.seconds(0, 3600), "How long the banner saying where a finished movie went stays, with its Show button.")
        public var exportBannerDuration: Double = 10
        @Setting(
            .seconds(0.1, 10),
            """
            How long a transition picked at a cut lasts, in seconds (shortened, with a note, where the clips have less
            footage to spare).
            """)
        public var transitionDuration: Double = 0.5
        @Setting(
            .seconds(0, 10),
            """
            While the transition picker is open, the canvas plays the cut's transition over and over, from this long
            before it to this long after it, in seconds.
            """)
        public var transitionPreviewLead: Double = 0.5
        @Setting(.init(0, 4), "How much the outgoing picture grows over a zoom transition (0.3: to 130 %).")
        public var transitionZoom: Double = 0.3
        @Setting(.seconds(0, 10), "How long the media browser sheet takes to slide up, in seconds.")
        public var browserSlideDuration: Double = 0.25
        @Setting(
            .init(0, 100, unit: "pt"),
            """
            How near an overlay's centre or edge snaps to the canvas's centre lines, edges and safe margins while it is
            dragged, in points on screen.
            """)
        public var overlaySnapThreshold: Double = 6
        @Setting(
            .init(0, 0.4),
            """
            The safe margin overlays snap to, as a share of the composition's width and height (the title-safe area of
            broadcast and phone editors).
            """)
        public var overlaySafeMargin: Double = 0.05
        @Setting(.init(0, 45, unit: "°"), "How near a turned overlay snaps to 0, 90, 180 or 270 degrees, in degrees.")
        public var overlayRotationSnap: Double = 5
        @Setting(.init(0, 200, unit: "pt"), "The smallest touch target an overlay keeps however small it is scaled, in points.")
        public var overlayMinimumTarget: Double = 44
        @Setting(
            """
            The first video track is the main track and magnetic, as CapCut's main track and iMovie's magnetic timeline: it
            never has a gap — a trim pulls in (or pushes out) the clips after it, a delete closes its hole, a clip dragged
            past its neighbour is inserted there and the others slide aside — and the overlays over a main clip move with
            it. False leaves it free, as the other tracks (for studies that compare the two).
            """)
        public var magneticMainTrack: Bool = true
        @Setting(.init(0, 12, unit: "dB"), "The volume slider (the clip sheet's Volume section) catches at 0 dB (as recorded) within this many decibels of it.")
        public var levelSnapDecibels: Double = 1
        @Setting(
            .seconds(0, 10),
            """
            A voice-over's count-in: seconds counted down (with a tick each second) between the record button and the
            recording, so the first word is not cut.
            """)
        public var voiceOverCountIn: Double = 3
        @Setting(.seconds(1, 7200), "The longest a voice-over records before it stops by itself, in seconds.")
        public var voiceOverLimit: Double = 600
        @Setting(
            .seconds(1, 600),
            """
            How long a stopped voice-over waits for its file to be written before it says it failed (a session without a
            microphone never hears back), in seconds.
            """)
        public var voiceOverSaveWait: Double = 10
        @Setting(.seconds(0.01, 5), "While it waits, how often it looks for the news, in seconds.")
        public var voiceOverSavePoll: Double = 0.1
        public init() {}

        public func problems() -> [ConfigurationError] {
            minimumClipDuration > newClipDuration ? [.init(key: "editing.minimumClipDuration", "must not be more than editing.newClipDuration")] : []
        }
    }
}
