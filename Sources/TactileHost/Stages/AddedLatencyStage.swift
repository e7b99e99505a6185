import TactileCore
import TactileInput

/// `feel.addedLatency`: the editor gets each event that long after it arrived, in the order they
/// arrived (a latency experiment's deliberate delay). The frame loop wakes exactly when the
/// oldest held event is due (no polling).
public final class AddedLatencyStage: HostStage {
    /// Input held back, oldest first, until it is due.
    private var held: [InputEvent] = []

    public init() {}

    public func release(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] {
        let latency = step.session.addedLatency
        guard latency > .zero || !held.isEmpty else { return input }
        held += input
        let cut = held.firstIndex { $0.time + latency > step.now } ?? held.count
        let released = Array(held[..<cut])
        held.removeFirst(cut)
        return released
    }

    public func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)? { heldDue(session) }
    public func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)? { heldDue(session) }

    /// When the last input held back is due (nil: none held).
    public func lastDue(_ session: HostSession) -> Time? { held.last.map { $0.time + session.addedLatency } }

    private func heldDue(_ session: HostSession) -> (time: Time, reason: String)? {
        held.first.map { ($0.time + session.addedLatency, "added latency") }
    }
}
