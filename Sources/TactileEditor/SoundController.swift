import TactileCore
import TactileInput

/// A drag on the selected clip's level line or on one of its fade handles.
struct SoundDrag: Hashable, Sendable {
    /// The project when the drag began (the undo step), and the sound then.
    var original: Project
    var sound: ClipSound
    /// Where the finger began, in points.
    var start: Point
}

/// Sets a clip's level and fades by touch, as LumaFusion shows them: the level line follows the
/// finger up and down (a fader's law, `ClipSound.linePosition`, over `editing.levelDragTravel` points), catching at 0 dB within
/// `editing.levelSnapDecibels` with a cue as it crosses; a fade handle follows the finger along
/// time, the fade never longer than the clip leaves it. Each drag is one undo step.
struct SoundController {
    let editing: TactileConfiguration.Editing

    func apply(_ g: GestureEvent, on target: TimelineTarget, _ state: inout EditorState, now: Time, effects: inout Effects) {
        let clipID: String
        switch target {
        case let .levelLine(id, _, _), let .fadeHandle(id, _): clipID = id
        default: return
        }
        switch g.phase {
        case .began:
            guard let clip = state.project.clip(withID: clipID)?.clip else { return }
            state.soundDrag = SoundDrag(original: state.project, sound: clip.sound, start: g.origin)
            move(g, on: target, clipID: clipID, &state, effects: &effects)
        case .changed:
            move(g, on: target, clipID: clipID, &state, effects: &effects)
        case .ended, .recognized, .cancelled:
            guard let drag = state.soundDrag else { return }
            state.soundDrag = nil
            if g.phase == .cancelled { state.project = drag.original; return }
            guard state.project != drag.original else { return }
            state.history.record(drag.original)
            let edit: InteractionEvent.Edit.Kind
            if case let .fadeHandle(_, fadeIn) = target { edit = fadeIn ? .fadeIn : .fadeOut } else { edit = .level }
            effects.log.append(LogEvent(time: now, .edit(.init(edit, clip: clipID, before: drag.original, after: state.project))))
        }
    }

    private func move(_ g: GestureEvent, on target: TimelineTarget, clipID: String, _ state: inout EditorState, effects: inout Effects) {
        guard let drag = state.soundDrag, let clip = state.project.clip(withID: clipID)?.clip else { return }
        var sound = clip.sound
        switch target {
        case let .levelLine(_, top, bottom):
            // The line's height when the drag began, moved by the finger's travel: the whole range
            // over `editing.levelDragTravel` points (or the clip's height, if that is taller).
            let travel = max(1, bottom - top, editing.levelDragTravel)
            let began = ClipSound.linePosition(decibels: drag.sound.decibels)
            var db = ClipSound.decibels(atLinePosition: began - (g.location.y - drag.start.y) / travel)
            if abs(db) <= editing.levelSnapDecibels { db = 0 }
            // A cue where the line catches at 0 dB, or passes it in one move.
            let was = clip.sound.decibels
            if was != 0 && (db == 0 || (was < 0) != (db < 0)) { effects.cues.append(CueEvent(.impactLight, at: g.location, reason: "levelUnity")) }
            sound.decibels = db
        case let .fadeHandle(_, fadeIn):
            let seconds = (g.location.x - drag.start.x) / max(1, state.pointsPerSecond)
            if fadeIn {
                sound.fadeIn = max(.zero, drag.sound.fadeIn + .seconds(seconds))
            } else {
                sound.fadeOut = max(.zero, drag.sound.fadeOut - .seconds(seconds))
            }
        default:
            return
        }
        guard sound != clip.sound, let project = state.project.settingSound(sound, ofClip: clipID) else { return }
        state.project = project
    }
}
