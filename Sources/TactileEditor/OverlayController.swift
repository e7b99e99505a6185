import TactileCore
import TactileInput

/// Turns gestures on canvas overlays into edits: a tap selects the overlay's clip (and brings
/// its track into view), a drag moves it, two fingers pinch and turn it, all at once, snapping to
/// the canvas's centre lines, edges and safe margins and to right angles, with a guide and a cue
/// on entry as on the timeline. A touch sequence is one undo step, logged as a "transform" edit.
struct OverlayController {
    let timeline: TactileConfiguration.Timeline
    let editing: TactileConfiguration.Editing
    let feel: TactileConfiguration.Feel
    let input: TactileConfiguration.Input
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var actions: EditorActions { EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }
    var timelineController: TimelineController {
        TimelineController(timeline: timeline, editing: editing, feel: feel, input: input, appearance: appearance, sessionSettings: sessionSettings)
    }

    var rules: OverlaySnapping.Rules {
        let e = editing
        return OverlaySnapping.Rules(threshold: e.overlaySnapThreshold, safeMargin: e.overlaySafeMargin, rotationThreshold: e.overlayRotationSnap)
    }

    func apply(_ g: GestureEvent, on target: OverlayTarget, _ state: inout EditorState, now: Time, effects: inout Effects) {
        switch (g.kind, g.phase) {
        case (.tap, .recognized):
            // A tap on a selected text edits it (so a double tap on any text does).
            if state.selection == target.clipID, state.project.clip(withID: target.clipID)?.clip.kind == .text {
                TextEditController(editing: editing, appearance: appearance, sessionSettings: sessionSettings).begin(
                    target.clipID, placeholder: actions.strings[.text], &state, now: now, effects: &effects)
            } else {
                select(target.clipID, at: g.location, &state, now: now, effects: &effects)
            }
        case (.move, .began), (.pinch, .began):
            guard let clip = state.project.clip(withID: target.clipID)?.clip else { return }
            if state.isPlaying { actions.perform(.togglePlayback, state: &state, now: now, effects: &effects) }
            select(target.clipID, at: g.origin, &state, now: now, effects: &effects)
            if var edit = state.overlayEdit, edit.clipID == target.clipID, edit.interrupted {
                // A second finger turned the drag into a pinch: carry on from where it is.
                edit.base = clip.placement; edit.target = target; edit.interrupted = false
                state.overlayEdit = edit
            } else {
                settle(&state, now: now, effects: &effects)
                var edit = OverlayManipulation(clipID: target.clipID, original: state.project, base: clip.placement, target: target)
                // Lines it already sits on are not announced again when the fingers start.
                edit.snaps = OverlaySnapping.snap(clip.placement, natural: target.natural, picture: target.picture.size, rules: rules).1
                state.overlayEdit = edit
            }
            follow(g, &state, now: now, effects: &effects)
        case (.move, .changed), (.pinch, .changed):
            follow(g, &state, now: now, effects: &effects)
        case (.move, .ended), (.pinch, .ended):
            follow(g, &state, now: now, effects: &effects)
            finish(&state, now: now, effects: &effects)
        case (.move, .cancelled), (.pinch, .cancelled):
            state.overlayEdit?.interrupted = true
        default:
            break
        }
    }

    /// Ends a sequence whose gesture was cancelled and not taken up again in this pass: what the
    /// fingers did stays (the user saw it), as one undo step.
    func settle(_ state: inout EditorState, now: Time, effects: inout Effects) {
        if state.overlayEdit?.interrupted == true { finish(&state, now: now, effects: &effects) }
    }

    private func select(_ id: String, at location: Point, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.selection != id else { return }
        actions.perform(.select(clipID: id, at: location), state: &state, now: now, effects: &effects)
        state.timeline.reveal = id
    }

    /// Puts the overlay where the fingers say, snapped.
    private func follow(_ g: GestureEvent, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard var edit = state.overlayEdit, !edit.interrupted, let (_, track) = state.project.clip(withID: edit.clipID) else { return }
        let picture = edit.target.picture
        var t = edit.base
        let shift: Point
        switch g.kind {
        case .pinch:
            shift = g.location - g.start
            t.scale = min(max(t.scale * g.scale, OverlayTransform.scales.lowerBound), OverlayTransform.scales.upperBound)
            t.rotation = OverlayTransform.normalised(t.rotation + g.rotation)
        default:
            shift = g.location - g.origin
        }
        let range = OverlayTransform.positions
        t.x = min(max(t.x + shift.x / max(picture.width, 1), range.lowerBound), range.upperBound)
        t.y = min(max(t.y + shift.y / max(picture.height, 1), range.lowerBound), range.upperBound)
        let (snapped, snaps) = OverlaySnapping.snap(t, natural: edit.target.natural, picture: picture.size, rules: rules)
        for name in snaps.entered(since: edit.snaps) {
            if feel.snapCue { timelineController.cue(.impactLight, at: g.location, reason: "snap", state: &state, now: now, effects: &effects) }
            effects.log.append(LogEvent(time: now, .snap(.init(to: name, clip: edit.clipID))))
        }
        edit.snaps = snaps
        state.overlayEdit = edit
        if let i = state.project.tracks[track].clips.firstIndex(where: { $0.id == edit.clipID }) {
            state.project.tracks[track].clips[i].transform = snapped
        }
    }

    private func finish(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let edit = state.overlayEdit else { return }
        state.overlayEdit = nil
        guard state.project != edit.original else { return }
        state.history.record(edit.original)
        effects.log.append(LogEvent(time: now, .edit(.init(.transform, clip: edit.clipID, before: edit.original, after: state.project))))
    }
}
