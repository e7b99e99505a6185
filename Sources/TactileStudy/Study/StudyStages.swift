import TactileCore
import TactileInput
import TactileUI

/// One step of a study session's input before the running part (its host session, with the
/// host's own stages) or the study's screens see it: it may take input for itself, or answer
/// the step on its own. The study composes its stages in one place, `StudyStages.standard`, as
/// the host does (`HostStages`).
protocol StudyStage: AnyObject {
    /// Takes `input` at `now`: what passes on, or nil when the stage answered the step with `frame`.
    func take(_ input: [InputEvent], now: Time, frame: inout ShellFrame, session: StudySession) -> [InputEvent]?
}

/// The stages a study session runs, in order: the one place the order is seen.
enum StudyStages {
    /// The operator's keys first (markers, notes: never the participant's), then, in kiosk mode,
    /// the kiosk's way out, PIN pad and next visitor.
    static func standard(kiosk: Bool) -> [StudyStage] {
        [OperatorKeysStage()] + (kiosk ? [KioskVisitorsStage()] : [])
    }
}

/// The operator's keyboard: markers (M, 1–9) and notes (N … Return) go to the study's log, not
/// to the participant's screen.
final class OperatorKeysStage: StudyStage {
    func take(_ input: [InputEvent], now: Time, frame: inout ShellFrame, session: StudySession) -> [InputEvent]? {
        input.filter { !session.operatorKey($0, now: now) }
    }
}

/// Kiosk mode: the exit hold and PIN pad (which take the input while open), the next visitor
/// after the thank-you, a visitor gone mid-part.
final class KioskVisitorsStage: StudyStage {
    func take(_ input: [InputEvent], now: Time, frame: inout ShellFrame, session: StudySession) -> [InputEvent]? {
        var rest = input
        return session.kioskStep(&rest, now: now, frame: &frame) ? nil : rest
    }
}
