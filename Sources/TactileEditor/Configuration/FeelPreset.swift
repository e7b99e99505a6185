import TactileCore

/// Touch settings as a platform ships them, so a study can compare how Tactile feels with
/// iOS's or Android's thresholds and physics (`feel.preset`). Presets are ordinary values laid
/// under the configuration file: the file's own keys win. Every number's source is cited in
/// Docs/Configuration.md ("Feel presets") and beside it here.
public enum FeelPreset: String, SettingChoice {
    /// Tactile's own values: the defaults of `TactileConfiguration`.
    case tactile
    /// UIKit's behaviour, where Apple or careful measurement says it.
    case ios
    /// Android's `ViewConfiguration`, `GestureDetector`, `OverScroller` and `EdgeEffect` (AOSP).
    case android

    /// The values a preset sets, in the configuration's units (points, seconds, per millisecond).
    public struct Values: Hashable, Sendable {
        public var tapSlop, longPressSlop, doubleTapSlop: Double
        public var tapMaximumDuration, longPressDuration, doubleTapInterval: Double
        public var maximumFlingSpeed: Double
        public var decelerationRate, rubberBandCoefficient, bounceResponse: Double
        /// `timeline.physics.overscroll` and `timeline.physics.flingAcceleration`.
        public var overscroll: ScrollPhysics.Overscroll, flingAcceleration: ScrollPhysics.FlingAcceleration
    }

    /// The keys a preset sets (dotted), for the documentation and the tests.
    public static let keys = [
        "input.tapSlop", "input.longPressSlop", "input.doubleTapSlop", "input.tapMaximumDuration",
        "input.longPressDuration", "input.doubleTapInterval", "input.maximumFlingSpeed",
        "timeline.physics.decelerationRate", "timeline.physics.rubberBandCoefficient", "timeline.physics.bounceResponse",
        "timeline.physics.overscroll", "timeline.physics.flingAcceleration",
    ]

    public var values: Values {
        switch self {
        case .tactile:
            let d = TactileConfiguration()
            return Values(
                tapSlop: d.input.tapSlop, longPressSlop: d.input.longPressSlop, doubleTapSlop: d.input.doubleTapSlop,
                tapMaximumDuration: d.input.tapMaximumDuration, longPressDuration: d.input.longPressDuration,
                doubleTapInterval: d.input.doubleTapInterval, maximumFlingSpeed: d.input.maximumFlingSpeed,
                decelerationRate: d.timeline.physics.decelerationRate, rubberBandCoefficient: d.timeline.physics.rubberBandCoefficient,
                bounceResponse: d.timeline.physics.bounceResponse, overscroll: d.timeline.physics.overscroll,
                flingAcceleration: d.timeline.physics.flingAcceleration)
        case .ios:
            return Values(
                tapSlop: 10, // not published; about 10 pt measured on iOS 16 (JetBrains compose-multiplatform-core #700)
                longPressSlop: 10, // UILongPressGestureRecognizer.allowableMovement default, documented
                doubleTapSlop: 40, // not published; Tactile's value kept
                tapMaximumDuration: 0.5, // a press that long becomes a long press (minimumPressDuration)
                longPressDuration: 0.5, // UILongPressGestureRecognizer.minimumPressDuration default, documented
                doubleTapInterval: 0.3, // not published; 300 ms as Compose Multiplatform uses on iOS
                maximumFlingSpeed: 8000, // not published; Flutter's kMaxFlingVelocity kept
                decelerationRate: 0.998, // UIScrollView.DecelerationRate.normal, per millisecond
                rubberBandCoefficient: 0.55, // UIScrollView's rubber band, b = (1 − 1/(x·c/d + 1))·d
                bounceResponse: 0.44, // Flutter's iOS bounce spring: mass 0.5, stiffness 100 → ω 14.1 rad/s, 2π/ω
                overscroll: .bounce, // past an end the content moves on the rubber band
                flingAcceleration: .momentum) // repeated flings accelerate (Flutter's BouncingScrollPhysics.carriedMomentum)
        case .android:
            return Values(
                tapSlop: 8, // ViewConfiguration TOUCH_SLOP 8 dp
                longPressSlop: 8, // a long press ends when the finger leaves the touch slop
                doubleTapSlop: 100, // ViewConfiguration DOUBLE_TAP_SLOP 100 dp
                tapMaximumDuration: 0.4, // GestureDetector: a press lasting the long-press timeout is no tap
                longPressDuration: 0.4, // ViewConfiguration DEFAULT_LONG_PRESS_TIMEOUT 400 ms (500 ms before Android 12)
                doubleTapInterval: 0.3, // ViewConfiguration DOUBLE_TAP_TIMEOUT 300 ms
                maximumFlingSpeed: 8000, // ViewConfiguration MAXIMUM_FLING_VELOCITY 8000 dp/s
                decelerationRate: 0.997, // OverScroller's spline (friction 0.015) matched in distance for 2,000–3,000 dp/s flings
                rubberBandCoefficient: 0.2, // not published: the stretch's resistance, half a screen's pull stretches about a tenth
                bounceResponse: 0.255, // EdgeEffect's stretch spring, natural frequency 24.657 rad/s → 2π/ω
                overscroll: .stretch, // OVERSCROLL_DISTANCE 0 dp: the end stays put, the content stretches (EdgeEffect, Android 12)
                flingAcceleration: .flywheel) // OverScroller's flywheel: a fling during a coast adds the speed left
        }
    }

    /// The default configuration with this preset's values.
    public var configuration: TactileConfiguration {
        var c = TactileConfiguration()
        apply(to: &c)
        return c
    }

    /// Sets this preset's keys (and `feel.preset`) on `c`.
    public func apply(to c: inout TactileConfiguration) {
        let v = values
        c.feel.preset = self
        c.input.tapSlop = v.tapSlop; c.input.longPressSlop = v.longPressSlop; c.input.doubleTapSlop = v.doubleTapSlop
        c.input.tapMaximumDuration = v.tapMaximumDuration; c.input.longPressDuration = v.longPressDuration
        c.input.doubleTapInterval = v.doubleTapInterval; c.input.maximumFlingSpeed = v.maximumFlingSpeed
        c.timeline.physics.decelerationRate = v.decelerationRate
        c.timeline.physics.rubberBandCoefficient = v.rubberBandCoefficient
        c.timeline.physics.bounceResponse = v.bounceResponse
        c.timeline.physics.overscroll = v.overscroll
        c.timeline.physics.flingAcceleration = v.flingAcceleration
    }
}
