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
        func signal(_ kind: InteractionEvent.Signal.Kind, at p: Point?, _ fill: (inout InteractionEvent.Signal) -> Void = { _ in }) {
            var s = InteractionEvent.Signal(kind, at: p.map { Point(x: Self.round($0.x), y: Self.round($0.y)) }, task: task)
            fill(&s)
            out.append(LogEvent(time: now, .signal(s)))
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
        let hasEffect = log.contains { Self.isEffect($0.event) }
        for e in log {
            // A tap no recognizer took (a `miss` on an element, reason "unanswered") is a tap too.
            let p: Point, tapTarget: String?, role: String?
            var miss: InteractionEvent.Miss?
            switch e.event {
            case let .gesture(g) where g.isTap: (p, tapTarget, role) = (g.point, g.target, g.role)
            case let .miss(m): (p, tapTarget, role, miss) = (m.point, m.target, m.role, m)
            default: continue
            }
            if let b = burst, (now - b.last).seconds <= settings.rageTapInterval, b.first.distance(to: p) <= settings.rageTapRadius {
                burst = (b.first, now, b.count + 1)
            } else {
                burst = (p, now, 1); burstLogged = false
            }
            if let b = burst, b.count >= settings.rageTapCount && !burstLogged {
                burstLogged = true
                signal(.rage, at: p) {
                    $0.taps = b.count; $0.target = tapTarget ?? miss?.nearest
                }
            }
            if let tapTarget, tapTarget != "unknown", unchanged(pictureBeforeDown), !hasEffect {
                signal(.dead, at: p) {
                    $0.target = tapTarget; $0.role = role ?? ""
                }
            }
            if let miss, let d = miss.distance, d <= settings.nearMissDistance, let nearest = miss.nearest {
                signal(.nearMiss, at: p) {
                    $0.target = nearest; $0.role = miss.nearestRole ?? ""; $0.distance = d
                }
            }
        }
        // Drags that changed nothing.
        for f in ended where f.moved && unchanged(f.before) && !hasEffect {
            signal(.unresponsive, at: f.start) {
                $0.dx = Self.round(f.end.x - f.start.x); $0.dy = Self.round(f.end.y - f.start.y)
            }
        }
        lastPicture = picture
        return out
    }

    /// Whether `event` is an effect in itself, whatever the picture shows.
    static func isEffect(_ event: InteractionEvent) -> Bool {
        switch event {
        case .edit, .undo, .redo, .answer, .taskEnded, .select, .deselect: return true
        default: return false
        }
    }

    static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
}
