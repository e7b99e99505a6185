/// Entries at a fixed interval from a start date: `start, start + interval, …`.
/// The schedule's own start wins over the frame loop's: entries before it are not produced.
public struct PeriodicTimelineSchedule: TimelineSchedule {
    public let start: Time
    public let interval: Time

    public init(from start: Time, by interval: Time) {
        precondition(interval.ticks > 0, "a periodic schedule needs a positive interval")
        self.start = start; self.interval = interval
    }

    public func entries(from start: Time, mode: TimelineScheduleMode) -> ArithmeticTimes {
        ArithmeticTimes(start: firstTerm(of: self.start, step: interval, after: start - Time(ticks: 1)), step: interval)
    }

    public func nextEntry(after instant: Time, startingAt start: Time, mode: TimelineScheduleMode) -> Time? {
        firstTerm(of: self.start, step: interval, after: instant)
    }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// A schedule that fires every `interval` starting at `start` (SwiftUI's `.periodic(from:by:)`).
    public static func periodic(from start: Time, by interval: Time) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: start, by: interval)
    }
}
