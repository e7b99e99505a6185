import TactileCore

/// An overlay being moved, pinched and turned on the canvas, from the first finger to the last:
/// one touch sequence is one undo step, even when a drag turns into a pinch on the way.
public struct OverlayManipulation: Sendable {
    /// The overlay's clip.
    public var clipID: String
    /// The project before the fingers landed (what undo and a cancel go back to).
    var original: Project
    /// The overlay's transform when the gesture under way began.
    var base: OverlayTransform
    /// The geometry the gesture is measured in (see `OverlayTarget`).
    var target: OverlayTarget
    /// What the overlay is snapped to now (the canvas draws these as guides).
    public var snaps = OverlaySnaps()
    /// A gesture was cancelled in this pass: another (a pinch taking over a drag) may pick up
    /// where it stopped; otherwise the sequence ends when the pass does.
    var interrupted = false
}
