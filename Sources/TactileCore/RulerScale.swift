/// The ruler's marks for a zoom: a labelled interval and dots between labels.
///
/// At full zoom the interval is 5 s with four dots between labels (one a second); as the zoom
/// falls it steps through 10, 20, 40, 60 s and then whole minutes, keeping labels at least
/// `minimumLabelSpacing` points apart.
public struct RulerScale: Hashable, Sendable {
    /// Seconds between labels.
    public let labelInterval: Int
    /// Dots between two labels.
    public let dotsBetweenLabels: Int

    /// The label intervals the ruler steps through, in seconds.
    public static let intervals = [5, 10, 20, 40, 60, 120, 300, 600, 1200, 1800, 3600]

    public init(pointsPerSecond: Double, minimumLabelSpacing: Double) {
        let interval = RulerScale.intervals.first { Double($0) * pointsPerSecond >= minimumLabelSpacing } ?? RulerScale.intervals.last!
        labelInterval = interval
        dotsBetweenLabels = 4
    }

    /// Seconds between two neighbouring marks (labels and dots).
    public var markInterval: Time { Time(ticks: Time.seconds(labelInterval).ticks / Int64(dotsBetweenLabels + 1)) }

    /// The label at `t`: "5s", "30s" below a minute, "1:00", "1:30" from a minute on.
    public static func label(for t: Time) -> String {
        let s = Int(max(0, t.ticks) / Time.ticksPerSecond)
        if s < 60 { return "\(s)s" }
        return TimeFormatting.timecode(t)
    }
}
