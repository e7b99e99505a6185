import TactileCore
import TactileUI

extension ViewMetrics {
    /// The overlays's sizes (see `Overlays`).
    public var overlays: Overlays {
        get { self[group: Overlays.self] }
        set { self[group: Overlays.self] = newValue }
    }

    /// The diagnostic overlays: the frame monitor's panel and the pointer-location overlay.
    public struct Overlays: ViewMetricsGroup {
        /// The caption size the monitor panel is drawn at; it scales with the theme's caption font
        /// (`--ui-scale`). 10 pt.
        public var monitorDesignCaption = 10.0
        /// The panel: inset from the corner, most width, height, padding, corner radius. 8, 184, 190, 6, 8 pt.
        public var monitorInset = 8.0, monitorWidth = 184.0, monitorHeight = 190.0, monitorPadding = 6.0, monitorRadius = 8.0
        /// Its lines: the frame rate's height, a graph row's height and its graph's, the label
        /// column's width and gap, the height of the latency, its scope and the waiting lines. 16, 30, 26, 52, 4, 14 pt.
        public var monitorRateHeight = 16.0, monitorRowHeight = 30.0, monitorGraphHeight = 26.0, monitorLabelWidth = 52.0
        public var monitorLabelGap = 4.0, monitorWaitingHeight = 14.0
        /// Graph bars: the least slot width that leaves a 1 pt gap between bars, the guide's line width. 3, 1 pt.
        public var monitorBarGapFrom = 3.0, monitorBarGap = 1.0, monitorGuideLine = 1.0
        /// The arena debugger: inset from the screen's edges, padding in its chips and panel, their
        /// corner radius, line height (× the caption font), the gap between a finger and its chip.
        /// 8, 4, 6 pt, 1.4, 18 pt.
        public var arenaInset = 8.0, arenaPadding = 4.0, arenaRadius = 6.0, arenaLineHeight = 1.4, arenaLabelOffset = 18.0
        /// Its lines: slop circles, the finger's path, a timer's ring and its largest radius, the
        /// finger's dot radius. 1.5, 2, 3, 30, 4 pt.
        public var arenaSlopLine = 1.5, arenaPathLine = 2.0, arenaTimerLine = 3.0, arenaTimerRadius = 30.0, arenaDot = 4.0
        /// Most lines one line of an arena chip or decision wraps to (a reason is never cut off
        /// before that). 4.
        public var arenaMaximumLines = 4
        /// The lab panel beside the phone (the monitor, the arena's words, pointer location):
        /// its width, its padding and the gap between its sections (it stands
        /// `window.deviceMargin` from the phone). 300, 10, 12 pt.
        public var panelWidth = 300.0, panelPadding = 10.0, panelSectionGap = 12.0
        /// The touch timeline's marks: a finger's down dot and lift ring radius, a move tick's
        /// half height, their line width. 3, 3, 1.5 pt. The histogram's row height, × a line. 1.5.
        public var timelineDot = 3.0, timelineTick = 3.0, timelineLine = 1.5, histogramRow = 1.5
        /// The dashes of the line from a finger to its predicted position: dash and gap. 3, 2 pt.
        public var arenaDash = 3.0, arenaGap = 2.0
        /// Pointer location: the trail's and the crosshair's line widths, the finger dot's radius,
        /// a lifted finger's ring width. 2, 1, 4, 1.5 pt.
        public var pointerTrailLine = 2.0, pointerCrosshairLine = 1.0, pointerDot = 4.0, pointerRingLine = 1.5
        /// Its header bar: height and side inset as multiples of the caption font's size. 1.8, 0.6.
        public var pointerHeaderHeight = 1.8, pointerHeaderInset = 0.6
        public init() {}
    }
}
