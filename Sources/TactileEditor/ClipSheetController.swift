import TactileCore
import TactileUI
import TactileInput

/// The clip sheet, open on one clip: which clip, and while its speed slider is dragged the
/// project before the drag (every step of the drag is made from it, so dragging to 4× and back
/// to 1× gives back the very project, and the whole drag is one undo step).
public struct ClipSheet: Hashable, Sendable {
    public var clipID: String
    var speedDragFrom: Project?
    public init(clipID: String) { self.clipID = clipID }
}

/// Opens and closes the clip sheet and applies its edits: a clip's speed (`Project.settingSpeed`)
/// and its picture's fit.
struct ClipSheetController {
    let editing: TactileConfiguration.Editing
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var strings: Strings { Strings(localeIdentifier: appearance.locale) }

    /// Opens the sheet on clip `id`, or closes it (nil); a drag left unfinished is kept as one step.
    func open(_ id: String?, _ state: inout EditorState, now: Time, effects: inout Effects) {
        commitSpeed(&state, now: now, effects: &effects)
        guard let id, state.project.clip(withID: id) != nil else {
            guard let open = state.clipSheet else { return }
            state.clipSheet = nil
            effects.log.append(LogEvent(time: now, .closeClipSheet(clip: open.clipID)))
            return
        }
        state.clipSheet = ClipSheet(clipID: id)
        state.playback = nil
        effects.log.append(LogEvent(time: now, .openClipSheet(clip: id)))
    }

    /// Plays clip `id` at `speed`. While `live` (a drag) the project changes without an undo step
    /// until `commitSpeed`; otherwise the change is one.
    func setSpeed(_ speed: Double, of id: String, live: Bool, _ state: inout EditorState, now: Time, effects: inout Effects) {
        let from = state.clipSheet?.speedDragFrom ?? state.project
        do {
            let (project, notes) = try from.settingSpeed(speed, ofClip: id)
            if live {
                state.clipSheet?.speedDragFrom = from
                if state.project != project, state.project.clip(withID: id)?.clip.speed != project.clip(withID: id)?.clip.speed {
                    effects.cues.append(CueEvent(.selection, reason: "speedStep"))
                }
                state.project = project
            } else {
                state.clipSheet?.speedDragFrom = nil
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

    /// The slider was let go: what the drag made becomes one undo step (none when it came back
    /// to where it began).
    func commitSpeed(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let from = state.clipSheet?.speedDragFrom, let id = state.clipSheet?.clipID else { return }
        state.clipSheet?.speedDragFrom = nil
        guard from != state.project else { return }
        let after = state.project
        state.project = from
        commit(after, edit: .speed, clip: id, &state, now: now, effects: &effects)
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
