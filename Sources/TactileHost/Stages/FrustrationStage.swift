import TactileCore
import TactileEditor
import TactileInput

/// Frustration signals (rage and dead taps, near misses, unresponsive drags: `FrustrationSignals`)
/// join each editor frame's log, with the task on show.
public final class FrustrationStage: HostStage {
    private var signals: FrustrationSignals

    public init(study: TactileConfiguration.Study, input: TactileConfiguration.Input) {
        signals = FrustrationSignals(settings: study, tapSlop: input.tapSlop)
    }

    public func frameDidRun(_ output: inout FrameOutput, released: [InputEvent], _ step: inout StageStep) {
        let state = step.session.state
        let task = state.tasks.flatMap { $0.began != nil && $0.ended == nil ? $0.current?.id : nil }
        output.log += signals.observe(released, log: output.log, picture: output.drawList, now: step.now, task: task)
    }

    public func adopt(_ change: ConfigurationChange, session: HostSession) {
        if change.changed(TactileConfiguration.Study.self) { signals.settings = change.new.study }
    }
}
