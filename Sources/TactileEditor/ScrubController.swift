import TactileCore
import TactileInput
import TactileUI

/// Scrubbing the playhead without the timeline: a horizontal pan on the canvas (its width spans
/// the whole project, relative to where the pan began) and variable-speed fine scrubbing on the
/// scrub bar. Both pause playback while the finger is down and resume it on release.
struct ScrubController {
    let sizes: TactileConfiguration.Layout
    let editing: TactileConfiguration.Editing
    let mediaSettings: TactileConfiguration.Media
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var actions: EditorActions { EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }

    func apply(_ g: GestureEvent, from source: ScrubSession.Source, _ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        let duration = state.project.duration
        switch g.phase {
        case .began:
            let wasPlaying = state.isPlaying
            if wasPlaying { actions.perform(.togglePlayback, state: &state, now: now, effects: &effects) }
            state.timeline.scrollX = nil
            var session = ScrubSession(source: source, wasPlaying: wasPlaying, anchor: state.playhead)
            if session.source == .bar {
                let bar = ScrubBarView.track(in: layout.scrubBar, sizes: sizes)
                let value = duration > .zero ? state.playhead.seconds / duration.seconds * bar.width : 0
                session.scrubber = FineScrubber(
                    value: value, length: bar.width, barX: bar.minX, barY: bar.midY, finger: g.origin,
                    distances: mediaSettings.fineScrubDistances, speeds: mediaSettings.fineScrubSpeeds)
            }
            state.scrub = session
            effects.log.append(LogEvent(time: now, .scrubBegan(source: session.source.rawValue)))
            move(g, &state, layout: layout, now: now, effects: &effects)
        case .changed:
            move(g, &state, layout: layout, now: now, effects: &effects)
        case .ended, .cancelled, .recognized:
            guard let session = state.scrub else { return }
            state.scrub = nil
            effects.log.append(LogEvent(time: now, .scrubEnded(at: state.playhead.seconds)))
            if session.wasPlaying { actions.perform(.togglePlayback, state: &state, now: now, effects: &effects) }
        }
    }

    private func move(_ g: GestureEvent, _ state: inout EditorState, layout: EditorLayout, now: Time, effects: inout Effects) {
        guard var session = state.scrub else { return }
        let duration = state.project.duration
        switch session.source {
        case .canvas:
            let width = max(1, layout.canvas.width - 2 * sizes.margin)
            let t = session.anchor + .seconds(duration.seconds * (g.location.x - g.start.x) / width)
            state.playhead = min(max(.zero, t), duration)
        case .bar:
            guard var scrubber = session.scrubber else { return }
            for event in scrubber.move(to: g.location) {
                switch event {
                case let .speedChanged(speed):
                    effects.cues.append(CueEvent(.selection, at: g.location, reason: "scrubSpeed"))
                    effects.log.append(LogEvent(time: now, .scrubSpeed(speed)))
                case .reachedStart, .reachedEnd:
                    effects.cues.append(CueEvent(.impactRigid, at: g.location, reason: "scrubEnd"))
                }
            }
            session.scrubber = scrubber
            state.playhead = .seconds(duration.seconds * scrubber.value / scrubber.length)
        }
        state.scrub = session
    }
}
