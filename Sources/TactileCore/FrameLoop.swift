/// One request for future frames, made by a widget during a frame: "redraw me on this schedule".
public struct FrameRequest: Sendable {
    /// The schedule whose entries are due frames.
    public let schedule: any TimelineSchedule
    /// When the schedule started (the instant of the frame that asked).
    public let start: Time
    /// Who asked, for the monitor overlay and logs ("spring", "playback", "tooltip").
    public let reason: String

    public init(_ schedule: any TimelineSchedule, start: Time, reason: String) {
        self.schedule = schedule; self.start = start; self.reason = reason
    }

    /// The first entry strictly after `instant`, or nil when the schedule has nothing left.
    public func nextEntry(after instant: Time, mode: TimelineScheduleMode) -> Time? {
        schedule.nextEntry(after: instant, startingAt: start, mode: mode)
    }
}

/// Decides when the next frame is due. It holds what the last frame asked for and answers with
/// the earliest entry after that frame; with no requests it answers nil, and the host waits
/// for input alone — an idle editor runs zero frames.
///
/// The loop never reads a clock: the host passes instants in, which is what makes headless
/// runs and replays deterministic.
public struct FrameLoop: Sendable {
    /// The requests of the most recent frame.
    public private(set) var requests: [FrameRequest] = []
    /// The instant of the most recent frame, nil before the first.
    public private(set) var lastFrame: Time?
    /// The schedule mode the loop honours (low frequency drops animation entries).
    public var mode: TimelineScheduleMode
    /// Frames run so far (editor passes, whether or not they changed the picture).
    public private(set) var framesRun = 0

    public init(mode: TimelineScheduleMode = .normal) { self.mode = mode }

    /// Records that a frame ran at `now` and asked for `requests`.
    public mutating func frameDidRun(at now: Time, requests: [FrameRequest]) {
        lastFrame = now
        self.requests = requests
        framesRun += 1
    }

    /// The earliest due instant and who asked for it, or nil when nothing is scheduled.
    /// Before the first frame, the first frame is due at once (`.zero`).
    public func nextDue() -> (time: Time, reason: String)? {
        guard let last = lastFrame else { return (.zero, "first frame") }
        var best: (time: Time, reason: String)?
        for request in requests {
            guard let t = request.nextEntry(after: last, mode: mode) else { continue }
            if best == nil || t < best!.time { best = (t, request.reason) }
        }
        return best
    }

    /// Whether a frame is due at `now`.
    public func isDue(at now: Time) -> Bool {
        guard let due = nextDue() else { return false }
        return due.time <= now
    }
}
