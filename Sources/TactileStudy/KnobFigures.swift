import Foundation
import TactileCore
import TactileEditor
import TactileInput
import TactileLab

/// The numbers behind the feel knobs, for one set of settings, so a designer tunes the tap
/// limit, the tap slop, the deceleration and the snap distance against what fingers did rather
/// than by feel alone: how long still touches were held against the tap limit, how far quick
/// touches moved against the slop (how close real taps come to becoming drags), how fast flings
/// left the finger and how far and long they coasted, and how often snaps were entered, escaped
/// and kept, at what distances.
public struct KnobFigures: Equatable, Sendable {
    /// The thresholds in force: the tap limit (s), the tap slop and the snap threshold (pt), the
    /// scroll's deceleration rate (per millisecond).
    public var tapLimit: Double, tapSlop: Double, snapThreshold: Double, deceleration: Double
    /// Down→up seconds of one-finger touches that stayed within the tap slop.
    public var stillHolds: [Double] = []
    /// The farthest (pt) one-finger touches moved from where they landed, of those lifted within the tap limit.
    public var quickMoves: [Double] = []
    /// Each fling's coast (`coast.ended`).
    public var flings: [InteractionEvent.Coast] = []
    /// How far a timeline snap pulled the dragged edge as it entered (pt), and where the edge was
    /// from the point when a snap let go (pt).
    public var snapPulls: [Double] = [], snapEscapes: [Double] = []

    /// The share of a threshold within which a value counts as close to it ("near"): the last fifth.
    public static let nearShare = 0.8

    public init(tapLimit: Double, tapSlop: Double, snapThreshold: Double, deceleration: Double) {
        self.tapLimit = tapLimit; self.tapSlop = tapSlop; self.snapThreshold = snapThreshold; self.deceleration = deceleration
    }

    /// The figures for each set of `epochs` (by index), from the `trace`'s touches and the
    /// `log`'s coasts and snaps, each set's thresholds read from `history`.
    /// `leavingOut`: the lab's own touches (the corner hold).
    static func read(
        trace: [InputEvent], log: [LogEvent], epochs: SettingsEpochs, history: SettingsHistory, leavingOut lab: Set<SessionReport.TouchID> = []
    ) -> [KnobFigures] {
        var figures = epochs.sets.map { set in
            let h = set.historySet
            let defaults = TactileConfiguration()
            return KnobFigures(
                tapLimit: history.value(\.input.tapMaximumDuration, inSet: h) ?? defaults.input.tapMaximumDuration,
                tapSlop: history.value(\.input.tapSlop, inSet: h) ?? defaults.input.tapSlop,
                snapThreshold: history.value(\.timeline.snapThreshold, inSet: h) ?? defaults.timeline.snapThreshold,
                deceleration: history.value(\.timeline.physics.decelerationRate, inSet: h) ?? defaults.timeline.physics.decelerationRate)
        }
        // One-finger touches: when and where each landed, the farthest it went, and whether
        // another finger was down meanwhile (a pinch's fingers are no taps).
        var down: [PointerID: (time: Double, at: Point, farthest: Double, crowded: Bool)] = [:]
        for event in trace {
            guard case let .touch(id, phase, location) = event.kind else { continue }
            let t = event.time.seconds
            switch phase {
            case .down:
                guard !lab.contains(.init(id: id, down: event.time)) else { continue }
                for key in down.keys { down[key]?.crowded = true }
                down[id] = (t, location, 0, !down.isEmpty)
            case .move:
                if let d = down[id] { down[id]?.farthest = max(d.farthest, location.distance(to: d.at)) }
            case .up:
                guard let d = down.removeValue(forKey: id), !d.crowded, let set = epochs.epoch(at: d.time)?.set else { continue }
                let moved = max(d.farthest, location.distance(to: d.at)), held = t - d.time
                if moved <= figures[set].tapSlop { figures[set].stillHolds.append(held) }
                if held <= figures[set].tapLimit { figures[set].quickMoves.append(moved) }
            default:
                down[id] = nil
            }
        }
        for logged in log {
            guard let set = epochs.epoch(at: logged.time.seconds)?.set else { continue }
            switch logged.event {
            case let .coastEnded(c): figures[set].flings.append(c)
            case let .snap(s) where s.clip == nil: if let d = s.distance { figures[set].snapPulls.append(d) }
            case let .snapEscaped(s): figures[set].snapEscapes.append(s.distance ?? 0)
            default: break
            }
        }
        return figures
    }

    /// Whether anything was measured.
    public var isEmpty: Bool { stillHolds.isEmpty && quickMoves.isEmpty && flings.isEmpty && snapPulls.isEmpty && snapEscapes.isEmpty }

    /// Still touches held past the tap limit (they lost their tap), and those in its last fifth.
    public var holdsOver: Int { stillHolds.filter { $0 > tapLimit }.count }
    public var holdsNear: Int { stillHolds.filter { $0 <= tapLimit && $0 > tapLimit * Self.nearShare }.count }
    /// Quick touches that moved past the slop (drags, not taps), and those in its last fifth.
    public var movesPast: Int { quickMoves.filter { $0 > tapSlop }.count }
    public var movesNear: Int { quickMoves.filter { $0 <= tapSlop && $0 > tapSlop * Self.nearShare }.count }
    /// Snaps kept to the end of their drag (entered and never let go).
    public var snapsKept: Int { max(0, snapPulls.count - snapEscapes.count) }

    /// Flings by what stopped them ("4 at rest, 1 at an end, 1 caught").
    public var flingEnds: String {
        let words: [(InteractionEvent.Coast.End, String)] = [(.rest, "at rest"), (.edge, "at an end"), (.caught, "caught")]
        let parts = words.compactMap { end, word in
            let n = flings.filter { $0.end == end }.count
            return n > 0 ? "\(n) \(word)" : nil
        }
        return parts.isEmpty ? "–" : parts.joined(separator: ", ")
    }

    /// As JSON: the thresholds, counts and p50 / p95 of each measure.
    public var json: JSONValue {
        func figures(_ values: [Double]) -> JSONValue {
            let p = Percentiles(values)
            return .object([
                ("count", .number(Double(values.count))), ("p50", p.p50.map(JSONValue.number) ?? .null), ("p95", p.p95.map(JSONValue.number) ?? .null),
                ("max", p.sorted.last.map(JSONValue.number) ?? .null),
            ])
        }
        return .object([
            ("tapLimit", .number(tapLimit)), ("tapSlop", .number(tapSlop)), ("snapThreshold", .number(snapThreshold)),
            ("deceleration", .number(deceleration)),
            ("stillTouchSeconds", figures(stillHolds)), ("overTapLimit", .number(Double(holdsOver))), ("nearTapLimit", .number(Double(holdsNear))),
            ("quickTouchMovement", figures(quickMoves)), ("pastTapSlop", .number(Double(movesPast))), ("nearTapSlop", .number(Double(movesNear))),
            ("flingSpeed", figures(flings.map(\.speed))), ("coastDistance", figures(flings.map(\.distance))),
            ("coastSeconds", figures(flings.map(\.seconds))),
            ("coastEnds", .object(InteractionEvent.Coast.End.allCases.map { e in (e.rawValue, .number(Double(flings.filter { $0.end == e }.count))) })),
            ("snapsEntered", figures(snapPulls)), ("snapsEscaped", figures(snapEscapes)), ("snapsKept", .number(Double(snapsKept))),
        ])
    }

    /// The two Markdown tables, one row per named set of settings.
    static func markdown(_ rows: [(name: String, figures: KnobFigures)]) -> [String] {
        let shown = rows.filter { !$0.figures.isEmpty }
        guard !shown.isEmpty else { return [] }
        func p(_ values: [Double], _ format: String) -> String {
            let q = Percentiles(values)
            guard let p50 = q.p50, let p95 = q.p95 else { return "–" }
            return String(format: format, p50) + " / " + String(format: format, p95)
        }
        var out = [
            "", "### The knobs in numbers", "",
            "Still touches are one-finger touches that stayed within the tap slop; quick touches lifted within the tap limit. "
                + "\"Near\" is the last fifth below the threshold: taps that nearly became long presses or drags.",
            "",
            "| Settings | Tap limit (s) | Still touches | Held p50 / p95 (s) | Over the limit | Near it | Tap slop (pt) | Quick touches | Moved p50 / p95 (pt) | Past the slop | Near it |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for (name, f) in shown {
            out.append(
                "| \(name) | \(String(format: "%.2f", f.tapLimit)) | \(f.stillHolds.count) | \(p(f.stillHolds, "%.2f")) | \(f.holdsOver) | \(f.holdsNear) | "
                    + "\(String(format: "%.0f", f.tapSlop)) | \(f.quickMoves.count) | \(p(f.quickMoves, "%.1f")) | \(f.movesPast) | \(f.movesNear) |")
        }
        out += [
            "",
            "| Settings | Deceleration | Flings | Release p50 / p95 (pt/s) | Coast p50 / p95 (pt) | Coast p50 / p95 (s) | Stopped | Snap threshold (pt) | Snaps entered | Pulled p50 / p95 (pt) | Escaped | Let go at p50 / p95 (pt) | Kept |",
            "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|",
        ]
        for (name, f) in shown {
            out.append(
                "| \(name) | \(String(format: "%.4f", f.deceleration)) | \(f.flings.count) | \(p(f.flings.map(\.speed), "%.0f")) | "
                    + "\(p(f.flings.map(\.distance), "%.0f")) | \(p(f.flings.map(\.seconds), "%.2f")) | \(f.flingEnds) | "
                    + "\(String(format: "%.0f", f.snapThreshold)) | \(f.snapPulls.count) | \(p(f.snapPulls, "%.1f")) | \(f.snapEscapes.count) | "
                    + "\(p(f.snapEscapes, "%.1f")) | \(f.snapsKept) |")
        }
        return out
    }
}
