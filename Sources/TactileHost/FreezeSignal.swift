import TactileCore
import TactileEditor
import TactileInput
import TactileUI

extension Trace.Freeze {
    /// The freeze as the interaction log keeps it: a `signal` event at its frame's time.
    public var signal: LogEvent {
        var fields: [String: ElementValue] = ["signal": .string("freeze"), "ms": .number(milliseconds), "gesture": .string(gesture)]
        if let task { fields["task"] = .string(task) }
        return LogEvent(time: time, kind: "signal", fields: fields)
    }
}
