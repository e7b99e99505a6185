import TactileCore
import TactileUI

extension ViewMetrics {
    /// The export sheet's sizes (see `ExportSheet`).
    public var exportSheet: ExportSheet {
        get { self[group: ExportSheet.self] }
        set { self[group: ExportSheet.self] = newValue }
    }

    /// The Export sheet the title bar's Export button opens: a panel above the toolbar.
    public struct ExportSheet: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// The panel: its gap above the toolbar, padding, corner radius, the header's height. 8, 12, 18, 44 pt.
        public var panelGap = 8.0, panelPadding = 12.0, panelRadius = 18.0, titleHeight = 44.0
        /// A row of choices: its label's height, the choices' height (a finger's), corner radius and gap, the gap under the row. 18, 44, 10, 6, 8 pt.
        public var labelHeight = 18.0, choiceHeight = 44.0, choiceRadius = 10.0, choiceGap = 6.0, rowGap = 8.0
        /// The Export / Cancel buttons' height and corner radius; the progress bar's height and the line under it. 44, 12, 8, 22 pt.
        public var buttonHeight = 44.0, buttonRadius = 12.0, progressHeight = 8.0, progressLabelHeight = 22.0
        /// Where the rows' labels stand beside their choices (a short screen), the most of the
        /// panel's width they take. 0.3.
        public var besideLabelShare = 0.3
        /// How far a label gives way in size before it is cut (German's words in a landscape column). 0.55.
        public var labelSmallestShare = 0.55
        /// A label's lines' height, in its font's ems. 1.25.
        public var labelLineHeight = 1.25
        public init() {}
    }
}
