import TactileCore

extension TactileConfiguration {
    public var timeline: Timeline {
        get { self[section: Timeline.self] }
        set { self[section: Timeline.self] = newValue }
    }

    public struct Timeline: ConfigurationSection {
        public static let key = "timeline"
        public static let about = "The timeline's scale."
        @Setting(.init(0.1, 10_000, unit: "pt/s"), "Zoom on opening: points per second of timeline.")
        public var pointsPerSecond: Double = 24
        @Setting(.init(0.1, 10_000, unit: "pt/s"), "Least zoom, points per second. (The default is CE.SDK's.)")
        public var minimumPointsPerSecond: Double = 6
        @Setting(.init(0.1, 10_000, unit: "pt/s"), "Most zoom, points per second. (The default is CE.SDK's.)")
        public var maximumPointsPerSecond: Double = 60
        @Setting(.points(10, 2000), "Least distance between two ruler labels, in points.")
        public var minimumRulerLabelSpacing: Double = 100
        @Setting(.points(0, 100), "How near an edge snaps, in points (the same at every zoom).", tune: .slider("Snap distance", 0...30, step: 1, rank: 5))
        public var snapThreshold: Double = 5
        @Setting(
            .points(0, 200),
            """
            How close to the timeline's left or right edge a dragged clip or handle starts scrolling the timeline, in
            points.
            """)
        public var autoScrollMargin: Double = 48
        @Setting(
            .points(0, 200),
            """
            A clip or handle picked up inside that margin scrolls the timeline only once the finger has moved this much
            further towards the edge than where it landed (so a clip carried straight to another track, or a fine trim by
            the edge, leaves it still), in points.
            """)
        public var autoScrollLandingSlack: Double = 12
        @Setting(.init(0, 20_000, unit: "pt/s"), "Fastest auto-scroll, at the very edge, in points per second.")
        public var autoScrollSpeed: Double = 400
        @Setting(.init(0.05, 1), "Most of the viewport's height the tracks may take before they scroll.")
        public var maximumTracksShare: Double = 0.36
        /// Scrolling physics: each of its settings is declared in `ScrollPhysics`.
        public var physics = ScrollPhysics()
        @Setting(.seconds(0.01, 10), "Response of the timeline's collapse and expand spring, in seconds.")
        public var collapseResponse: Double = 0.45
        @Setting(.seconds(0.01, 10), "Length of the visual pulse that marks a cue, in seconds.")
        public var pulseDuration: Double = 0.4
        @Setting(.init(0, 1000, unit: "pt/s"), "Speed of the marching ants and snap guides, in points per second.")
        public var marchingAntsSpeed: Double = 24
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if minimumPointsPerSecond > maximumPointsPerSecond {
                out.append(.init(key: "timeline.minimumPointsPerSecond", "must not be more than timeline.maximumPointsPerSecond"))
            }
            return out
        }
    }
}
