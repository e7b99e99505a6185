import TactileCore
import TactileInput

/// What a button drawn smaller than the text asked for shows large while a finger holds it, as
/// iOS's Large Content Viewer does for bar items, which stop growing at accessibility sizes.
public struct LargeContent {
    /// The button's id.
    public var id: String
    public var label: String
    /// Draws its icon in a box, in a colour.
    public var icon: ((Rect, Color) -> Void)?
}

extension UIContext {
    /// Offers button `id`'s `label` (and `icon`) to be shown large: where a finger has held it
    /// since `since` for `largeContentDelay`, it is this pass's `largeContent`; before then a
    /// frame is asked for the moment it will be. Nothing where `largeContentDelay` is nil (the
    /// bars draw at the scale asked).
    /// A finger whose button was shown large does not press it when it lifts (it held to read).
    public func offerLargeContent(_ id: String, label: String, heldSince since: Time, by finger: PointerID?, icon: ((Rect, Color) -> Void)? = nil) {
        guard let delay = largeContentDelay else { return }
        if now - since >= delay {
            largeContent = LargeContent(id: id, label: label, icon: icon)
            if let finger { memory.readingLarge.insert(finger) }
        } else {
            requestFrames(.explicit([since + delay]), reason: "large content")
        }
    }

    /// When the finger holding a button went down (nil: none holds it).
    func heldSince(_ interaction: Interaction) -> Time? {
        interaction.fingers.lazy.compactMap { self.memory.taps.presses[$0]?.time }.first
    }
}
