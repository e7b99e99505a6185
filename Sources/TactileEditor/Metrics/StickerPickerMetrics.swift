import TactileCore
import TactileUI

extension ViewMetrics {
    /// The sticker picker's sizes (see `StickerPicker`).
    public var stickerPicker: StickerPicker {
        get { self[group: StickerPicker.self] }
        set { self[group: StickerPicker.self] = newValue }
    }

    /// The sticker picker: a panel of shapes above the toolbar.
    public struct StickerPicker: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// Shapes per row. 4.
        public var columns = 4
        /// The panel: its gap above the toolbar, padding, corner radius, the header's height. 8, 10, 18, 44 pt.
        public var panelGap = 8.0, panelPadding = 10.0, panelRadius = 18.0, titleHeight = 44.0
        /// An option: its height (its width shares the panel), corner radius, the shape's box, the label's height. 84, 12, 44, 18 pt.
        public var optionHeight = 84.0, optionRadius = 12.0, optionGlyph = 44.0, optionLabelHeight = 18.0
        /// How far a label gives way in size before it is cut (German's words in a landscape column). 0.55.
        public var labelSmallestShare = 0.55
        /// The room kept clear at each side of a name. 2 pt.
        public var labelInset = 2.0
        public init() {}
    }
}
