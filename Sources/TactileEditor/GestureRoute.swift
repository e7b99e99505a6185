import TactileCore
import TactileUI

/// What a gesture was made on, as the widget that got it says at its call site: the editor
/// applies it there, in the arena's order. (Gestures no widget claims in a pass — a second finger
/// landing on bare screen for a pinch, a drag whose clip scrolled away — go to the timeline.)
public enum GestureRoute: Hashable, Sendable {
    /// The timeline: its background, its ruler, a clip, a selected clip's trim handle.
    case timeline(TimelineTarget)
    /// Scrubbing: a pan on the canvas, or fine scrubbing on the scrub bar.
    case scrub(ScrubSession.Source)
    /// The media browser sheet: the dimmed editor above it, its grid, a tile.
    case browser(BrowserTarget)
    /// An overlay on the canvas (a text, sticker or picture).
    case overlay(OverlayTarget)
    /// The transition picker's duration track for the cut before clip `clipID`: the x of its
    /// short end and of its long end, as drawn (the long end is on the left right to left).
    case transitionDuration(clipID: String, from: Double, to: Double)
    /// A sheet's own background: the gesture ends there.
    case sheet
    /// The project list: its background, a project's row.
    case projectList(ProjectListTarget)
}

/// The parts of the project list that take gestures (a vertical pan scrolls; a tap on a row opens it).
public enum ProjectListTarget: Hashable, Sendable {
    case screen
    case row(String)
    /// A row's action (Duplicate, Rename, Delete): a tap does it, a drag scrolls the list (at
    /// large sizes the actions can fill the rows' window).
    case action(ProjectListIntent)
}

/// An overlay on the canvas as drawn when its gesture was made: which clip, and the geometry its
/// transform is measured in.
public struct OverlayTarget: Hashable, Sendable {
    public var clipID: String
    /// The composition's picture on screen.
    public var picture: Rect
    /// The overlay's box at scale 1 and no turn, in points.
    public var natural: Size
}

/// The parts of the timeline that take gestures.
public enum TimelineTarget: Hashable, Sendable {
    case background, ruler
    case clip(id: String)
    case trimHandle(clipID: String, leading: Bool)
    /// The junction button at the cut before clip `clipID`: a tap opens the transition picker,
    /// a pan or pinch starting on it works the timeline as anywhere else.
    case junction(clipID: String)

    /// The clip a tap, move or long press was made on.
    public var clipID: String? { if case let .clip(id) = self { return id }; return nil }
}

/// The parts of the media browser sheet that take gestures.
public enum BrowserTarget: Hashable, Sendable {
    case scrim, sheet
    case tile(path: String)
}

extension Interaction {
    /// This widget's gestures as intents for `route`.
    func intents(_ route: GestureRoute) -> [EditorIntent] { gestures.map { .gesture($0, route) } }
}
