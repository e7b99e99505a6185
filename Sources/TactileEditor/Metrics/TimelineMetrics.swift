import TactileCore
import TactileUI

extension ViewMetrics {
    /// The timeline's sizes (see `Timeline`).
    public var timeline: Timeline {
        get { self[group: Timeline.self] }
        set { self[group: Timeline.self] = newValue }
    }

    /// The timeline: clips' labels, the trimmed clip's ghost, the snap guide, the playhead's knob,
    /// the cue ripples, the ruler; and the selected clip's frame and handles.
    public struct Timeline: ViewMetricsGroup {
        /// A clip's title: inset from the clip's left edge, room kept at its right, from its top,
        /// its height; the second line's drop (scaled by `--ui-scale`). 8, 4, 6, 16, 18 pt.
        public var labelInset = 8.0, labelTrailing = 4.0, labelTop = 6.0, labelHeight = 16.0, secondLineDrop = 18.0
        /// The chip behind a title over pictures: its padding round the text and corner radius. 4, 10, 4 pt.
        public var chipPadding = 4.0, chipTextPadding = 10.0, chipRadius = 4.0
        /// The ghost of a trimmed clip's source: line width, dash and gap. 1.5, 6, 4 pt.
        public var ghostLine = 1.5, ghostDash = 6.0, ghostGap = 4.0
        /// The snap guide: line width, dash and gap. 1.5, 4, 3 pt.
        public var snapLine = 1.5, snapDash = 4.0, snapGap = 3.0
        /// The playhead's knob on the ruler: width, height, radius, and the least ruler height that shows it. 10, 12, 3, 8 pt.
        public var knobWidth = 10.0, knobHeight = 12.0, knobRadius = 3.0, knobMinimumRuler = 8.0
        /// A cue's ripple: its first radius, how much it grows, its line width. 10, 26, 2.5 pt.
        public var rippleRadius = 10.0, rippleGrowth = 26.0, rippleLine = 2.5
        /// The ruler: a label's width, a dot's radius, and the gap a label keeps from the playhead's
        /// knob before it starts to fade. 60, 1.5, 4 pt.
        public var rulerLabelWidth = 60.0, rulerDot = 1.5, rulerKnobGap = 4.0
        /// The selection: the frame's corner radius, the handles' corner radius and the squared
        /// seam where they meet the clip, the grooves' half width and depth, and how far it may draw
        /// past the tracks' top and bottom. 3, 6, 6, 4, 5, 6 pt.
        public var selectionRadius = 3.0, handleRadius = 6.0, handleSeam = 6.0, grooveHalfWidth = 4.0, grooveDepth = 5.0
        public var selectionOverhang = 6.0
        /// The duration pill: height, text padding, distance from the clip's right and bottom, corner
        /// radius, and the room it needs past the clip's start. 16, 12, 18, 20, 8, 4 pt.
        public var pillHeight = 16.0, pillPadding = 12.0, pillRight = 18.0, pillBottom = 20.0, pillRadius = 8.0, pillClearance = 4.0
        /// The junction button at a cut between two clips: its drawn size, its hit area (a
        /// finger's reach), corner radius, and the least room each clip must show either side
        /// for it to appear; its outline; at most this share of the row's height; the sign's
        /// inset as a share of its size. 20, 44, 5, 12, 1.5 pt, 0.6, 0.28.
        public var junctionSize = 20.0, junctionHit = 44.0, junctionRadius = 5.0, junctionClearance = 12.0, junctionOutline = 1.5
        public var junctionRowShare = 0.6, junctionSignInset = 0.28
        /// The most of each neighbouring clip's width the junction's hit area may take (never less
        /// than the drawn button), so a short clip between two cuts can still be tapped. 0.3.
        public var junctionHitClipShare = 0.3
        public init() {}
    }
}
