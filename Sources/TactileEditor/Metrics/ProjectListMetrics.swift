import TactileCore
import TactileUI

extension ViewMetrics {
    /// The project list's sizes (see `ProjectList`).
    public var projectList: ProjectList {
        get { self[group: ProjectList.self] }
        set { self[group: ProjectList.self] = newValue }
    }

    /// The project list: a screen of rows over the editor. Sizes at the body font's designed
    /// size; they grow with the text (`--ui-scale`).
    public struct ProjectList: ViewMetricsGroup {
        /// The body font size the sizes below are designed at. 15 pt.
        public var designFont = 15.0
        /// The large title's line under the header, and its font's size against the title bar's. 44 pt, 1.6.
        public var titleHeight = 44.0, titleFontShare = 1.6
        /// A row's padding above and below its two lines, and the lines' height in their fonts' ems. 10 pt, 1.35.
        public var rowPadding = 10.0, lineHeight = 1.35
        /// The hairline between rows. 1 pt.
        public var separator = 1.0
        /// The row actions' strip: the buttons' corner radius and the gap between them. 10, 8 pt.
        public var actionRadius = 10.0, actionGap = 8.0
        /// The Undo bar: its corner radius and its gap above the screen's bottom inset. 12, 8 pt.
        public var undoRadius = 12.0, undoGap = 8.0
        /// The tag before the open project's details: its dot's radius and gap. 3, 6 pt.
        public var openDot = 3.0, openGap = 6.0
        /// How far a label may shrink to fit its button before it wraps ("Umbenennen" at ×2). 0.6.
        public var smallestShare = 0.6
        /// The most lines a row's details wrap to (large text on a phone). 6.
        public var detailMaximumLines = 6
        public init() {}
    }
}
