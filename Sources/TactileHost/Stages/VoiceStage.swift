import TactileCore
import TactileEditor
import TactileInput

/// The microphone: its news join the input (a recording keeps them; a replay gives them back), and
/// what the editor asks of it is carried out. A session without one (a replay, inspect) does
/// nothing: a recorded session's news come back from its trace.
public final class VoiceStage: HostStage {
    private let voice: VoiceRecording?

    public init(voice: VoiceRecording?) { self.voice = voice }

    public func take(_ input: [InputEvent], _ step: inout StageStep) -> [InputEvent] {
        guard let voice else { return input }
        return input + voice.takeNews(now: step.now).map { .voice($0, time: step.now) }
    }

    public func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep) {
        guard let voice else { return }
        for command in output.voice { voice.carryOut(command, now: step.now) }
    }

    /// News waiting (whether there is a microphone, asked as the panel opened) are taken at once.
    public func nextWork(after now: Time, session: HostSession) -> (time: Time, reason: String)? {
        voice?.hasNews == true ? (now, "microphone") : nil
    }

    public func nextDue(after now: Time, session: HostSession) -> (time: Time, reason: String)? { nextWork(after: now, session: session) }
}
