import TactileCore
import TactileUI

extension ViewMetrics {
    /// What every sheet shares (see `Sheet`).
    public var sheet: Sheet {
        get { self[group: Sheet.self] }
        set { self[group: Sheet.self] = newValue }
    }

    /// One behaviour for every sheet and picker: the dim behind it, its header.
    public struct Sheet: ViewMetricsGroup {
        /// How dark the screen behind a sheet is dimmed, evenly. 0.4.
        public var dim = 0.4
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// The header: its height, the width of its trailing button (Done, Cancel). 44, 84 pt.
        public var headerHeight = 44.0, actionWidth = 84.0
        /// The room beside the header button's word where the word is wider than the button. 8 pt.
        public var actionPadding = 8.0
        /// How far the header's small line gives way in size before it is cut (the Export sheet's
        /// "1920 × 1080, 30 fps, about 4.8 MB" on a narrow sheet). 0.55.
        public var detailSmallestShare = 0.55
        /// How far the header's title gives way in size before it is cut (a long German word beside
        /// "Abbrechen" on a small phone). 0.6.
        public var titleSmallestShare = 0.6
        /// The bar at a scrolling body's trailing edge that says there is more: its width, least
        /// length and gap from the body's edge. 3, 24, 3 pt.
        public var indicatorWidth = 3.0, indicatorLeastLength = 24.0, indicatorGap = 3.0
        /// The least width a sheet keeps where the screen has it, times the text's scale: in
        /// landscape a sheet over the timeline's column reaches over the canvas rather than be
        /// narrower. 200 pt.
        public var leastWidth = 200.0
        public init() {}
    }
}
