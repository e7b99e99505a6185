import TactileCore
import TactileInput
import TactileUI

/// The editor screen. `frame(_:events:now:)` is the whole of it: state and input in, a draw
/// list, cues, inspect elements, log events and frame requests out. It never reads a clock,
/// touches SDL or blocks, so the same code runs in a window, headless and in replays.
public struct Editor {
    public var settings: EditorSettings
    public var theme: Theme
    public let measurer: TextMeasurer
    /// Where frames, thumbnails and waveforms come from.
    public let media: MediaSource

    /// An editor; `settings.layout.uiScale` scales its text and targets together.
    /// The theme's colours come from `settings.theme` unless `theme` is given.
    public init(
        settings: EditorSettings = EditorSettings(), theme: Theme? = nil, measurer: TextMeasurer,
        media: MediaSource = NoMediaSource()
    ) {
        self.settings = settings.scaledForUI()
        self.theme = (theme ?? Theme(appearance: settings.theme)).scaled(by: settings.layout.uiScale)
        self.measurer = measurer
        self.media = media
        self.unscaled = (settings, theme ?? Theme(appearance: settings.theme))
        self.reading = (self.settings.layout, self.theme)
    }

    /// The sizes and theme at the scale asked for (`--ui-scale`), whatever the chrome holds:
    /// what is there to be read — sheets, pickers, the project list, questionnaires — draws at
    /// it and scrolls where the screen is too short, as Dynamic Type's accessibility sizes do.
    let reading: (sizes: TactileConfiguration.Layout, theme: Theme)

    /// The theme before `uiScale`: the lab's desk tools beside the phone (the tuning panel, the
    /// lab panel) draw at their designed size whatever scale the phone's chrome is asked at.
    public var labTheme: Theme { unscaled.theme }

    /// The settings and theme as given, before `uiScale`: the scale a screen holds is
    /// applied to them (`ScaleFit`).
    private let unscaled: (settings: EditorSettings, theme: Theme)

    /// This editor at the scale the state's screen holds (itself when that is the one asked for).
    func fitted(to state: inout EditorState) -> Editor {
        let fit = ScaleFit(
            viewport: state.viewport, ratio: state.project.format.ratio, trackCount: state.project.tracks.count, title: state.project.name,
            requested: unscaled.settings.layout.uiScale, projects: state.showsProjectsButton)
        let k: Double
        if let known = state.scaleFit, known.fit == fit {
            k = known.scale
        } else {
            k = fit.scale(settings: unscaled.settings, theme: unscaled.theme, measurer: measurer)
            state.scaleFit = (fit, k)
        }
        guard k != fit.requested else { return self }
        // Scaled once per scale, not every frame.
        if fittedAt.scale != k {
            var c = unscaled.settings
            c.layout.uiScale = k
            fittedAt.scale = k
            fittedAt.settings = c.scaledForUI()
            fittedAt.theme = unscaled.theme.scaled(by: k)
        }
        var editor = self
        editor.settings = fittedAt.settings ?? settings
        editor.theme = fittedAt.theme ?? theme
        return editor
    }

    /// The settings and theme at the last scale a screen held (shared by copies of this editor).
    private let fittedAt = FittedScale()
    private final class FittedScale {
        var scale: Double?
        var settings: EditorSettings?
        var theme: Theme?
    }

    /// Runs one frame at `now` with the input that arrived since the last one.
    ///
    /// Events are applied in order. A finger changes phase at most once per UI pass, so a batch
    /// holding a whole tap (down and up) runs one pass per phase change; then a last pass draws
    /// the state all of them left. The events must be safe: the host session makes impossible
    /// positions (NaN, ±∞, far beyond any screen) safe before the editor sees them.
    public func frame(_ state: inout EditorState, events: [InputEvent], now: Time) -> FrameOutput {
        let editor = fitted(to: &state)
        var output = editor.run(&state, events: events, now: now)
        output.uiScale = state.scaleFit?.scale ?? settings.layout.uiScale
        return output
    }

    private func run(_ state: inout EditorState, events: [InputEvent], now: Time) -> FrameOutput {
        media.beginFrame(at: now)
        var effects = Effects()
        fitClipsToTheirMedia(&state, now: now, effects: &effects)
        var group: [InputEvent] = []
        var changed: Set<PointerID> = []
        func flush() {
            if !group.isEmpty { _ = pass(&state, touches: group, now: now, effects: &effects) }
            group.removeAll(); changed.removeAll()
        }
        for event in events {
            // From a task's judgement to the next task's card the editor takes no input.
            if state.sealedAway(event) { continue }
            switch event.kind {
            case let .key(key):
                flush()
                if state.textEdit != nil {
                    textEdits.key(key, &state, now: event.time, effects: &effects)
                } else if state.tasks?.asking == nil {
                    // (A questionnaire on screen takes taps only: no key plays, undoes or deletes behind it.)
                    actions.handle(key, state: &state, now: event.time, effects: &effects)
                }
            case let .text(text):
                // Typed text goes to a text being edited; otherwise a space key already played or paused.
                flush()
                if state.textEdit != nil { textEdits.type(.insert(text), &state) }
            case .focusLost:
                group.append(event); flush()
            case let .mediaFolder(files):
                // The media sheet offers the folder as it is now.
                flush()
                state.library.files = files
            case let .projects(news):
                flush()
                ProjectListController(editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session).receive(
                    news, &state, now: event.time, effects: &effects)
            case let .voice(news):
                flush()
                VoiceOverController(editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session).receive(
                    news, &state, now: event.time, effects: &effects)
            case let .touch(id, phase, _):
                if phase != .move {
                    if changed.contains(id) { flush() }
                    changed.insert(id)
                }
                group.append(event)
            }
        }
        flush()
        keepTransitionsAndFadesValid(&state, now: now, effects: &effects)
        ClipSheetController(editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session).closeIfItsClipIsGone(
            &state)
        // A voice-over's count-in ticks and ends on the clock, and asks for the frame it next needs.
        let voiceDue = VoiceOverController(editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session).advance(
            &state, now: now, effects: &effects)
        let ui = pass(&state, touches: [], now: now, effects: &effects)
        var requests = ui.requests
        if let voiceDue { requests.append(FrameRequest(.explicit([voiceDue]), start: now, reason: "countIn")) }
        var output = FrameOutput(drawList: ui.draw, cues: effects.cues, elements: ui.elements, log: effects.log, requests: requests)
        output.arenaDecisions = effects.decisions
        output.touchTargets = ui.touchTargets
        output.scrollViews = ui.scrollViews
        output.exports = effects.exports
        output.voice = effects.voice
        output.reveal = effects.reveal
        output.projects = effects.projects
        // The arena as it stands, only for the debugger that draws it (not on every frame's path).
        if settings.overlays.arena { output.arena = state.ui.arena.snapshot }
        return output
    }

    /// After an edit (not in the middle of a drag, which may yet bring clips back together):
    /// transitions whose clips no longer meet are removed, those longer than their footage
    /// allows are shortened, saying so in a banner and the log; fades longer than their clip are
    /// shortened with it. The edit's undo step holds the project before it, so nothing is lost.
    private func keepTransitionsAndFadesValid(_ state: inout EditorState, now: Time, effects: inout Effects) {
        guard state.timeline.drag == nil, state.effectsChecked != state.project else { return }
        let (kept, notes) = state.project.keepingTransitionsValid()
        state.project = kept.keepingFadesWithinClips()
        state.effectsChecked = state.project
        guard !notes.isEmpty else { return }
        // The banner in the chrome's language; the log keeps the English sentence (data, the same in every locale).
        actions.banner(notes.map { actions.strings.sentence($0) }.joined(separator: " "), state: &state, now: now)
        for note in notes { effects.log.append(LogEvent(time: now, .transitionChanged(note.description))) }
    }

    /// Opens every clip's media up front, so files gone missing are reported in this frame, and
    /// gives clips their media's real lengths (a project saved elsewhere, a file re-encoded).
    private func fitClipsToTheirMedia(_ state: inout EditorState, now: Time, effects: inout Effects) {
        // Only when the media or the project changed since the last look: every clip is visited,
        // and a frame's work must grow with what is on screen, not with the project. (An
        // unchanged project shares its storage, so the comparison is immediate.)
        if let fitted = state.mediaFit, fitted.generation == media.generation, fitted.project == state.project { return }
        defer { state.mediaFit = (media.generation, state.project) }
        var lengths: [String: Time] = [:]
        for track in state.project.tracks {
            for clip in track.clips {
                guard let path = clip.media, case let .ready(info) = media.status(of: path), let length = info.duration else { continue }
                lengths[path] = length
            }
        }
        let fitted = state.project.fittingSources(lengths, minimumDuration: .seconds(settings.editing.minimumClipDuration))
        guard fitted != state.project else { return }
        state.project = fitted
        effects.log.append(LogEvent(time: now, .mediaLengths(files: lengths.count)))
    }

    /// The picture `state` would show with its fingers moved to `predicted` positions
    /// (`feel.prediction`): two passes over a copy of the state (one takes the moves, the next
    /// draws), whose changes, log and cues are dropped, so that predicting never changes the project, the log or what the editor remembers.
    /// Media problems are left for the real frame to report.
    public func preview(_ state: EditorState, moving predicted: [PointerID: Point], now: Time) -> DrawList {
        var copy = state
        var effects = Effects()
        effects.isPreview = true
        // At the scale the screen holds, as the real frames are drawn.
        let editor = fitted(to: &copy)
        let moves = predicted.sorted { $0.key < $1.key }.map { InputEvent.touch(.move, id: $0.key, at: $0.value, time: now) }
        // A pass takes the moves (a pass draws before it applies its gestures), the next draws.
        _ = editor.pass(&copy, touches: moves, now: now, effects: &effects)
        return editor.pass(&copy, touches: [], now: now, effects: &effects).draw
    }

    /// Keeps playback on the sound's clock: the host reports the timeline position the listener
    /// hears now, and the picture follows when it drifts by more than `tolerance` (an audio
    /// device's buffer makes the clock coarser than a frame, so small differences are let be).
    public func followAudioClock(_ state: inout EditorState, heard: Time, now: Time, tolerance: Time = .seconds(0.04)) {
        guard var playback = state.playback else { return }
        let shown = playback.position(at: now)
        guard abs((heard - shown).ticks) > tolerance.ticks else { return }
        playback.clockAnchor = now - (heard - playback.positionAnchor)
        state.playback = playback
    }

    var actions: EditorActions { EditorActions(editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session) }
    var timeline: TimelineController {
        TimelineController(
            timeline: settings.timeline, editing: settings.editing, feel: settings.feel, input: settings.input,
            appearance: settings.theme, sessionSettings: settings.session)
    }
    var tasks: TaskController { TaskController(sessionSettings: settings.session) }
    var overlays: OverlayController {
        OverlayController(
            timeline: settings.timeline, editing: settings.editing, feel: settings.feel, input: settings.input,
            appearance: settings.theme, sessionSettings: settings.session)
    }
    var textEdits: TextEditController {
        TextEditController(editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session)
    }

    func layout(for state: EditorState) -> EditorLayout {
        EditorLayout(
            viewport: state.viewport, sizes: settings.layout, timeline: settings.timeline,
            rightToLeft: Language(localeIdentifier: settings.theme.locale).isRightToLeft, trackCount: state.project.tracks.count,
            collapse: state.timeline.collapseProgress, trackOffset: state.timeline.trackOffset, aspect: state.project.format.ratio)
    }

    /// A UI pass's context for `state`'s screen with `touches`: where the bars draw well under
    /// the scale asked, a bar's button held shows its name large.
    private func context(_ state: EditorState, touches: [InputEvent], now: Time) -> UIContext {
        let ui = UIContext(memory: state.ui, touches: touches, now: now, viewport: state.viewport, measurer: measurer, theme: theme)
        if reading.sizes.uiScale >= settings.layout.uiScale * settings.layout.largeContentLeastRatio {
            ui.largeContentDelay = .seconds(settings.layout.largeContentDelay)
        }
        return ui
    }

    /// One immediate-mode pass over the whole screen.
    private func pass(_ state: inout EditorState, touches: [InputEvent], now: Time, effects: inout Effects) -> UIContext {
        let logStart = effects.log.count
        tasks.advance(
            &state, now: now,
            touchDown: touches.contains {
                if case .touch(_, .down, _) = $0.kind { return true }; return false
            }, effects: &effects)
        actions.advancePlayback(&state, now: now, effects: &effects)
        let previewing = actions.advanceTransitionPreview(&state, now: now)
        if let banner = state.banner, banner.until <= now { state.banner = nil }
        let problems = effects.isPreview ? [] : state.notices + media.takeProblems()
        if !problems.isEmpty {
            state.notices.removeAll()
            actions.showProblems(problems, state: &state, now: now, effects: &effects)
        }
        timeline.advance(&state, layout: layout(for: state), now: now, effects: &effects)
        let layout = layout(for: state)
        timeline.catchMotion(touches, &state, layout: layout, now: now, effects: &effects)
        let ui = context(state, touches: touches, now: now)
        let screen = Rect(origin: .zero, size: state.viewport)
        ui.fill(screen, theme.background)
        var view = ScreenView(
            ui: ui, media: media, layout: layout, sizes: settings.layout, timeline: settings.timeline, editing: settings.editing,
            feel: settings.feel, input: settings.input, mediaSettings: settings.media, export: settings.export, theme: theme, reading: reading)
        var intents: [EditorIntent] = []
        // The widgets said what each of their gestures was made on; apply them in the arena's order.
        var routes: [Int: GestureRoute] = [:]
        for intent in view.draw(state) {
            if case let .gesture(g, route) = intent { routes[g.index] = route } else { intents.append(intent) }
        }

        state.ui = ui.finish()
        for var decision in state.ui.takeArenaDecisions() {
            // A touch on nothing that takes one: named by what is drawn there (the title, the timecode).
            if decision.target == ArenaDecision.nothing, let shown = ui.elements.last(where: { $0.hitFrame.contains(decision.location) }) {
                decision.target = shown.id
                decision.rule = "nobody: \(shown.id) takes no touch"
            }
            effects.decisions.append(decision)
            effects.log.append(InteractionLog.entry(for: decision, now: now))
            // A tap that stopped the timeline's coast did what it was for: no miss.
            if decision.unansweredTap, decision.location != state.timeline.caughtTap {
                effects.log.append(InteractionLog.unansweredTap(decision, elements: ui.elements, now: now))
            }
        }
        for (index, gesture) in ui.gestures.enumerated() {
            InteractionLog.log(gesture, state: state, into: &effects.log, now: now)
            switch routes[index] ?? .timeline(.background) {
            case let .browser(target):
                BrowserController(
                    sizes: reading.sizes, editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session,
                    media: media, headerHeight: MediaBrowserView.headerHeight(state, theme: reading.theme, measurer: measurer, sizes: reading.sizes)
                ).apply(gesture, on: target, &state, now: now, effects: &effects)
            case let .scrub(source):
                ScrubController(
                    sizes: settings.layout, editing: settings.editing, mediaSettings: settings.media, appearance: settings.theme,
                    sessionSettings: settings.session
                ).apply(gesture, from: source, &state, layout: layout, now: now, effects: &effects)
            case let .timeline(target):
                timeline.apply(gesture, on: target, &state, layout: layout, now: now, effects: &effects)
            case let .overlay(target):
                overlays.apply(gesture, on: target, &state, now: now, effects: &effects)
            case let .transitionDuration(clipID, from, to):
                TransitionDurationController().apply(
                    gesture, clipID: clipID, track: (from, to), &state, now: now, effects: &effects)
            case .sheet:
                break
            case let .projectList(target):
                ProjectListController(editing: settings.editing, appearance: settings.theme, sessionSettings: settings.session).apply(
                    gesture, on: target, &state, layout: layout, sizes: reading.sizes, theme: reading.theme, measurer: measurer, now: now, effects: &effects)
            }
        }
        timeline.forgetCaughtTap(after: touches, &state)
        overlays.settle(&state, now: now, effects: &effects)
        for intent in intents { actions.perform(intent, state: &state, now: now, effects: &effects) }
        tasks.observe(&state, now: now)
        if let playback = state.playback { ui.requestFrames(playback.request) }
        // Animations run at most `feel.maxFrameRate` frames a second (a study variant: 120 / 60 / 30).
        let animation = AnimationTimelineSchedule(minimumInterval: .frame(atRate: settings.feel.maxFrameRate))
        if timeline.isAnimating(state) { ui.requestFrames(animation, reason: "timeline") }
        if previewing { ui.requestFrames(animation, reason: "transitionPreview") }
        if let browser = state.browser, (now - browser.opened).seconds < settings.editing.browserSlideDuration {
            ui.requestFrames(animation, reason: "sheet")
        }
        if state.exportRun != nil {
            // The host's progress reports show as they come, a few times a second.
            ui.requestFrames(.periodic(from: now, by: .seconds(settings.export.progressRefreshSeconds)), reason: "export")
        }
        if let deadline = state.ui.arena.nextDeadline { ui.requestFrames(.explicit([deadline]), reason: "gesture timer") }
        if let banner = state.banner { ui.requestFrames(.explicit([banner.until]), reason: "banner") }
        if let deleted = state.projectList?.deleted, deleted.until > now { ui.requestFrames(.explicit([deleted.until]), reason: "projectUndo") }
        if let run = state.tasks, let deadline = tasks.nextDeadline(run) { ui.requestFrames(.explicit([deadline]), reason: "task") }
        InteractionLog.describeTargets(
            in: &effects.log, since: logStart, taps: ui.widgetTaps, misses: ui.unclaimedPresses,
            elements: ui.elements, now: now)
        tasks.count(&state, log: &effects.log, from: logStart, now: now)
        return ui
    }
}

/// Cues and log events gathered over a frame's passes.
struct Effects {
    var cues: [CueEvent] = []
    var log: [LogEvent] = []
    var decisions: [ArenaDecision] = []
    var exports: [ExportEffect] = []
    /// What the microphone is asked to do (a voice-over).
    var voice: [VoiceCommand] = []
    /// A file to show in the system's file manager (a finished movie's Show).
    var reveal: String?
    /// What the project list asks of the shelf.
    var projects: [ProjectCommand] = []
    /// A pass drawing predicted touches: it leaves the media's problems for the real frame.
    var isPreview = false
}
