import TactileCore

extension TactileConfiguration {
    /// The timeline's scale.
    public var timeline: Timeline {
        get { self[section: Timeline.self] }
        set { self[section: Timeline.self] = newValue }
    }

    public struct Timeline: ConfigurationSection {
        public static let key = "timeline"
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
        /// A clip or handle picked up inside that margin scrolls the timeline only once the finger
        /// has moved this much further towards the edge than where it landed (so a clip carried
        /// straight to another track, or a fine trim by the edge, leaves it still), in points.
        /// Default 12 pt.
        public var autoScrollLandingSlack: Double = 12
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

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if minimumPointsPerSecond > maximumPointsPerSecond {
                out.append(.init(key: "timeline.minimumPointsPerSecond", "must not be more than timeline.maximumPointsPerSecond"))
            }
            if !ScrollPhysics.flingAccelerations.contains(physics.flingAcceleration) {
                out.append(
                    .init(
                        key: "timeline.physics.flingAcceleration",
                        "must be \"none\", \"momentum\" or \"flywheel\", not \"\(PrintableText.of(physics.flingAcceleration, limit: 40))\""))
            }
            if !ScrollPhysics.overscrolls.contains(physics.overscroll) {
                out.append(
                    .init(key: "timeline.physics.overscroll", "must be \"bounce\" or \"stretch\", not \"\(PrintableText.of(physics.overscroll, limit: 40))\""))
            }
            return out
        }
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "pointsPerSecond": .init(0.1, 10_000, unit: "pt/s"),
            "minimumPointsPerSecond": .init(0.1, 10_000, unit: "pt/s"),
            "maximumPointsPerSecond": .init(0.1, 10_000, unit: "pt/s"),
            "minimumRulerLabelSpacing": .points(10, 2000),
            "snapThreshold": .points(0, 100),
            "autoScrollMargin": .points(0, 200),
            "autoScrollLandingSlack": .points(0, 200),
            "autoScrollSpeed": .init(0, 20_000, unit: "pt/s"),
            "maximumTracksShare": .init(0.05, 1),
            "collapseResponse": .seconds(0.01, 10),
            "pulseDuration": .seconds(0.01, 10),
            "marchingAntsSpeed": .init(0, 1000, unit: "pt/s"),
            "physics.decelerationRate": .init(0.5, 0.9999),
            "physics.rubberBandCoefficient": .init(0.01, 2),
            "physics.bounceResponse": .seconds(0.01, 10),
            "physics.minimumVelocity": .init(0.1, 1000, unit: "pt/s"),
            "physics.momentumStillTime": .seconds(0, 10),
        ]
    }
}
