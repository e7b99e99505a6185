import TactileCore
import TactileInput
import TactileUI

/// Names what each logged touch was aimed at, as a usability researcher reads the log: the
/// element (id and role) a gesture or button tap landed on, and for a touch that hit nothing,
/// the nearest element and how far it was.
enum InteractionLog {
    /// Adds `role` to this pass's gesture events, logs button taps as gestures, and logs misses
    /// with the nearest element.
    static func describeTargets(
        in log: inout [LogEvent], since start: Int, taps: [Point], misses: [Point],
        elements: [UIElement], now: Time
    ) {
        guard !taps.isEmpty || !misses.isEmpty || log.count > start else { return }
        let touchable = elements.filter { !passive.contains($0.role) }
        for i in start..<log.count {
            guard case var .gesture(g) = log[i].event, g.role == nil else { continue }
            g.role = elements.last { $0.id == g.target }?.role ?? role(ofTarget: g.target)
            log[i].event = .gesture(g)
        }
        for tap in taps {
            let hit = touchable.last { $0.hitFrame.contains(tap) }
            log.append(
                LogEvent(
                    time: now,
                    .gesture(
                        .init(phase: .recognized, gesture: .tap, target: hit?.id ?? "unknown", role: hit?.role ?? "unknown", x: tap.x, y: tap.y))))
        }
        // A tap the arena gave to a background (the timeline's empty space, a track) hit nothing
        // that does anything on a tap but clear a selection: a miss, as a researcher counts one —
        // unless it did clear one (`Misses.clearsTheWay`): then it was needed.
        let cleared = log[start...].contains { Misses.clearsTheWay($0.event) }
        for i in start..<log.count where !cleared {
            guard case var .gesture(g) = log[i].event, g.isTap, let role = g.role, backgrounds.contains(role) else { continue }
            g.miss = .background
            log[i].event = .gesture(g)
        }
        for point in misses {
            var miss = InteractionEvent.Miss(reason: .nothing, x: point.x, y: point.y)
            if let (nearest, distance) = nearest(to: point, among: touchable) {
                miss.nearest = nearest.id
                miss.nearestRole = nearest.role
                miss.distance = (distance * 10).rounded() / 10
            }
            log.append(LogEvent(time: now, .miss(miss)))
        }
    }

    /// Logs a gesture as it begins, ends, is cancelled or is recognised (not as it changes), with
    /// where it was recognised (`x`, `y`; `dx`, `dy` from there), where the finger went down
    /// (`downX`, `downY`; `downDx`, `downDy` from there), the velocity a scroll, move or trim ended
    /// with (`vx`, `vy`, pt/s) and, for a pinch, the zoom it left.
    static func log(_ g: GestureEvent, state: EditorState, into log: inout [LogEvent], now: Time) {
        guard g.phase != .changed else { return }
        var e = InteractionEvent.Gesture(phase: g.phase, gesture: g.kind, target: g.target.id, x: rounded(g.start.x), y: rounded(g.start.y))
        e.downX = rounded(g.origin.x); e.downY = rounded(g.origin.y)
        if g.phase == .ended || g.phase == .cancelled {
            e.dx = rounded(g.translation.x); e.dy = rounded(g.translation.y)
            e.downDx = rounded(g.location.x - g.origin.x); e.downDy = rounded(g.location.y - g.origin.y)
        }
        // The release velocity a fling coasts from (`coast.ended` says how far it went).
        if g.phase == .ended && [.scroll, .move, .trim].contains(g.kind) { e.vx = g.velocity.x.rounded(); e.vy = g.velocity.y.rounded() }
        if g.kind == .pinch && g.phase != .began {
            e.scale = (g.scale * 1000).rounded() / 1000
            if g.rotation != 0 { e.rotation = rounded(g.rotation) }
        }
        log.append(LogEvent(time: now, .gesture(e)))
    }

    /// An arena decision as the log's `arena.decided` event: the finger, the recognisers that
    /// competed (in priority order), the winner ("none" when none won), the rule that decided,
    /// the time since the finger went down (seconds), the target and where the finger was; the
    /// recognisers the target offered (`offered`) and why each but the winner lost (`why.tap`, …).
    static func entry(for d: ArenaDecision, now: Time) -> LogEvent {
        LogEvent(
            time: now,
            .arenaDecided(
                .init(
                    candidates: d.candidates, winner: d.winner, rule: d.rule, sinceDown: (d.sinceDown.seconds * 1000).rounded() / 1000,
                    target: d.target, x: rounded(d.location.x), y: rounded(d.location.y), finger: d.finger,
                    offered: d.offered, why: d.why)))
    }

    private static func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }

    /// A tap nothing answered (`ArenaDecision.unansweredTap`) as the log's `miss`, on the element
    /// it landed on (`reason` "unanswered"): five of them on the scrub bar's margin are a rage burst.
    static func unansweredTap(_ d: ArenaDecision, elements: [UIElement], now: Time) -> LogEvent {
        LogEvent(
            time: now,
            .miss(
                .init(
                    reason: .unanswered, x: rounded(d.location.x), y: rounded(d.location.y), target: d.target,
                    role: elements.last { $0.id == d.target }?.role ?? role(ofTarget: d.target))))
    }

    /// Roles of the empty space behind the interactive elements: a tap there is a miss.
    static let backgrounds: Set = ["timeline.background", "track"]

    /// Roles that show something but take no touch of their own.
    static let passive: Set = ["playhead", "snapGuide", "ghostOutline", "banner", "timecode", "scrubOverlay", "playerBar", "track", "title"]

    /// The element whose hit area lies nearest `point`, and the distance to it in points.
    static func nearest(to point: Point, among elements: [UIElement]) -> (UIElement, Double)? {
        var best: (UIElement, Double)?
        for e in elements where e.hitFrame.width > 0 && e.hitFrame.height > 0 {
            let f = e.hitFrame
            let dx = max(f.minX - point.x, 0, point.x - f.maxX), dy = max(f.minY - point.y, 0, point.y - f.maxY)
            let d = (dx * dx + dy * dy).squareRoot()
            if best == nil || d < best!.1 { best = (e, d) }
        }
        return best
    }

    /// A role from a gesture target's id when no element carries it ("clip:x.trimHandle.leading").
    static func role(ofTarget target: String) -> String {
        if target.contains(".trimHandle") { return "trimHandle" }
        if let colon = target.firstIndex(of: ":") { return String(target[..<colon]) }
        return target
    }
}
