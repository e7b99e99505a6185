import TactileCore

extension TactileConfiguration {
    public var study: Study {
        get { self[section: Study.self] }
        set { self[section: Study.self] = newValue }
    }

    public struct Study: ConfigurationSection {
        public static let key = "study"
        public static let about = "Usability studies (`tactile study run`, `tactile report STUDY_DIR`): the frustration signals' thresholds."
        @Setting(
            .init(2, 20),
            """
            Taps that make a rage tap: this many or more, each within `rageTapInterval` of the last and within
            `rageTapRadius` of the first (PostHog and UXCam count the same way).
            """)
        public var rageTapCount: Int = 3
        @Setting(.seconds(0.05, 5), "The longest pause between the taps of a rage tap, in seconds.")
        public var rageTapInterval: Double = 0.3
        @Setting(.points(1, 500), "How far from the first tap the taps of a rage tap may land, in points.")
        public var rageTapRadius: Double = 30
        @Setting(.points(0, 200), "A miss at most this far from an interactive element is a near miss of that element, in points.")
        public var nearMissDistance: Double = 12
        @Setting(
            .init(16, 10_000, unit: "ms"),
            """
            A frame whose input-to-present latency passes this (beyond any `feel.addedLatency`, which is held back on
            purpose) is a freeze (measured in a window), in milliseconds.
            """)
        public var freezeThreshold: Double = 100
        @Setting(
            .init(0, 65_535),
            """
            The port of the live observer page `study run` serves (participant, task and timer, the log as it happens, the
            screen, marker buttons); 0: off.
            """)
        public var observerPort: Int = 0
        @Setting(
            """
            The address the observer page listens on: "127.0.0.1" (this machine only) or "0.0.0.0" (the lab's network
            too). Either way its address carries a random token printed at start.
            """)
        public var observerHost: String = "127.0.0.1"
        @Setting(
            .init(1, 1000),
            """
            Most connections the observer page keeps open at once (pages, their live sockets, pictures); more wait in the
            kernel's queue. Once three quarters are taken, each new one closes the connection that has waited longest
            without a request.
            """)
        public var observerMaxConnections: Int = 64
        @Setting(
            .seconds(0.1, 60),
            """
            A connection to the observer page whose request headers have not arrived within this long of opening or of its
            last answer is closed, in seconds.
            """)
        public var observerHeaderDeadline: Double = 1
        @Setting(
            .seconds(0.5, 600),
            """
            A request to the observer page not answered within this long of its headers is closed, in seconds; a page's
            live socket is exempt (its pings find a page that went).
            """)
        public var observerClientTimeout: Double = 10
        @Setting(
            .init(1, 100),
            """
            Most live sockets (observer pages open) at once, apart from the other connections: past it the oldest is
            closed (a page reconnects by itself).
            """)
        public var observerMaxLiveSockets: Int = 4
        @Setting(
            .init(0.1, 1000, unit: "/s"),
            """
            Markers and notes one observer page may send a second, on average (20 at once); more are refused with a reason
            and never logged.
            """)
        public var observerMarkersPerSecond: Double = 5
        @Setting(
            .seconds(1, 86_400),
            """
            An observer's marker or note that waited in the page's outbox (the page was disconnected) is logged at the
            moment it was made, at most this long before it arrived, in seconds (its `queued` field says how long it
            waited).
            """)
        public var observerLateMarkerLimit: Double = 600
        @Setting(
            .init(10, 1_000_000),
            """
            How many of the observer pages' markers and notes the program remembers by id, so one sent again after a
            reconnect is acknowledged again, never logged twice.
            """)
        public var observerRememberedMarkers: Int = 1000
        @Setting(
            .seconds(0.5, 600),
            """
            How long a saved marker or note stays in the observer page's outbox before it fades, in seconds (the ticker
            keeps it).
            """)
        public var observerSavedShownFor: Double = 5
        @Setting(.seconds(0, 600), "`tactile clips`: seconds of video before a marker (or a task's start).")
        public var clipBefore: Double = 5
        @Setting(.seconds(0, 600), "`tactile clips`: seconds of video after a marker (or a task's judgement).")
        public var clipAfter: Double = 10
        @Setting(
            .init(1, 240, unit: "fps"),
            """
            `tactile clips`: the frame rate of a clip drawn from the trace (`--fps` overrides). A review clip needs no more
            than screen recorders give (30), and is made twice as fast as at the session's 60 Hz; a clip cut from the
            session's video keeps that video's rate.
            """)
        public var clipFramesPerSecond: Double = 30
        @Setting(
            """
            Record the microphone (think-aloud) into each recorded session's folder, on the session's clock (as `run
            --record-audio`); `replay --video` lays it under the picture.
            """)
        public var recordAudio: Bool = false
        public init() {}

        public func problems() -> [ConfigurationError] {
            guard !TactileConfiguration.isListeningAddress(observerHost) else { return [] }
            return [
                .init(
                    key: "study.observerHost",
                    "must be an address to listen on, like \"127.0.0.1\" or \"0.0.0.0\", not \"\(PrintableText.of(observerHost, limit: 40))\" (a port goes in study.observerPort)"
                )
            ]
        }
    }
}
