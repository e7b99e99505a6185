import TactileCore

/// A value in an element's state, as `tactile inspect` prints it.
public enum ElementValue: Hashable, Sendable {
    case bool(Bool), number(Double), string(String)
}

/// One thing on screen, for tests and automation (`tactile inspect`): what it is (role), where
/// it is drawn (frame) and where a finger reaches it (hitFrame), in points.
public struct UIElement: Hashable, Sendable {
    public var id: String
    public var role: String
    public var label: String
    public var frame: Rect
    public var hitFrame: Rect
    public var state: [String: ElementValue]

    public init(id: String, role: String, label: String, frame: Rect, hitFrame: Rect? = nil, state: [String: ElementValue] = [:]) {
        self.id = id; self.role = role; self.label = label; self.frame = frame
        self.hitFrame = hitFrame ?? frame; self.state = state
    }
}
