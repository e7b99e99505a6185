/// How one clip gives way to the next at a cut on a track. It lies centred on the cut and uses
/// the clips' unused footage (handles): the outgoing clip plays on for half its duration past
/// the cut, the incoming one starts half its duration before it. Where that footage runs short,
/// the clips overlap instead, as phone editors make a transition: what is missing is taken from
/// the clips' own ends (`overlap`), so the track after the cut moves earlier by it. Stored on the
/// incoming clip (`Clip.transitionIn`).
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

    /// What the two clips gave up so the transition could be made where their footage beyond the
    /// cut ran short: `outgoing` was cut from the outgoing clip's end, `incoming` from the incoming
    /// clip's start, and the rest of the track moved earlier by both. Given back when the
    /// transition is removed or changed.
    public struct Overlap: Hashable, Sendable {
        public var outgoing: Time
        public var incoming: Time
        /// Whether the other tracks' clips after the cut moved earlier with it (they do when
        /// every one of them can without running into a clip before it), so overlays and sound
        /// stay with the pictures they were placed over.
        public var everyTrack: Bool
        public init(outgoing: Time, incoming: Time, everyTrack: Bool = false) {
            self.outgoing = outgoing
            self.incoming = incoming
            self.everyTrack = everyTrack
        }
        /// No overlap: the transition plays from footage beyond the clips' edges.
        public static let none = Overlap(outgoing: .zero, incoming: .zero)
        /// How much shorter the track is for it.
        public var total: Time { outgoing + incoming }
    }

    public var kind: Kind
    /// How long it lasts, centred on the cut.
    public var duration: Time
    /// What the clips gave up for it (`.none` when their footage beyond the cut sufficed).
    public var overlap: Overlap

    public init(_ kind: Kind, duration: Time, overlap: Overlap = .none) {
        self.kind = kind
        self.duration = duration
        self.overlap = overlap
    }

    /// How far past its limit a transition may reach and still be whole: the ticks that footage
    /// counted at a clip's speed (rounded to a tick each way) can lose. 8 ticks, 11 ns.
    public static let roundingSlack = Time(ticks: 8)

    /// The shortest a transition may be: a tenth of a second (the picker's length steps).
    public static let minimumDuration = Time(ticks: Time.ticksPerSecond / 10)

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
