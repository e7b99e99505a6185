import TactileCore
import TactileUI
import TactileInput

/// Something the user asked for by tapping or typing; views return these, actions apply them.
public enum EditorIntent: Hashable, Sendable {
    case togglePlayback
    case select(clipID: String, at: Point)
    case deselect
    /// Add a clip: text at once; stickers through the sticker picker; video, audio and images
    /// through the media browser.
    case add(ClipKind)
    /// Edit text clip `id`'s words and look (the keyboard opens).
    case beginTextEdit(String)
    /// The on-screen keyboard's new state and what it typed.
    case textKeyboard(KeyboardState, [KeyboardOutput])
    /// A finger placed the text field's caret before character `at` of the words (nil: after the
    /// last); `dragging` while it is still moving it.
    case placeCaret(at: Int?, dragging: Bool)
    /// The edited text's look.
    case setTextStyle(TextStyle)
    /// Done editing the text (one undo step).
    case finishTextEdit
    /// Open the sticker picker (or close it).
    case toggleStickerPicker
    /// Add a sticker of this shape at the playhead.
    case addSticker(StickerShape)
    /// Open the transition picker for the cut before clip `id` (nil: close it).
    case openTransitionPicker(String?)
    /// Put a transition of this kind at the cut before clip `id` (nil: a hard cut), at
    /// `editing.transitionDuration` or as much as the footage allows (undoable).
    case setTransition(String, Transition.Kind?)
    /// Add the media file at `path` as a clip at the playhead, at its full length.
    case addMedia(path: String, info: MediaInfo)
    /// Close the media browser without adding anything.
    case closeBrowser
    case splitSelection
    case deleteSelection
    case undo
    case redo
    case rotate
    /// Fold the timeline away (or bring it back), giving the canvas the room.
    case toggleTimeline
    /// Give up on the test plan's task on show.
    case skipTask
    /// Choose answer `value` (1 … the scale's count) on the questionnaire on screen.
    case chooseAnswer(Int)
    /// Confirm the questionnaire item's answer (Next, or Done on the last item).
    case confirmAnswer
    /// Back to the questionnaire's previous item.
    case previousQuestion
    /// Type the project's name (the title bar's title was tapped).
    case renameProject
    /// Open the project list (the title bar's Projects button).
    case openProjectList
    /// Something done on the project list.
    case projectList(ProjectListIntent)
    /// Open the voice-over panel (from the audio browser).
    case openVoiceOver
    /// Close it (a recording under way is thrown away).
    case closeVoiceOver
    /// Its record button: count in and record, or stop and keep what was said.
    case toggleVoiceOver
    /// Open the clip sheet for clip `id` (nil: close it).
    case openClipSheet(String?)
    /// Play clip `id` at this speed; `live` while the sheet's slider is dragged (one undo step
    /// for the whole drag, taken by `commitClipSheetDrag`).
    case setSpeed(String, Double, live: Bool)
    /// Show this section of the clip sheet.
    case showClipSheetSection(ClipSheetSection)
    /// Change clip `id`'s level or a fade; `live` while a slider of the sheet's Volume or Fades section is dragged.
    case setSound(String, SoundChange, live: Bool)
    /// A slider of the clip sheet was let go: the drag becomes one undo step.
    case commitClipSheetDrag
    /// How clip `id`'s picture fills a frame of another shape (undoable).
    case setFit(String, PictureFit)
    /// The same for every clip on the video tracks (the format picker's line).
    case setFitOfEveryClip(PictureFit)
    /// Open the composition format picker (or close it).
    case toggleFormatPicker
    /// Make the composition this aspect, at the preset's render size (undoable).
    case setFormat(CompositionFormat.Aspect)
    /// Mute track `id`, or hear it again (undoable).
    case toggleTrackMute(String)
    /// Let track `id` duck under other sound, or stop it ducking (undoable).
    case toggleTrackDucking(String)
    /// Detach video clip `id`'s sound onto a sound track (undoable); the new sound clip is selected.
    case detachSound(String)
    /// Open the Export sheet (or close it; an export under way goes on).
    case toggleExportSheet
    /// Show this file in the system's file manager (a finished movie's Show).
    case reveal(String)
    /// The sheet's size, frame rate and quality.
    case chooseExport(MovieSettings)
    /// Export the project as the sheet's choices say (the host runs it off the frame loop).
    case startExport
    /// Stop the export under way; nothing is written.
    case cancelExport
    /// A gesture a widget got, for the part of the editor it belongs to.
    indirect case gesture(PassGesture, GestureRoute)
}

extension EditorIntent {
    /// A step of a clip sheet slider's drag (not yet an undo step).
    var isLiveSheetEdit: Bool {
        switch self {
        case .setSpeed(_, _, true), .setSound(_, _, true): return true
        default: return false
        }
    }
}

/// Applies intents to the editor state and reports cues and log events.
struct EditorActions {
    let editing: TactileConfiguration.Editing
    let appearance: TactileConfiguration.Appearance
    let sessionSettings: TactileConfiguration.Session
    /// The chrome's words (banners, the names of new clips) in the configured locale.
    var strings: Strings { Strings(localeIdentifier: appearance.locale) }
    private var textEdits: TextEditController { TextEditController(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }
    private var clipSheet: ClipSheetController { ClipSheetController(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }
    private var voiceOver: VoiceOverController { VoiceOverController(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }
    private var tasks: TaskController { TaskController(sessionSettings: sessionSettings) }
    private var projectList: ProjectListController { ProjectListController(editing: editing, appearance: appearance, sessionSettings: sessionSettings) }

    func handle(_ key: Key, state: inout EditorState, now: Time, effects: inout Effects) {
        // The project list hides the project: no key edits it there; Escape goes back to it.
        if state.projectList != nil {
            if key == .escape { perform(.projectList(.close), state: &state, now: now, effects: &effects) }
            return
        }
        let intent: EditorIntent
        switch key {
        case .space: intent = .togglePlayback
        case .undo: intent = .undo
        case .redo: intent = .redo
        case .escape:
            intent =
                state.browser != nil
                ? .closeBrowser
                : state.voiceOver != nil
                    ? .closeVoiceOver
                    : state.clipSheet != nil
                        ? .openClipSheet(nil)
                        : state.exportSheet
                            ? .toggleExportSheet
                            : state.formatPicker
                                ? .toggleFormatPicker
                                : state.stickerPicker ? .toggleStickerPicker : state.transitionPicker != nil ? .openTransitionPicker(nil) : .deselect
        case .rotate: intent = .rotate
        case .backspace: intent = .deleteSelection
        case .enter: return
        }
        perform(intent, state: &state, now: now, effects: &effects)
    }

    func perform(_ intent: EditorIntent, state: inout EditorState, now: Time, effects: inout Effects) {
        switch intent {
        case .gesture:
            break // applied by the editor's pass, in the arena's order
        case .togglePlayback:
            togglePlayback(state: &state, now: now, effects: &effects)
        case let .select(id, location):
            select(id, at: location, state: &state, now: now, effects: &effects)
        case .deselect:
            guard let id = state.selection else { return }
            state.selection = nil
            effects.log.append(LogEvent(time: now, .deselect(clip: id)))
        case let .add(kind) where kind == .video || kind == .audio || kind == .image:
            state.browser = MediaBrowser(kind: kind, opened: now)
            effects.log.append(LogEvent(time: now, .openBrowser(media: kind.rawValue)))
        case let .addMedia(path, info):
            addMedia(path, info, state: &state, now: now, effects: &effects)
        case .closeBrowser:
            guard state.browser != nil else { return }
            state.browser = nil
            effects.log.append(LogEvent(time: now, .closeBrowser))
        case let .beginTextEdit(id):
            textEdits.begin(id, placeholder: strings[.text], &state, now: now, effects: &effects)
        case let .textKeyboard(keyboard, typed):
            textEdits.keyboard(keyboard, typed: typed, &state, now: now, effects: &effects)
        case let .placeCaret(at, dragging):
            textEdits.placeCaret(at: at, dragging: dragging, &state)
        case let .setTextStyle(style):
            textEdits.style(style, &state)
        case .finishTextEdit:
            textEdits.finish(&state, now: now, effects: &effects)
        case .renameProject:
            textEdits.beginRenaming(&state, now: now, effects: &effects)
        case .openProjectList:
            projectList.open(&state, now: now, effects: &effects)
        case let .projectList(listIntent):
            projectList.perform(listIntent, &state, now: now, effects: &effects)
        case .add(.sticker), .toggleStickerPicker:
            state.stickerPicker.toggle()
            effects.log.append(LogEvent(time: now, state.stickerPicker ? .openStickers : .closeStickers))
        case let .toggleTrackMute(id):
            toggleMute(of: id, state: &state, now: now, effects: &effects)
        case let .toggleTrackDucking(id):
            toggleDucking(of: id, state: &state, now: now, effects: &effects)
        case let .detachSound(id):
            detachSound(of: id, state: &state, now: now, effects: &effects)
        case .toggleExportSheet, .chooseExport, .startExport, .reveal, .cancelExport:
            performExport(intent, state: &state, now: now, effects: &effects)
        case let .openTransitionPicker(id):
            openTransitionPicker(id, state: &state, now: now, effects: &effects)
        case let .setTransition(id, kind):
            setTransition(at: id, to: kind, state: &state, now: now, effects: &effects)
        case let .addSticker(shape):
            addSticker(shape, state: &state, now: now, effects: &effects)
        case let .add(kind):
            addClip(kind, state: &state, now: now, effects: &effects)
        case .splitSelection:
            splitSelection(state: &state, now: now, effects: &effects)
        case .deleteSelection:
            deleteSelection(state: &state, now: now, effects: &effects)
        case .undo:
            // A clip sheet's drag under way becomes its step first: the undo takes that step back.
            clipSheet.commitDrag(&state, now: now, effects: &effects)
            restore(state.history.undo(state.project), as: "undo", state: &state, now: now, effects: &effects)
        case .redo:
            clipSheet.commitDrag(&state, now: now, effects: &effects)
            restore(state.history.redo(state.project), as: "redo", state: &state, now: now, effects: &effects)
        case .toggleTimeline:
            state.timeline.collapsed.toggle()
            state.timeline.collapseAnimation = (now, state.timeline.collapseProgress)
            effects.log.append(LogEvent(time: now, state.timeline.collapsed ? .collapseTimeline : .expandTimeline))
        case .skipTask:
            tasks.skip(&state, now: now, effects: &effects)
        case let .chooseAnswer(value):
            tasks.choose(value, &state, now: now, effects: &effects)
        case .confirmAnswer:
            tasks.confirm(&state, now: now, effects: &effects)
        case .previousQuestion:
            tasks.back(&state, now: now)
        case .openVoiceOver:
            voiceOver.open(&state, now: now, effects: &effects)
        case .closeVoiceOver:
            voiceOver.close(&state, now: now, effects: &effects)
        case .toggleVoiceOver:
            voiceOver.toggle(&state, now: now, effects: &effects)
        case .openClipSheet, .setSpeed, .commitClipSheetDrag, .showClipSheetSection, .setSound, .setFit, .setFitOfEveryClip:
            clipSheet.perform(intent, &state, now: now, effects: &effects)
        case .toggleFormatPicker:
            state.formatPicker.toggle()
            effects.log.append(LogEvent(time: now, state.formatPicker ? .openFormats : .closeFormats))
        case let .setFormat(aspect):
            setFormat(aspect, state: &state, now: now, effects: &effects)
        case .rotate:
            state.viewport = state.viewport.rotated
            effects.log.append(LogEvent(time: now, .rotate(width: state.viewport.width, height: state.viewport.height)))
        }
    }

    /// The export sheet's intents: open or close it, choose, start, cancel, show the movie.
    private func performExport(_ intent: EditorIntent, state: inout EditorState, now: Time, effects: inout Effects) {
        switch intent {
        case .toggleExportSheet:
            state.exportSheet.toggle()
            if state.exportSheet { state.playback = nil }
            effects.log.append(LogEvent(time: now, state.exportSheet ? .openExport : .closeExport))
        case let .chooseExport(settings):
            guard state.exportChoice != settings else { return }
            state.exportChoice = settings
            effects.cues.append(CueEvent(.selection, reason: "exportChoice"))
            effects.log.append(LogEvent(time: now, .exportChoice(settings)))
        case .startExport:
            guard state.exportRun == nil else { return }
            effects.exports.append(.start(state.exportChoice))
            state.exportRun = ExportRun(settings: state.exportChoice)
            state.playback = nil
            effects.cues.append(CueEvent(.impactLight, reason: "export"))
            effects.log.append(LogEvent(time: now, .exportStart(state.exportChoice)))
        case let .reveal(path):
            effects.reveal = path
            effects.log.append(LogEvent(time: now, .reveal(path: path)))
            state.banner = nil
        case .cancelExport:
            guard state.exportRun != nil else { return }
            effects.exports.append(.cancel)
            state.exportRun?.isCancelling = true
            effects.log.append(LogEvent(time: now, .exportCancel))
        default:
            preconditionFailure("not an export intent: \(intent)")
        }
    }

    /// Selects clip `id` (a cue where the finger is).
    private func select(_ id: String, at location: Point?, state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.selection != id else { return }
        state.selection = id
        effects.cues.append(CueEvent(.selection, at: location, reason: "selection"))
        effects.log.append(LogEvent(time: now, .select(clip: id)))
    }

    /// Starts playback at the playhead, or pauses it where it is.
    private func togglePlayback(state: inout EditorState, now: Time, effects: inout Effects) {
        if let playback = state.playback {
            // A key stamped before playback began (input arriving out of order) must not
            // pause before the start.
            state.playhead = min(max(.zero, playback.position(at: now)), state.project.duration)
            state.playback = nil
            effects.log.append(LogEvent(time: now, .pause(at: state.playhead.seconds)))
        } else {
            // Playback takes the playhead: a timeline still coasting or springing back from
            // past an end stops, and play starts inside the project.
            state.timeline.scrollX = nil
            if state.playhead >= state.project.duration || state.playhead < .zero { state.playhead = .zero }
            let rate = Time.frame(atRate: editing.playbackFrameRate)
            state.playback = Playback(
                clockAnchor: now, positionAnchor: state.playhead,
                request: FrameRequest(.periodic(from: now, by: rate), start: now, reason: "playback"))
            effects.log.append(LogEvent(time: now, .play(at: state.playhead.seconds)))
        }
    }

    /// Adds the media file at `path` at the playhead, selected and shown.
    private func addMedia(_ path: String, _ info: MediaInfo, state: inout EditorState, now: Time, effects: inout Effects) {
        // From the Audio sheet a video gives its sound alone: an audio clip of the video's file.
        let soundOnly = state.browser?.kind == .audio
        let kind: ClipKind = soundOnly ? .audio : (info.isStill ? .image : (info.hasVideo ? .video : .audio))
        let duration = info.duration ?? .seconds(editing.newClipDuration)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let title = name.split(separator: ".").dropLast().joined(separator: ".")
        let at = min(max(.zero, state.playhead), state.project.duration)
        var (project, id) = state.project.addingClip(
            kind: kind, title: title.isEmpty ? name : title, at: at, duration: duration,
            media: path, sourceDuration: info.isStill ? nil : info.duration)
        // Footage goes into the magnetic main track at the cut nearest the playhead, as a phone editor adds it.
        if editing.magneticMainTrack, kind == .video { project = project.insertingIntoMainTrack(id, at: at) }
        state.browser = nil
        commit(project, state: &state, now: now, effects: &effects, edit: .add, clip: id)
        state.selection = id
        state.timeline.reveal = id
        effects.cues.append(CueEvent(.impactLight, reason: "addMedia"))
    }

    /// Detaches a video clip's sound onto a sound track (one undo step): the clip sheet closes and
    /// the new sound clip is selected, in view, as CapCut's "extract audio" leaves it.
    private func detachSound(of id: String, state: inout EditorState, now: Time, effects: inout Effects) {
        guard let clip = state.project.clip(withID: id)?.clip else { return }
        do {
            let (project, soundID) = try state.project.detachingSound(ofClip: id, title: strings.format(.soundOf, ["title": clip.title]))
            clipSheet.open(nil, &state, now: now, effects: &effects)
            commit(project, state: &state, now: now, effects: &effects, edit: .detachSound, clip: id)
            state.selection = soundID
            state.timeline.reveal = soundID
            effects.cues.append(CueEvent(.impactLight, reason: "detachSound"))
        } catch { failed(error, state: &state, now: now, effects: &effects) }
    }

    /// Mutes or unmutes a track (one undo step).
    private func toggleMute(of id: String, state: inout EditorState, now: Time, effects: inout Effects) {
        guard let track = state.project.tracks.first(where: { $0.id == id }),
            let project = state.project.settingTrack(id, muted: !track.isMuted)
        else { return }
        state.history.record(state.project)
        state.project = project
        effects.log.append(LogEvent(time: now, .edit(.init(track.isMuted ? .unmute : .mute, track: id))))
        effects.cues.append(CueEvent(.selection, reason: "trackMute"))
    }

    /// Turns a track's ducking under other sound on or off (one undo step).
    private func toggleDucking(of id: String, state: inout EditorState, now: Time, effects: inout Effects) {
        guard let track = state.project.tracks.first(where: { $0.id == id }),
            let project = state.project.settingTrack(id, ducks: !track.ducksUnderOtherSound)
        else { return }
        state.history.record(state.project)
        state.project = project
        effects.log.append(LogEvent(time: now, .edit(.init(track.ducksUnderOtherSound ? .stopDucking : .duck, track: id))))
        effects.cues.append(CueEvent(.selection, reason: "trackDucking"))
    }

    /// Opens the transition picker on the cut before clip `id` (nil: closes it), the canvas at the cut.
    private func openTransitionPicker(_ id: String?, state: inout EditorState, now: Time, effects: inout Effects) {
        state.transitionPicker = id
        effects.log.append(LogEvent(time: now, id.map { .openTransitions(clip: $0) } ?? .closeTransitions))
        // The canvas shows the cut, so the transition picked plays there, over and over.
        state.transitionPreviewSince = id == nil ? nil : previewStart(now)
        if let id, let cut = state.project.cut(before: id) {
            state.playback = nil
            state.playhead = cut.incoming.start
        }
    }

    /// Sets the transition at the cut before clip `id` (nil: a plain cut), keeping its length.
    private func setTransition(at id: String, to kind: Transition.Kind?, state: inout EditorState, now: Time, effects: inout Effects) {
        let current = state.project.clip(withID: id)?.clip.transitionIn
        let duration = current?.duration ?? .seconds(editing.transitionDuration)
        guard current?.kind != kind else { return }
        do {
            let (project, note) = try state.project.settingTransition(kind.map { Transition($0, duration: duration) }, atCutBefore: id)
            commit(project, state: &state, now: now, effects: &effects, edit: .transition, clip: id)
            effects.cues.append(CueEvent(.selection, reason: "transition"))
            if state.transitionPicker != nil { state.transitionPreviewSince = previewStart(now) }
            if let note { banner(strings.sentence(note), state: &state, now: now) }
        } catch let EditError.noRoomForTransition(reason) {
            effects.cues.append(CueEvent(.error, reason: "error"))
            effects.log.append(LogEvent(time: now, .error("\(EditError.noRoomForTransition(reason))")))
            banner(strings.format(.transitionTooShort, ["reason": strings.sentence(reason)]), state: &state, now: now, isError: true)
        } catch {
            failed(error, state: &state, now: now, effects: &effects)
        }
    }

    /// Adds a sticker of `shape` at the playhead, selected.
    private func addSticker(_ shape: StickerShape, state: inout EditorState, now: Time, effects: inout Effects) {
        state.stickerPicker = false
        let at = min(max(.zero, state.playhead), state.project.duration)
        let (project, id) = state.project.addingClip(
            kind: .sticker, title: strings[EditorText(rawValue: shape.rawValue) ?? .sticker], at: at,
            duration: .seconds(editing.newClipDuration), sticker: shape)
        commit(project, state: &state, now: now, effects: &effects, edit: .add, clip: id)
        state.selection = id
        state.timeline.reveal = id
    }

    /// Adds a clip of `kind` (a title, a colour…) at the playhead, selected.
    private func addClip(_ kind: ClipKind, state: inout EditorState, now: Time, effects: inout Effects) {
        let duration = Time.seconds(editing.newClipDuration)
        let title = EditorText(rawValue: kind.rawValue).map { strings[$0] } ?? kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
        let at = min(max(.zero, state.playhead), state.project.duration)
        let (project, id) = state.project.addingClip(
            kind: kind, title: title, at: at, duration: duration,
            sourceDuration: kind.hasFiniteSource ? duration : nil)
        commit(project, state: &state, now: now, effects: &effects, edit: .add, clip: id)
        state.selection = id
        state.timeline.reveal = id
        // A new text opens the keyboard at once on its placeholder, as every phone editor does:
        // the first key replaces it.
        if kind == .text { textEdits.begin(id, placeholder: strings[.text], &state, now: now, effects: &effects) }
    }

    /// Splits the selected clip at the playhead.
    private func splitSelection(state: inout EditorState, now: Time, effects: inout Effects) {
        guard let id = state.selection else { return banner(strings[.selectClipToSplit], state: &state, now: now) }
        do {
            let (project, _) = try state.project.splittingClip(
                id, at: state.playhead,
                minimumDuration: .seconds(editing.minimumClipDuration))
            commit(project, state: &state, now: now, effects: &effects, edit: .split, clip: id)
        } catch { failed(error, state: &state, now: now, effects: &effects) }
    }

    /// Deletes the selected clip.
    private func deleteSelection(state: inout EditorState, now: Time, effects: inout Effects) {
        guard let id = state.selection else { return banner(strings[.selectClipToDelete], state: &state, now: now) }
        do {
            let project = try state.project.removingClip(id)
            commit(project, state: &state, now: now, effects: &effects, edit: .delete, clip: id)
            state.selection = nil
        } catch { failed(error, state: &state, now: now, effects: &effects) }
    }

    /// Gives the project another shape (one undo step); the picker stays open.
    private func setFormat(_ aspect: CompositionFormat.Aspect, state: inout EditorState, now: Time, effects: inout Effects) {
        // The picker stays open, as phone editors' ratio panels do: shapes can be compared, and
        // the clips of another shape the new format makes are offered their fit at once.
        guard state.project.format.aspect != aspect else { return }
        let before = state.project
        state.history.record(before)
        state.project.format = CompositionFormat(aspect)
        effects.cues.append(CueEvent(.selection, reason: "format"))
        var edit = InteractionEvent.Edit(.format)
        edit.beforeFormat = before.format.aspect.rawValue
        edit.afterFormat = aspect.rawValue
        effects.log.append(LogEvent(time: now, .edit(edit)))
    }

    /// A preview loop that is at the transition's start `now` (the lead before it has passed),
    /// so a kind just picked shows at once.
    private func previewStart(_ now: Time) -> Time { now - .seconds(editing.transitionPreviewLead) }

    /// While the transition picker is open on a cut with a transition (and its length is not
    /// being dragged), moves the playhead through it over and over: from
    /// `editing.transitionPreviewLead` before it to as long after it. Returns whether it did
    /// (then the frame loop keeps frames coming).
    func advanceTransitionPreview(_ state: inout EditorState, now: Time) -> Bool {
        guard let id = state.transitionPicker, let since = state.transitionPreviewSince, state.transitionDurationDrag == nil,
            let cut = state.project.cut(before: id), let transition = cut.incoming.transitionIn
        else { return false }
        let lead = Time.seconds(editing.transitionPreviewLead)
        let span = transition.duration + lead * 2
        guard span.ticks > 0 else { return false }
        let into = Time(ticks: max(0, (now - since).ticks) % span.ticks)
        state.playhead = cut.incoming.start - transition.half - lead + into
        return true
    }

    /// Moves the playhead with the clock while playing; pauses at the end.
    func advancePlayback(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard let playback = state.playback else { return }
        let position = playback.position(at: now)
        if position >= state.project.duration {
            state.playhead = state.project.duration
            state.playback = nil
            effects.log.append(LogEvent(time: now, .playbackEnded))
        } else {
            state.playhead = max(.zero, position)
        }
    }

    /// Makes `project` the edit's result: one undo step and one `edit` log event, the main track
    /// kept magnetic first (`editing.magneticMainTrack`).
    private func commit(_ project: Project, state: inout EditorState, now: Time, effects: inout Effects, edit: InteractionEvent.Edit.Kind, clip: String) {
        let before = state.project
        let kept = magnetised(project, from: before, state: &state, now: now, effects: &effects)
        state.history.record(state.project)
        state.project = kept.project
        var event = InteractionEvent.Edit(edit, clip: clip, before: before, after: kept.project)
        if kept.rippled > 0 { event.rippled = kept.rippled }
        effects.log.append(LogEvent(time: now, .edit(event)))
    }

    /// `project` (an edit's result, made from `before`) with the main track kept magnetic when
    /// the setting says so; a transition made again at a new cut and shortened or dropped is said.
    func magnetised(_ project: Project, from before: Project, state: inout EditorState, now: Time, effects: inout Effects) -> Project.Magnetised {
        guard editing.magneticMainTrack else { return Project.Magnetised(project: project, rippled: 0, notes: []) }
        let kept = project.magnetised(from: before)
        if !kept.notes.isEmpty {
            banner(kept.notes.map { strings.sentence($0) }.joined(separator: " "), state: &state, now: now)
            for note in kept.notes { effects.log.append(LogEvent(time: now, .transitionChanged(note.description))) }
        }
        return kept
    }

    private func failed(_ error: Error, state: inout EditorState, now: Time, effects: inout Effects) {
        effects.cues.append(CueEvent(.error, reason: "error"))
        effects.log.append(LogEvent(time: now, .error("\(error)")))
        // The log keeps the English; the banner speaks the person's language.
        banner((error as? EditError).map(strings.sentence) ?? "\(error)", state: &state, now: now, isError: true)
    }

    /// Shows problems in an error banner (the first, and how many more) and logs each.
    func showProblems(_ problems: [String], state: inout EditorState, now: Time, effects: inout Effects) {
        guard let first = problems.first else { return }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        banner(first + more, state: &state, now: now, isError: true)
        for p in problems { effects.log.append(LogEvent(time: now, .problem(p))) }
    }

    /// Shows `message` in the banner for `editing.bannerDuration`.
    func banner(_ message: String, state: inout EditorState, now: Time, isError: Bool = false) {
        state.banner = Banner(message: message, isError: isError, until: now + .seconds(editing.bannerDuration))
    }

    /// Puts back a project from the history (undo or redo), or says there is none.
    private func restore(_ project: Project?, as step: String, state: inout EditorState, now: Time, effects: inout Effects) {
        guard let project else { return banner(strings[step == "undo" ? .nothingToUndo : .nothingToRedo], state: &state, now: now) }
        let before = state.project
        state.project = project
        if let id = state.selection, project.clip(withID: id) == nil { state.selection = nil }
        if let sheet = state.clipSheet, project.clip(withID: sheet.clipID) == nil { state.clipSheet = nil }
        effects.cues.append(CueEvent(.impactLight, reason: step))
        let restore = InteractionEvent.Restore(from: before, to: project)
        effects.log.append(LogEvent(time: now, step == "undo" ? .undo(restore) : .redo(restore)))
    }
}
