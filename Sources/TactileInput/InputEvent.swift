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
    /// Backspace: the character before the caret while typing; otherwise delete the selected clip.
    case backspace
    /// Return: a new line while typing.
    case enter
}

/// One piece of input, as data: what happened, where (in points of the viewport) and when
/// (on the frame loop's clock). The host turns SDL events into these; traces store them.
public struct InputEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A finger went down, moved, lifted or was cancelled.
        case touch(id: PointerID, phase: TouchPhase, location: Point)
        /// A key was pressed.
        case key(Key)
        /// Characters typed on a hardware keyboard (SDL's text input: layouts, dead keys and
        /// input methods already applied).
        case text(String)
        /// The window lost focus: every touch is cancelled.
        case focusLost
        /// News from the microphone recording a voice-over.
        case voice(VoiceNews)
        /// The media folder listed again as the media sheet opened: its files' paths, in the
        /// sheet's order (so a file added while Tactile runs is offered; a trace keeps the list,
        /// so a replay offers what the session offered).
        case mediaFolder([String])
        /// News from the project shelf after the project list asked it something (a listing, a
        /// project opened); a trace keeps it, so a replay shows what its session showed.
        case projects(ProjectNews)
    }

    public var time: Time
    public var kind: Kind
    /// How hard the finger presses (0 … 1 on most panels), when the device reports it.
    public var pressure: Double?
    /// When the kernel stamped the same touch (Linux evdev, `touchscreen.kernelDevice`), on the
    /// session's clock; nil when not read or not matched. Measurement only: traces do not keep
    /// it and equality ignores it, so a recorded event is still the event a replay gives.
    public var kernelTime: Time?

    public static func == (a: InputEvent, b: InputEvent) -> Bool { a.time == b.time && a.kind == b.kind && a.pressure == b.pressure }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(kind)
        hasher.combine(pressure)
    }

    public init(time: Time, kind: Kind, pressure: Double? = nil) { self.time = time; self.kind = kind; self.pressure = pressure }

    /// A touch event.
    public static func touch(_ phase: TouchPhase, id: PointerID, at location: Point, time: Time) -> InputEvent {
        InputEvent(time: time, kind: .touch(id: id, phase: phase, location: location))
    }

    /// A key event.
    public static func key(_ key: Key, time: Time) -> InputEvent { InputEvent(time: time, kind: .key(key)) }

    /// Typed text.
    public static func text(_ text: String, time: Time) -> InputEvent { InputEvent(time: time, kind: .text(text)) }

    /// News from the microphone, as traces keep it.
    public static func voice(_ news: VoiceNews, time: Time) -> InputEvent { InputEvent(time: time, kind: .voice(news.quantized)) }

    /// The media folder's files, as listed again.
    public static func mediaFolder(_ files: [String], time: Time) -> InputEvent { InputEvent(time: time, kind: .mediaFolder(files)) }

    /// News from the project shelf, as traces keep it.
    public static func projects(_ news: ProjectNews, time: Time) -> InputEvent { InputEvent(time: time, kind: .projects(news.quantized)) }

    /// The most files one listing of the media folder carries (a trace holding more is refused).
    public static let maximumMediaFiles = 10_000

    /// The most characters one text event carries (a trace or an input method sending more is cut).
    public static let maximumTextLength = 64
}

extension InputEvent {
    /// The event with its position and pressure rounded to the thousandths a trace file keeps,
    /// so a recorded event replays as exactly the event the editor saw.
    public func roundedForTrace() -> InputEvent {
        func r(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
        var e = self
        if case let .touch(id, phase, p) = kind { e.kind = .touch(id: id, phase: phase, location: Point(x: r(p.x), y: r(p.y))) }
        e.pressure = pressure.map(r)
        return e
    }
}
