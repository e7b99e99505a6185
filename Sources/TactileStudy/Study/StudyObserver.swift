import Foundation
import TactileEditor

/// What a study session tells those who follow it, each of them (the observer page's feed, the
/// think-aloud recording, the operator's terminal, tests): every hook optional, any number of
/// them, none chained through another (as a host session's `SessionObserver`s are).
public protocol StudyObserver: AnyObject {
    /// Every event of the participant's session as it happens: the running part's log and the
    /// study's own (markers, parts, consent).
    func studyLogged(_ event: LogEvent)
    /// A part began (its recorded session's folder, at the part's start).
    func studyPartBegan(folder: URL)
    /// The running part ended.
    func studyPartEnded()
    /// A problem the operator must hear of (a recording that could not start or stopped).
    func studyProblem(_ message: String)
    /// The operator's note as it is typed (nil once saved or dropped): for the operator's own
    /// screen, never drawn on the participant's.
    func studyNoteChanged(_ note: String?)
}

extension StudyObserver {
    public func studyLogged(_ event: LogEvent) {}
    public func studyPartBegan(folder: URL) {}
    public func studyPartEnded() {}
    public func studyProblem(_ message: String) {}
    public func studyNoteChanged(_ note: String?) {}
}

/// A `StudyObserver` made of closures, for the few lines a caller wants.
public final class StudyEvents: StudyObserver {
    private let logged: ((LogEvent) -> Void)?, partBegan: ((URL) -> Void)?, partEnded: (() -> Void)?
    private let problem: ((String) -> Void)?, note: ((String?) -> Void)?

    public init(
        logged: ((LogEvent) -> Void)? = nil, partBegan: ((URL) -> Void)? = nil, partEnded: (() -> Void)? = nil,
        problem: ((String) -> Void)? = nil, note: ((String?) -> Void)? = nil
    ) {
        self.logged = logged; self.partBegan = partBegan; self.partEnded = partEnded; self.problem = problem; self.note = note
    }

    public func studyLogged(_ event: LogEvent) { logged?(event) }
    public func studyPartBegan(folder: URL) { partBegan?(folder) }
    public func studyPartEnded() { partEnded?() }
    public func studyProblem(_ message: String) { problem?(message) }
    public func studyNoteChanged(_ note: String?) { self.note?(note) }
}
