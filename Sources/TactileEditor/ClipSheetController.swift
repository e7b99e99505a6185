import TactileCore
import TactileUI
import TactileInput

/// The clip sheet, open on one clip: which clip, which of its sections shows, and while one of
/// its sliders is dragged the project before the drag (every step of the drag is made from it, so
/// dragging to 4× and back to 1× gives back the very project, and the whole drag is one undo
/// step) and what the drag edits.
public struct ClipSheet: Hashable, Sendable {
    public var clipID: String
    /// The section on show (one the clip offers).
    public var section: ClipSheetSection
    var dragFrom: Project?
    var dragEdit: InteractionEvent.Edit.Kind?
    public init(clipID: String, section: ClipSheetSection = .speed) {
        self.clipID = clipID
        self.section = section
    }
}

/// The clip sheet's sections, one on show at a time (as CapCut's Speed, Volume and Fade tools):
/// the speed, how a picture fills the frame, the sound's volume (with the track's mute and
/// ducking), its fades.
public enum ClipSheetSection: String, CaseIterable, Hashable, Sendable {
    case speed, picture, volume, fades
}

/// Opens and closes the clip sheet and applies its edits: a clip's speed (`Project.settingSpeed`),
/// its picture's fit, and its sound (`Project.settingSound`).
struct ClipSheetController {
    let editing: TactileConfiguration.Editing
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var strings: Strings { Strings(localeIdentifier: appearance.locale) }

    /// Opens the sheet on clip `id`, or closes it (nil); a drag left unfinished is kept as one step.
    /// It opens on the section last shown (the sheet shows its first section instead when the
    /// clip does not offer that one), so a person setting the volume of clip after clip stays on Volume.
    func open(_ id: String?, _ state: inout EditorState, now: Time, effects: inout Effects) {
        commitDrag(&state, now: now, effects: &effects)
        guard let id, state.project.clip(withID: id) != nil else {
            guard let open = state.clipSheet else { return }
            state.clipSheet = nil
            effects.log.append(LogEvent(time: now, .closeClipSheet(clip: open.clipID)))
            return
        }
        state.clipSheet = ClipSheet(clipID: id, section: state.clipSheetSection)
        state.playback = nil
        effects.log.append(LogEvent(time: now, .openClipSheet(clip: id)))
    }

    /// Applies one of the clip sheet's intents (others are not its own, and do nothing here).
    func perform(_ intent: EditorIntent, _ state: inout EditorState, now: Time, effects: inout Effects) {
        switch intent {
        case let .openClipSheet(id): open(id, &state, now: now, effects: &effects)
        case let .setSpeed(id, speed, live): setSpeed(speed, of: id, live: live, &state, now: now, effects: &effects)
        case .commitClipSheetDrag: commitDrag(&state, now: now, effects: &effects)
        case let .showClipSheetSection(section): show(section, &state, now: now, effects: &effects)
        case let .setSound(id, change, live): setSound(change, of: id, live: live, &state, now: now, effects: &effects)
        case let .setFit(id, fit): setFit(fit, of: [id], &state, now: now, effects: &effects)
        case let .setFitOfEveryClip(fit):
            setFit(fit, of: state.project.tracks.filter { $0.kind == .video }.flatMap(\.clips).map(\.id), &state, now: now, effects: &effects)
        default: break
        }
    }

    /// Shows `section` of the open sheet (and remembers it for the next clip); a drag under way
    /// is kept as one step first.
    func show(_ section: ClipSheetSection, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.clipSheet != nil else { return }
        commitDrag(&state, now: now, effects: &effects)
        state.clipSheet?.section = section
        state.clipSheetSection = section
        effects.cues.append(CueEvent(.selection, reason: "clipSheetSection"))
    }

    /// Plays clip `id` at `speed`. While `live` (a drag) the project changes without an undo step
    /// until `commitDrag`; otherwise the change is one.
    func setSpeed(_ speed: Double, of id: String, live: Bool, _ state: inout EditorState, now: Time, effects: inout Effects) {
        let from = state.clipSheet?.dragFrom ?? state.project
        do {
            let (sped, notes) = try from.settingSpeed(speed, ofClip: id)
            // The overlays over the clips after it follow them (the magnetic main track).
            let project = editing.magneticMainTrack ? sped.magnetised(from: from).project : sped
            if live {
                state.clipSheet?.dragFrom = from
                state.clipSheet?.dragEdit = .speed
                if state.project != project, state.project.clip(withID: id)?.clip.speed != project.clip(withID: id)?.clip.speed {
                    effects.cues.append(CueEvent(.selection, reason: "speedStep"))
                }
                state.project = project
            } else {
                state.clipSheet?.dragFrom = nil
                state.clipSheet?.dragEdit = nil
                state.project = from
                commit(project, edit: .speed, clip: id, &state, now: now, effects: &effects)
                effects.cues.append(CueEvent(.selection, reason: "speed"))
            }
            keepPlayheadInside(&state)
            if let note = notes.first {
                EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings).banner(
                    strings.sentence(note), state: &state, now: now)
            }
        } catch {
            effects.cues.append(CueEvent(.error, reason: "error"))
            effects.log.append(LogEvent(time: now, .error("\(error)")))
            EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings).banner("\(error)", state: &state, now: now, isError: true)
        }
    }

    /// Sets clip `id`'s level (`decibels`), or one of its fades (`fadeIn`, `fadeOut`, in
    /// seconds): live while a slider is dragged (one undo step for the drag, taken by
    /// `commitDrag`), otherwise one step at once. The level catches at 0 dB, as recorded,
    /// within `editing.levelSnapDecibels`, with a cue as it catches or passes it.
    func setSound(_ change: SoundChange, of id: String, live: Bool, _ state: inout EditorState, now: Time, effects: inout Effects) {
        let from = state.clipSheet?.dragFrom ?? state.project
        guard let before = from.clip(withID: id)?.clip.sound, let shown = state.project.clip(withID: id)?.clip.sound else { return }
        var sound = before, edit: InteractionEvent.Edit.Kind
        switch change {
        case var .level(db):
            if abs(db) <= editing.levelSnapDecibels { db = 0 }
            let was = shown.decibels
            if was != db, was != 0 && (db == 0 || (was < 0) != (db < 0)) { effects.cues.append(CueEvent(.impactLight, reason: "levelUnity")) }
            sound.decibels = db
            edit = .level
        case let .fadeIn(seconds):
            sound.fadeIn = .seconds(seconds)
            edit = .fadeIn
        case let .fadeOut(seconds):
            sound.fadeOut = .seconds(seconds)
            edit = .fadeOut
        }
        guard let project = from.settingSound(sound, ofClip: id) else { return }
        if live {
            state.clipSheet?.dragFrom = from
            state.clipSheet?.dragEdit = edit
            state.project = project
        } else {
            state.clipSheet?.dragFrom = nil
            state.clipSheet?.dragEdit = nil
            state.project = from
            guard project != from else { return }
            commit(project, edit: edit, clip: id, &state, now: now, effects: &effects)
        }
    }

    /// A slider was let go: what the drag made becomes one undo step (none when it came back
    /// to where it began).
    func commitDrag(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let from = state.clipSheet?.dragFrom, let id = state.clipSheet?.clipID else { return }
        let edit = state.clipSheet?.dragEdit ?? .speed
        state.clipSheet?.dragFrom = nil
        state.clipSheet?.dragEdit = nil
        guard from != state.project else { return }
        let after = state.project
        state.project = from
        commit(after, edit: edit, clip: id, &state, now: now, effects: &effects)
    }

    /// Closes the sheet when its clip is gone (deleted, undone away): a drag's step is dropped
    /// with it (its clip is no more), and Escape goes to what is on screen.
    func closeIfItsClipIsGone(_ state: inout EditorState) {
        guard let sheet = state.clipSheet, state.project.clip(withID: sheet.clipID) == nil else { return }
        state.clipSheet = nil
    }

    /// Sets the fit of the clips `ids` that have pictures on a video track (one undo step).
    func setFit(_ fit: PictureFit, of ids: [String], _ state: inout EditorState, now: Time, effects: inout Effects) {
        var project = state.project
        var changed: [String] = []
        for ti in project.tracks.indices where project.tracks[ti].kind == .video {
            for ci in project.tracks[ti].clips.indices where ids.contains(project.tracks[ti].clips[ci].id) && project.tracks[ti].clips[ci].fit != fit {
                project.tracks[ti].clips[ci].fit = fit
                changed.append(project.tracks[ti].clips[ci].id)
            }
        }
        guard let first = changed.first else { return }
        commit(project, edit: .fit, clip: first, clipsChanged: changed.count > 1 ? changed.count : nil, &state, now: now, effects: &effects)
        effects.cues.append(CueEvent(.selection, reason: "fit"))
    }

    private func commit(
        _ project: Project, edit: InteractionEvent.Edit.Kind, clip: String, clipsChanged: Int? = nil, _ state: inout EditorState, now: Time,
        effects: inout Effects
    ) {
        let before = state.project
        state.history.record(before)
        state.project = project
        var event = InteractionEvent.Edit(edit, clip: clip, before: before, after: project)
        event.clipsChanged = clipsChanged
        effects.log.append(LogEvent(time: now, .edit(event)))
    }

    /// A shorter project leaves the playhead at its end, not past it.
    private func keepPlayheadInside(_ state: inout EditorState) {
        if state.playhead > state.project.duration { state.playhead = state.project.duration }
    }
}

/// One change the clip sheet's Volume or Fades section makes to a clip's sound.
public enum SoundChange: Hashable, Sendable {
    /// The level, in decibels against the source.
    case level(Double)
    /// A fade's length, in seconds.
    case fadeIn(Double), fadeOut(Double)
}
