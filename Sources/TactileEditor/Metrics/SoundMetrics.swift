import TactileCore
import TactileUI

extension ViewMetrics {
    /// The sound's sizes (see `Sound`).
    public var sound: Sound {
        get { self[group: Sound.self] }
        set { self[group: Sound.self] = newValue }
    }

    /// The selected clip's sound controls in the timeline: level line, fade handles, track buttons.
    public struct Sound: ViewMetricsGroup {
        /// The level line's and ramps' width, and the height of the strip round the line that takes drags. 2, 24 pt.
        public var lineWidth = 2.0, lineHit = 24.0
        /// A fade handle's radius, its distance below the row's top, the width of its hit area and
        /// the share of the row's height it takes (from the top; the level line takes the rest). 5, 3, 36 pt, 0.5.
        public var handleRadius = 5.0, handleTop = 3.0, handleHit = 36.0, handleHitShare = 0.5
        /// How far the fade handles and level line keep from the clip's edges at least (further
        /// when the trim handles' hit areas reach further in). 8 pt.
        public var edgeClearance = 8.0
        /// The level's label: height, text padding, gap from the line. 16, 12, 3 pt.
        public var labelHeight = 16.0, labelPadding = 12.0, labelGap = 3.0
        /// The band at the clip's top the level line stays below (the clip's title). 20 pt.
        public var lineTopReserve = 20.0
        /// The track's mute and duck buttons: size, their hit area's side (a finger's 44 pt), inset
        /// from the timeline's edge, gap. 30, 44, 2, 2 pt.
        public var trackButton = 30.0, trackButtonHit = 44.0, trackButtonInset = 2.0, trackButtonGap = 2.0
        public init() {}
    }
}
