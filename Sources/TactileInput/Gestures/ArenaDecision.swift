import TactileCore

/// One decision of the gesture arena: which recognisers were competing for a finger, which one
/// won (or that none did) and the rule that settled it, named as it is written in `ArenaRules`
/// and `GestureArena.Thresholds` ("tapSlop: moved 10.4 pt > 10 pt", "priority: trim before
/// move", "takesOver[pinch] ∋ scroll"). The editor logs each as `arena.decided`, and the arena
/// debugger (`--arena`) shows it beside the finger.
public struct ArenaDecision: Hashable, Sendable {
    /// The finger the decision was about; nil when it had lifted already (a tap decided when
    /// the double tap's wait ran out).
    public var finger: PointerID?
    /// The element it landed on ("clip:beach", "timeline.background").
    public var target: String
    /// The recognisers still competing when it was decided, in `ArenaRules.priority` order.
    public var candidates: [GestureKind]
    /// The one that won; nil when none did (the finger is spent, or a second finger was refused).
    public var winner: GestureKind?
    /// The rule that decided.
    public var rule: String
    /// When it was decided.
    public var time: Time
    /// How long after the finger went down.
    public var sinceDown: Time
    /// Where the finger was then.
    public var location: Point
    /// Every recogniser the touched element offered, in `ArenaRules.priority` order (empty for
    /// decisions that are not about one finger's gesture: a second finger refused).
    public var offered: [GestureKind] = []
    /// For each offered recogniser but the winner, why it did not win, in plain words with the
    /// numbers that decided ("moved 20 pt > tap slop 8 pt"; see `ArenaReasons`).
    public var why: [GestureKind: String] = [:]
    /// The finger lifted as a tap would (quick, still) on an element that takes no tap (the scrub
    /// bar takes drags only): nothing answered it. The log counts it as a miss on that element.
    public var unansweredTap = false

    /// The target of a decision about a touch that landed on nothing that takes a touch.
    public static let nothing = "nothing"

    public init(
        finger: PointerID?, target: String, candidates: [GestureKind], winner: GestureKind?, rule: String, time: Time,
        sinceDown: Time, location: Point
    ) {
        self.finger = finger; self.target = target; self.candidates = candidates; self.winner = winner; self.rule = rule
        self.time = time; self.sinceDown = sinceDown; self.location = location
    }

    /// The candidates that lost.
    public var losers: [GestureKind] { candidates.filter { $0 != winner } }
}

/// The arena as it stands, for the debugger to draw: each finger it follows, what is competing
/// or has won, and the timers running.
public struct ArenaSnapshot: Hashable, Sendable {
    /// A finger the arena follows.
    public struct Finger: Hashable, Sendable {
        public var id: PointerID
        public var start: Point
        public var location: Point
        public var startTime: Time
    }

    /// What the arena is doing.
    public enum Phase: Hashable, Sendable {
        case idle
        /// Recognisers compete for `leader`.
        case deciding(leader: PointerID, candidates: [GestureKind])
        /// `kind` won and runs with `fingers`.
        case active(kind: GestureKind, fingers: [PointerID])
        /// A tap happened where a double tap may follow: waiting until `deadline`.
        case awaitingSecondTap(location: Point, deadline: Time)
        /// Nothing can win any more until the fingers lift.
        case spent
    }

    public var fingers: [Finger]
    public var phase: Phase
    /// Where a long press fires, when one is competing.
    public var longPressDeadline: Time?
    /// The finger's slops: past `tapSlop` a tap is out and a scroll or move may win; past
    /// `trimSlop` a trim wins; past `longPressSlop` a long press is out.
    public var tapSlop: Double, trimSlop: Double, longPressSlop: Double
    /// How long a long press takes and a double tap may wait, for the timers' rings.
    public var longPressDuration: Time, doubleTapInterval: Time
    /// While deciding: the recognisers the element offered that dropped out, each with why
    /// ("moved 20 pt > tap slop 8 pt"), so the chip never shrinks without a reason.
    public var dropped: [GestureKind: String] = [:]

    public static let empty = ArenaSnapshot(
        fingers: [], phase: .idle, longPressDeadline: nil, tapSlop: 0, trimSlop: 0, longPressSlop: 0,
        longPressDuration: .zero, doubleTapInterval: .zero)
}
