/// Entries as often as the display can show them while something animates (SwiftUI's
/// `.animation`). Yields nothing when paused or in low-frequency mode.
public struct AnimationTimelineSchedule: TimelineSchedule {
    /// The default interval when none is given: one 60 Hz display refresh.
    public static let displayInterval = Time.frame(atRate: 60)

    public let minimumInterval: Time
    public let paused: Bool

    public init(minimumInterval: Time? = nil, paused: Bool = false) {
        let interval = minimumInterval ?? AnimationTimelineSchedule.displayInterval
        precondition(interval.ticks > 0, "an animation schedule needs a positive interval")
        self.minimumInterval = interval; self.paused = paused
    }

    public func entries(from start: Time, mode: TimelineScheduleMode) -> AnySequence<Time> {
        if paused || mode == .lowFrequency { return AnySequence(EmptyCollection()) }
        return AnySequence(ArithmeticTimes(start: start, step: minimumInterval))
    }

    public func nextEntry(after instant: Time, startingAt start: Time, mode: TimelineScheduleMode) -> Time? {
        if paused || mode == .lowFrequency { return nil }
        return firstTerm(of: start, step: minimumInterval, after: instant)
    }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// Redraw at the display rate (or at most every `minimumInterval`) while not `paused`.
    public static func animation(minimumInterval: Time? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
    /// Redraw at the display rate.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
}
