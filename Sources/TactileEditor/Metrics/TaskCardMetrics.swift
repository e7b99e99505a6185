import TactileCore
import TactileUI

extension ViewMetrics {
    /// The task card's sizes (see `TaskCard`).
    public var taskCard: TaskCard {
        get { self[group: TaskCard.self] }
        set { self[group: TaskCard.self] = newValue }
    }

    /// The test plan's task card.
    public struct TaskCard: ViewMetricsGroup {
        /// The card's height and corner radius. 64, 14 pt.
        public var height = 64.0, radius = 14.0
        /// The tinted stripe at its left: inset from top and bottom, width, radius. 12, 4, 2 pt.
        public var stripeInset = 12.0, stripeWidth = 4.0, stripeRadius = 2.0
        /// The text: inset from the left, room kept at the right, gap before the Skip button. 16, 12, 8 pt.
        public var textInset = 16.0, textTrailing = 12.0, textGap = 8.0
        /// The caption's top and height, the prompt's top and height. 8, 16, 26, 28 pt.
        public var captionTop = 8.0, captionHeight = 16.0, promptTop = 26.0, promptHeight = 28.0
        /// A long prompt wraps (never cut short): each further line this much lower, the card as
        /// much taller, at most this many lines. 20 pt, 4.
        public var promptLineStep = 20.0, promptMaximumLines = 4
        /// The Skip button: width, inset from the right, inset from top and bottom, corner radius,
        /// and how far its touch area reaches past it sideways and vertically. 56, 8, 10, 10, 4, 6 pt.
        public var skipWidth = 56.0, skipRight = 8.0, skipInset = 10.0, skipRadius = 10.0, skipReachX = 4.0, skipReachY = 6.0
        /// How far Skip's word gives way in size before it is cut ("Überspringen" in a landscape column). 0.5.
        public var skipSmallestShare = 0.5
        public init() {}
    }
}
