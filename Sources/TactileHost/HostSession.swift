import TactileCore
import TactileLab
import TactileEditor
import TactileInput
import TactileKiosk
import TactileUI

/// The one frame path around the editor, under every shell: the SDL window, replays, video
/// export, the tests and the benchmarks all step this same session, on a real clock or a
/// virtual one. A step takes the input that arrived and the time now, and:
///
/// 1. shows banners the program posted;
/// 2. makes impossible touch positions safe (`TouchSanitizer`, the only place that does);
/// 3. hands the input down its stages (`HostStage`, in `HostStages.standard`'s order: exports,
///    the microphone, live settings, the kiosk, added latency, sound, frustration signals,
///    prediction), each at its point of the step;
/// 4. runs the editor when something is due (input, a frame request, a relayout, new media);
/// 5. composes the overlays (touch indicators, pointer location, frame monitor) and what the
///    stages draw over the editor's picture, and says whether to present it.
///
/// `nextDue(after:)` says when the next step is wanted without input. Observers
/// (`SessionObserver`, told in the order they were added) hear of every editor frame
/// (recording, autosave, kiosk visitors, health, a study), every step (recording a whole kiosk
/// run), latency, predictions and visitors.
public final class HostSession: LaysOutScreens {
    /// The editor and the state it edits.
    public private(set) var editor: Editor
    public var state: EditorState
    /// The configuration in use (reloads replace it).
    public private(set) var configuration: TactileConfiguration
    public private(set) var loop = FrameLoop()
    /// The stages of a step, in order (`HostStage`).
    public let stages: [HostStage]
    /// The PIN pad's verdicts not yet handed to a frame or step record.
    let pins = PinVerdictBuffer()
    public let kioskSetup: KioskSetup?
    /// A test plan to run (again for each kiosk visitor).
    public let plan: TaskPlan?
    /// Whether playback's picture follows the sound's clock. A recording turns this off so that
    /// the session replays exactly on a virtual clock.
    public var followsAudioClock = true
    /// The clock, sound, exporter and configuration watcher the session was handed.
    let services: HostServices
    /// Whether the session records voice-overs: a microphone, or a replay of a session that had one.
    public var offersVoice: Bool { services.voice != nil || replaysVoice }
    /// A replay of a session that had a microphone: its news come from the trace.
    public var replaysVoice = false
    /// Whether the session keeps a project shelf (the title bar's Projects button shows): a
    /// shelf, or a replay of a session that had one. Never in a kiosk (a visitor stays in the demo).
    public var offersProjects: Bool { (services.projectShelf != nil || replaysProjects) && kiosk == nil }
    /// A replay of a session that had a project shelf: its news come from the trace.
    public var replaysProjects = false
    /// The display's refresh rate: overlays that move by themselves are redrawn at it.
    public var refreshRate: Double { services.refreshRate }
    /// Who hears of frames, steps, latency, predictions and visitors, told in this order
    /// (`SessionObserver`).
    public private(set) var observers: [SessionObserver]

    /// Adds `observer` after those already there.
    public func add(_ observer: SessionObserver) { observers.append(observer) }

    /// Stops telling `observer`.
    public func remove(_ observer: SessionObserver) { observers.removeAll { $0 === observer } }

    /// The output of the latest editor frame.
    public private(set) var lastOutput: FrameOutput?
    /// Editor frames run, and pictures presented, so far.
    public private(set) var framesRun = 0, framesPresented = 0
    /// Whether the kiosk's way out was used (the shell then closes).
    public internal(set) var exited = false
    /// The nightly restart came (`kiosk.restartAt`): the shell closes, and the program exits for
    /// the service manager to start it anew.
    public internal(set) var restartRequested = false

    private let library: MediaLibrary
    var overlays: HostOverlays
    private var posted: [(message: String, isError: Bool)] = []
    var needsPresent = true
    /// The log events the stages make outside an editor frame (an export's ending, a settings
    /// change), which join the next editor frame's log.
    private var pendingLog: [LogEvent] = []
    private var overlayOnScreen = false
    private var lastList: DrawList?
    /// The input frame whose picture the shell is presenting, until it says so (`didPresent`).
    private var presenting: LatencySample?
    /// Which gesture the input of each frame serves (for the latency figures).
    private var gestures = GestureOfFrame()
    /// When the last step ran (what the session's end is stamped with).
    var lastStep = Time.zero
    /// The width the lab panel is drawn at when the shell gives it less than `panelWidth` (a drawer).
    var panelDrawnWidth: Double?

    /// A session editing `project` in `viewport` (default: the configuration's), measuring text
    /// with `measurer` and reading media from `media`. With `kiosk`, it runs as a kiosk. `services`
    /// are what it reaches beyond the editor (a window's clock, sound, the exporter, the configuration
    /// file's watcher); `observers` hear of its frames and steps, in their order.
    public init(
        project: Project, configuration: TactileConfiguration, measurer: TextMeasurer, media: MediaSource = NoMediaSource(),
        viewport: Size? = nil, library: MediaLibrary = MediaLibrary(), plan: TaskPlan? = nil, notices: [String] = [],
        kiosk: KioskSetup? = nil, now: Time = .zero, services: HostServices = HostServices(), observers: [SessionObserver] = []
    ) {
        self.configuration = configuration
        self.services = services
        self.observers = observers
        editor = Editor(settings: configuration.editorSettings, measurer: measurer, media: media)
        state = EditorState(project: project, settings: configuration.editorSettings, viewport: viewport)
        state.notices = notices
        state.library = library
        state.tasks = plan.map(TaskRun.init)
        self.library = library
        self.plan = plan
        kioskSetup = kiosk
        overlays = HostOverlays(overlays: configuration.overlays, sizes: configuration.layout, input: configuration.input)
        let pins = self.pins
        let kioskStage = kiosk.map { KioskStage(setup: $0, kiosk: configuration.kiosk, input: configuration.input, now: now, pins: pins) }
        stages = HostStages.standard(
            study: configuration.study, input: configuration.input, feel: configuration.feel, overlays: configuration.overlays, services: services,
            kiosk: kioskStage)
        wallClockOrigin = kiosk?.weekClock
        settings?.session = self
        settings?.live.loaded(configuration)
        overlays.startSettings(added: addedLatency)
    }

    /// The first stage of type `T`, when the session has one.
    public func stage<T: HostStage>(_ type: T.Type) -> T? { stages.lazy.compactMap { $0 as? T }.first }

    var settings: SettingsStage? { stage(SettingsStage.self) }
    var kioskStage: KioskStage? { stage(KioskStage.self) }

    /// Kiosk mode's rules, when the session is a kiosk.
    public var kiosk: KioskMode? { kioskStage?.mode }

    /// The exporter the editor's exports go to: the services', or a replay's recorded news
    /// (`TracePlayer` installs `ReplayedExports` for a trace that offered exports).
    var exporter: MovieExporting? {
        get { stage(ExportStage.self)?.exporter }
        set { stage(ExportStage.self)?.exporter = newValue }
    }
    /// Whether the session offers exports (a recording says so, so its replay offers them too).
    public var offersExport: Bool { exporter != nil }

    /// Where the PIN pad's keys are on screen now (as its view lays them out).
    public var pinKeyFrames: [(key: PinPad.Key, frame: Rect)] {
        PinPad.keys(in: state.viewport, keySize: configuration.kiosk.pinKeySize, metrics: editor.theme.metrics.kiosk, rightToLeft: editor.theme.isRightToLeft)
    }

    /// Judges the kiosk's PIN with `verdicts` in order instead of the configuration's PIN (a
    /// replay: the recording kept the verdicts, never the PIN). `digits`: the PIN's length.
    public func replayPinVerdicts(_ verdicts: [Bool], digits: Int) {
        guard let kioskStage else { return }
        let verifier = PinVerifier.replaying(digits: digits, verdicts: verdicts)
        let pins = self.pins
        verifier.onVerdict = { pins.add($0) }
        kioskStage.judgePins(with: verifier)
    }

    /// How far ahead predictions reach: `feel.predictionHorizon`, else the measured time from a
    /// frame's start to its present (median of the recent ones), else one 60 Hz frame.
    public var predictionHorizon: Time {
        stage(PredictionStage.self)?.horizon(configuration.feel) ?? .frame(atRate: 60)
    }

    /// The added latency (`feel.addedLatency`).
    var addedLatency: Time { .seconds(max(0, configuration.feel.addedLatency) / 1000) }

    public var viewport: Size { state.viewport }
    public var refusesQuit: Bool { kiosk != nil }
    public var theme: Theme { editor.theme }

    /// The week clock at session time zero — local time since Monday 00:00 — in a window: the
    /// status-bar clock (`overlays.statusBarClock`, its time of day), a kiosk's opening hours and
    /// nightly restart follow it. Nil in headless runs and replays (no clock, always open).
    public var wallClockOrigin: Time?

    /// Whether the window is hidden: the frame loop then runs in low-frequency mode (the seed's
    /// schedules yield no animation entries), so a hidden window draws nothing that only moves.
    public private(set) var isHidden = false

    public func setVisible(_ visible: Bool) {
        guard isHidden == visible else { return }
        isHidden = !visible
        loop.mode = loopMode
        if visible { needsPresent = true }
    }

    /// Low-frequency mode (no animation frames, no overlay redraws) while the window is hidden
    /// or the kiosk's screen is dimmed; normal otherwise.
    public var isLowFrequency: Bool { isHidden || kiosk?.phase == .dimmed || kiosk?.phase == .closed }
    private var loopMode: TimelineScheduleMode { isLowFrequency ? .lowFrequency : .normal }

    /// The frame loop takes the mode the kiosk's phase asks for (dimmed, closed: low frequency).
    func followLoopMode() {
        if loop.mode != loopMode { loop.mode = loopMode; needsPresent = true }
    }

    public func resize(to viewport: Size) {
        guard viewport != state.viewport else { return }
        state.viewport = viewport
        settings?.live.picture = nil
        needsPresent = true
    }

    /// Shows `message` in a banner at the next step. Like the configuration's reload banner it
    /// is the host's, not the editor's: it is not logged, so recordings replay the same.
    public func post(banner message: String, isError: Bool) { posted.append((message, isError)) }

    /// `event` joins the next editor frame's log (a stage's news between frames).
    func addToNextFrameLog(_ event: LogEvent) { pendingLog.append(event) }

    // MARK: The step

    public func step(_ input: [InputEvent], now: Time, context: StepContext = StepContext()) -> ShellFrame {
        lastStep = now
        var step = StageStep(now: now, session: self, context: context)
        for p in posted {
            state.banner = Banner(message: p.message, isError: p.isError, until: now + .seconds(configuration.editing.bannerDuration))
            needsPresent = true
        }
        posted.removeAll()
        state.voiceAvailable = offersVoice
        state.projectsAvailable = offersProjects
        for stage in stages { stage.stepBegan(&step) }
        if context.relayout { needsPresent = true }

        // Impossible positions (a glitching panel, a wild calibration) are made safe before
        // anything sees them, so a recorded trace holds only numbers it can write.
        var input = TouchSanitizer.sanitize(input, fingers: state.ui.fingers)
        for stage in stages { input = stage.take(input, &step) }
        var arrived = input
        for stage in stages where !step.ends { arrived = stage.route(arrived, &step) }
        guard !step.ends else {
            step.frame.commands.append(.exit)
            let record = StepRecord(time: now, input: input, ranEditor: false, pinVerdicts: pins.takeForStep())
            for o in observers { o.sessionStepped(record) }
            return step.frame
        }
        // The touch indicators show the fingers as they are; the editor may see them later.
        overlays.follow(arrived, now: now, attract: kiosk?.phase == .attract)
        var pending = arrived
        for stage in stages { pending = stage.release(pending, &step) }
        let decorated = overlays.isDrawing(kiosk: kiosk)
        let due: Bool
        switch context.mode {
        case .always: due = true
        case .never: due = false
        case .ifDue: due = !pending.isEmpty || !arrived.isEmpty || loop.isDue(at: now) || needsPresent || context.mediaArrived
        }
        guard due else {
            // Only the overlays moved: draw them over the last picture.
            if let lastOutput, decorated || overlayOnScreen {
                step.frame.drawList = compose(over: lastList ?? lastOutput.drawList, now: now)
                step.frame.panel = panelPicture(at: now)
                overlayOnScreen = decorated
            }
            let record = StepRecord(time: now, input: input, ranEditor: false, pinVerdicts: pins.takeForStep())
            for o in observers { o.sessionStepped(record) }
            return step.frame
        }
        return runEditor(pending, arrived: arrived, input: input, decorated: decorated, &step)
    }

    /// The editor's frame over `pending`, what the stages make of it, the records the observers
    /// hear of, and the picture to present.
    private func runEditor(_ pending: [InputEvent], arrived: [InputEvent], input: [InputEvent], decorated: Bool, _ step: inout StageStep) -> ShellFrame {
        let now = step.now
        let layoutChanged = needsPresent
        let viewportBefore = state.viewport
        for stage in stages { stage.frameWillRun(&step) }
        state.cadence = loop.mode.cadence
        let started = services.stopwatch?.now
        var output = editor.frame(&state, events: pending, now: now)
        let took = services.stopwatch.map { $0.now - started! } ?? .zero
        if let path = output.reveal { step.frame.commands.append(.reveal(path)) }
        for stage in stages { stage.frameDidRun(&output, released: pending, &step) }
        output.log += pendingLog
        pendingLog.removeAll()
        loop.frameDidRun(at: now, requests: output.requests)
        if overlays.monitors {
            overlays.recordFrame(
                at: now, duration: took, events: pending.count, output: output,
                waitingFor: [loop.nextDue(), kiosk?.nextDue(after: now)].compactMap { $0 }.min { $0.time < $1.time })
        }
        framesRun += 1
        lastOutput = output
        overlays.follow(arena: output, events: pending, now: now)
        var shown = output.drawList
        for stage in stages { shown = stage.picture(after: output, released: pending, shown: shown, &step) }
        let photonFlip = overlays.follow(photon: pending)
        let gesture = gestures.kind(of: pending, log: output.log)
        step.frame.ranEditor = true
        step.frame.cues = output.cues
        var record = FrameRecord(
            time: now, events: arrived, released: pending, exportNews: stage(ExportStage.self)?.news, pinVerdicts: pins.takeForFrame(),
            state: state, output: output)
        record.settings = settings?.live.takeChanges() ?? []
        for o in observers { o.sessionRanFrame(record) }
        let stepRecord = StepRecord(time: now, input: input, ranEditor: true, pinVerdicts: pins.takeForStep())
        for o in observers { o.sessionStepped(stepRecord) }
        if state.viewport != viewportBefore {
            // Rotated: the shell turns the window; the next step presents the turned picture.
            step.frame.commands.append(.viewportChanged(state.viewport))
            needsPresent = true
            return step.frame
        }
        if shown != lastList || layoutChanged || decorated || overlayOnScreen {
            step.frame.drawList = compose(over: shown, now: now)
            step.frame.panel = panelPicture(at: now)
            overlayOnScreen = decorated
            lastList = shown
            framesPresented += 1
            // Only a person's input is timed: the attract tour's made-up touches are not.
            presenting = kiosk?.phase == .attract ? nil : latencySample(of: pending, gesture: gesture, workBegan: now)
            presenting?.photonFlip = photonFlip
        }
        needsPresent = false
        return step.frame
    }

    /// Completes the latency of the input frame whose picture was just presented.
    public func didPresent(_ timing: PresentTiming) {
        guard var sample = presenting else { return }
        presenting = nil
        stage(PredictionStage.self)?.presented(after: timing.presented - sample.workBegan)
        sample.presentation = timing
        overlays.record(latency: sample)
        for o in observers { o.sessionMeasured(sample) }
    }

    /// The latency so far of a frame that handled `events` (nil when it handled no input):
    /// arrivals and work, waiting for the shell's present.
    private func latencySample(of events: [InputEvent], gesture: String, workBegan: Time) -> LatencySample? {
        let input = events.filter { $0.kind != .focusLost }
        guard let first = input.map(\.time).min(), let last = input.map(\.time).max() else { return nil }
        let ready = services.stopwatch?.now ?? workBegan
        var sample = LatencySample(
            time: workBegan, gesture: gesture, events: input.count, firstArrival: first, lastArrival: last,
            workBegan: workBegan, listReady: ready, presentation: PresentTiming(renderBegan: ready, presentBegan: ready, presented: ready))
        sample.kernelArrival = input.compactMap(\.kernelTime).min()
        if settings?.live.badge != nil || services.labGestures { sample.variant = variantLabel }
        return sample
    }

    /// The picture at `now` without running the editor: the last frame with the overlays as
    /// they stand at `now` (video export draws every tick so).
    public func picture(at now: Time) -> DrawList {
        overlays.prune(at: now)
        return compose(over: lastList ?? lastOutput?.drawList ?? DrawList(), now: now)
    }

    /// The editor's picture with the overlays, the status-bar clock and what the stages draw over it.
    private func compose(over list: DrawList, now: Time) -> DrawList {
        var out = overlays.compose(over: list, now: now, viewport: state.viewport, theme: editor.labTheme, measurer: editor.measurer, kiosk: kiosk != nil)
        if let time = timeOfDay(at: now), state.viewport.height > state.viewport.width {
            StatusBarClock.draw(time, into: &out, viewport: state.viewport, theme: editor.theme)
        }
        for stage in stages { stage.decorate(&out, now: now, session: self) }
        return out
    }

    public func nextDue(after now: Time) -> (time: Time, reason: String)? {
        if !posted.isEmpty || kioskStage?.hasCarried == true || needsPresent { return (now, "redraw") }
        var candidates: [(time: Time, reason: String)] = [loop.nextDue()].compactMap { $0 }
        candidates += stages.compactMap { $0.nextDue(after: now, session: self) }
        if overlays.isAnimating(kiosk: kiosk, now: now) && !isLowFrequency { candidates.append((now + .seconds(1 / max(1, refreshRate)), "overlays")) }
        if let clock = nextClockMinute(after: now) { candidates.append((clock, "status bar clock")) }
        return candidates.min { $0.time < $1.time }
    }

    /// The next instant the editor or a stage (the kiosk, added latency, the tuning corner) needs a
    /// step (overlays and the configuration file aside): what a virtual-clock runner steps through.
    public func nextWork(after now: Time) -> (time: Time, reason: String)? {
        ([loop.nextDue()].compactMap { $0 } + stages.compactMap { $0.nextWork(after: now, session: self) }).min { $0.time < $1.time }
    }

    /// The time of day at session time `now`, when a status-bar clock is shown.
    func timeOfDay(at now: Time) -> Time? {
        guard configuration.overlays.statusBarClock, let origin = wallClockOrigin else { return nil }
        return origin + now
    }

    /// When the status-bar clock next changes: the next whole minute of the wall clock, from the
    /// seed's `.everyMinute` schedule counted in time of day.
    private func nextClockMinute(after now: Time) -> Time? {
        guard !isLowFrequency, let wall = timeOfDay(at: now), let origin = wallClockOrigin else { return nil }
        return EveryMinuteTimelineSchedule().nextEntry(after: wall, startingAt: .zero, mode: loop.mode).map { $0 - origin }
    }

    /// Whether the lab's own gestures are taken (`HostServices.labGestures`), never in kiosk mode.
    public var labGestures: Bool { services.labGestures && kiosk == nil }
    /// A replay of a session that took the lab's gestures: the tuning corner's hold is held back
    /// from the editor as it was live (nothing else of the lab's is taken from a replay's input).
    public var replaysLabGestures = false
    /// Whether a finger held in the tuning corner is the lab's (live, or replayed as it was).
    var takesCornerHold: Bool { (labGestures || replaysLabGestures && kiosk == nil) && configuration.overlays.tuningHold > 0 }

    // MARK: Configuration and resets

    /// How many times the configuration has changed (live reloads): observers that depend on
    /// the settings compare this rather than the whole configuration.
    public private(set) var configurationChanges = 0

    /// Takes a new configuration, keeping the project, the view and every finger that is down;
    /// the change, as every stage heard it (for the shell).
    @discardableResult
    public func adopt(_ new: TactileConfiguration) -> ConfigurationChange {
        let change = ConfigurationChange(from: configuration, to: new)
        configurationChanges += 1
        for stage in stages { stage.adopt(change, session: self) }
        configuration = new
        editor = Editor(settings: new.editorSettings, measurer: editor.measurer, media: editor.media)
        state.adopt(change)
        let before = overlays
        overlays = HostOverlays(overlays: new.overlays, sizes: new.layout, input: new.input)
        overlays.carry(from: before)
        // The monitor's figures start afresh under the new settings (never pooled across a change).
        overlays.startSettings(added: addedLatency)
        needsPresent = true
        return change
    }

    /// Starts the editor afresh on `project` (a kiosk's next visitor gets the demo), keeping the
    /// view, the media and the plan; every stage forgets what it followed.
    func reset(to project: Project) {
        let viewport = state.viewport
        state = EditorState(project: project, settings: configuration.editorSettings, viewport: viewport)
        state.library = library
        state.tasks = plan.map(TaskRun.init)
        loop = FrameLoop(mode: loopMode)
        overlays.resetIndicators()
        for stage in stages { stage.sessionReset(self) }
        gestures = GestureOfFrame()
        needsPresent = true
    }
}
