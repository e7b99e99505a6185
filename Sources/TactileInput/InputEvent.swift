import TactileCore

/// Identifies one finger (or the emulated mouse finger) for as long as it touches.
public typealias PointerID = Int

/// The phase of a touch, as a touchscreen reports it.
public enum TouchPhase: String, Sendable, Hashable, Codable {
    case down, move, up, cancel
}

/// Keys the editor understands. Raw values are the names used in trace files.
public enum Key: String, Sendable, Hashable, Codable, CaseIterable {
    /// Play / pause.
    case space
    /// Undo (Ctrl+Z).
    case undo
    /// Redo (Ctrl+Shift+Z).
    case redo
    /// Escape: deselect, close a sheet.
    case escape
    /// Rotate the device by 90° (Ctrl+R).
    case rotate
}

/// One piece of input, as data: what happened, where (in points of the viewport) and when
/// (on the frame loop's clock). The host turns SDL events into these; traces store them.
public struct InputEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A finger went down, moved, lifted or was cancelled.
        case touch(id: PointerID, phase: TouchPhase, location: Point)
        /// A key was pressed.
        case key(Key)
        /// The window lost focus: every touch is cancelled.
        case focusLost
    }

    public var time: Time
    public var kind: Kind

    public init(time: Time, kind: Kind) { self.time = time; self.kind = kind }

    /// A touch event.
    public static func touch(_ phase: TouchPhase, id: PointerID, at location: Point, time: Time) -> InputEvent {
        InputEvent(time: time, kind: .touch(id: id, phase: phase, location: location))
    }

    /// A key event.
    public static func key(_ key: Key, time: Time) -> InputEvent { InputEvent(time: time, kind: .key(key)) }
}
