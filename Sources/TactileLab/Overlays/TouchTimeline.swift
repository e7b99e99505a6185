import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// The lab panel's per-touch timeline (with `--arena`): for each touch — from the first finger
/// down to the last one up — each finger's down, moves and lift, and each recogniser's state over
/// time: competing, dropped out (and when), won (from when), with the moment of each decision.
/// The last `overlays.touchHistory` touches are kept; F3 and F4 step back and forth through them.
public struct TouchTimeline: Sendable {
    /// One touch, as the editor saw it.
    public struct Touch: Sendable, Equatable {
        public var start: Time
        /// When the last finger lifted; nil while one is down.
        public var end: Time?
        /// Each finger's down, moves and lift, by finger.
        public var fingers: [PointerID: Finger] = [:]
        /// For each recogniser that took part: when it began competing, when it dropped out
        /// (with why) or won.
        public var recognisers: [GestureKind: Recogniser] = [:]
        /// The decisions made during the touch.
        public var decisions: [ArenaDecision] = []
    }

    public struct Finger: Sendable, Equatable {
        public var down: Time
        public var moves: [Time] = []
        public var up: Time?
    }

    public struct Recogniser: Sendable, Equatable {
        public var from: Time
        public var dropped: Time?
        public var won: Time?
    }

    /// The touches kept, oldest first.
    public private(set) var touches: [Touch] = []
    /// Which touch the panel shows, counted back from the newest (0: the newest).
    public private(set) var shownBack = 0
    private let history: Int

    public init(history: Int) { self.history = max(1, history) }

    /// Follows an editor frame at `now`: the input it got and the arena as it left it.
    public mutating func record(events: [InputEvent], arena: ArenaSnapshot, decisions: [ArenaDecision], now: Time) {
        for e in events {
            if e.kind == .focusLost, !touches.isEmpty {
                // The window lost focus: every finger still down is gone.
                for id in touches[touches.count - 1].fingers.keys where touches[touches.count - 1].fingers[id]?.up == nil {
                    touches[touches.count - 1].fingers[id]?.up = e.time
                }
                continue
            }
            guard case let .touch(id, phase, _) = e.kind else { continue }
            switch phase {
            case .down:
                if touches.last?.end != nil || touches.isEmpty {
                    touches.append(Touch(start: e.time))
                    if touches.count > history { touches.removeFirst(touches.count - history) }
                    shownBack = 0
                }
                touches[touches.count - 1].fingers[id] = Finger(down: e.time)
            case .move:
                guard !touches.isEmpty else { continue }
                touches[touches.count - 1].fingers[id]?.moves.append(e.time)
            case .up, .cancel:
                guard !touches.isEmpty else { continue }
                touches[touches.count - 1].fingers[id]?.up = e.time
            }
        }
        guard !touches.isEmpty, touches[touches.count - 1].end == nil else { return }
        var t = touches[touches.count - 1]
        // The arena's state now: who competes, who runs.
        switch arena.phase {
        case let .deciding(_, candidates):
            for kind in candidates where t.recognisers[kind] == nil { t.recognisers[kind] = Recogniser(from: now) }
            for kind in arena.dropped.keys where t.recognisers[kind]?.dropped == nil {
                t.recognisers[kind, default: Recogniser(from: t.start)].dropped = now
            }
        case let .active(kind, _):
            if t.recognisers[kind]?.won == nil { t.recognisers[kind, default: Recogniser(from: t.start)].won = now }
        default: break
        }
        for d in decisions {
            t.decisions.append(d)
            for kind in d.offered where t.recognisers[kind] == nil { t.recognisers[kind] = Recogniser(from: t.start) }
            for kind in d.candidates where kind != d.winner && t.recognisers[kind]?.dropped == nil {
                t.recognisers[kind, default: Recogniser(from: t.start)].dropped = d.time
            }
            for kind in d.offered where kind != d.winner && t.recognisers[kind]?.dropped == nil { t.recognisers[kind]?.dropped = d.time }
            if let w = d.winner { t.recognisers[w, default: Recogniser(from: t.start)].won = d.time }
        }
        // Over once every finger is up and the arena waits for nothing more (a second tap's
        // wait keeps it open: its decision belongs to this touch).
        var waiting = false
        if case .awaitingSecondTap = arena.phase { waiting = true }
        if !waiting, t.fingers.values.allSatisfy({ $0.up != nil }), !t.fingers.isEmpty {
            t.end = max(t.fingers.values.compactMap(\.up).max() ?? now, t.decisions.last?.time ?? .zero)
        }
        touches[touches.count - 1] = t
    }

    /// Shows an older (`by` > 0) or newer (`by` < 0) touch.
    public mutating func step(back by: Int) {
        shownBack = min(max(0, shownBack + by), max(0, touches.count - 1))
    }

    /// The height `draw` takes: a title line, then a line a finger and a line a recogniser.
    public func height(theme: Theme) -> Double {
        guard !touches.isEmpty else { return 0 }
        let t = touches[touches.count - 1 - shownBack]
        return Double(1 + t.fingers.count + t.recognisers.count) * theme.captionFont.size * theme.metrics.overlays.arenaLineHeight
    }

    /// Draws the shown touch into the lab panel at `origin`, `width` wide, as it stands at `now`;
    /// returns the height used.
    public func draw(into list: inout DrawList, origin: Point, width: Double, now: Time, theme: Theme) -> Double {
        let m = theme.metrics.overlays, font = theme.captionFont, line = font.size * m.arenaLineHeight
        guard !touches.isEmpty else { return 0 }
        let index = touches.count - 1 - shownBack
        let t = touches[index]
        let end = max(t.end ?? now, t.start + .milliseconds(1))
        let span = (end - t.start).seconds
        var y = origin.y
        let title = "Touch \(index + 1) of \(touches.count) · \(Int((span * 1000).rounded())) ms" + (touches.count > 1 ? " · F3 older, F4 newer" : "")
        list.add(
            .text(TextRun(title, in: Rect(x: origin.x, y: y, width: width, height: line), font: theme.clipFont, color: theme.textPrimary, alignment: .leading)))
        y += line
        let label = m.monitorLabelWidth, track = width - label
        func x(_ time: Time) -> Double { origin.x + label + track * min(1, max(0, (time - t.start).seconds / span)) }
        func row(_ name: String, _ draw: (Double) -> Void) {
            list.add(.text(TextRun(name, in: Rect(x: origin.x, y: y, width: label, height: line), font: font, color: theme.textSecondary, alignment: .leading)))
            draw(y + line / 2)
            y += line
        }
        for id in t.fingers.keys.sorted() {
            let f = t.fingers[id]!
            row("finger \(id)") { mid in
                list.add(.line(from: Point(x: x(f.down), y: mid), to: Point(x: x(f.up ?? end), y: mid), theme.touches.opacity(0.5), width: m.arenaSlopLine))
                for move in f.moves {
                    list.add(
                        .line(
                            from: Point(x: x(move), y: mid - m.timelineTick), to: Point(x: x(move), y: mid + m.timelineTick), theme.touches,
                            width: m.timelineLine))
                }
                list.add(.fillCircle(center: Point(x: x(f.down), y: mid), radius: m.timelineDot, theme.touches))
                if let up = f.up { list.add(.strokeCircle(center: Point(x: x(up), y: mid), radius: m.timelineDot, theme.touches, width: m.timelineLine)) }
            }
        }
        let order: [GestureKind] = [.trim, .move, .scroll, .pinch, .longPress, .doubleTap, .tap]
        for kind in order + GestureKind.allCases.filter({ !order.contains($0) }) {
            guard let r = t.recognisers[kind] else { continue }
            row(kind.rawValue) { mid in
                let stop = r.won ?? r.dropped ?? end
                list.add(.line(from: Point(x: x(r.from), y: mid), to: Point(x: x(stop), y: mid), theme.textSecondary, width: m.arenaPathLine))
                if let won = r.won {
                    // Won until the end, or until taken over (a scroll a second finger made a pinch).
                    let over = r.dropped.map { $0 > won ? $0 : end } ?? end
                    list.add(.line(from: Point(x: x(won), y: mid), to: Point(x: x(over), y: mid), theme.accent, width: m.arenaTimerLine))
                } else if let dropped = r.dropped {
                    let p = Point(x: x(dropped), y: mid), k = m.timelineTick
                    list.add(.line(from: Point(x: p.x - k, y: p.y - k), to: Point(x: p.x + k, y: p.y + k), theme.danger, width: m.timelineLine))
                    list.add(.line(from: Point(x: p.x - k, y: p.y + k), to: Point(x: p.x + k, y: p.y - k), theme.danger, width: m.timelineLine))
                }
            }
        }
        // Each decision: a line down the rows at its moment.
        let top = origin.y + line
        for d in t.decisions {
            list.add(
                .line(from: Point(x: x(d.time), y: top), to: Point(x: x(d.time), y: y), d.winner == nil ? theme.warning : theme.accent, width: m.timelineLine))
        }
        return y - origin.y
    }
}
