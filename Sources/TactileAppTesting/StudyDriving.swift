import TactileCore
import TactileStudy
import TactileUI

/// A test that drives a `StudySession` on its own virtual clock, as a participant's window would.
public protocol StudyDriving: AnyObject {
    var now: Time { get set }
}

extension StudyDriving {
    /// What is on screen now: the editor's elements while a part runs, else the study screen's.
    public func elements(_ s: StudySession) -> [UIElement] { s.block?.lastOutput?.elements ?? s.elements }

    /// Steps through every frame the session asks for until `seconds` from now.
    public func wait(_ s: StudySession, _ seconds: Double) {
        let end = now + .seconds(seconds)
        while let due = s.nextDue(after: now)?.time, due <= end {
            now = max(now, due)
            _ = s.step([], now: now, context: StepContext())
            if due <= now && s.nextDue(after: now)?.time == now { now = now + .seconds(0.001) }
        }
        now = end
        _ = s.step([], now: now, context: StepContext())
    }
}
