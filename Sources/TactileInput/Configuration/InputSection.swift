import TactileCore

extension TactileConfiguration {
    /// Touch thresholds.
    public var input: Input {
        get { self[section: Input.self] }
        set { self[section: Input.self] = newValue }
    }

    public struct Input: ConfigurationSection {
        public static let key = "input"
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

        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "tapSlop": .points(0, 200),
            "tapOutset": .points(0, 100),
            "panSlop": .points(0, 400),
            "trimSlop": .points(0, 100),
            "longPressSlop": .points(0, 200),
            "doubleTapSlop": .points(0, 400),
            "tapMaximumDuration": .seconds(0.05, 10),
            "longPressDuration": .seconds(0.05, 10),
            "doubleTapInterval": .seconds(0.05, 5),
            "velocityWindow": .seconds(0.01, 1),
            "maximumFlingSpeed": .init(10, 100_000, unit: "pt/s"),
        ]
    }
}
