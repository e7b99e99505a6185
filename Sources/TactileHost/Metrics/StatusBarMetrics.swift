import TactileCore
import TactileUI

extension ViewMetrics {
    /// The status bar's sizes (see `StatusBar`).
    public var statusBar: StatusBar {
        get { self[group: StatusBar.self] }
        set { self[group: StatusBar.self] = newValue }
    }

    /// The phone's status bar over the top inset: the clock's font and its distance from the
    /// leading edge, its height from the top. 15 pt semibold, 28 pt, 14 pt.
    public struct StatusBar: ViewMetricsGroup {
        public var clockFont = Font(size: 15, weight: .semibold)
        public var clockInset = 28.0, clockTop = 14.0, clockHeight = 20.0, clockWidth = 64.0
        public init() {}
    }
}
