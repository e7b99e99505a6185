import TactileCore
import TactileUI

extension ViewMetrics {
    /// The tuning panel's sizes (see `Tuning`).
    public var tuning: Tuning {
        get { self[group: Tuning.self] }
        set { self[group: Tuning.self] = newValue }
    }

    /// The tuning panel in the lab panel (`TuningPanel`): its padding, the header's height, a
    /// setting's label line and control row, the step buttons' width, the slider's thumb radius
    /// and track height, the gap between settings, the foot's button height and gap, corner radius.
    /// 10, 44, 20, 44, 44, 10, 4, 6, 44, 8, 8 pt.
    public struct Tuning: ViewMetricsGroup {
        public var padding = 10.0, headerHeight = 44.0, labelHeight = 20.0, rowHeight = 44.0, stepWidth = 44.0
        public var thumbRadius = 10.0, trackHeight = 4.0, rowGap = 6.0, buttonHeight = 44.0, buttonGap = 8.0, radius = 8.0
        /// The variant badge on the phone when the lab panel is not beside it: height, side
        /// padding, inset from the screen's top right. 22, 8, 6 pt.
        public var badgeHeight = 22.0, badgePadding = 8.0, badgeInset = 6.0
        /// A line of the lab's live figures above the foot (the monitor's, the arena's last
        /// decision), so a change is tried without closing the panel. 16 pt.
        public var figureLineHeight = 16.0
        /// A line of the header's or the figures' text, in ems of its font: rows grow with the
        /// text when `--ui-scale` draws it larger than the sizes above allow. 1.3.
        public var lineHeight = 1.3
        public init() {}
    }
}
