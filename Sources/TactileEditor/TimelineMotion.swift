import TactileCore
import TactileInput

/// A clip being moved or trimmed by a finger.
public struct ClipDrag: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case move, trimLeading, trimTrailing }
    public var kind: Kind
    public var clipID: String
    /// The project before the drag began: undo goes back to it, a cancelled drag restores it.
    public var original: Project
    /// The time between the finger and the dragged edge (or the clip's start, for a move).
    public var grabOffset: Time
    /// The finger's last position, re-applied while the timeline auto-scrolls under it.
    public var finger: Point
    /// Where the finger landed: the timeline auto-scrolls towards an edge only once the finger
    /// has moved from here towards it (a clip picked up near an edge stays put).
    public var landing: Point
    /// Whether a finite clip was pulled to its source's end (the cue fires once per reach).
    public var atSourceLimit = false
    /// How far past its source's end the finger pulls, in points (shown rubber-banded).
    public var overshoot: Double = 0
    /// How many other clips the magnetic main track moved with it so far (the edit's `rippled`).
    public var rippled = 0
}

/// A visual pulse marking a cue: a ripple at the finger.
public struct Pulse: Sendable, Hashable {
    public var cue: HapticCue
    public var location: Point
    public var start: Time
}

/// The moving parts of the timeline between frames: scrolling, zooming, dragging, snapping,
/// collapsing, pulses. All of it follows from gesture events and the injected clock.
public struct TimelineMotion: Sendable {
    /// Horizontal scrolling (in points of the current zoom) while a finger or momentum drives it.
    public var scrollX: Scroller?
    /// How far the tracks are scrolled up, in points.
    public var trackOffset: Double = 0
    /// A clip to bring into view on the next pass (one just added, perhaps on a new track below
    /// the tracks on show), so nothing is selected off screen.
    public var reveal: String?
    /// Vertical scrolling while a finger or momentum drives it.
    public var scrollY: Scroller?
    /// The finger that landed on the timeline while it coasted or sprang back, and stopped it
    /// there; its lift lets go.
    public var holder: PointerID?
    /// The last catch: where and when its finger landed (that touch-down told from later ones; a
    /// double tap begun by it is no zoom to fit), and whether its tap is still to come.
    public var lastCatch: Catch?
    /// Where the catching finger landed while its tap is still to come: that tap stopped the
    /// timeline, so it is not also a tap on what lies under it.
    public var caughtTap: Point? { lastCatch.flatMap { $0.tapOwed ? $0.at : nil } }

    /// A finger that stopped the timeline's coast.
    public struct Catch: Sendable {
        public var at: Point
        public var time: Time
        /// Its tap has not been taken yet (nor has a fresh touch made taps taps again).
        public var tapOwed = true
    }
    /// A fling coasting since its finger lifted: logged as `coast.ended` when it stops.
    public var coast: Coasting?

    /// A fling's coast in progress: its axis, the finger's speed as it let go (pt/s), where the
    /// content was (points of its scroller) and when.
    public struct Coasting: Sendable, Hashable {
        public var vertical: Bool
        public var speed: Double
        public var from: Double
        public var start: Time
    }
    /// The zoom and time under the fingers when a pinch began.
    public var pinch: (pointsPerSecond: Double, focalTime: Time)?
    /// A clip being moved or trimmed.
    public var drag: ClipDrag?
    /// The snap point the dragged edge sits on.
    public var snap: SnapPoint?
    /// A trim overshoot springing back after release.
    public var trimBounce: (clipID: String, edge: ClipDrag.Kind, start: Time, displacement: Double)?
    /// Whether the timeline was past an end at the last frame (the limit cue fires on entering).
    public var wasOverscrolled = false
    /// Pulses on show.
    public var pulses: [Pulse] = []
    /// Whether the timeline is folded away.
    public var collapsed = false
    /// The collapse spring: when it started and the progress it started from.
    public var collapseAnimation: (start: Time, from: Double)?
    /// How far the timeline is folded (0 open … 1 folded), as drawn at the last frame.
    public var collapseProgress: Double = 0
    /// Whether a held drag is scrolling the timeline by itself (finger near an edge).
    public var autoScrolling = false
    /// The instant of the last frame (auto-scroll speeds are per second).
    public var lastFrame: Time?

    public init() {}
}
