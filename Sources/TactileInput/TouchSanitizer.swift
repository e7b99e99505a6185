import TactileCore

/// Keeps impossible touch positions out of the editor. A panel, a driver or a calibration
/// (`touchscreen.scaleX` may be any finite number) can report NaN, ±∞ or coordinates far beyond
/// any screen, and the timeline turns positions into exact times, which must be finite and in
/// range. Coordinates are clamped to ±`limit` points; an event at a non-finite position takes its
/// finger's last known position, and is dropped when the finger has none (a landing nowhere, a
/// move or lift of a finger that is not down). A non-finite pressure is dropped.
public enum TouchSanitizer {
    /// The farthest a coordinate may lie from the origin, in points (far beyond any screen, and
    /// still an hour's timeline at the lowest zoom, so times stay exact).
    public static let limit: Double = 1_000_000

    /// `events` made safe. `fingers` are the fingers down before them, where they were last.
    public static func sanitize(_ events: [InputEvent], fingers: [PointerID: Point]) -> [InputEvent] {
        guard events.contains(where: needsCare) else { return events }
        var known = fingers
        var out: [InputEvent] = []
        out.reserveCapacity(events.count)
        for var event in events {
            if let p = event.pressure, !p.isFinite { event.pressure = nil }
            guard case let .touch(id, phase, location) = event.kind else { out.append(event); continue }
            var p = location
            if !(p.x.isFinite && p.y.isFinite) {
                guard phase != .down, let last = known[id] else { continue }
                p = last
            }
            p = Point(x: min(max(p.x, -limit), limit), y: min(max(p.y, -limit), limit))
            event.kind = .touch(id: id, phase: phase, location: p)
            switch phase {
            case .down: known[id] = p
            case .move: if known[id] != nil { known[id] = p }
            case .up, .cancel: known[id] = nil
            }
            out.append(event)
        }
        return out
    }

    private static func needsCare(_ e: InputEvent) -> Bool {
        if let p = e.pressure, !p.isFinite { return true }
        guard case let .touch(_, _, p) = e.kind else { return false }
        return !(abs(p.x) <= limit && abs(p.y) <= limit)
    }
}
