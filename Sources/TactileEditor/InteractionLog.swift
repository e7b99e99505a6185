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
        for i in start..<log.count where log[i].kind.hasPrefix("gesture.") {
            guard case let .string(target)? = log[i].fields["target"], log[i].fields["role"] == nil else { continue }
            log[i].fields["role"] = .string(elements.last { $0.id == target }?.role ?? role(ofTarget: target))
        }
        for tap in taps {
            let hit = touchable.last { $0.hitFrame.contains(tap) }
            log.append(
                LogEvent(
                    time: now, kind: "gesture.recognized",
                    fields: [
                        "gesture": .string("tap"), "target": .string(hit?.id ?? "unknown"), "role": .string(hit?.role ?? "unknown"),
                        "x": .number(tap.x), "y": .number(tap.y),
                    ]))
        }
        // A tap the arena gave to a background (the timeline's empty space, a track) hit nothing
        // that does anything on a tap but clear a selection: a miss, as a researcher counts one.
        for i in start..<log.count where log[i].kind == "gesture.recognized" && log[i].fields["gesture"] == .string("tap") {
            if case let .string(role)? = log[i].fields["role"], backgrounds.contains(role) { log[i].fields["miss"] = .string("background") }
        }
        for miss in misses {
            var fields: [String: ElementValue] = ["x": .number(miss.x), "y": .number(miss.y), "reason": .string("nothing")]
            if let (nearest, distance) = nearest(to: miss, among: touchable) {
                fields["nearest"] = .string(nearest.id)
                fields["nearestRole"] = .string(nearest.role)
                fields["distance"] = .number((distance * 10).rounded() / 10)
            }
            log.append(LogEvent(time: now, kind: "miss", fields: fields))
        }
    }

    /// Logs a gesture as it begins, ends, is cancelled or is recognised (not as it changes), with
    /// where it was recognised (`x`, `y`; `dx`, `dy` from there), where the finger went down
    /// (`downX`, `downY`; `downDx`, `downDy` from there) and, for a pinch, the zoom it left.
    static func log(_ g: GestureEvent, state: EditorState, into log: inout [LogEvent], now: Time) {
        guard g.phase != .changed else { return }
        var fields: [String: ElementValue] = [
            "gesture": .string(g.kind.rawValue), "target": .string(g.target.id),
            "x": .number(rounded(g.start.x)), "y": .number(rounded(g.start.y)),
            "downX": .number(rounded(g.origin.x)), "downY": .number(rounded(g.origin.y)),
        ]
        if g.phase == .ended || g.phase == .cancelled {
            fields["dx"] = .number(rounded(g.translation.x)); fields["dy"] = .number(rounded(g.translation.y))
            fields["downDx"] = .number(rounded(g.location.x - g.origin.x)); fields["downDy"] = .number(rounded(g.location.y - g.origin.y))
        }
        if g.kind == .pinch && g.phase != .began {
            fields["scale"] = .number((g.scale * 1000).rounded() / 1000)
            if g.rotation != 0 { fields["rotation"] = .number(rounded(g.rotation)) }
        }
        log.append(LogEvent(time: now, kind: "gesture.\(g.phase.rawValue)", fields: fields))
    }

    /// An arena decision as the log's `arena.decided` event: the finger, the recognisers that
    /// competed (in priority order), the winner ("none" when none won), the rule that decided,
    /// the time since the finger went down (seconds), the target and where the finger was; the
    /// recognisers the target offered (`offered`) and why each but the winner lost (`why.tap`, …).
    static func entry(for d: ArenaDecision, now: Time) -> LogEvent {
        var fields: [String: ElementValue] = [
            "candidates": .string(d.candidates.map(\.rawValue).joined(separator: ",")), "winner": .string(d.winner?.rawValue ?? "none"),
            "rule": .string(d.rule), "sinceDown": .number((d.sinceDown.seconds * 1000).rounded() / 1000), "target": .string(d.target),
            "x": .number(rounded(d.location.x)), "y": .number(rounded(d.location.y)),
        ]
        if let finger = d.finger { fields["finger"] = .number(Double(finger)) }
        if !d.offered.isEmpty { fields["offered"] = .string(d.offered.map(\.rawValue).joined(separator: ",")) }
        for (kind, reason) in d.why { fields["why." + kind.rawValue] = .string(reason) }
        return LogEvent(time: now, kind: "arena.decided", fields: fields)
    }

    private static func rounded(_ v: Double) -> Double { (v * 10).rounded() / 10 }

    /// A tap nothing answered (`ArenaDecision.unansweredTap`) as the log's `miss`, on the element
    /// it landed on (`reason` "unanswered"): five of them on the scrub bar's margin are a rage burst.
    static func unansweredTap(_ d: ArenaDecision, elements: [UIElement], now: Time) -> LogEvent {
        LogEvent(
            time: now, kind: "miss",
            fields: [
                "reason": .string("unanswered"), "target": .string(d.target),
                "role": .string(elements.last { $0.id == d.target }?.role ?? role(ofTarget: d.target)),
                "x": .number(rounded(d.location.x)), "y": .number(rounded(d.location.y)),
            ])
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
