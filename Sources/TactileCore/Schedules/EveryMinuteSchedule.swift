/// Entries at the start of every minute of the clock (SwiftUI's `.everyMinute`): the first entry
/// is `start` itself, then each whole minute after it, counted on the session's clock (which
/// starts at zero when the window opens).
public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    public static let minute = Time.seconds(60)
    public init() {}

    public func entries(from start: Time, mode: TimelineScheduleMode) -> AnySequence<Time> {
        let firstBoundary = firstTerm(of: start.roundedDown(toMultipleOf: Self.minute), step: Self.minute, after: start)
        return AnySequence(sequence(first: start) { t in t == start ? firstBoundary : t + Self.minute })
    }

    public func nextEntry(after instant: Time, startingAt start: Time, mode: TimelineScheduleMode) -> Time? {
        if instant < start { return start }
        return firstTerm(of: instant.roundedDown(toMultipleOf: Self.minute), step: Self.minute, after: instant)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// A schedule that fires at the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}
