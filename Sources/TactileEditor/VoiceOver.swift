import TactileCore

/// A voice-over being made: the panel's phase, the microphone's level as last heard, and the
/// problem if it failed. Recording begins after a count-in, at the playhead, which then plays
/// (silently: the microphone must not hear the project); stopping keeps what was said as a clip.
public struct VoiceOverSession: Hashable, Sendable {
    public enum Phase: Hashable, Sendable {
        /// The panel is open; nothing is heard yet.
        case ready
        /// Counting down since `since`; the recording will start at timeline instant `at`.
        case countIn(since: Time, at: Time)
        /// Recording since `since`, from timeline instant `at`.
        case recording(since: Time, at: Time)
        /// Stopped at `since`; the file is being written, and its clip will go at timeline instant `at`.
        case saving(since: Time, at: Time)
    }
    public var phase: Phase = .ready
    /// The microphone's level, 0 … 1, as its last news said (0 before any).
    public var level = 0.0
    /// Why the last recording failed, for the panel.
    public var problem: String?
    /// No microphone is there (the host said so when the panel opened): Record waits for one.
    public var microphoneMissing = false
    /// Whole seconds of the count-in ticked so far.
    var counted = 0
    public init() {}
}

/// What the editor asks of the microphone in a frame, for the host to carry out (as
/// `ExportEffect`): a session without a microphone (replays, inspect) does nothing, and the news
/// of a recorded session come back from its trace.
public enum VoiceCommand: Hashable, Sendable {
    /// Say whether there is a microphone at all (the panel opened): `VoiceNews.noMicrophone` if not.
    case check
    /// Open the microphone and report its level (the count-in: the person sees it hears them).
    case listen
    /// Keep what is heard from now on.
    case record
    /// Stop and write what was recorded as a sound file named after `name`; the news say where.
    case keep(name: String)
    /// Stop and throw away what was heard.
    case discard
}
