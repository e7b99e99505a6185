import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// Frustration signals, as session-replay tools (UXCam, Sentry, PostHog) define them, found in
/// the editor's frames and logged as `signal` events with where and on what:
///
/// - **rage**: `study.rageTapCount` or more taps (or misses) within `study.rageTapRadius` of the
///   first, each within `study.rageTapInterval` of the last — logged once per burst;
/// - **dead**: a tap on an element that changed nothing: the picture after it is the picture
///   before the finger went down (a disabled button, a label that looks tappable, the scrub
///   bar's margin, which takes drags only);
/// - **nearMiss**: a miss within `study.nearMissDistance` of an interactive element, with it;
/// - **unresponsive**: a drag (a finger that moved beyond the tap slop) that ended with the
///   picture as it was before it went down.
///
/// Freezes (a frame whose input-to-present latency passed `study.freezeThreshold`) need the
/// window's clock: the recording logs them from the latency samples (`SessionObserver.sessionMeasured`).
/// Everything here comes from the frame's own data, so a replay finds the same signals.
public struct FrustrationSignals: Sendable {
    public var settings: TactileConfiguration.Study
    let tapSlop: Double
    /// The current burst of taps: where its first landed, when its last did, how many.
    private var burst: (first: Point, last: Time, count: Int)?
    private var burstLogged = false
    /// The editor's picture before the latest finger went down, and each finger's start and
    /// whether it moved beyond the slop.
    private var pictureBeforeDown: DrawList?
    private var fingers: [PointerID: (start: Point, moved: Bool, before: DrawList?)] = [:]
    private var lastPicture: DrawList?

    public init(settings: TactileConfiguration.Study, tapSlop: Double) { self.settings = settings; self.tapSlop = tapSlop }

    /// The signals in one editor frame: the input it took, the log it made, its picture, and the
    /// task on show.
    public mutating func observe(_ events: [InputEvent], log: [LogEvent], picture: DrawList, now: Time, task: String?) -> [LogEvent] {
        var out: [LogEvent] = []
        func signal(_ kind: String, at p: Point?, _ extra: [String: ElementValue] = [:]) {
            var fields = extra
            fields["signal"] = .string(kind)
            if let p { fields["x"] = .number(Self.round(p.x)); fields["y"] = .number(Self.round(p.y)) }
            if let task { fields["task"] = .string(task) }
            out.append(LogEvent(time: now, kind: "signal", fields: fields))
        }
        var ended: [(start: Point, end: Point, moved: Bool, before: DrawList?)] = []
        for e in events {
            guard case let .touch(id, phase, p) = e.kind else { continue }
            switch phase {
            case .down:
                pictureBeforeDown = lastPicture
                fingers[id] = (p, false, lastPicture)
            case .move:
                if let f = fingers[id], !f.moved, f.start.distance(to: p) > tapSlop { fingers[id]?.moved = true }
            case .up:
                if let f = fingers.removeValue(forKey: id) { ended.append((f.start, p, f.moved || f.start.distance(to: p) > tapSlop, f.before)) }
            case .cancel:
                fingers[id] = nil
            }
        }
        let unchanged = { (before: DrawList?) in before != nil && before == picture }
        // Taps and misses: rage bursts, dead taps, near misses.
        for e in log {
            // A tap no recognizer took (a `miss` on an element, reason "unanswered") is a tap too.
            let isTap = e.kind == "gesture.recognized" && e.fields["gesture"] == .string("tap") || e.kind == "miss" && e.fields["target"] != nil
            guard isTap || e.kind == "miss", case let .number(x)? = e.fields["x"], case let .number(y)? = e.fields["y"] else { continue }
            let p = Point(x: x, y: y)
            if let b = burst, (now - b.last).seconds <= settings.rageTapInterval, b.first.distance(to: p) <= settings.rageTapRadius {
                burst = (b.first, now, b.count + 1)
            } else {
                burst = (p, now, 1); burstLogged = false
            }
            if let b = burst, b.count >= settings.rageTapCount && !burstLogged {
                burstLogged = true
                var fields: [String: ElementValue] = ["taps": .number(Double(b.count))]
                if let target = e.fields["target"] ?? e.fields["nearest"] { fields["target"] = target }
                signal("rage", at: p, fields)
            }
            if isTap, let target = e.fields["target"], target != .string("unknown"), unchanged(pictureBeforeDown),
                !log.contains(where: { Self.effects.contains($0.kind) })
            {
                signal("dead", at: p, ["target": target, "role": e.fields["role"] ?? .string("")])
            }
            if e.kind == "miss", case let .number(d)? = e.fields["distance"], d <= settings.nearMissDistance, let nearest = e.fields["nearest"] {
                signal("nearMiss", at: p, ["target": nearest, "role": e.fields["nearestRole"] ?? .string(""), "distance": .number(d)])
            }
        }
        // Drags that changed nothing.
        for f in ended where f.moved && unchanged(f.before) && !log.contains(where: { Self.effects.contains($0.kind) }) {
            signal("unresponsive", at: f.start, ["dx": .number(Self.round(f.end.x - f.start.x)), "dy": .number(Self.round(f.end.y - f.start.y))])
        }
        lastPicture = picture
        return out
    }

    /// Log events that are effects in themselves, whatever the picture shows.
    static let effects: Set<String> = ["edit", "undo", "redo", "answer", "task.ended", "select", "deselect"]

    static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
