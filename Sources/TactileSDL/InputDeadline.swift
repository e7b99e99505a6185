import TactileCore

/// When to read input with vsync on (`window.lateInput`): as late as the next refresh allows. A
/// present is paced a refresh after the one before, so a frame started at once by a touch would
/// wait out the rest of that refresh inside the present, and a touch arriving meanwhile would wait
/// for it and then a whole refresh more. Instead the frame starts at the previous present plus one
/// refresh less the time a frame takes to make (`budget`), taking every touch that came meanwhile,
/// and is shown at that refresh. The budget is learnt: a frame whose present came more than a
/// millisecond after its refresh raises it by that much, each other frame lowers it a little; while
/// making a frame fills most of a refresh, input is read at once (waiting would gain nothing).
/// Pure, so its arithmetic is tested without a display.
struct InputDeadline {
    /// The time a frame takes from reading input to its present returning.
    private(set) var budget: Time
    /// The least and most the budget may be.
    let floor = Time.milliseconds(1)
    /// How much each frame that made its refresh takes off the budget.
    let easing = Time(ticks: Time.ticksPerSecond / 10_000)
    /// When the last present returned, and the refresh a deferred frame was aimed at.
    private var lastPresent: Time?
    private var aimedAt: Time?

    init(budget: Time) { self.budget = budget }

    /// The instant to read input for a frame that touches started, at the refresh `period`; nil
    /// when there is no present to pace from, or when making a frame fills most of a refresh
    /// (more than three quarters: waiting would gain nothing), so input is read at once.
    func deadline(period: Time) -> Time? {
        guard budget.ticks * 4 <= period.ticks * 3 else { return nil }
        return lastPresent.map { $0 + period - budget }
    }

    /// Notes that input is read now for a frame aimed at the refresh after the last present.
    mutating func readingLate(period: Time) { aimedAt = lastPresent.map { $0 + period } }

    /// Notes that the frame read for made no picture: nothing to learn from.
    mutating func madeNoPicture() { aimedAt = nil }

    /// Notes a present that returned at `presented`; learns from it when its frame was aimed.
    mutating func presented(at presented: Time, period: Time) {
        if let aim = aimedAt {
            let late = presented - aim
            if late > .milliseconds(1) {
                // At most a quarter refresh at once: a display that snaps presents to its refresh
                // makes a miss look a whole refresh late.
                budget = min(period - floor, budget + min(late, Time(ticks: period.ticks / 4)))
            } else {
                budget = max(floor, budget - easing)
            }
        } else {
            // Read at once: the budget eases too, so a machine that became less busy is tried late again.
            budget = max(floor, budget - easing)
        }
        aimedAt = nil
        lastPresent = presented
    }
}
