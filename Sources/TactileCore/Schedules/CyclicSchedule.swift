/// Entries that walk a repeating list of offsets: `start, start + o₀, start + o₀ + o₁, …`,
/// wrapping around the list forever (SwiftUI's documented custom `CyclicTimelineSchedule`), for
/// example a heartbeat `[0.2 s, 0.8 s]`.
public struct CyclicTimelineSchedule: TimelineSchedule {
    public let timeOffsets: [Time]

    public init(timeOffsets: [Time]) {
        precondition(
            timeOffsets.contains { $0.ticks > 0 } && timeOffsets.allSatisfy { $0.ticks >= 0 },
            "a cyclic schedule needs non-negative offsets and at least one positive")
        self.timeOffsets = timeOffsets
    }

    public struct Entries: Sequence, IteratorProtocol, Sendable {
        var date: Time
        var index = 0
        let offsets: [Time]
        public mutating func next() -> Time? {
            defer { date += offsets[index]; index = (index + 1) % offsets.count }
            return date
        }
    }

    public func entries(from start: Time, mode: TimelineScheduleMode) -> Entries {
        Entries(date: start, offsets: timeOffsets)
    }

    public func nextEntry(after instant: Time, startingAt start: Time, mode: TimelineScheduleMode) -> Time? {
        if instant < start { return start }
        // Skip whole cycles arithmetically, then walk the last one.
        let cycle = timeOffsets.reduce(Time.zero, +)
        let skipped = (instant - start).ticks / cycle.ticks
        var date = start + cycle * skipped
        var index = 0
        while date <= instant { date += timeOffsets[index]; index = (index + 1) % timeOffsets.count }
        return date
    }
}

extension TimelineSchedule where Self == CyclicTimelineSchedule {
    /// A schedule that repeats the given gaps between entries forever.
    public static func cyclic(timeOffsets: [Time]) -> CyclicTimelineSchedule {
        CyclicTimelineSchedule(timeOffsets: timeOffsets)
    }
}
