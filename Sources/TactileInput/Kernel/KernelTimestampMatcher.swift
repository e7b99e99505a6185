import TactileCore

/// Finds the kernel's timestamp of a touch SDL delivered, so a latency figure can run from the
/// moment the kernel stamped the touch rather than from its arrival in the window. Pure.
///
/// It keeps the kernel's recent changes (`EvdevDecoder`'s `KernelTouch` values, whose times are
/// on CLOCK_MONOTONIC) with their times moved onto the session clock: `kernel time - origin`,
/// where `origin` is CLOCK_MONOTONIC's reading at the session clock's zero. Given an SDL touch
/// (its phase, its arrival on the session clock and its position as fractions of the panel,
/// before any calibration) it returns the time of the kernel's change that is the same touch:
/// - of the same phase;
/// - stamped no later than the arrival plus `slack` (SDL's timestamps are whole milliseconds)
///   and no earlier than `window` before the arrival;
/// - within `tolerance` of the position on each axis (panel fractions);
/// - not already matched: each kernel change is used at most once.
/// Among those, a down or a lift is the nearest in position (the earliest of equally near ones);
/// a move is the latest, as SDL and the kernel coalesce moves differently and SDL delivers a
/// contact's newest position. Matching a move uses up that contact's earlier moves too.
///
/// When nothing qualifies the answer is nil and the caller reports no kernel figure for that
/// event: the matcher never guesses.
public struct KernelTimestampMatcher: Sendable {
    /// CLOCK_MONOTONIC, in nanoseconds, at the session clock's zero.
    public let originNanoseconds: Int64
    /// How long before its arrival an SDL event's kernel change may be stamped.
    public let window: Time
    /// How long after its arrival an SDL event's kernel change may be stamped.
    public let slack: Time
    /// How far apart, as a fraction of the panel on each axis, an SDL event's position and its
    /// kernel change's may be.
    public let tolerance: Double
    /// The most kernel changes kept.
    public let capacity: Int
    /// How long kernel changes are kept, counted back from the newest.
    public let retention: Time

    /// A kernel change on the session clock.
    private struct Entry: Sendable {
        var touch: KernelTouch
        var position: Point
        var time: Time
        var used = false
    }

    /// A kernel contact: a slot and the tracking id it held.
    private struct Contact: Hashable, Sendable {
        var slot: Int
        var trackingID: Int32
        init(_ touch: KernelTouch) { slot = touch.slot; trackingID = touch.trackingID }
    }

    /// The kept kernel changes, oldest first.
    private var entries: [Entry] = []
    /// The kernel contact each SDL finger has been matched to.
    private var contacts: [PointerID: Contact] = [:]

    /// A matcher for a session whose clock read zero when CLOCK_MONOTONIC read
    /// `originNanoseconds` (`SessionClock.originUptimeNanoseconds` on Linux). An SDL event's
    /// kernel change is looked for from `window` (100 ms) before its arrival to `slack` (2 ms)
    /// after it, within `tolerance` (0.01 of the panel) on each axis; the newest `capacity` (256)
    /// changes from the last `retention` (0.5 s) are kept. Negative spans and tolerances count as
    /// zero; spans are at most `Time.maximumSeconds`.
    public init(
        originNanoseconds: Int64, window: Time = .milliseconds(100), slack: Time = .milliseconds(2), tolerance: Double = 0.01,
        capacity: Int = 256, retention: Time = .milliseconds(500)
    ) {
        self.originNanoseconds = originNanoseconds
        let longest = Time.seconds(Time.maximumSeconds)
        self.window = min(max(window, .zero), longest)
        self.slack = min(max(slack, .zero), longest)
        self.tolerance = tolerance > 0 ? tolerance : 0
        self.capacity = max(capacity, 1)
        self.retention = min(max(retention, .zero), longest)
    }

    /// How many kernel changes are kept.
    public var count: Int { entries.count }

    /// `kernelNanoseconds` on the session clock; nil when the difference does not fit.
    public func sessionTime(ofKernelNanoseconds nanoseconds: Int64) -> Time? {
        let (difference, overflow) = nanoseconds.subtractingReportingOverflow(originNanoseconds)
        guard !overflow, Double(difference).magnitude / 1e9 <= Time.maximumSeconds else { return nil }
        return .seconds(Double(difference) / 1e9)
    }

    /// Keeps the kernel's changes (those without a panel position, or of an unrepresentable
    /// time, cannot be matched and are not kept), forgetting those older than `retention` before
    /// the newest and the oldest beyond `capacity`.
    public mutating func record<Changes: Sequence>(_ changes: Changes) where Changes.Element == KernelTouch {
        for touch in changes {
            guard let position = touch.position, let time = sessionTime(ofKernelNanoseconds: touch.kernelNanoseconds) else { continue }
            entries.append(Entry(touch: touch, position: position, time: time))
        }
        guard let newest = entries.map(\.time).max() else { return }
        entries.removeAll { $0.time < newest - retention } // Both within ±`Time.maximumSeconds`.
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// The kernel's time, on the session clock, of the SDL touch in `phase` that arrived at
    /// `arrival` at `position` (panel fractions, before calibration); nil when no kept change is
    /// that touch (and always for `.cancel`). `finger`, when given, is the SDL finger's id: a
    /// finger matched once keeps to the same kernel contact until it lifts.
    public mutating func kernelTime(of phase: TouchPhase, arrivedAt arrival: Time, atPanel position: Point, finger: PointerID? = nil) -> Time? {
        // Kept times are within ±`Time.maximumSeconds`; an arrival beyond that matches nothing.
        guard phase != .cancel, position.x.isFinite, position.y.isFinite, arrival.seconds.magnitude <= Time.maximumSeconds else {
            if let finger { contacts[finger] = nil }
            return nil
        }
        if phase == .down, let finger { contacts[finger] = nil }
        let contact = finger.flatMap { contacts[$0] }
        let earliest = arrival - window, latest = arrival + slack
        var best: Int?
        for (i, entry) in entries.enumerated() where !entry.used && entry.touch.phase == phase {
            guard entry.time >= earliest, entry.time <= latest,
                abs(entry.position.x - position.x) <= tolerance, abs(entry.position.y - position.y) <= tolerance,
                contact.map({ $0 == Contact(entry.touch) }) ?? true
            else { continue }
            guard let b = best else {
                best = i
                continue
            }
            if isBetter(entry, than: entries[b], for: phase, at: position) { best = i }
        }
        if phase == .up, let finger { contacts[finger] = nil }
        guard let match = best else { return nil }
        let matched = Contact(entries[match].touch)
        entries[match].used = true
        if phase == .move {
            for i in entries.indices where entries[i].touch.phase == .move && entries[i].time <= entries[match].time && Contact(entries[i].touch) == matched {
                entries[i].used = true
            }
        }
        if phase != .up, let finger { contacts[finger] = matched }
        return entries[match].time
    }

    /// Whether `a` is a better match than `b` for a touch in `phase` at `position`.
    private func isBetter(_ a: Entry, than b: Entry, for phase: TouchPhase, at position: Point) -> Bool {
        let da = a.position.distance(to: position), db = b.position.distance(to: position)
        if phase == .move && a.time != b.time { return a.time > b.time }
        if da != db { return da < db }
        return a.time < b.time
    }
}
