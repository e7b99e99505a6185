import TactileCore
import TactileInput
import TactileUI

/// The voice-over's steps: open the panel from the audio browser, count in, record while the
/// picture plays on from the playhead, stop, and add what was said as an audio clip where the
/// recording began (one undo step removes it; the file stays where the host wrote it).
struct VoiceOverController {
    let editing: TactileConfiguration.Editing
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    var strings: Strings { Strings(localeIdentifier: appearance.locale) }

    func open(_ state: inout EditorState, now: Time, effects: inout Effects) {
        state.browser = nil
        state.voiceOver = VoiceOverSession()
        state.playback = nil
        // Whether a microphone is there at all, said before any tap.
        effects.voice.append(.check)
        effects.log.append(LogEvent(time: now, .openVoiceOver(at: state.playhead.seconds)))
    }

    /// Closes the panel; a recording under way is thrown away (a count-in simply stops).
    func close(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let session = state.voiceOver else { return }
        switch session.phase {
        case .countIn, .recording: effects.voice.append(.discard)
        case .ready, .saving: break
        }
        if case .recording = session.phase { state.playback = nil }
        if case .saving = session.phase { return } // the clip is on its way: the panel closes when it lands
        state.voiceOver = nil
        effects.log.append(LogEvent(time: now, .closeVoiceOver))
    }

    /// The record button: from ready, the count-in (the microphone opens to show its level);
    /// while recording, stop and keep it; during the count-in, back to ready.
    func toggle(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let session = state.voiceOver else { return }
        switch session.phase {
        case .ready:
            guard !session.microphoneMissing else { return }
            let at = min(max(.zero, state.playhead), state.project.duration)
            state.voiceOver?.phase = .countIn(since: now, at: at)
            state.voiceOver?.problem = nil
            state.voiceOver?.counted = 0
            state.playback = nil
            state.playhead = at
            effects.voice.append(.listen)
            effects.cues.append(CueEvent(.impactLight, reason: "countIn"))
            effects.log.append(LogEvent(time: now, .voiceOverCountIn(at: at.seconds)))
            if editing.voiceOverCountIn <= 0 { advance(&state, now: now, effects: &effects) }
        case .countIn:
            effects.voice.append(.discard)
            state.voiceOver?.phase = .ready
            effects.log.append(LogEvent(time: now, .voiceOverCancel))
        case let .recording(since, at):
            stop(since: since, at: at, &state, now: now, effects: &effects)
        case .saving:
            break
        }
    }

    /// Moves the count-in on: a tick each second, the recording at its end; a recording stops at
    /// `editing.voiceOverLimit`. Returns when it next needs a frame.
    @discardableResult
    func advance(_ state: inout EditorState, now: Time, effects: inout Effects) -> Time? {
        guard let session = state.voiceOver else { return nil }
        switch session.phase {
        case let .countIn(since, at):
            let length = Time.seconds(editing.voiceOverCountIn)
            if now - since >= length {
                state.voiceOver?.phase = .recording(since: now, at: at)
                effects.voice.append(.record)
                effects.cues.append(CueEvent(.impactMedium, reason: "recording"))
                effects.log.append(LogEvent(time: now, .voiceOverStart(at: at.seconds)))
                // The picture plays on from where the voice begins (the sound stays silent: the host
                // plays none while a voice-over records).
                state.playhead = at
                let rate = Time.frame(atRate: editing.playbackFrameRate)
                state.playback = Playback(
                    clockAnchor: now, positionAnchor: at, request: FrameRequest(.periodic(from: now, by: rate), start: now, reason: "voiceOver"))
                return now + rate
            }
            // A tick at each whole second counted.
            let second = Time.seconds(1)
            let counted = Int((now - since).ticks / second.ticks)
            if counted > session.counted {
                state.voiceOver?.counted = counted
                effects.cues.append(CueEvent(.impactLight, reason: "countIn"))
            }
            // Frames at the playback rate while counting, so the meter moves with the voice; the
            // whole seconds and the end fall exactly on frames.
            let frame = now + Time.frame(atRate: editing.playbackFrameRate)
            return min(frame, since + Time(ticks: Int64(counted + 1) * second.ticks), since + length)
        case let .recording(since, at):
            if now - since >= .seconds(editing.voiceOverLimit) {
                stop(since: since, at: at, &state, now: now, effects: &effects)
                return nil
            }
            // Frames go on past the project's end (where playback stops): the meter and the time.
            return now + Time.frame(atRate: editing.playbackFrameRate)
        case let .saving(since, _):
            // Waiting for the file: a frame now and then to take the news, and a limit.
            let wait = Time.seconds(editing.voiceOverSaveWait)
            if now - since >= wait {
                receive(.failed(strings[.voiceOverNoFile]), &state, now: now, effects: &effects)
                return nil
            }
            return min(now + .seconds(editing.voiceOverSavePoll), since + wait)
        case .ready:
            return nil
        }
    }

    private func stop(since: Time, at: Time, _ state: inout EditorState, now: Time, effects: inout Effects) {
        state.playback = nil
        state.voiceOver?.phase = .saving(since: now, at: at)
        let name = strings.format(.voiceOverNumber, ["n": "\(voiceOverCount(state.project) + 1)"])
        effects.voice.append(.keep(name: name))
        effects.log.append(LogEvent(time: now, .voiceOverStop(seconds: (now - since).seconds)))
    }

    /// The microphone's news: its level into the meter; a saved recording becomes a clip; a
    /// failure is said.
    func receive(_ news: VoiceNews, _ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.voiceOver != nil else { return }
        switch news {
        case let .level(level):
            state.voiceOver?.level = level
        case let .saved(path, seconds):
            guard case let .saving(_, at) = state.voiceOver?.phase else { return }
            let number = voiceOverCount(state.project) + 1
            let title = strings.format(.voiceOverNumber, ["n": "\(number)"])
            guard seconds > 0 else {
                state.voiceOver?.phase = .ready
                return EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings).banner(
                    strings[.voiceOverEmpty], state: &state, now: now, isError: true)
            }
            let length = Time.seconds(seconds)
            let before = state.project
            // On a track of its own after the other sound (it never ducks; music that ducks goes
            // down under it), as phone editors put a voice-over.
            var project = before
            let id = project.unusedID(prefix: "voice")
            let clip = Clip(id: id, kind: .audio, media: path, title: title, start: at, duration: length, sourceDuration: length)
            let track = Track(id: project.unusedID(prefix: "voiceTrack"), kind: .audio, clips: [clip])
            project.tracks.insert(track, at: (project.tracks.lastIndex { $0.kind == .audio }).map { $0 + 1 } ?? project.tracks.count)
            state.history.record(before)
            state.project = project
            effects.log.append(LogEvent(time: now, .edit(.init(.voiceOver, clip: id, before: before, after: project))))
            effects.cues.append(CueEvent(.impactLight, reason: "voiceOver"))
            state.voiceOver = nil
            state.selection = id
            state.timeline.reveal = id
            EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings).banner(
                strings.format(.voiceOverAdded, ["title": title, "seconds": strings.duration(length)]), state: &state, now: now)
        case .noMicrophone:
            guard case .ready = state.voiceOver?.phase else { return }
            state.voiceOver?.microphoneMissing = true
            effects.log.append(LogEvent(time: now, .problem(strings[.noMicrophone])))
        case let .failed(reason):
            state.playback = nil
            state.voiceOver?.phase = .ready
            state.voiceOver?.problem = reason
            state.voiceOver?.level = 0
            effects.cues.append(CueEvent(.error, reason: "error"))
            effects.log.append(LogEvent(time: now, .error(reason)))
            EditorActions(editing: editing, appearance: appearance, sessionSettings: sessionSettings).banner(
                strings.format(.voiceOverFailed, ["reason": reason]), state: &state, now: now, isError: true)
        }
    }

    /// How many voice-overs the project has already (each has its track), for the next one's name.
    private func voiceOverCount(_ project: Project) -> Int { project.tracks.filter { $0.id.hasPrefix("voiceTrack-") }.count }
}
