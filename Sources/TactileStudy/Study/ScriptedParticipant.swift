import TactileCore
import TactileInput
import TactileUI

/// A participant played from a trace (`study run --script TRACE --headless`): the trace's input
/// fed into a `StudySession` on a virtual clock, each event at its time, and between events every
/// step the session asks for — the decisions the window makes on its real clock. The same runner
/// as a person's, so its results have the same form; a trace of a person's run
/// (`study-trace.jsonl`) plays their run again for another participant number.
public enum ScriptedParticipant {
    /// Most steps without input in a row before the player moves on (a session that asks to be
    /// stepped at the same instant forever): ten minutes of frames at 60 fps.
    public static let maximumStepsWithoutInput = 36_000

    /// Plays `trace` into `session` from its first step, then `tail` seconds more (a task's settle,
    /// a questionnaire's closing). Returns the time the session reached.
    @discardableResult
    public static func play(_ trace: Trace, into session: StudySession, tail: Double = 2) -> Time {
        var now = Time.zero, idleSteps = 0
        _ = session.step([], now: now, context: StepContext())
        func runDue(through instant: Time) {
            while let due = session.nextDue(after: now)?.time, due <= instant, idleSteps < maximumStepsWithoutInput {
                let before = now
                now = max(now, due)
                _ = session.step([], now: now, context: StepContext())
                idleSteps += 1
                // Work that stays due at the same instant moves on a tick.
                if now == before, let again = session.nextDue(after: now)?.time, again <= now { now = now + Time(ticks: 1) }
            }
            now = max(now, instant)
        }
        var i = 0
        let events = trace.events
        while i < events.count {
            let t = max(now, events[i].time)
            runDue(through: t - Time(ticks: 1))
            now = t
            var batch: [InputEvent] = []
            while i < events.count && max(now, events[i].time) == t { batch.append(events[i]); i += 1 }
            _ = session.step(batch, now: now, context: StepContext())
            idleSteps = 0
        }
        runDue(through: now + .seconds(tail))
        return now
    }
}
