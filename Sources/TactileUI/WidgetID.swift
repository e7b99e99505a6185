/// A widget's identity, stable from frame to frame: a 64-bit FNV-1a hash of its key, seeded
/// with the ids of the scopes it sits in (the id stack), so "handle.leading" inside clip c1 and
/// inside clip c2 are different widgets.
public struct WidgetID: Hashable, Sendable, CustomStringConvertible {
    public let value: UInt64
    public init(value: UInt64) { self.value = value }

    /// The root scope's seed (FNV-1a's 64-bit offset basis).
    public static let root = WidgetID(value: 0xcbf2_9ce4_8422_2325)

    /// The id of `key` inside this scope.
    public func child(_ key: String) -> WidgetID {
        var hash = value
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        // Mix in a separator so that scope "ab"+"c" differs from "a"+"bc".
        hash ^= 0xFF
        hash = hash &* 0x0000_0100_0000_01B3
        return WidgetID(value: hash)
    }

    public var description: String { String(value, radix: 16) }
}

/// The stack of scopes ids are hashed in.
public struct IDStack: Sendable {
    private var scopes: [WidgetID] = [.root]
    public init() {}
    /// The innermost scope.
    public var top: WidgetID { scopes[scopes.count - 1] }
    /// Enters the scope `key`.
    public mutating func push(_ key: String) { scopes.append(top.child(key)) }
    /// Leaves the innermost scope.
    public mutating func pop() { precondition(scopes.count > 1, "popped the root id scope"); scopes.removeLast() }
    /// The id of `key` in the innermost scope.
    public func id(_ key: String) -> WidgetID { top.child(key) }
    /// How many scopes are open besides the root (0 when balanced).
    public var depth: Int { scopes.count - 1 }
}
