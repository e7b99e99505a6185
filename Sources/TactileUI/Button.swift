import TactileCore
import TactileInput

/// How a button looks this pass: where it is and whether a finger holds it.
public struct ButtonLook: Sendable {
    public var frame: Rect
    /// A finger holds it and is still over it (sliding off un-highlights it, as on iOS).
    public var pressed: Bool
    public var enabled: Bool
    /// When the finger pressing it went down, and which it is (while `pressed`).
    public var heldSince: Time?
    public var heldBy: PointerID?
}

extension UIContext {
    /// A button, as microui's: it registers its hit area (`hitFrame`, default its frame) and its
    /// inspect element, draws itself with `draw` (given whether it is pressed), and returns
    /// whether it was tapped in this pass. Buttons stay out of the gesture arena: a finger that
    /// lands on one is the button's alone.
    @discardableResult
    public func button(
        _ id: String, role: String = "button", label: String, frame: Rect, hitFrame: Rect? = nil, enabled: Bool = true,
        state: [String: ElementValue] = [:], draw: (ButtonLook) -> Void
    ) -> Bool {
        let hit = hitFrame ?? frame
        let interaction = interact(id, hitFrame: hit, exclusive: true)
        let pressed = interaction.isPressedDown && enabled
        let look = ButtonLook(
            frame: frame, pressed: pressed, enabled: enabled, heldSince: pressed ? heldSince(interaction) : nil,
            heldBy: pressed ? interaction.fingers.first : nil)
        draw(look)
        var elementState: [String: ElementValue] = ["enabled": .bool(enabled), "pressed": .bool(look.pressed)]
        for (key, value) in state { elementState[key] = value }
        element(UIElement(id: id, role: role, label: label, frame: frame, hitFrame: hit, state: elementState))
        return enabled && interaction.tapped
    }
}
