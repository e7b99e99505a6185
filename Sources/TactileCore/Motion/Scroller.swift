import Foundation

/// How scrolling feels: UIScrollView's deceleration, rubber band and bounce.
public struct ScrollPhysics: Hashable, Sendable, Codable, SettingGroup {
    @Setting(
        .init(0.5, 0.9999), "Velocity kept per millisecond while coasting. (The default: UIScrollView's normal rate.)",
        tune: .slider("Deceleration", 0.99...0.9995, step: 0.0005, rank: 4, unit: "/ms"))
    public var decelerationRate: Double = 0.998
    @Setting(.init(0.01, 2), "How stiff the rubber band is past an end. (The default: UIScrollView's constant.)")
    public var rubberBandCoefficient: Double = 0.55
    @Setting(.seconds(0.01, 10), "Response of the spring that brings an overscroll back, in seconds.")
    public var bounceResponse: Double = 0.4
    @Setting(.init(0.1, 1000, unit: "pt/s"), "Below this speed coasting stops, in points per second.")
    public var minimumVelocity: Double = 8
    @Setting(
        """
        What a fling made while the content still coasts the same way does with the speed it had: "none" (starts
        afresh), "momentum" (iOS: carries a momentum that grows with the speed, so repeated flings accelerate; Flutter's
        BouncingScrollPhysics.carriedMomentum, sign·min(0.000816·abs(v)^1.967, 40000)) or "flywheel" (Android:
        OverScroller adds the speed it still had).
        """)
    public var flingAcceleration: FlingAcceleration = .none
    @Setting(
        .seconds(0, 10),
        """
        A finger that rests this long before it lifts lets go of the speed it caught: the fling starts afresh (Flutter
        keeps a caught momentum only while the finger keeps moving), in seconds.
        """)
    public var momentumStillTime: Double = 0.04
    @Setting(
        """
        Past an end: "bounce" (the content moves past the end on a rubber band and springs back, as on iOS) or "stretch"
        (the content's end stays put and the content stretches away from it, springing back the same, as Android 12's
        EdgeEffect).
        """)
    public var overscroll: Overscroll = .bounce
    public init() {}

    /// What a fling during a coast the same way does with the speed left (`flingAcceleration`).
    public enum FlingAcceleration: String, SettingChoice {
        case none, momentum, flywheel
    }

    /// What the content does past an end (`overscroll`).
    public enum Overscroll: String, SettingChoice {
        case bounce, stretch
    }

    /// The speed left at `now` of a coast that began at `start` with `velocity`.
    public func coastSpeed(_ velocity: Double, since start: Time, at now: Time) -> Double {
        velocity * pow(decelerationRate, max(0, (now - start).seconds * 1000))
    }

    /// Where a coast that began at `from` with `velocity` (points per second) at `start` is at
    /// `now`, and how fast it moves then: the speed shrinks by `decelerationRate` each
    /// millisecond, the distance is its integral.
    public func coast(from: Double, velocity: Double, since start: Time, at now: Time) -> (position: Double, velocity: Double) {
        let ms = max(0, (now - start).seconds * 1000), decay = pow(decelerationRate, ms)
        return (from + velocity / 1000 * (decay - 1) / log(decelerationRate), velocity * decay)
    }

    /// The speed a new fling of `velocity` leaves with when the content still coasted at
    /// `carried` as the finger caught it (both of the content, points per second).
    public func accelerated(_ velocity: Double, carrying carried: Double) -> Double {
        guard carried != 0, velocity.sign == carried.sign, velocity != 0 else { return velocity }
        switch flingAcceleration {
        case .momentum: return velocity + (carried < 0 ? -1 : 1) * min(0.000816 * pow(abs(carried), 1.967), 40_000)
        case .flywheel: return velocity + carried
        case .none: return velocity
        }
    }

    /// The distance shown for an overscroll of `overshoot` in a view `dimension` long:
    /// it grows ever slower and never reaches the dimension.
    public func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * rubberBandCoefficient / dimension + 1)) * dimension
    }

    /// The overshoot whose rubber band shows `shown` (the inverse of `rubberBand`).
    public func overshoot(showing shown: Double, dimension: Double) -> Double {
        guard shown > 0, dimension > 0 else { return 0 }
        let ratio = min(shown / dimension, 0.999)
        return dimension / rubberBandCoefficient * (1 / (1 - ratio) - 1)
    }
}

/// One scrolling axis: dragged with rubber-banding past its bounds, coasting after a fling with
/// exponential deceleration, springing back from an overscroll. Values are in points; time is
/// injected, so the same inputs always give the same positions.
public struct Scroller: Hashable, Sendable {
    public enum Motion: Hashable, Sendable {
        case resting
        /// Following a finger; `anchor` is the unbounded position when the drag began.
        case dragging(anchor: Double)
        case coasting(start: Time, from: Double, velocity: Double)
        case bouncing(start: Time, target: Double, displacement: Double, velocity: Double)
        /// A finger landed on the content and stopped it where it was (`hold`); `caught` is the
        /// speed it coasted at, for a fling that follows (`physics.flingAcceleration`).
        case held(caught: Double)
    }

    public var physics: ScrollPhysics
    /// The speed the content coasted at when a finger caught it, for `physics.flingAcceleration`.
    public private(set) var caught: Double = 0
    /// When the dragging finger last moved the content (given `drag`'s time).
    private var lastMove: Time?
    private var lastTranslation = 0.0
    /// Where the content may rest.
    public var bounds: ClosedRange<Double>
    /// The length of the view (for the rubber band).
    public var dimension: Double
    /// The position now.
    public private(set) var value: Double
    public private(set) var motion: Motion = .resting

    public init(value: Double, bounds: ClosedRange<Double>, dimension: Double, physics: ScrollPhysics = ScrollPhysics()) {
        self.value = value; self.bounds = bounds; self.dimension = dimension; self.physics = physics
    }

    /// Whether the position changes by itself (coasting or bouncing).
    public var isAnimating: Bool {
        switch motion {
        case .coasting, .bouncing: return true
        default: return false
        }
    }

    /// Whether a finger has the content: dragging it, or holding it still where it stopped it.
    public var isTouched: Bool {
        switch motion {
        case .dragging, .held: return true
        default: return false
        }
    }

    /// Whether a finger holds the content still where it stopped it (`hold`).
    public var isHeld: Bool {
        if case .held = motion { return true }
        return false
    }

    /// Whether the position is past an end.
    public var isOverscrolled: Bool { value < bounds.lowerBound || value > bounds.upperBound }

    /// Puts the content at `value` at once, stopping any motion.
    public mutating func jump(to value: Double) { self.value = value; motion = .resting }

    /// A finger takes hold (also catching a coasting or bouncing scroll, this one's or
    /// `previous`'s, when the caller made a fresh scroller); given `now`, a caught coast keeps its
    /// speed for the next fling (`physics.flingAcceleration`).
    public mutating func beginDrag(at now: Time? = nil, catching previous: Scroller? = nil) {
        caught = 0
        let from = previous ?? self
        switch from.motion {
        case let .coasting(start, _, v):
            if let now { caught = from.physics.coastSpeed(v, since: start, at: now) }
        case let .held(speed):
            caught = speed
        default:
            break
        }
        motion = .dragging(anchor: unbounded(value))
    }

    /// A finger lands on moving content: a coast or a spring-back stops where it is at `now`, as
    /// a touch stops a UIScrollView or an Android OverScroller, and waits for the finger to drag
    /// (`beginDrag`) or lift (`release`). Content at rest is left as it is.
    public mutating func hold(at now: Time) {
        advance(to: now)
        switch motion {
        case let .coasting(start, _, v):
            motion = .held(caught: physics.coastSpeed(v, since: start, at: now))
        case .bouncing:
            motion = .held(caught: 0)
        default:
            break
        }
    }

    /// The finger that held the content lifts without dragging it: content held past an end
    /// springs back from where it was stopped; otherwise it rests there.
    public mutating func release(at now: Time) {
        guard case .held = motion else { return }
        if isOverscrolled {
            motion = .bouncing(start: now, target: nearestBound(value), displacement: value - nearestBound(value), velocity: 0)
        } else {
            motion = .resting
        }
    }

    /// The finger has moved `translation` points since `beginDrag` (content follows the finger:
    /// dragging right lowers the value).
    public mutating func drag(translation: Double, at now: Time? = nil) {
        guard case let .dragging(anchor) = motion else { return }
        value = banded(anchor - translation)
        if let now, translation != lastTranslation { lastMove = now }
        lastTranslation = translation
    }

    /// The finger lifts with `velocity` points per second (of the finger). Coasts, or springs
    /// back when past an end.
    public mutating func endDrag(velocity: Double, at now: Time) {
        // A finger that rested before lifting has let go of what it caught.
        if let lastMove, (now - lastMove).seconds > physics.momentumStillTime { caught = 0 }
        let v = physics.accelerated(-velocity, carrying: caught)
        caught = 0
        lastMove = nil
        lastTranslation = 0
        if isOverscrolled {
            motion = .bouncing(start: now, target: nearestBound(value), displacement: value - nearestBound(value), velocity: v)
        } else if abs(v) >= physics.minimumVelocity {
            motion = .coasting(start: now, from: value, velocity: v)
        } else {
            motion = .resting
        }
    }

    /// Stops where it is (clamped to the bounds).
    public mutating func stop() {
        value = min(max(value, bounds.lowerBound), bounds.upperBound)
        motion = .resting
    }

    /// Moves the animation on to `now`.
    public mutating func advance(to now: Time) {
        switch motion {
        case let .coasting(start, from, v):
            let (position, velocity) = physics.coast(from: from, velocity: v, since: start, at: now)
            if position < bounds.lowerBound || position > bounds.upperBound {
                let bound = nearestBound(position)
                value = position
                motion = .bouncing(start: now, target: bound, displacement: position - bound, velocity: velocity)
            } else if abs(velocity) < physics.minimumVelocity {
                value = position
                motion = .resting
            } else {
                value = position
            }
        case let .bouncing(start, target, x0, v0):
            let spring = Spring(response: physics.bounceResponse)
            let t = (now - start).seconds
            if spring.isSettled(from: x0, velocity: v0, after: t) {
                value = target
                motion = .resting
            } else {
                value = target + spring.state(from: x0, velocity: v0, after: t).position
            }
        default:
            break
        }
    }

    private func nearestBound(_ v: Double) -> Double { v < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound }

    private func banded(_ raw: Double) -> Double {
        if raw < bounds.lowerBound { return bounds.lowerBound - physics.rubberBand(bounds.lowerBound - raw, dimension: dimension) }
        if raw > bounds.upperBound { return bounds.upperBound + physics.rubberBand(raw - bounds.upperBound, dimension: dimension) }
        return raw
    }

    private func unbounded(_ shown: Double) -> Double {
        if shown < bounds.lowerBound { return bounds.lowerBound - physics.overshoot(showing: bounds.lowerBound - shown, dimension: dimension) }
        if shown > bounds.upperBound { return bounds.upperBound + physics.overshoot(showing: shown - bounds.upperBound, dimension: dimension) }
        return shown
    }
}
