import TactileCore
import TactileEditor
import TactileInput
import TactileUI

extension Trace.Freeze {
    /// The freeze as the interaction log keeps it: a `signal` event at its frame's time.
    public var signal: LogEvent {
        var signal = InteractionEvent.Signal(.freeze, task: task)
        signal.ms = milliseconds
        signal.gesture = gesture
        return LogEvent(time: time, .signal(signal))
    }
}
