import TactileCore
import TactileInput

/// A drag on the transition picker's duration track.
struct TransitionDurationDrag: Hashable, Sendable {
    /// The project when the drag began (the undo step), and the duration shown, in tenths.
    var original: Project
    var tenths: Int
}

/// Sets a transition's length by dragging along the picker's track: from a tenth of a second at
/// its left end to the longest the clips allow at its right (overlapping them where their
/// footage beyond the cut runs short), in whole tenths, with a
/// cue at each tenth and a firmer one at the limit. The drag is one undo step.
struct TransitionDurationController {

    func apply(_ g: GestureEvent, clipID: String, track: (from: Double, to: Double), _ state: inout EditorState, now: Time, effects: inout Effects) {
        switch g.phase {
        case .began:
            guard let current = state.project.clip(withID: clipID)?.clip.transitionIn else { return }
            state.transitionDurationDrag = TransitionDurationDrag(original: state.project, tenths: Self.tenths(of: current.duration))
            move(to: g.location.x, clipID: clipID, track: track, &state, effects: &effects)
        case .changed:
            move(to: g.location.x, clipID: clipID, track: track, &state, effects: &effects)
        case .ended, .recognized, .cancelled:
            guard let drag = state.transitionDurationDrag else { return }
            state.transitionDurationDrag = nil
            if g.phase == .cancelled { state.project = drag.original; return }
            guard state.project != drag.original else { return }
            state.history.record(drag.original)
            effects.log.append(LogEvent(time: now, .edit(.init(.transitionDuration, clip: clipID, before: drag.original, after: state.project))))
        }
    }

    private func move(to x: Double, clipID: String, track: (from: Double, to: Double), _ state: inout EditorState, effects: inout Effects) {
        guard var drag = state.transitionDurationDrag, let limit = state.project.transitionReach(atCutBefore: clipID),
            var transition = state.project.clip(withID: clipID)?.clip.transitionIn
        else { return }
        let most = max(1, Self.tenths(of: limit.duration))
        let share = track.to != track.from ? min(1, max(0, (x - track.from) / (track.to - track.from))) : 0
        let tenths = min(most, max(1, Int((1 + share * Double(most - 1)).rounded())))
        guard tenths != drag.tenths else { return }
        drag.tenths = tenths
        state.transitionDurationDrag = drag
        transition.duration = Time(ticks: Int64(tenths) * Time.ticksPerSecond / 10)
        if let (project, _) = try? state.project.settingTransition(transition, atCutBefore: clipID) { state.project = project }
        effects.cues.append(CueEvent(tenths == most ? .impactRigid : .selection, reason: tenths == most ? "transitionLimit" : "transitionTenth"))
    }

    /// Whole tenths of a second in `t`, rounded down (a limit is never passed).
    static func tenths(of t: Time) -> Int { Int(t.ticks / (Time.ticksPerSecond / 10)) }
}
