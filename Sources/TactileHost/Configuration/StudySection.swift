import TactileCore

extension TactileConfiguration {
    /// Usability studies (`tactile study run`, `tactile report STUDY_DIR`): the frustration
    /// signals' thresholds.
    public var study: Study {
        get { self[section: Study.self] }
        set { self[section: Study.self] = newValue }
    }

    public struct Study: ConfigurationSection {
        public static let key = "study"
        /// Taps that make a rage tap: this many or more, each within `rageTapInterval` of the last
        /// and within `rageTapRadius` of the first (PostHog and UXCam count the same way). Default 3.
        public var rageTapCount = 3
        /// The longest pause between the taps of a rage tap, in seconds. Default 0.3 s.
        public var rageTapInterval: Double = 0.3
        /// How far from the first tap the taps of a rage tap may land, in points. Default 30 pt.
        public var rageTapRadius: Double = 30
        /// A miss at most this far from an interactive element is a near miss of that element, in points. Default 12 pt.
        public var nearMissDistance: Double = 12
        /// A frame whose input-to-present latency passes this (beyond any `feel.addedLatency`, which
        /// is held back on purpose) is a freeze (measured in a window), in milliseconds. Default 100 ms.
        public var freezeThreshold: Double = 100
        /// The port of the live observer page `study run` serves (participant, task and timer, the
        /// log as it happens, the screen, marker buttons); 0: off. Default 0.
        public var observerPort: Int = 0
        /// The address the observer page listens on: "127.0.0.1" (this machine only) or "0.0.0.0"
        /// (the lab's network too). Either way its address carries a random token printed at start. Default "127.0.0.1".
        public var observerHost = "127.0.0.1"
        /// Most connections the observer page keeps open at once (pages, their live sockets,
        /// pictures); more wait in the kernel's queue. Once three quarters are taken, each new one
        /// closes the connection that has waited longest without a request. Default 64.
        public var observerMaxConnections: Int = 64
        /// A connection to the observer page whose request headers have not arrived within this
        /// long of opening or of its last answer is closed, in seconds. Default 1 s.
        public var observerHeaderDeadline: Double = 1
        /// A request to the observer page not answered within this long of its headers is
        /// closed, in seconds; a page's live socket is exempt (its pings find a page that went).
        /// Default 10 s.
        public var observerClientTimeout: Double = 10
        /// Most live sockets (observer pages open) at once, apart from the other connections:
        /// past it the oldest is closed (a page reconnects by itself). Default 4.
        public var observerMaxLiveSockets: Int = 4
        /// Markers and notes one observer page may send a second, on average (20 at once); more
        /// are refused with a reason and never logged. Default 5.
        public var observerMarkersPerSecond: Double = 5
        /// An observer's marker or note that waited in the page's outbox (the page was disconnected)
        /// is logged at the moment it was made, at most this long before it arrived, in seconds
        /// (its `queued` field says how long it waited). Default 600 s.
        public var observerLateMarkerLimit: Double = 600
        /// How many of the observer pages' markers and notes the program remembers by id, so one
        /// sent again after a reconnect is acknowledged again, never logged twice. Default 1000.
        public var observerRememberedMarkers: Int = 1000
        /// How long a saved marker or note stays in the observer page's outbox before it fades, in
        /// seconds (the ticker keeps it). Default 5 s.
        public var observerSavedShownFor: Double = 5
        /// `tactile clips`: seconds of video before a marker (or a task's start) and after it (or
        /// its judgement). Defaults 5 s and 10 s.
        public var clipBefore: Double = 5, clipAfter: Double = 10
        /// Record the microphone (think-aloud) into each recorded session's folder, on the session's
        /// clock (as `run --record-audio`); `replay --video` lays it under the picture. Default false.
        public var recordAudio = false
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
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "rageTapCount": .init(2, 20),
            "rageTapInterval": .seconds(0.05, 5),
            "rageTapRadius": .points(1, 500),
            "nearMissDistance": .points(0, 200),
            "freezeThreshold": .init(16, 10_000, unit: "ms"),
            "observerPort": .init(0, 65_535),
            "observerMaxConnections": .init(1, 1000),
            "observerClientTimeout": .seconds(0.5, 600),
            "observerHeaderDeadline": .seconds(0.1, 60),
            "observerMaxLiveSockets": .init(1, 100),
            "observerMarkersPerSecond": .init(0.1, 1000, unit: "/s"),
            "observerLateMarkerLimit": .seconds(1, 86_400),
            "observerRememberedMarkers": .init(10, 1_000_000),
            "observerSavedShownFor": .seconds(0.5, 600),
            "clipBefore": .seconds(0, 600),
            "clipAfter": .seconds(0, 600),
        ]
    }
}
