/// Entries at the given instants only (SwiftUI's `.explicit`), for example a tooltip timeout.
/// Instants before the start are dropped; the rest are yielded in ascending order.
public struct ExplicitTimelineSchedule: TimelineSchedule {
    public let dates: [Time]

    public init<S: Sequence>(_ dates: S) where S.Element == Time { self.dates = dates.sorted() }

    public func entries(from start: Time, mode: TimelineScheduleMode) -> [Time] {
        dates.filter { $0 >= start }
    }

    public func nextEntry(after instant: Time, startingAt start: Time, mode: TimelineScheduleMode) -> Time? {
        dates.first { $0 > instant && $0 >= start }
    }
}

extension TimelineSchedule where Self == ExplicitTimelineSchedule {
    /// A schedule that fires at exactly these instants.
    public static func explicit<S: Sequence>(_ dates: S) -> ExplicitTimelineSchedule where S.Element == Time {
        ExplicitTimelineSchedule(dates)
    }
}
