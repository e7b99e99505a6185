import TactileCore

/// The phase of a recognised gesture.
public enum GesturePhase: String, Sendable, Hashable {
    /// A discrete gesture happened (tap, double tap).
    case recognized
    /// A continuous gesture started.
    case began
    /// It moved on.
    case changed
    /// It finished normally (fingers lifted).
    case ended
    /// It stopped without finishing (taken over, focus lost, a finger cancelled).
    case cancelled
}

/// What the arena reports: a gesture of a kind on a target, with its geometry in points.
public struct GestureEvent: Sendable, Hashable {
    public var kind: GestureKind
    public var phase: GesturePhase
    /// The element the gesture started on.
    public var target: GestureTarget
    public var time: Time
    /// Where the gesture started (the first finger's landing point, or the fingers' centre for a pinch).
    public var start: Point
    /// Where the leading finger landed (for drags that follow the finger exactly, slop included);
    /// for a pinch, the centre of where its fingers landed.
    public var origin: Point
    /// Where it is now (the leading finger, or the fingers' centre for a pinch).
    public var location: Point
    /// The axis a scroll locked to.
    public var axis: ScrollAxis?
    /// Velocity of the leading finger (or of the centre), in points per second.
    public var velocity: Point
    /// For a pinch: finger distance now divided by the distance when it began.
    public var scale: Double
    /// For a pinch: how far the line between the fingers has turned since it began, clockwise
    /// degrees in -180 ..< 180 (a two-finger rotate).
    public var rotation: Double = 0

    /// How far the gesture has moved since it started.
    public var translation: Point { location - start }
}
