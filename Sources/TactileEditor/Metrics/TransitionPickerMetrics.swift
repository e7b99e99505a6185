import TactileCore
import TactileUI

extension ViewMetrics {
    /// The transition picker's sizes (see `TransitionPicker`).
    public var transitionPicker: TransitionPicker {
        get { self[group: TransitionPicker.self] }
        set { self[group: TransitionPicker.self] = newValue }
    }

    /// The transition picker a cut's junction button opens: a panel of kinds above the toolbar
    /// (beside the canvas in landscape).
    public struct TransitionPicker: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// Kinds per row. 3.
        public var columns = 3
        /// The panel: its gap above the toolbar, padding, corner radius, the header's height. 8, 10, 18, 44 pt.
        public var panelGap = 8.0, panelPadding = 10.0, panelRadius = 18.0, titleHeight = 44.0
        /// An option: its height, corner radius, the icon's box (width, height), the label's height. 84, 12, 62 × 38, 18 pt.
        public var optionHeight = 84.0, optionRadius = 12.0, previewWidth = 62.0, previewHeight = 38.0, optionLabelHeight = 18.0
        /// How faint a kind is drawn when the cut is too short for any transition. 0.35.
        public var disabledOpacity = 0.35
        /// The chosen kind's outline width. 2 pt.
        public var chosenLine = 2.0
        /// The duration row under the kinds: its height (a finger's reach), the label's width,
        /// the track's thickness and the knob's radius (larger while held). 44, 96, 4, 9, 12 pt.
        public var durationRowHeight = 44.0, durationLabelWidth = 96.0, durationTrack = 4.0, durationKnob = 9.0, durationKnobHeld = 12.0
        /// How far a label gives way in size before it is cut (German's words in a landscape column). 0.55.
        public var labelSmallestShare = 0.55
        /// The room kept clear at each side of a kind's name. 2 pt.
        public var labelInset = 2.0
        /// The most of the length row its words take beside the track; where they would take
        /// more, they stand on a line over it. 0.45.
        public var durationLabelMostShare = 0.45
        /// The lines of why no transition fits, in the font's ems. 1.3.
        public var reasonLineHeight = 1.3
        public init() {}
    }
}
