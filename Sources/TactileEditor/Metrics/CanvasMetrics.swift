import TactileCore
import TactileUI

extension ViewMetrics {
    /// The canvas's sizes (see `Canvas`).
    public var canvas: Canvas {
        get { self[group: Canvas.self] }
        set { self[group: Canvas.self] = newValue }
    }

    /// The preview canvas.
    public struct Canvas: ViewMetricsGroup {
        /// How round the picture's corners are. 8 pt.
        public var cornerRadius = 8.0
        /// The turn-and-size pill over an overlay being pinched: its height, its gap from the
        /// overlay, the space around its words. 22, 8, 8 pt.
        public var readoutHeight = 22.0, readoutGap = 8.0, readoutPadding = 8.0
        /// The width of the line showing a turn snapped to a right angle (solid, unlike a place's dashed guide). 2 pt.
        public var angleGuideWidth = 2.0
        /// A picture's blurred backdrop (its fit `blur`): the width in pixels of the miniature it is
        /// stretched from (fewer: blurrier) and its softening passes. 24 px, 3 passes.
        public var blurMiniatureWidth = 24, blurPasses = 3
        /// Horizontal inset of the offline and base-picture text. 12 pt.
        public var textInset = 12.0
        /// How far the offline title sits above the centre, and the reason below it. 12 pt, 14 pt.
        public var offlineTitleLift = 12.0, offlineReasonDrop = 14.0
        /// Stripes of a generated clip's base picture. 6.
        public var baseBands = 6
        /// A generated clip's title on the canvas. 22 pt bold.
        public var baseTitleFont = Font(size: 22, weight: .bold)
        /// How far the title sits above the centre, and the source line below it (and its height). 10, 12, 18 pt.
        public var baseTitleLift = 10.0, baseSourceDrop = 12.0, baseSourceHeight = 18.0
        /// Overlays at their natural size (scale 1), as shares of the picture's shorter side: a
        /// text's font size, a sticker's size, a picture's width. 0.1, 0.26, 0.53.
        public var textShare = 0.1, stickerShare = 0.26, pipShare = 0.53
        /// A text overlay's weight (its size comes from `textShare`), its line height as a multiple
        /// of the size, its side padding and its shadow's offset as shares of the size. Bold, 1.4, 0.3, 0.07.
        public var textFont = Font(size: 20, weight: .bold)
        public var textLineHeight = 1.4, textPadding = 0.3, textShadowShare = 0.07
        /// The picture height the base picture's and placeholders' point sizes are for (the
        /// canvas's in the default portrait window); a taller picture, as in export, scales them. 206 pt.
        public var baseReferenceHeight = 206.0
        /// Texts wrap to this share of the picture's width, up to this many lines; a text's box
        /// (its background style) rounds its corners by this share of the font size. 0.9, 12, 0.3.
        public var textWrapShare = 0.9, textMaximumLines = 12, textBoxRadius = 0.3
        /// The least a text's font shrinks to keep its widest word whole on a line, or the text
        /// inside the picture (below it the word is split after all). 0.4 of the medium size.
        public var textMinimumShrink = 0.4
        /// The most of the picture's height a text's box takes: a longer text shrinks, by at
        /// least this factor a step until it fits. 0.9, 0.97.
        public var textHeightShare = 0.9, textFitStep = 0.97
        /// A picture-in-picture clip without a picture yet: its box's corner radius and its title's side inset. 4 pt.
        public var pipPlaceholderRadius = 4.0
        /// A selected overlay's frame: its line width, its distance outside the overlay's box and its corner radius. 2, 6, 6 pt.
        public var overlaySelectionStroke = 2.0, overlaySelectionPadding = 6.0, overlaySelectionRadius = 6.0
        /// The trim preview's timecode pill: height, distance of its top from the bottom, text padding, corner radius. 28, 40, 24, 14 pt.
        public var pillHeight = 28.0, pillFromBottom = 40.0, pillPadding = 24.0, pillRadius = 14.0
        /// The trim preview's frame line. 2 pt.
        public var previewStroke = 2.0
        public init() {}
    }
}
