import TactileCore

extension TactileConfiguration {
    public var input: Input {
        get { self[section: Input.self] }
        set { self[section: Input.self] = newValue }
    }

    public struct Input: ConfigurationSection {
        public static let key = "input"
        public static let about = "Touch thresholds."
        @Setting(
            .points(0, 200),
            """
            How far a finger may wander and still tap, and how far it moves before a scroll or a clip move starts, in
            points. (The default: Flutter's kTouchSlop.)
            """, tune: .slider("Tap slop", 0...60, step: 1, rank: 1))
        public var tapSlop: Double = 18
        @Setting(.points(0, 400), "How far a finger moves before a free pan starts, in points. (The default: Flutter's kPanSlop.)")
        public var panSlop: Double = 36
        @Setting(
            .points(0, 100),
            """
            How far a finger on a trim handle moves before trimming starts, in points. The default: handles are precise
            tools and nothing else competes for them.
            """)
        public var trimSlop: Double = 4
        @Setting(.points(0, 100), "How far outside a button a finger may lift and still tap it, in points.")
        public var tapOutset: Double = 8
        @Setting(.seconds(0.05, 10), "Longest press that still counts as a tap, in seconds.")
        public var tapMaximumDuration: Double = 0.5
        @Setting(.seconds(0.05, 10), "How long a finger rests before a long press, in seconds.", tune: .slider("Long-press time", 0.1...2, step: 0.05, rank: 2))
        public var longPressDuration: Double = 0.5
        @Setting(.points(0, 200), "How far a resting finger may wander during a long press, in points.")
        public var longPressSlop: Double = 10
        @Setting(.seconds(0.05, 5), "Longest gap between the taps of a double tap, in seconds.", tune: .slider("Double-tap time", 0.1...1, step: 0.05, rank: 3))
        public var doubleTapInterval: Double = 0.3
        @Setting(.points(0, 400), "Farthest the second tap of a double tap may land from the first, in points.")
        public var doubleTapSlop: Double = 40
        @Setting(.seconds(0.01, 1), "The window over which finger velocity is measured, in seconds.")
        public var velocityWindow: Double = 0.1
        @Setting(
            .init(10, 100_000, unit: "pt/s"),
            """
            The fastest a finger's velocity is taken to be, in points per second (the default is Flutter's
            kMaxFlingVelocity): a panel that glitches (a finger jumping across the screen within a millisecond) cannot
            fling the timeline hours away.
            """)
        public var maximumFlingSpeed: Double = 8000
        @Setting(
            .init(0.9, 0.9999, unit: "/ ms"),
            """
            How a flung sheet (a scroll view: a sheet at large text, a form) slows: its speed is multiplied by this each
            millisecond (UIScrollView's normal rate).
            """)
        public var sheetDecelerationRate: Double = 0.998
        @Setting(
            .init(1, 10_000, unit: "pt/s"),
            "A sheet lifted slower than this does not fling, and a flung one stops once it is this slow, in points per second.")
        public var sheetFlingLeastSpeed: Double = 50
        public init() {}
    }
}
