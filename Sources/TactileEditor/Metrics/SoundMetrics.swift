import TactileCore
import TactileUI

extension ViewMetrics {
    /// The sound's sizes (see `Sound`).
    public var sound: Sound {
        get { self[group: Sound.self] }
        set { self[group: Sound.self] = newValue }
    }

    /// What the selected clip's sound is set to, drawn on it in the timeline (its level line and
    /// fade ramps), and the badge on a muted track's clips.
    public struct Sound: ViewMetricsGroup {
        /// The level line's and ramps' width. 2 pt.
        public var lineWidth = 2.0
        /// The band at the clip's top the level line stays below (the clip's title). 20 pt.
        public var lineTopReserve = 20.0
        /// The crossed-out speaker on a muted track's clips: its size, its inset from the clip's corner. 16, 3 pt.
        public var mutedBadge = 16.0, mutedBadgeInset = 3.0
        public init() {}
    }
}
