import TactileCore
import TactileUI

extension UIContext {
    /// Draws `look` into `box`: each picture where the look puts it, cut to the part it shows,
    /// bottom first, then the black over both. `picture` draws one: whether it is the incoming
    /// one, its frame and its opacity. The canvas and the transition picker's previews both
    /// draw through here.
    func draw(_ look: TransitionLook, in box: Rect, picture: (_ incoming: Bool, _ frame: Rect, _ opacity: Double) -> Void) {
        for (incoming, layer) in look.layersBottomFirst where layer.isVisible {
            clipped(to: layer.shownPart(of: box)) { picture(incoming, layer.frame(in: box), layer.opacity) }
        }
        if look.black > 0 { fill(box, Color.black.opacity(look.black)) }
    }
}
