import TactileCore
import TactileUI

extension Strings {
    /// `note` in this language: what the editor did to a transition so it fits, and why.
    func sentence(_ note: TransitionNote) -> String {
        switch note {
        case let .shortened(to, reason):
            return format(.transitionShortened, ["seconds": seconds(Self.secondsText(to)), "reason": sentence(reason)])
        case let .shortenedBefore(clip, to, reason):
            return format(.transitionBeforeShortened, ["clip": clip, "seconds": seconds(Self.secondsText(to)), "reason": sentence(reason)])
        case let .removedNoCut(clip):
            return format(.transitionBeforeRemovedNoCut, ["clip": clip])
        case let .removedBefore(clip, reason):
            return format(.transitionBeforeRemoved, ["clip": clip, "reason": sentence(reason)])
        case let .overlapped(by):
            // To the hundredth: an overlap is half a length in tenths, often 0.25 s.
            let hundredths = Int((by.seconds * 100).rounded())
            let text = hundredths % 10 == 0 ? TimeFormatting.clipDuration(by) : "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)s"
            return format(.transitionOverlapped, ["seconds": seconds(text)])
        }
    }

    /// What limits a transition, in this language.
    func sentence(_ reason: TransitionLimitReason) -> String {
        switch reason {
        case let .footageAfterEnd(clip, left): return format(.footageAfterEnd, ["clip": clip, "seconds": seconds(Self.secondsText(left))])
        case let .footageBeforeStart(clip, left): return format(.footageBeforeStart, ["clip": clip, "seconds": seconds(Self.secondsText(left))])
        case let .clipLength(clip, length): return format(.clipIsOnly, ["clip": clip, "seconds": seconds(Self.secondsText(length))])
        }
    }

    /// Why an edit cannot be made, in this language.
    func sentence(_ error: EditError) -> String {
        switch error {
        case let .noSuchClip(id): return format(.noSuchClip, ["clip": id])
        case .notInsideClip: return self[.notInsideClip]
        case .tooShort: return self[.piecesTooShort]
        case let .noCut(id): return format(.noCutBefore, ["clip": id])
        case let .noRoomForTransition(reason): return format(.transitionTooShort, ["reason": sentence(reason)])
        case let .noSpeed(title): return format(.noSpeedIn, ["clip": title])
        case let .noSoundToDetach(title): return format(.noSoundToDetach, ["clip": title])
        }
    }

    /// "0.4s", to a tenth, rounded down (a limit is never overstated), for `seconds(_:)`.
    static func secondsText(_ t: Time) -> String {
        let tenths = Int((t.seconds * 10 + 1e-9).rounded(.down))
        return tenths % 10 == 0 ? "\(tenths / 10)s" : "\(tenths / 10).\(tenths % 10)s"
    }
}
