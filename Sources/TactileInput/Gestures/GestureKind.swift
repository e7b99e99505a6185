import TactileCore

/// The gestures of the timeline. Recognisers compete for a touch sequence in the arena.
public enum GestureKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A quick touch that stays put (select, deselect, press a button).
    case tap
    /// Two taps close in time and place.
    case doubleTap
    /// A finger resting 0.5 s, then continuing as a drag (pick up a clip).
    case longPress
    /// A direction-locked pan: horizontal scrolls time (scrubs), vertical scrolls tracks.
    case scroll
    /// Two fingers: zoom around their centre.
    case pinch
    /// Dragging a selected clip.
    case move
    /// Dragging a precise handle: a trim handle, the scrub bar's thumb (small slop, follows the
    /// finger exactly, nothing interrupts it).
    case trim

}

/// An axis a scroll may lock to.
public enum ScrollAxis: String, Sendable, Hashable, Codable {
    case horizontal, vertical
}

/// What a finger landed on, and which gestures it offers.
public struct GestureTarget: Sendable, Hashable {
    /// The element's id ("clip:beach", "timeline.background").
    public var id: String
    /// The gestures this element takes part in.
    public var gestures: Set<GestureKind>
    /// The axes a scroll may lock to here (empty: no scrolling).
    public var scrollAxes: Set<ScrollAxis>
    /// The identity of the widget that offers the gestures (set by the UI that registers the
    /// target), so the arena's events find their way back to it; nil for no widget.
    public var owner: UInt64?

    public init(id: String, gestures: Set<GestureKind>, scrollAxes: Set<ScrollAxis> = []) {
        self.id = id; self.gestures = gestures; self.scrollAxes = scrollAxes
    }
}

/// The conflict rules of the arena, as data (see `ArenaRules.timeline`).
public struct ArenaRules: Sendable, Hashable {
    /// Which running gestures a gesture may take over when it is recognised (the running one is
    /// cancelled). Every pair not listed is refused: the newcomer does not start.
    public var takesOver: [GestureKind: Set<GestureKind>]
    /// The order in which recognisers that accept on the same event are settled, first wins.
    public var priority: [GestureKind]

    public init(takesOver: [GestureKind: Set<GestureKind>], priority: [GestureKind]) {
        self.takesOver = takesOver; self.priority = priority
    }

    /// Whether `newcomer` may start while `running` is under way.
    public func allows(_ newcomer: GestureKind, during running: GestureKind) -> Bool {
        takesOver[newcomer]?.contains(running) ?? false
    }

    /// The timeline's rules: a pinch takes over a scroll or a clip move (a second finger landing
    /// during either turns it into a zoom); nothing interrupts a trim or a pinch; trims and moves
    /// are refused while a scroll or pinch is under way. When several recognisers accept on the
    /// same event, the more specific wins: pinch, trim, long press, move, scroll, double tap, tap.
    public static let timeline = ArenaRules(
        takesOver: [.pinch: [.scroll, .move]],
        priority: [.pinch, .trim, .longPress, .move, .scroll, .doubleTap, .tap])
}
