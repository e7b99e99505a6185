import Foundation
import TactileCore

/// Settles which gesture owns the fingers on the timeline. Recognisers for the gestures the
/// touched element offers compete while the finger decides; the first to accept wins (ties go
/// by `ArenaRules.priority`), the rest lose. A second finger may turn a running gesture into a
/// pinch where the rules allow it, otherwise it is refused. Pure: events and instants in,
/// gesture events out; timers (long press, double tap) fire from `advance(to:)`.
public struct GestureArena: Sendable {
    /// The thresholds the recognisers use, from `TactileConfiguration.Input`.
    public struct Thresholds: Sendable, Hashable {
        public var tapSlop: Double
        public var trimSlop: Double
        public var tapMaximumDuration: Time
        public var longPressDuration: Time
        public var longPressSlop: Double
        public var doubleTapInterval: Time
        public var doubleTapSlop: Double
        public var velocityWindow: Time
        /// The fastest velocity a gesture reports, in points per second.
        public var maximumSpeed: Double

        public init(_ c: TactileConfiguration.Input) {
            tapSlop = c.tapSlop; trimSlop = c.trimSlop
            tapMaximumDuration = .seconds(c.tapMaximumDuration)
            longPressDuration = .seconds(c.longPressDuration); longPressSlop = c.longPressSlop
            doubleTapInterval = .seconds(c.doubleTapInterval); doubleTapSlop = c.doubleTapSlop
            velocityWindow = .seconds(c.velocityWindow)
            maximumSpeed = c.maximumFlingSpeed
        }
    }

    struct Finger: Sendable {
        var start: Point
        var startTime: Time
        var location: Point
        var velocity: VelocityTracker
        /// The offset from `start` of the farthest point it reached.
        var farthest = Point.zero
    }

    struct Deciding: Sendable {
        var leader: PointerID
        var target: GestureTarget
        var candidates: Set<GestureKind>
        /// The location of the first tap when this sequence may be the second of a double tap.
        var firstTap: (location: Point, time: Time)?
    }

    struct Active: Sendable {
        var kind: GestureKind
        var fingers: [PointerID]
        var target: GestureTarget
        var axis: ScrollAxis?
        var start: Point
        var startDistance: Double
        /// The angle of the line from the first finger to the second when it began, radians.
        var startAngle: Double
        /// Where the leading finger went down (before the slop it crossed to be recognised); for a
        /// pinch, the centre of where its fingers went down.
        var origin: Point
    }

    enum State: Sendable {
        case idle
        case deciding(Deciding)
        case active(Active)
        /// A tap happened on an element that also takes double taps: wait for a second one.
        /// (`time`: when the first tap's finger went down, for the decisions' `sinceDown`.)
        case awaitingSecondTap(target: GestureTarget, location: Point, time: Time, deadline: Time)
        /// Nothing can win any more; waiting for the fingers to lift.
        case spent
    }

    public let rules: ArenaRules
    public var thresholds: Thresholds
    private(set) var fingers: [PointerID: Finger] = [:]
    private(set) var state: State = .idle
    /// The latest instant the arena has been told of (for the reasons the snapshot gives).
    private var latest: Time = .zero
    /// The decisions made since they were last taken (`takeDecisions()`), oldest first.
    public private(set) var decisions: [ArenaDecision] = []

    public init(rules: ArenaRules = .timeline, thresholds: Thresholds) {
        self.rules = rules; self.thresholds = thresholds
    }

    // MARK: Queries

    /// Whether the arena follows `finger`.
    public func follows(_ finger: PointerID) -> Bool { fingers[finger] != nil }

    /// Whether `finger` belongs to an element that takes a drag (a slider's move, a trim, a
    /// scroll, a pinch): a scroll view around it leaves such a finger to it.
    public func takesDrag(_ finger: PointerID) -> Bool {
        guard fingers[finger] != nil else { return false }
        let target: GestureTarget?
        switch state {
        case let .deciding(d): target = d.target
        case let .active(a): target = a.target
        case let .awaitingSecondTap(t, _, _, _): target = t
        case .idle, .spent: target = nil
        }
        return !(target?.gestures ?? []).isDisjoint(with: [.move, .trim, .scroll, .pinch])
    }

    /// Whether any finger is in the arena.
    public var isEngaged: Bool { !fingers.isEmpty }

    /// The gesture under way, if one has won.
    public var activeGesture: GestureKind? {
        if case let .active(a) = state { return a.kind }
        return nil
    }

    /// The gestures still competing for the finger, while undecided.
    public var candidates: Set<GestureKind> {
        if case let .deciding(d) = state { return d.candidates }
        return []
    }

    /// When a timer next needs `advance(to:)` (a long press or a double-tap timeout).
    public var nextDeadline: Time? {
        switch state {
        case let .deciding(d):
            guard let f = fingers[d.leader] else { return nil }
            var times: [Time] = []
            if d.candidates.contains(.longPress) { times.append(f.startTime + thresholds.longPressDuration) }
            if d.candidates.contains(.tap) { times.append(f.startTime + thresholds.tapMaximumDuration + Time(ticks: 1)) }
            return times.min()
        case let .awaitingSecondTap(_, _, _, deadline):
            return deadline
        default:
            return nil
        }
    }

    /// Notes a decision about a touch the arena never competed for (one that landed where nothing
    /// offers a gesture), so that every touch has one.
    public mutating func record(_ decision: ArenaDecision) { decisions.append(decision) }

    /// The decisions made since the last call, oldest first; the arena forgets them.
    public mutating func takeDecisions() -> [ArenaDecision] {
        defer { decisions.removeAll() }
        return decisions
    }

    /// The arena as it stands, for the debugger.
    public var snapshot: ArenaSnapshot {
        let list = fingers.map { ArenaSnapshot.Finger(id: $0.key, start: $0.value.start, location: $0.value.location, startTime: $0.value.startTime) }
            .sorted { $0.id < $1.id }
        var phase = ArenaSnapshot.Phase.idle
        var longPress: Time?
        switch state {
        case .idle: phase = .idle
        case let .deciding(d):
            phase = .deciding(leader: d.leader, candidates: ordered(d.candidates))
            if d.candidates.contains(.longPress), let f = fingers[d.leader] { longPress = f.startTime + thresholds.longPressDuration }
        case let .active(a): phase = .active(kind: a.kind, fingers: a.fingers)
        case let .awaitingSecondTap(_, location, _, deadline): phase = .awaitingSecondTap(location: location, deadline: deadline)
        case .spent: phase = .spent
        }
        var snapshot = ArenaSnapshot(
            fingers: list, phase: phase, longPressDeadline: longPress, tapSlop: thresholds.tapSlop, trimSlop: thresholds.trimSlop,
            longPressSlop: thresholds.longPressSlop, longPressDuration: thresholds.longPressDuration,
            doubleTapInterval: thresholds.doubleTapInterval)
        if case let .deciding(d) = state, let f = fingers[d.leader] { snapshot.dropped = dropped(d, now: max(latest, f.startTime)) }
        return snapshot
    }

    /// `kinds` in the order of `rules.priority` (any not listed last, by name).
    private func ordered(_ kinds: Set<GestureKind>) -> [GestureKind] {
        rules.priority.filter(kinds.contains) + kinds.subtracting(rules.priority).sorted { $0.rawValue < $1.rawValue }
    }

    /// Notes a decision about `finger`. With `explaining` (a single finger's decision), every
    /// recogniser `target` offered but the winner is given its reason (`ArenaReasons`);
    /// `accepted` are those that accepted with the winner, `lifted` whether the finger is up.
    private mutating func decide(
        _ finger: PointerID, target: GestureTarget, candidates: Set<GestureKind>, winner: GestureKind?, rule: String,
        time: Time, explaining: Bool = false, accepted: Set<GestureKind> = [], lifted: Bool = false, secondTap: Bool = false
    ) {
        let f = fingers[finger]
        // On what takes no single tap (the ruler), the tap that competes is a double tap's first
        // half: the decision names it as the target offers it, so candidates and `offered` agree.
        var candidates = candidates
        if !target.gestures.contains(.tap), target.gestures.contains(.doubleTap), candidates.remove(.tap) != nil { candidates.insert(.doubleTap) }
        var decision = ArenaDecision(
            finger: finger, target: target.id, candidates: ordered(candidates.union(winner.map { [$0] } ?? [])),
            winner: winner, rule: rule, time: time, sinceDown: f.map { time - $0.startTime } ?? .zero,
            location: f?.location ?? .zero)
        if explaining, let f {
            decision.offered = ordered(target.gestures)
            let motion = ArenaReasons.Motion(
                delta: f.location - f.start, farthest: f.farthest, held: time - f.startTime, lifted: lifted, secondTap: secondTap)
            for (kind, reason) in ArenaReasons(thresholds: thresholds).reasons(
                offered: decision.offered, motion: motion, target: target, winner: winner, accepted: accepted, competing: candidates)
            {
                decision.why[kind] = reason
            }
        }
        decisions.append(decision)
    }

    /// The first half of a double tap on what takes no single tap (the ruler), when no second
    /// tap follows: nobody won; a tap nothing answered (a miss).
    private mutating func nobodyAfterSingleTap(on target: GestureTarget, at location: Point, tappedAt tapTime: Time, time: Time, rule: String) {
        var nobody = ArenaDecision(
            finger: nil, target: target.id, candidates: [.doubleTap], winner: nil, rule: "nobody: \(rule); \(target.id) offers no tap",
            time: time, sinceDown: time - tapTime, location: location)
        nobody.offered = ordered(target.gestures)
        for kind in nobody.offered {
            nobody.why[kind] =
                kind == .doubleTap
                ? rule
                : ArenaReasons(thresholds: thresholds).reason(kind, motion: .init(delta: .zero, held: .zero, lifted: true), target: target, winner: nil)
        }
        nobody.unansweredTap = true
        decisions.append(nobody)
    }

    /// Why each recogniser still competing for the deciding finger is not winning yet, and why
    /// each of the others dropped out, for the debugger while the finger is down.
    private func dropped(_ d: Deciding, now: Time) -> [GestureKind: String] {
        guard let f = fingers[d.leader] else { return [:] }
        let motion = ArenaReasons.Motion(
            delta: f.location - f.start, farthest: f.farthest, held: now - f.startTime, lifted: false, secondTap: d.firstTap != nil)
        var out: [GestureKind: String] = [:]
        for kind in d.target.gestures where !d.candidates.contains(kind) {
            out[kind] = ArenaReasons(thresholds: thresholds).reason(kind, motion: motion, target: d.target, winner: nil)
        }
        return out
    }

    // MARK: Input

    /// Feeds one touch. `target` is what a landing finger touched (only read for `.down`).
    public mutating func handle(id: PointerID, phase: TouchPhase, location: Point, time: Time, target: GestureTarget?) -> [GestureEvent] {
        var out = advance(to: time)
        switch phase {
        case .down:
            out += down(id, location, time, target)
        case .move:
            guard var f = fingers[id] else { return out }
            f.location = location
            f.velocity.add(location, at: time)
            if location.distance(to: f.start) > f.farthest.distance(to: .zero) { f.farthest = location - f.start }
            fingers[id] = f
            out += moved(id, time)
        case .up, .cancel:
            guard var f = fingers[id] else { return out }
            f.location = location
            if phase == .up { f.velocity.add(location, at: time) }
            fingers[id] = f
            out += lifted(id, time, cancelled: phase == .cancel)
            fingers[id] = nil
            if fingers.isEmpty, case .spent = state { state = .idle }
            if fingers.isEmpty, case .active = state { state = .idle }
        }
        return out
    }

    /// Fires timers due by `now`: long presses, taps waiting out a double tap.
    public mutating func advance(to now: Time) -> [GestureEvent] {
        latest = max(latest, now)
        switch state {
        case var .deciding(d):
            guard let f = fingers[d.leader] else { return [] }
            if d.candidates.contains(.tap) && now - f.startTime > thresholds.tapMaximumDuration {
                d.candidates.remove(.tap)
                d.candidates.remove(.doubleTap)
                state = .deciding(d)
            }
            if d.candidates.contains(.longPress) && now - f.startTime >= thresholds.longPressDuration {
                let at = f.startTime + thresholds.longPressDuration
                decide(
                    d.leader, target: d.target, candidates: d.candidates, winner: .longPress,
                    rule:
                        "longPressDuration: held \(ArenaReasons.seconds(thresholds.longPressDuration)) within longPressSlop \(ArenaReasons.points(thresholds.longPressSlop)) pt",
                    time: at, explaining: true, secondTap: d.firstTap != nil)
                return begin(.longPress, fingers: [d.leader], target: d.target, start: f.start, axis: nil, time: at)
            }
            if d.candidates.isEmpty {
                state = .spent
                decide(
                    d.leader, target: d.target, candidates: [.tap], winner: nil,
                    rule: "tapMaximumDuration: held over \(ArenaReasons.seconds(thresholds.tapMaximumDuration)), nothing else offered", time: now,
                    explaining: true, secondTap: d.firstTap != nil)
            }
            return []
        case let .awaitingSecondTap(target, location, tapTime, deadline):
            guard now >= deadline else { return [] }
            state = fingers.isEmpty ? .idle : .spent
            guard target.gestures.contains(.tap) else {
                nobodyAfterSingleTap(
                    on: target, at: location, tappedAt: tapTime, time: deadline,
                    rule: "no second tap within double-tap interval \(ArenaReasons.seconds(thresholds.doubleTapInterval))")
                return []
            }
            decisions.append(
                ArenaDecision(
                    finger: nil, target: target.id, candidates: [.doubleTap, .tap], winner: .tap,
                    rule: "doubleTapInterval: no second tap within \(ArenaReasons.seconds(thresholds.doubleTapInterval))",
                    time: deadline, sinceDown: deadline - tapTime, location: location))
            return [event(.tap, .recognized, target: target, start: location, location: location, time: deadline)]
        default:
            return []
        }
    }

    /// Cancels everything (the window lost focus).
    public mutating func cancelAll(at time: Time) -> [GestureEvent] {
        var out: [GestureEvent] = []
        if case let .active(a) = state { out.append(activeEvent(a, .cancelled, time: time)) }
        fingers.removeAll()
        state = .idle
        return out
    }

    // MARK: Phases

    private mutating func down(_ id: PointerID, _ p: Point, _ time: Time, _ target: GestureTarget?) -> [GestureEvent] {
        fingers[id] = Finger(
            start: p, startTime: time, location: p,
            velocity: {
                var v = VelocityTracker(window: thresholds.velocityWindow); v.add(p, at: time); return v
            }())
        switch state {
        case .idle, .awaitingSecondTap:
            var out: [GestureEvent] = []
            var firstTap: (Point, Time)?
            if case let .awaitingSecondTap(waitingTarget, location, tapTime, _) = state {
                if let target, target.id == waitingTarget.id, p.distance(to: location) <= thresholds.doubleTapSlop {
                    firstTap = (location, tapTime)
                } else if !waitingTarget.gestures.contains(.tap) {
                    nobodyAfterSingleTap(on: waitingTarget, at: location, tappedAt: tapTime, time: time, rule: "the next touch landed elsewhere")
                } else {
                    decisions.append(
                        ArenaDecision(
                            finger: nil, target: waitingTarget.id, candidates: [.doubleTap, .tap], winner: .tap,
                            rule: "doubleTapSlop: the next touch landed elsewhere", time: time, sinceDown: time - tapTime,
                            location: location))
                    out.append(event(.tap, .recognized, target: waitingTarget, start: location, location: location, time: time))
                }
            }
            guard let target, fingers.count == 1 else {
                // Nobody can have this touch: still a decision, logged and drawn like any other.
                let rule = target == nil ? "nobody: nothing here takes touches" : "nobody: another finger is already down, and nothing took it"
                decisions.append(
                    ArenaDecision(
                        finger: id, target: target?.id ?? "nothing", candidates: [], winner: nil, rule: rule, time: time, sinceDown: .zero,
                        location: p))
                state = .spent
                return out
            }
            var candidates = target.gestures
            if firstTap != nil {
                candidates = candidates.intersection([.doubleTap, .pinch])
            } else {
                candidates.remove(.doubleTap)
                // The first half of a double tap is a tap.
                if target.gestures.contains(.doubleTap) { candidates.insert(.tap) }
            }
            state = .deciding(Deciding(leader: id, target: target, candidates: candidates, firstTap: firstTap))
            return out
        case let .deciding(d):
            guard d.candidates.contains(.pinch) || d.target.gestures.contains(.pinch), let leader = fingers[d.leader] else {
                decide(id, target: d.target, candidates: [.pinch], winner: nil, rule: "second finger: \(d.target.id) offers no pinch", time: time)
                decisions[decisions.count - 1].why[.pinch] = "\(d.target.id) offers no pinch"
                return []
            }
            decide(
                d.leader, target: d.target, candidates: d.candidates, winner: .pinch, rule: "second finger while deciding: pinch", time: time,
                explaining: true)
            return begin(.pinch, fingers: [d.leader, id], target: d.target, start: midpoint(leader.location, p), axis: nil, time: time)
        case let .active(a):
            guard a.kind != .pinch, rules.allows(.pinch, during: a.kind), a.target.gestures.contains(.pinch) || target?.gestures.contains(.pinch) == true,
                let leader = a.fingers.first, let lf = fingers[leader]
            else {
                let rule =
                    a.kind == .pinch
                    ? "a pinch takes two fingers"
                    : !rules.allows(.pinch, during: a.kind)
                        ? "takesOver[pinch] ∌ \(a.kind.rawValue): refused"
                        : "second finger: no pinch offered here"
                decide(id, target: a.target, candidates: [.pinch], winner: nil, rule: rule, time: time)
                // The refused pinch says why in plain words, as every loser does.
                decisions[decisions.count - 1].why[.pinch] =
                    a.kind == .pinch
                    ? "a pinch is already under way"
                    : !rules.allows(.pinch, during: a.kind) ? "nothing interrupts a \(a.kind.rawValue)" : "no pinch offered here"
                return []
            }
            decide(
                leader, target: a.target, candidates: [a.kind, .pinch], winner: .pinch, rule: "takesOver[pinch] ∋ \(a.kind.rawValue)", time: time,
                explaining: true)
            var out = [activeEvent(a, .cancelled, time: time)]
            out += begin(.pinch, fingers: [leader, id], target: a.target, start: midpoint(lf.location, p), axis: nil, time: time)
            return out
        case .spent:
            // A finger joining a touch already decided: nobody can take it either, and it says so.
            decisions.append(
                ArenaDecision(
                    finger: id, target: target?.id ?? "nothing", candidates: [], winner: nil,
                    rule: "nobody: it joined a touch that was already decided", time: time, sinceDown: .zero, location: p))
            return []
        }
    }

    private mutating func moved(_ id: PointerID, _ time: Time) -> [GestureEvent] {
        switch state {
        case var .deciding(d) where d.leader == id:
            guard let f = fingers[id] else { return [] }
            let delta = f.location - f.start
            let distance = f.location.distance(to: f.start)
            var accepted: [(GestureKind, ScrollAxis?)] = []
            let competing = d.candidates
            var refusedAxis: ScrollAxis?
            if distance > thresholds.tapSlop { d.candidates.remove(.tap); d.candidates.remove(.doubleTap) }
            if distance > thresholds.longPressSlop { d.candidates.remove(.longPress) }
            if d.candidates.contains(.trim) && distance > thresholds.trimSlop { accepted.append((.trim, nil)) }
            if d.candidates.contains(.move) && distance > thresholds.tapSlop { accepted.append((.move, nil)) }
            if d.candidates.contains(.scroll) && distance > thresholds.tapSlop {
                let axis: ScrollAxis = abs(delta.x) >= abs(delta.y) ? .horizontal : .vertical
                if d.target.scrollAxes.contains(axis) { accepted.append((.scroll, axis)) } else { d.candidates.remove(.scroll); refusedAxis = axis }
            }
            if let winner = rules.priority.lazy.compactMap({ kind in accepted.first { $0.0 == kind } }).first {
                let moved = "moved \(ArenaReasons.points(distance)) pt"
                let rule: String
                if accepted.count > 1 {
                    rule = "priority: \(winner.0.rawValue) before " + accepted.map(\.0).filter { $0 != winner.0 }.map(\.rawValue).joined(separator: ", ")
                } else if winner.0 == .trim {
                    rule = "trimSlop: \(moved) > \(ArenaReasons.points(thresholds.trimSlop)) pt"
                } else {
                    rule = "tapSlop: \(moved) > \(ArenaReasons.points(thresholds.tapSlop)) pt" + (winner.1.map { ", \($0.rawValue)" } ?? "")
                }
                decide(
                    id, target: d.target, candidates: competing, winner: winner.0, rule: rule, time: time, explaining: true,
                    accepted: Set(accepted.map(\.0)), secondTap: d.firstTap != nil)
                return begin(winner.0, fingers: [id], target: d.target, start: f.location, axis: winner.1, time: time)
            }
            if d.candidates.isEmpty {
                let rule =
                    refusedAxis.map { "scrollAxes: \($0.rawValue) not offered by \(d.target.id)" }
                    ?? "tapSlop: moved \(ArenaReasons.points(distance)) pt > \(ArenaReasons.points(thresholds.tapSlop)) pt, nothing else offered"
                decide(id, target: d.target, candidates: competing, winner: nil, rule: rule, time: time, explaining: true, secondTap: d.firstTap != nil)
            }
            state = d.candidates.isEmpty ? .spent : .deciding(d)
            return []
        case let .active(a) where a.fingers.contains(id):
            return [activeEvent(a, .changed, time: time)]
        default:
            return []
        }
    }

    private mutating func lifted(_ id: PointerID, _ time: Time, cancelled: Bool) -> [GestureEvent] {
        switch state {
        case let .deciding(d) where d.leader == id:
            guard let f = fingers[id] else { return [] }
            state = fingers.count > 1 ? .spent : .idle
            guard !cancelled else { return [] }
            let held = time - f.startTime
            let second = d.firstTap != nil
            let distance = max(f.location.distance(to: f.start), f.farthest.distance(to: .zero))
            // A finger that moved past the slop lost its tap to the movement, whatever the time:
            // said as such below, not as a tap held too long.
            let movedOffTheTap = distance > thresholds.tapSlop && !d.candidates.contains(.tap) && !d.candidates.contains(.doubleTap)
            guard held <= thresholds.tapMaximumDuration || movedOffTheTap else {
                decide(
                    id, target: d.target, candidates: d.candidates, winner: nil,
                    rule: "nobody: lifted after \(ArenaReasons.seconds(held)) > tapMaximumDuration \(ArenaReasons.seconds(thresholds.tapMaximumDuration))",
                    time: time, explaining: true, lifted: true, secondTap: second)
                return []
            }
            if let first = d.firstTap, d.candidates.contains(.doubleTap) {
                decide(
                    id, target: d.target, candidates: d.candidates, winner: .doubleTap,
                    rule: "doubleTapInterval: second tap within \(ArenaReasons.seconds(thresholds.doubleTapInterval))", time: time,
                    explaining: true, lifted: true, secondTap: true)
                return [event(.doubleTap, .recognized, target: d.target, start: first.location, location: f.location, time: time)]
            }
            guard d.candidates.contains(.tap) else {
                if distance <= thresholds.tapSlop && !d.target.gestures.contains(.tap) {
                    // A tap on what takes none: said, so the log and the frustration signals see it.
                    decide(
                        id, target: d.target, candidates: d.candidates, winner: nil,
                        rule: "lifted as a tap after \(ArenaReasons.seconds(held)): \(d.target.id) offers no tap", time: time,
                        explaining: true, lifted: true, secondTap: second)
                    decisions[decisions.count - 1].unansweredTap = true
                } else {
                    // The finger moved and lifted before anything still competing could win.
                    decide(
                        id, target: d.target, candidates: d.candidates, winner: nil,
                        rule: "nobody: lifted after moving \(ArenaReasons.points(distance)) pt before any recogniser accepted", time: time,
                        explaining: true, lifted: true, secondTap: second)
                }
                return []
            }
            if d.target.gestures.contains(.doubleTap) {
                state = .awaitingSecondTap(target: d.target, location: f.start, time: f.startTime, deadline: time + thresholds.doubleTapInterval)
                return []
            }
            guard d.target.gestures.contains(.tap) else { return [] }
            decide(
                id, target: d.target, candidates: d.candidates, winner: .tap,
                rule: "tapMaximumDuration: lifted after \(ArenaReasons.seconds(held)) ≤ \(ArenaReasons.seconds(thresholds.tapMaximumDuration))", time: time,
                explaining: true, lifted: true, secondTap: second)
            return [event(.tap, .recognized, target: d.target, start: f.start, location: f.start, time: time)]
        case let .active(a) where a.fingers.contains(id):
            state = fingers.count > 1 ? .spent : .idle
            return [activeEvent(a, cancelled ? .cancelled : .ended, time: time)]
        default:
            return []
        }
    }

    private mutating func begin(
        _ kind: GestureKind, fingers ids: [PointerID], target: GestureTarget, start: Point, axis: ScrollAxis?, time: Time
    ) -> [GestureEvent] {
        let distance = ids.count == 2 ? (fingers[ids[0]]!.location.distance(to: fingers[ids[1]]!.location)) : 0
        let angle = ids.count == 2 ? Self.angle(fingers[ids[0]]!.location, fingers[ids[1]]!.location) : 0
        // A pinch's: the centre of where its two fingers went down.
        let downs = ids.compactMap { fingers[$0]?.start }
        let origin = downs.count == 2 ? midpoint(downs[0], downs[1]) : downs.first ?? start
        let a = Active(
            kind: kind, fingers: ids, target: target, axis: axis, start: start, startDistance: max(distance, 1), startAngle: angle, origin: origin)
        state = .active(a)
        return [activeEvent(a, .began, time: time)]
    }

    private func activeEvent(_ a: Active, _ phase: GesturePhase, time: Time) -> GestureEvent {
        let tracked = a.fingers.compactMap { fingers[$0] }
        let location: Point
        var velocity = Point.zero
        var scale = 1.0, rotation = 0.0
        if a.kind == .pinch, tracked.count == 2 {
            location = midpoint(tracked[0].location, tracked[1].location)
            scale = tracked[0].location.distance(to: tracked[1].location) / a.startDistance
            rotation = OverlayTransform.normalised((Self.angle(tracked[0].location, tracked[1].location) - a.startAngle) * 180 / .pi)
            let v0 = tracked[0].velocity.velocity(at: time), v1 = tracked[1].velocity.velocity(at: time)
            velocity = Point(x: (v0.x + v1.x) / 2, y: (v0.y + v1.y) / 2)
        } else {
            location = tracked.first?.location ?? a.start
            velocity = tracked.first?.velocity.velocity(at: time) ?? .zero
        }
        var e = event(a.kind, phase, target: a.target, start: a.start, location: location, time: time)
        e.origin = a.origin
        e.axis = a.axis
        // A finger that jumped far within an instant measures an absurd speed: cap it.
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
        if speed > thresholds.maximumSpeed {
            let k = thresholds.maximumSpeed / speed
            velocity = Point(x: velocity.x * k, y: velocity.y * k)
        }
        e.velocity = velocity
        e.scale = scale
        e.rotation = rotation
        return e
    }

    private func event(_ kind: GestureKind, _ phase: GesturePhase, target: GestureTarget, start: Point, location: Point, time: Time) -> GestureEvent {
        GestureEvent(
            kind: kind, phase: phase, target: target, time: time, start: start, origin: start, location: location,
            axis: nil, velocity: .zero, scale: 1)
    }

    private func midpoint(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

    /// The direction from `a` to `b`, radians, clockwise on screen from the x axis.
    private static func angle(_ a: Point, _ b: Point) -> Double { atan2(b.y - a.y, b.x - a.x) }
}
