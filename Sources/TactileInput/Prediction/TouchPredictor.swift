import TactileCore

/// Predicts where each finger that is down will be at a coming instant — the moment the frame
/// being drawn will be shown — from the touches seen so far (`feel.prediction`). Pure: events
/// in, points out. The host draws the moving visuals from the prediction; the project, the log
/// and every decision made at lift come from real positions only.
///
/// It also measures itself: each prediction is kept until the finger's real position at its
/// instant is known (interpolated between the samples around it), then reported with its error
/// and the lag it hid (how far the real finger moved from where the frame's input left it).
public struct TouchPredictor: Sendable {
    /// One prediction, once the real position at its instant was known.
    public struct Outcome: Hashable, Sendable {
        public var finger: PointerID
        /// When the prediction was made, and how far beyond the last real sample it reached.
        public var madeAt: Time
        public var horizon: Time
        /// How far the prediction was from the real position, in points.
        public var error: Double
        /// How far the real finger moved over the horizon: what a picture without prediction
        /// lags behind by, in points.
        public var lag: Double
        /// The finger turned back over the horizon (its real move went against the predicted
        /// one): the error is then the prediction's overshoot past the turn.
        public var reversal = false
    }

    struct Finger: Sendable {
        var last: (point: Point, time: Time)
        var velocity: VelocityTracker
        var x: KalmanAxis, y: KalmanAxis
    }

    public let method: PredictionMethod
    /// The farthest a prediction may lead the real finger, in points.
    public let maximumDistance: Double
    private let velocityWindow: Time
    private let processNoise: Double, measurementNoise: Double
    private var fingers: [PointerID: Finger] = [:]
    /// Predictions waiting for the real position at their instant.
    private var pending: [Pending] = []
    private struct Pending: Sendable {
        var finger: PointerID, madeAt: Time, from: Point, fromTime: Time, target: Time, point: Point
    }
    /// Outcomes measured since they were last taken.
    public private(set) var outcomes: [Outcome] = []

    public init(method: PredictionMethod, maximumDistance: Double, velocityWindow: Time, processNoise: Double, measurementNoise: Double) {
        self.method = method; self.maximumDistance = maximumDistance; self.velocityWindow = velocityWindow
        self.processNoise = processNoise; self.measurementNoise = measurementNoise
    }

    /// Follows the touches the editor got, and settles the predictions their instants passed.
    public mutating func update(with events: [InputEvent]) {
        for e in events {
            switch e.kind {
            case let .touch(id, phase, p):
                switch phase {
                case .down:
                    var v = VelocityTracker(window: velocityWindow)
                    v.add(p, at: e.time)
                    fingers[id] = Finger(
                        last: (p, e.time), velocity: v,
                        x: KalmanAxis(position: p.x, processNoise: processNoise, measurementNoise: measurementNoise),
                        y: KalmanAxis(position: p.y, processNoise: processNoise, measurementNoise: measurementNoise))
                    pending.removeAll { $0.finger == id }
                case .move, .up:
                    guard var f = fingers[id] else { continue }
                    settle(id, from: f.last, to: (p, e.time))
                    let dt = max(0, (e.time - f.last.time).seconds)
                    f.velocity.add(p, at: e.time)
                    f.x.update(p.x, after: dt); f.y.update(p.y, after: dt)
                    f.last = (p, e.time)
                    fingers[id] = phase == .up ? nil : f
                    if phase == .up { pending.removeAll { $0.finger == id } }
                case .cancel:
                    fingers[id] = nil
                    pending.removeAll { $0.finger == id }
                }
            case .focusLost:
                fingers.removeAll()
                pending.removeAll()
            case .key, .text, .voice, .mediaFolder, .projects:
                break
            }
        }
    }

    /// Where each finger that is down will be at `target`, predicted at `now` (nothing when off).
    /// `delay` is how long input is held back before it reaches the editor (`feel.addedLatency`):
    /// the samples are that much older when they arrive, which is no sign of a finger at rest.
    /// Each prediction is kept to be measured against the real position.
    public mutating func predict(at target: Time, now: Time, delay: Time = .zero) -> [PointerID: Point] {
        guard method != .off else { return [:] }
        var out: [PointerID: Point] = [:]
        let seen = now - max(.zero, delay)
        for (id, f) in fingers {
            // A finger that has not moved for a velocity window (of the time it was seen) is resting: drawn where it is.
            guard seen - f.last.time <= velocityWindow else { continue }
            let h = max(0, (target - f.last.time).seconds)
            var p: Point
            switch method {
            case .off: p = f.last.point
            case .linear:
                let v = f.velocity.velocity(at: seen)
                p = Point(x: f.last.point.x + v.x * h, y: f.last.point.y + v.y * h)
            case .kalman:
                p = Point(x: f.x.predicted(after: h), y: f.y.predicted(after: h))
            }
            // Never lead the finger by more than the limit.
            let d = p.distance(to: f.last.point)
            if d > maximumDistance {
                let k = maximumDistance / d
                p = Point(x: f.last.point.x + (p.x - f.last.point.x) * k, y: f.last.point.y + (p.y - f.last.point.y) * k)
            }
            out[id] = p
            pending.append(Pending(finger: id, madeAt: now, from: f.last.point, fromTime: f.last.time, target: target, point: p))
        }
        // A finger resting for long settles nothing: keep the newest only.
        if pending.count > 1000 { pending.removeFirst(pending.count - 1000) }
        return out
    }

    /// The outcomes measured since the last call.
    public mutating func takeOutcomes() -> [Outcome] {
        defer { outcomes.removeAll() }
        return outcomes
    }

    /// Settles `finger`'s predictions whose instant lies between two of its real samples.
    private mutating func settle(_ finger: PointerID, from a: (point: Point, time: Time), to b: (point: Point, time: Time)) {
        var kept: [Pending] = []
        for p in pending {
            guard p.finger == finger, p.target <= b.time else { kept.append(p); continue }
            let span = (b.time - a.time).seconds
            let k = span > 0 ? min(1, max(0, (p.target - a.time).seconds / span)) : 1
            let real = Point(x: a.point.x + (b.point.x - a.point.x) * k, y: a.point.y + (b.point.y - a.point.y) * k)
            let ahead = (x: p.point.x - p.from.x, y: p.point.y - p.from.y), moved = (x: real.x - p.from.x, y: real.y - p.from.y)
            var outcome = Outcome(
                finger: finger, madeAt: p.madeAt, horizon: p.target - p.fromTime, error: real.distance(to: p.point), lag: real.distance(to: p.from))
            // A turn: the finger's real move over the horizon points against the predicted one.
            outcome.reversal = ahead.x * moved.x + ahead.y * moved.y < 0
            outcomes.append(outcome)
        }
        pending = kept
    }
}
