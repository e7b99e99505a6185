/// How one clip gives way to the next at a cut on a track. It lies centred on the cut and uses
/// the clips' unused footage (handles): the outgoing clip plays on for half its duration past
/// the cut, the incoming one starts half its duration before it. The timeline's length does not
/// change. Stored on the incoming clip (`Clip.transitionIn`).
public struct Transition: Hashable, Sendable {
    /// The picture's change; sound always cross-fades under a transition.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// The outgoing picture fades into the incoming one.
        case crossDissolve
        /// The outgoing picture fades to black, then the incoming one fades in from it.
        case dipToBlack
        /// The incoming picture is uncovered by an edge sweeping from left to right.
        case wipe
        /// The incoming picture slides in from the right, pushing the outgoing one out.
        case slide
        /// The outgoing picture grows and fades while the incoming one settles in.
        case zoom
    }

    public var kind: Kind
    /// How long it lasts, centred on the cut.
    public var duration: Time

    public init(_ kind: Kind, duration: Time) {
        self.kind = kind
        self.duration = duration
    }

    /// Half its duration: how far it reaches either side of the cut.
    public var half: Time { Time(ticks: duration.ticks / 2) }

    /// How far it has got at `t` (0 at its start, 1 at its end), for a cut at `cut`; nil
    /// outside it.
    public func progress(at t: Time, cut: Time) -> Double? {
        let start = cut - half
        guard duration.ticks > 0, t >= start, t < start + duration else { return nil }
        return Double((t - start).ticks) / Double(duration.ticks)
    }
}
