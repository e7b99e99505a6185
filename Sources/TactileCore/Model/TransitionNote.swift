/// What limits a transition's length at a cut: the footage a clip has beyond its edge, or a
/// clip's own length. Its `description` is the English sentence part files and logs use; the
/// editor words it in the chrome's language.
public enum TransitionLimitReason: Hashable, Sendable, CustomStringConvertible {
    /// The outgoing clip `clip` has `left` of footage after its end.
    case footageAfterEnd(clip: String, left: Time)
    /// The incoming clip `clip` has `left` of footage before its start.
    case footageBeforeStart(clip: String, left: Time)
    /// Clip `clip` is only `length` long.
    case clipLength(clip: String, length: Time)

    public var description: String {
        switch self {
        case let .footageAfterEnd(clip, left): return "\"\(clip)\" has \(Project.secondsText(left)) of footage after its end"
        case let .footageBeforeStart(clip, left): return "\"\(clip)\" has \(Project.secondsText(left)) of footage before its start"
        case let .clipLength(clip, length): return "\"\(clip)\" is \(Project.secondsText(length)) long"
        }
    }
}

/// A change the editor made to a transition so it fits, for the banner and the log (never
/// silently). Its `description` is the English sentence.
public enum TransitionNote: Hashable, Sendable, CustomStringConvertible {
    /// The transition just set was shortened to `to`.
    case shortened(to: Time, reason: TransitionLimitReason)
    /// After an edit, the transition before clip `clip` was shortened to `to`.
    case shortenedBefore(clip: String, to: Time, reason: TransitionLimitReason)
    /// After an edit, the transition before clip `clip` was removed: no clip meets it any more.
    case removedNoCut(clip: String)
    /// After an edit, the transition before clip `clip` was removed: there is no footage for one.
    case removedBefore(clip: String, reason: TransitionLimitReason)
    /// The transition just set overlaps its clips by `by` (their footage beyond the cut ran
    /// short), so everything after the cut on its track moved that much earlier.
    case overlapped(by: Time)

    public var description: String {
        switch self {
        case let .shortened(to, reason): return "Transition shortened to \(Project.secondsText(to)): \(reason)."
        case let .shortenedBefore(clip, to, reason): return "The transition before \"\(clip)\" was shortened to \(Project.secondsText(to)): \(reason)."
        case let .removedNoCut(clip): return "The transition before \"\(clip)\" was removed: no clip meets it there any more."
        case let .removedBefore(clip, reason): return "The transition before \"\(clip)\" was removed: \(reason)."
        case let .overlapped(by): return "The clips overlap by \(Project.secondsText(by)) for the transition: the track after the cut moved that much earlier."
        }
    }
}
