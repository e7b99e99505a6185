import TactileCore
import TactileEditor
import TactileInput

/// The microphone a voice-over records from, as a host session reaches it (the window's: SDL's
/// audio capture into a sound file). The session carries out the editor's commands and gives
/// the editor the news as input events each step, so a recording keeps them in its trace.
public protocol VoiceRecording: AnyObject {
    /// Listen, record, keep or discard, as the editor's frame asked.
    func carryOut(_ command: VoiceCommand, now: Time)
    /// The news since the last call: the level heard, a recording written, a failure.
    func takeNews(now: Time) -> [VoiceNews]
    /// Whether news wait to be taken (a step is then due: the answer to a `check`).
    var hasNews: Bool { get }
}
