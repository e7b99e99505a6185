import TactileCore
import TactileUI

extension ViewMetrics {
    /// The clip sheet's sizes (see `ClipSheet`).
    public var clipSheet: ClipSheet {
        get { self[group: ClipSheet.self] }
        set { self[group: ClipSheet.self] = newValue }
    }

    /// The clip sheet the selected clip's chip in the player bar opens: its speed, how its
    /// picture fills a frame of another shape, its sound.
    public struct ClipSheet: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// The panel: its gap above the toolbar, padding, corner radius, the header's height. 8, 12, 18, 44 pt.
        public var panelGap = 8.0, panelPadding = 12.0, panelRadius = 18.0, titleHeight = 44.0
        /// A section's label line; the slider's height, its track's thickness and its thumb's
        /// radius; the gap under a section. 22, 44, 4, 11, 8 pt.
        public var labelHeight = 22.0, sliderHeight = 44.0, trackThickness = 4.0, thumbRadius = 11.0, rowGap = 8.0
        /// A row of choices (the speed presets, the three fits): height, corner radius, gap; the
        /// glyph beside a fit's name. 44, 10, 6, 18 pt.
        public var choiceHeight = 44.0, choiceRadius = 10.0, choiceGap = 6.0, glyph = 18.0
        /// The speeds a tap chooses at once. 0.25, 0.5, 1, 1.5, 2, 4.
        public var speedPresets = [0.25, 0.5, 1, 1.5, 2, 4]
        /// The slider's steps, in speed (1.35×, not 1.3472×). 0.05.
        public var speedStep = 0.05
        /// The thumb grown while held, and the 1× tick's half-height, as shares of its radius;
        /// the room left beyond the thumb at each end of the track. 1.2, 0.6, 2 pt.
        public var thumbHeldGrowth = 1.2, oneTickShare = 0.6, trackEndRoom = 2.0
        /// The chip's height as a multiple of its words' size, and how much lighter it is pressed or open. 2.4, 0.08.
        public var chipHeightShare = 2.4, chipPressedLighten = 0.08
        /// The player bar's chip that opens the sheet: its corner radius, its inner padding. 10, 4 pt.
        public var chipRadius = 10.0, chipPadding = 4.0
        /// A choice's words wrapped on two lines: each line's height as a multiple of the font's size. 1.25.
        public var wrappedLineHeight = 1.25
        /// The tabs: the raised segment's inset in the track, how much lighter it is, and the
        /// smallest a long name's type gets (a share of its size) before it wraps. 3 pt, 0.12, 0.75.
        public var tabInset = 3.0, tabRaise = 0.12, tabSmallestShare = 0.75
        /// The Volume and Fades sections: the steps of its volume (in dB) and fade sliders (in seconds), the
        /// longest fade a slider reaches (shorter on a shorter clip), and the most of a row its
        /// names take. 0.1 dB, 0.1 s, 10 s, 0.34.
        public var levelStep = 0.1, fadeStep = 0.1, fadeSliderLongest = 10.0, soundNameShare = 0.34
        /// The least share of a row a sound slider keeps beside its name and value; short of it
        /// the name and value stand on a line over the slider. 0.35.
        public var soundSliderLeastShare = 0.35
        public init() {}
    }
}
