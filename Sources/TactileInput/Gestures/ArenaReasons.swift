import TactileCore

/// Why each recogniser the touched element offered did not win, in plain words with the numbers
/// that decided ("moved 20 pt > tap slop 8 pt", "vertical scroll not offered on clip:beach"):
/// what `arena.decided` logs as `why.<gesture>` and the arena debugger shows under a decision,
/// including the decisions nobody won.
public struct ArenaReasons: Sendable {
    /// The thresholds the recognisers used.
    public var thresholds: GestureArena.Thresholds

    public init(thresholds: GestureArena.Thresholds) { self.thresholds = thresholds }

    /// What the finger did, as far as the recognisers look at it.
    public struct Motion: Sendable {
        /// From where it went down to where it is.
        public var delta: Point
        /// How long it has been (or was) down.
        public var held: Time
        /// Whether it has lifted.
        public var lifted: Bool
        /// Whether a tap just before made this touch the second of a double tap.
        public var secondTap: Bool

        /// The farthest it went from where it went down (a wobble that came back still left the slop).
        public var farthest: Point

        public init(delta: Point, farthest: Point? = nil, held: Time, lifted: Bool, secondTap: Bool = false) {
            self.delta = delta; self.farthest = farthest ?? delta; self.held = held; self.lifted = lifted; self.secondTap = secondTap
        }

        var distance: Double { max((delta.x * delta.x + delta.y * delta.y).squareRoot(), (farthest.x * farthest.x + farthest.y * farthest.y).squareRoot()) }
        /// The axis it went farthest along.
        var axis: ScrollAxis { abs(farthest.x) >= abs(farthest.y) ? .horizontal : .vertical }
    }

    /// The reason `kind` did not win for a finger that did `motion` on `target`; `winner` is the
    /// one that did (nil: nobody), `accepted` the others that accepted at the same moment.
    public func reason(
        _ kind: GestureKind, motion: Motion, target: GestureTarget, winner: GestureKind?, accepted: Set<GestureKind> = [],
        competing: Set<GestureKind> = []
    ) -> String {
        let moved = "moved \(Self.points(motion.distance)) pt"
        if let winner, accepted.contains(kind) { return "accepted too; \(winner.rawValue) comes first (priority)" }
        if winner == .pinch { return kind == .pinch ? "" : "a second finger came: pinch took over" }
        // Still in the running when another accepted first (a trim's small slop before a tap's):
        // said when the kind's own rule had not ruled it out.
        var acceptedFirst: String? {
            guard let winner, competing.contains(kind), kind != .pinch else { return nil }
            let slop = winner == .trim ? "trim slop \(Self.points(thresholds.trimSlop)) pt" : "tap slop \(Self.points(thresholds.tapSlop)) pt"
            switch winner {
            case .trim, .move, .scroll: return "\(winner.rawValue) accepted first (\(moved) > \(slop))"
            case .longPress: return "long press accepted first (held \(Self.seconds(thresholds.longPressDuration)))"
            default: return nil
            }
        }
        switch kind {
        case .tap:
            if motion.distance > thresholds.tapSlop { return "\(moved) > tap slop \(Self.points(thresholds.tapSlop)) pt" }
            if motion.held > thresholds.tapMaximumDuration {
                return "held \(Self.seconds(motion.held)) > tap limit \(Self.seconds(thresholds.tapMaximumDuration))"
            }
            if motion.secondTap { return "a second tap makes a double tap" }
            if let first = acceptedFirst { return first }
            return motion.lifted ? "lifted in time, but \(winner?.rawValue ?? "nothing") took it" : "still down"
        case .doubleTap:
            // Either tap of a double tap is ruled out by moving or holding like a tap.
            if motion.distance > thresholds.tapSlop { return "\(moved) > tap slop \(Self.points(thresholds.tapSlop)) pt" }
            if motion.held > thresholds.tapMaximumDuration {
                return "held \(Self.seconds(motion.held)) > tap limit \(Self.seconds(thresholds.tapMaximumDuration))"
            }
            if !motion.secondTap { return "no first tap just before" }
            return "still down"
        case .longPress:
            if motion.distance > thresholds.longPressSlop { return "\(moved) > long-press slop \(Self.points(thresholds.longPressSlop)) pt" }
            if motion.held < thresholds.longPressDuration {
                let verb = motion.lifted ? "lifted after" : "decided after"
                return "\(verb) \(Self.seconds(motion.held)) < long press \(Self.seconds(thresholds.longPressDuration))"
            }
            return acceptedFirst ?? "held long enough, but \(winner?.rawValue ?? "nothing") took it first"
        case .scroll:
            if motion.distance <= thresholds.tapSlop { return "\(moved) ≤ tap slop \(Self.points(thresholds.tapSlop)) pt: not a scroll" }
            if !target.scrollAxes.contains(motion.axis) { return "\(motion.axis.rawValue) scroll not offered on \(target.id)" }
            return acceptedFirst ?? "\(winner?.rawValue ?? "nothing") took it first"
        case .move:
            if motion.distance <= thresholds.tapSlop { return "\(moved) ≤ tap slop \(Self.points(thresholds.tapSlop)) pt: not a move" }
            return acceptedFirst ?? "\(winner?.rawValue ?? "nothing") took it first"
        case .trim:
            if motion.distance <= thresholds.trimSlop { return "\(moved) ≤ trim slop \(Self.points(thresholds.trimSlop)) pt: not a trim" }
            return acceptedFirst ?? "\(winner?.rawValue ?? "nothing") took it first"
        case .pinch:
            return "no second finger came"
        }
    }

    /// Every offered recogniser but the winner with its reason, in `order`.
    public func reasons(
        offered: [GestureKind], motion: Motion, target: GestureTarget, winner: GestureKind?, accepted: Set<GestureKind> = [],
        competing: Set<GestureKind> = []
    ) -> [(kind: GestureKind, reason: String)] {
        offered.filter { $0 != winner }.map {
            ($0, reason($0, motion: motion, target: target, winner: winner, accepted: accepted, competing: competing))
        }
    }

    /// A distance as the rules write it: whole points, or tenths when there are some ("6.3").
    static func points(_ v: Double) -> String {
        let tenths = (v * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    /// A time as the rules write it: "0.08 s".
    static func seconds(_ t: Time) -> String { String(format: "%.2f s", t.seconds) }
}
