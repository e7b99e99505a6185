import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// Playback's sound: started, restarted or stopped with the picture (none while a voice-over
/// records: the microphone must hear the voice alone), and the picture following the sound's
/// clock while it plays (`HostSession.followsAudioClock`).
public final class SoundStage: HostStage {
    private let sound: ((Project, Time) -> SampleSource?)?
    private var playing = false
    /// The timeline position the sound playing began at.
    private var from = Time.zero
    /// Where playback was anchored before the editor's frame.
    private var anchorBefore: Time?

    public init(sound: ((Project, Time) -> SampleSource?)?) { self.sound = sound }

    public func frameWillRun(_ step: inout StageStep) {
        let session = step.session
        if let elapsed = step.context.soundElapsed, playing, session.followsAudioClock {
            session.editor.followAudioClock(&session.state, heard: from + elapsed, now: step.now)
        }
        anchorBefore = session.state.playback?.positionAnchor
    }

    public func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep) {
        let state = step.session.state
        if let playback = state.playback, state.voiceOver == nil {
            if playback.positionAnchor != anchorBefore || !playing {
                playing = true
                from = playback.positionAnchor
                if let source = sound?(state.project, playback.positionAnchor) { step.frame.commands.append(.playSound(source)) }
            }
        } else if playing {
            playing = false
            step.frame.commands.append(.stopSound)
        }
    }
}
