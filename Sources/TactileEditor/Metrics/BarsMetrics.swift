import TactileCore
import TactileUI

extension ViewMetrics {
    /// The bars's sizes (see `Bars`).
    public var bars: Bars {
        get { self[group: Bars.self] }
        set { self[group: Bars.self] = newValue }
    }

    /// The bars round the canvas: the player bar, the scrub bar, the toolbar and its captioned
    /// buttons, the banner.
    public struct Bars: ViewMetricsGroup {
        /// How far the play and fold buttons sit outside the margin, towards the screen's edges. 6 pt.
        public var buttonNudge = 6.0
        /// The timecode's greatest width, and the gap round it. 160, 4 pt.
        public var timecodeWidth = 160.0, timecodeGap = 4.0
        /// How far the timecode's font gives way where the player bar is narrow (a landscape
        /// column beside a wide picture), before it yields its place. 0.6.
        public var timecodeSmallestShare = 0.6
        /// The scrub bar's track: thickness and corner radius; the thumb's radius at rest and while
        /// a finger holds the bar; the speed label's height above the bar; the least bar height that
        /// draws at all. 4, 2, 6, 9, 16, 8 pt.
        public var trackThickness = 4.0, trackRadius = 2.0, thumbRadius = 6.0, heldThumbRadius = 9.0, speedLabelHeight = 16.0
        public var minimumScrubBarHeight = 8.0
        /// The toolbar: its top separator's thickness and the buttons' inset from its top and bottom. 1, 4 pt.
        public var separator = 1.0, toolbarButtonInset = 4.0
        /// A captioned button, drawn at `captionedDesignHeight` and scaled to the button's height:
        /// the icon's top and height, the caption's top and height. 56; 6, 26, 36, 14 pt.
        public var captionedDesignHeight = 56.0, iconTop = 6.0, iconHeight = 26.0, captionTop = 36.0, captionHeight = 14.0
        /// A plain icon button: its icon's inset as a share of its size, and the pressed
        /// highlight's inset. 0.22, 2 pt.
        public var iconInset = 0.22, pressInset = 2.0
        /// Banners and the task card: their distance below the canvas's top and the gap between
        /// them. 8, 8 pt.
        public var cardTop = 8.0, cardGap = 8.0
        /// A banner: its line height as a multiple of the font's size, its corner radius. 1.3, 12 pt.
        public var bannerLineHeight = 1.3, bannerRadius = 12.0
        /// The thin bar under the Export button's percentage while an export runs. 3 pt.
        public var exportProgressHeight = 3.0
        /// A held bar button shown large (at the text's scale asked): its icon's box, the
        /// panel's padding and corner radius, the gap between icon and name. 30, 14, 16, 8 pt.
        public var largeIcon = 30.0, largePadding = 14.0, largeRadius = 16.0, largeGap = 8.0
        public init() {}
    }
}
