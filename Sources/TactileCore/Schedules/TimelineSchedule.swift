/// How often a frame loop may update, as SwiftUI's `TimelineScheduleMode`.
public enum TimelineScheduleMode: Sendable, Hashable {
    /// Normal rate: every entry is honoured.
    case normal
    /// Low-frequency (for example an unfocused window or a kiosk screen saver): animation
    /// schedules yield nothing, other schedules still fire.
    case lowFrequency
}

/// A schedule of instants at which a view wants to be redrawn, in the spirit of SwiftUI's
/// `TimelineSchedule`. Entries are ascending `Time` instants on the frame loop's clock.
///
/// Use the static factories at the call site: `.periodic(from: t, by: .milliseconds(500))`,
/// `.animation()`, `.explicit([t1, t2])`, `.everyMinute`, `.cyclic(timeOffsets: [...])`.
public protocol TimelineSchedule: Sendable {
    /// The sequence of entries this schedule yields.
    associatedtype Entries: Sequence where Entries.Element == Time

    /// The entries of this schedule starting at or after `start`, in ascending order.
    func entries(from start: Time, mode: TimelineScheduleMode) -> Entries

    /// The first entry strictly after `instant` for a schedule that began at `start`, or nil.
    /// The default walks `entries(from:mode:)`; schedules with a closed form override it.
    func nextEntry(after instant: Time, startingAt start: Time, mode: TimelineScheduleMode) -> Time?
}

extension TimelineSchedule {
    /// The upper bound of entries the default `nextEntry` walks before giving up.
    public static var entryWalkLimit: Int { 100_000 }

    public func nextEntry(after instant: Time, startingAt start: Time, mode: TimelineScheduleMode) -> Time? {
        var walked = 0
        for entry in entries(from: start, mode: mode) {
            if entry > instant { return entry }
            walked += 1
            if walked >= Self.entryWalkLimit { return nil }
        }
        return nil
    }
}

/// An infinite arithmetic sequence `start, start + step, start + 2·step, …` in exact ticks.
public struct ArithmeticTimes: Sequence, IteratorProtocol, Sendable {
    private var upcoming: Time
    private let step: Time
    public init(start: Time, step: Time) {
        precondition(step.ticks > 0, "a schedule's interval must be positive")
        self.upcoming = start; self.step = step
    }
    public mutating func next() -> Time? { defer { upcoming += step }; return upcoming }
}

/// The first term of `origin + k·step` (k ≥ 0) strictly after `instant`.
func firstTerm(of origin: Time, step: Time, after instant: Time) -> Time {
    if instant < origin { return origin }
    let k = (instant - origin).ticks / step.ticks + 1
    return origin + step * k
}
