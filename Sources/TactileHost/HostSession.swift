import TactileCore
import TactileEditor
import TactileInput
import TactileKiosk
import TactileUI

/// The one frame path around the editor, under every shell: the SDL window, replays, video
/// export, the tests and the benchmarks all step this same session, on a real clock or a
/// virtual one. A step takes the input that arrived and the time now, and:
///
/// 1. shows banners the program posted, and adopts a reloaded configuration;
/// 2. makes impossible touch positions safe (`TouchSanitizer`, the only place that does);
/// 3. steps kiosk mode (idle reset, attract loop, the way out) and resets the demo;
/// 4. runs the editor when something is due (input, a frame request, a relayout, new media);
/// 5. starts or stops sound with playback, follows the sound's clock;
/// 6. composes the overlays (touch indicators, pointer location, frame monitor, kiosk) over the
///    editor's picture and says whether to present it.
///
/// `nextDue(after:)` says when the next step is wanted without input. Observers
/// (`SessionObserver`, told in the order they were added) hear of every editor frame
/// (recording, autosave, kiosk visitors, health, a study), every step (recording a whole kiosk
/// run), latency, predictions and visitors.
public final class HostSession: ShellSession {
    /// The editor and the state it edits.
    public private(set) var editor: Editor
    public var state: EditorState
    /// The configuration in use (reloads replace it).
    public private(set) var configuration: TactileConfiguration
    public private(set) var loop = FrameLoop()
    /// Kiosk mode's rules, when the session is a kiosk.
    public private(set) var kiosk: KioskMode?
    /// The PIN pad's verdicts not yet handed to a frame or step record.
    private let pins = PinVerdictBuffer()

    /// Where the PIN pad's keys are on screen now (as its view lays them out).
    public var pinKeyFrames: [(key: PinPad.Key, frame: Rect)] {
        PinPad.keys(in: state.viewport, keySize: configuration.kiosk.pinKeySize, metrics: editor.theme.metrics.kiosk)
    }

    /// Judges the kiosk's PIN with `verdicts` in order instead of the configuration's PIN (a
    /// replay: the recording kept the verdicts, never the PIN). `digits`: the PIN's length.
    public func replayPinVerdicts(_ verdicts: [Bool], digits: Int) {
        guard kiosk != nil else { return }
        let verifier = PinVerifier.replaying(digits: digits, verdicts: verdicts)
        let pins = self.pins
        verifier.onVerdict = { pins.add($0) }
        kiosk?.pinVerifier = verifier
    }
    public let kioskSetup: KioskSetup?
    /// A test plan to run (again for each kiosk visitor).
    public let plan: TaskPlan?
    /// Whether playback's picture follows the sound's clock. A recording turns this off so that
    /// the session replays exactly on a virtual clock.
    public var followsAudioClock = true
    /// The clock, sound, exporter and configuration watcher the session was handed.
    private let services: HostServices
    /// The exporter the editor's exports go to: the services', or a replay's recorded news
    /// (`TracePlayer` installs `ReplayedExports` for a trace that offered exports).
    var exporter: MovieExporting?
    /// Whether the session offers exports (a recording says so, so its replay offers them too).
    public var offersExport: Bool { exporter != nil }
    /// Whether the session records voice-overs: a microphone, or a replay of a session that had one.
    public var offersVoice: Bool { services.voice != nil || replaysVoice }
    /// A replay of a session that had a microphone: its news come from the trace.
    public var replaysVoice = false
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
    public private(set) var exited = false

    private let library: MediaLibrary
    private var overlays: HostOverlays
    private var carried: [InputEvent] = []
    /// Input held back by `feel.addedLatency`, oldest first, until it is due.
    private var held: [InputEvent] = []
    private var posted: [(message: String, isError: Bool)] = []
    private var needsPresent = true
    /// The export news taken this step (a recording keeps it with the frame) and the log events
    /// the host makes (an export's ending, a settings change), which join the next editor frame's log.
    private var exportNews: MovieExportNews?
    private var exportLog: [LogEvent] = []
    private var overlayOnScreen = false
    private var lastList: DrawList?
    /// The kiosk overlay's UI pass (invitation, exit ring, PIN pad): what it remembers between
    /// passes, and the picture of the last pass that took input (the PIN pad as it stands).
    private var kioskMemory: UIMemory
    private var pinPicture: DrawList?
    private var soundPlaying = false
    /// The timeline position the sound playing began at.
    private var soundFrom = Time.zero
    private var nextConfigurationCheck = Time.zero
    /// The input frame whose picture the shell is presenting, until it says so (`didPresent`).
    private var presenting: LatencySample?
    /// Which gesture the input of each frame serves (for the latency figures).
    private var gestures = GestureOfFrame()
    /// Predicts the fingers for the picture (`feel.prediction`); nil when off.
    private var predictor: TouchPredictor?
    /// Recent times from a frame's start to its present, for the prediction's horizon.
    private var presentDelays: [Time] = []
    /// Finds rage and dead taps, near misses and unresponsive drags in the editor's frames.
    private var frustration: FrustrationSignals
    /// The tuning panel, the A/B flip and the settings changes they and reloads make.
    private var live: LiveSettings

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
        exporter = services.exporter
        self.observers = observers
        editor = Editor(configuration: configuration, measurer: measurer, media: media)
        state = EditorState(project: project, configuration: configuration, viewport: viewport)
        state.notices = notices
        state.library = library
        state.tasks = plan.map(TaskRun.init)
        self.library = library
        self.plan = plan
        kioskSetup = kiosk
        self.kiosk = kiosk.map { KioskMode(settings: configuration.kiosk, attractTrace: $0.attractTrace, now: now, visitorPresent: $0.visitorPresent) }
        let pins = self.pins
        self.kiosk?.pinVerifier?.onVerdict = { pins.add($0) }
        overlays = HostOverlays(configuration: configuration)
        kioskMemory = UIMemory(input: configuration.input)
        predictor = Self.predictor(for: configuration)
        frustration = FrustrationSignals(settings: configuration.study, tapSlop: configuration.input.tapSlop)
        live = LiveSettings(configuration: configuration)
        wallClockOrigin = kiosk?.weekClock
    }

    /// The touch predictor `configuration` asks for, or nil.
    private static func predictor(for c: TactileConfiguration) -> TouchPredictor? {
        guard let method = PredictionMethod(rawValue: c.feel.prediction), method != .off else { return nil }
        return TouchPredictor(
            method: method, maximumDistance: c.feel.predictionMaximumDistance, velocityWindow: .seconds(c.input.velocityWindow),
            processNoise: c.feel.kalmanProcessNoise, measurementNoise: c.feel.kalmanMeasurementNoise)
    }

    /// How far ahead predictions reach: `feel.predictionHorizon`, else the measured time from a
    /// frame's start to its present (median of the recent ones), else one 60 Hz frame.
    public var predictionHorizon: Time {
        if configuration.feel.predictionHorizon > 0 { return .seconds(configuration.feel.predictionHorizon / 1000) }
        guard let median = Percentiles(presentDelays.map(\.seconds)).p50 else { return .frame(atRate: 60) }
        return .seconds(median)
    }

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
    /// The nightly restart came (`kiosk.restartAt`): the shell closes, and the program exits for
    /// the service manager to start it anew.
    public private(set) var restartRequested = false
    private var loopMode: TimelineScheduleMode { isLowFrequency ? .lowFrequency : .normal }

    /// The lab panel's width when a monitor, the arena or pointer location is on
    /// (`OverlaysMetrics.panelWidth`); nil otherwise.
    public var panelWidth: Double? { overlays.wantsPanel || live.isTuningOpen ? editor.theme.metrics.overlays.panelWidth : nil }

    /// Draws the overlays' words in the lab panel outside the phone (true) or over the phone's
    /// picture (false, the default: headless pictures, a window with no room).
    public func placePanel(outside: Bool, width: Double? = nil) {
        guard outside != overlays.panelOutside || width != panelDrawnWidth else { return }
        overlays.panelOutside = outside
        panelDrawnWidth = width
        live.picture = nil
        needsPresent = true
    }

    /// The width the lab panel is drawn at when the shell gives it less than `panelWidth` (a drawer).
    private var panelDrawnWidth: Double?

    /// Shows an older (`back` > 0) or newer touch in the lab panel's per-touch timeline.
    public func showTouch(back: Int) {
        overlays.showTouch(back: back)
        needsPresent = true
    }

    /// The lab panel's picture at `now`, as tall as the viewport, when it is drawn outside.
    public func panelPicture(at now: Time) -> DrawList? {
        guard overlays.panelOutside, let size = panelSize else { return nil }
        if live.isTuningOpen, let tuning = live.picture { return tuning }
        var list = overlays.panel(at: now, size: size, theme: editor.theme, measurer: editor.measurer) ?? DrawList()
        if let badge = live.badge { VariantBadge.draw(badge, into: &list, width: size.width, theme: editor.theme, measurer: editor.measurer) }
        return list
    }

    /// The lab panel's size as drawn, when it is wanted.
    private var panelSize: Size? {
        panelWidth.map { Size(width: min($0, panelDrawnWidth ?? $0), height: state.viewport.height) }
    }

    public func resize(to viewport: Size) {
        guard viewport != state.viewport else { return }
        state.viewport = viewport
        live.picture = nil
        needsPresent = true
    }

    /// Shows `message` in a banner at the next step. Like the configuration's reload banner it
    /// is the host's, not the editor's: it is not logged, so recordings replay the same.
    public func post(banner message: String, isError: Bool) { posted.append((message, isError)) }

    // MARK: The step

    public func step(_ input: [InputEvent], now: Time, context: StepContext = StepContext()) -> ShellFrame {
        lastStep = now
        var frame = ShellFrame()
        for p in posted {
            state.banner = Banner(message: p.message, isError: p.isError, until: now + .seconds(configuration.editing.bannerDuration))
            needsPresent = true
        }
        posted.removeAll()
        state.exportAvailable = exporter != nil
        state.voiceAvailable = offersVoice
        takeExportNews(now: now)
        if let reloaded = pollConfiguration(now: now) { frame.commands.append(.configurationChanged(reloaded)) }
        stepLiveSettings(outside: context.outsideInput, now: now, into: &frame)
        if context.relayout { needsPresent = true }

        // Impossible positions (a glitching panel, a wild calibration) are made safe before
        // anything sees them, so a recorded trace holds only numbers it can write.
        var input = TouchSanitizer.sanitize(input, fingers: state.ui.fingers)
        // The microphone's news join the input (a recording keeps them; a replay gives them back).
        if let voice = services.voice { input += voice.takeNews(now: now).map { .voice($0, time: now) } }
        if let held = takeCornerHold(input, now: now) {
            // The finger that opened the tuning panel is the panel's, not the editor's.
            input.append(.touch(.cancel, id: held.id, at: held.at, time: now))
            frame.commands.append(.showPanel(live.isTuningOpen))
        }
        var arrived = input
        if kiosk != nil {
            arrived = stepKiosk(input, now: now)
            if loop.mode != loopMode { loop.mode = loopMode; needsPresent = true }
            frame.shift = kiosk?.burnInOffset(at: now) ?? .zero
            if exited {
                frame.commands.append(.exit)
                let record = StepRecord(time: now, input: input, ranEditor: false, pinVerdicts: pins.takeForStep())
                for o in observers { o.sessionStepped(record) }
                return frame
            }
        }
        // The touch indicators show the fingers as they are; the editor may see them later.
        overlays.follow(arrived, now: now, attract: kiosk?.phase == .attract)
        let pending = holdBack(arrived, now: now)
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
                frame.drawList = compose(over: lastList ?? lastOutput.drawList, now: now)
                frame.panel = panelPicture(at: now)
                overlayOnScreen = decorated
            }
            let record = StepRecord(time: now, input: input, ranEditor: false, pinVerdicts: pins.takeForStep())
            for o in observers { o.sessionStepped(record) }
            return frame
        }
        let layoutChanged = needsPresent
        let viewportBefore = state.viewport
        if let elapsed = context.soundElapsed, soundPlaying, followsAudioClock {
            editor.followAudioClock(&state, heard: soundFrom + elapsed, now: now)
        }
        let playingBefore = state.playback?.positionAnchor
        state.cadence = loop.mode.cadence
        let started = services.stopwatch?.now
        var output = editor.frame(&state, events: pending, now: now)
        // Frustration signals (rage and dead taps, near misses, unresponsive drags) join the frame's log.
        let task = state.tasks.flatMap { $0.began != nil && $0.ended == nil ? $0.current?.id : nil }
        output.log += frustration.observe(pending, log: output.log, picture: output.drawList, now: now, task: task)
        output.log += exportLog
        exportLog.removeAll()
        let took = services.stopwatch.map { $0.now - started! } ?? .zero
        carryOut(output.exports, now: now)
        carryOut(output.voice, now: now)
        if let path = output.reveal { frame.commands.append(.reveal(path)) }
        // Start, restart or stop the sound with the picture (none while a voice-over records: the
        // microphone must hear the voice alone).
        if let playback = state.playback, state.voiceOver == nil {
            if playback.positionAnchor != playingBefore || !soundPlaying {
                soundPlaying = true
                soundFrom = playback.positionAnchor
                if let source = services.sound?(state.project, playback.positionAnchor) { frame.commands.append(.playSound(source)) }
            }
        } else if soundPlaying {
            soundPlaying = false
            frame.commands.append(.stopSound)
        }
        loop.frameDidRun(at: now, requests: output.requests)
        if overlays.monitors {
            overlays.recordFrame(
                at: now, duration: took, events: pending.count, output: output,
                waitingFor: [loop.nextDue(), kiosk?.nextDue(after: now)].compactMap { $0 }.min { $0.time < $1.time })
        }
        framesRun += 1
        lastOutput = output
        overlays.follow(arena: output, events: pending, now: now)
        let shown = predictedPicture(after: pending, output: output, now: now)
        let photonFlip = overlays.follow(photon: pending)
        let gesture = gestures.kind(of: pending, log: output.log)
        frame.ranEditor = true
        frame.cues = output.cues
        var record = FrameRecord(
            time: now, events: arrived, released: pending, exportNews: exportNews, pinVerdicts: pins.takeForFrame(),
            state: state, output: output)
        record.settings = live.takeChanges()
        for o in observers { o.sessionRanFrame(record) }
        let stepRecord = StepRecord(time: now, input: input, ranEditor: true, pinVerdicts: pins.takeForStep())
        for o in observers { o.sessionStepped(stepRecord) }
        if state.viewport != viewportBefore {
            // Rotated: the shell turns the window; the next step presents the turned picture.
            frame.commands.append(.viewportChanged(state.viewport))
            needsPresent = true
            return frame
        }
        if shown != lastList || layoutChanged || decorated || overlayOnScreen {
            frame.drawList = compose(over: shown, now: now)
            frame.panel = panelPicture(at: now)
            overlayOnScreen = decorated
            lastList = shown
            framesPresented += 1
            // Only a person's input is timed: the attract tour's made-up touches are not.
            presenting = kiosk?.phase == .attract ? nil : latencySample(of: pending, gesture: gesture, workBegan: now)
            presenting?.photonFlip = photonFlip
        }
        needsPresent = false
        return frame
    }

    // MARK: Voice-over

    /// Carries out what the editor asked of the microphone. A session without one (a replay,
    /// inspect) does nothing: a recorded session's news come back from its trace.
    private func carryOut(_ commands: [VoiceCommand], now: Time) {
        guard let voice = services.voice else { return }
        for command in commands { voice.carryOut(command, now: now) }
    }

    // MARK: Exports

    /// Starts or cancels the exports the editor's frame asked for.
    private func carryOut(_ exports: [ExportEffect], now: Time) {
        for export in exports {
            switch export {
            case let .start(settings):
                if let exporter {
                    exporter.start(state.project, settings: settings)
                } else {
                    state.exportRun = nil
                    state.banner = Banner(
                        message: theme.strings.format(.exportFailed, ["reason": "this session cannot write movies (use tactile export)"]),
                        isError: true, until: now + .seconds(configuration.editing.bannerDuration))
                }
            case .cancel:
                exporter?.cancel()
            }
        }
    }

    /// The exporter's news: progress into the sheet, the end into a banner and the log
    /// (`exportEnd`: its outcome, and the file's name or the reason).
    private func takeExportNews(now: Time) {
        exportNews = exporter?.takeNews(now: now)?.quantized
        guard let news = exportNews else { return }
        let strings = theme.strings
        func end(
            _ message: String, isError: Bool, _ ending: InteractionEvent.ExportEnd, reveal: Banner.Reveal? = nil, for seconds: Double? = nil
        ) {
            exportLog.append(LogEvent(time: now, .exportEnd(ending)))
            state.exportRun = nil
            state.banner = Banner(
                message: message, isError: isError, until: now + .seconds(seconds ?? configuration.editing.bannerDuration), reveal: reveal)
        }
        switch news {
        case let .progress(fraction, secondsLeft):
            guard state.exportRun != nil else { return }
            state.exportRun?.fraction = fraction
            state.exportRun?.secondsLeft = secondsLeft
        case let .finished(path, bytes):
            // Where it went, in words, with a button to show it; the whole path in the log.
            end(
                strings.savedIn(path, bytes: bytes, home: HomePath.expanding("~")), isError: false,
                .init(outcome: .finished, file: path.split(separator: "/").last.map(String.init) ?? path, path: path, bytes: Double(bytes)),
                reveal: Banner.Reveal(label: strings[.showFile], path: path), for: configuration.editing.exportBannerDuration)
            state.exportSheet = false
        case let .failed(reason):
            end(strings.format(.exportFailed, ["reason": reason]), isError: true, .init(outcome: .failed, reason: reason))
        case .cancelled:
            end(strings[.exportCancelled], isError: false, .init(outcome: .cancelled))
        }
        needsPresent = true
    }

    /// Completes the latency of the input frame whose picture was just presented.
    public func didPresent(_ timing: PresentTiming) {
        guard var sample = presenting else { return }
        presenting = nil
        presentDelays.append(timing.presented - sample.workBegan)
        if presentDelays.count > 60 { presentDelays.removeFirst(presentDelays.count - 60) }
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
        if live.badge != nil || services.labGestures { sample.variant = variantLabel }
        return sample
    }

    /// The picture at `now` without running the editor: the last frame with the overlays as
    /// they stand at `now` (video export draws every tick so).
    public func picture(at now: Time) -> DrawList {
        overlays.prune(at: now)
        return compose(over: lastList ?? lastOutput?.drawList ?? DrawList(), now: now)
    }

    /// The picture to show after an editor frame: with prediction on and fingers down, the
    /// fingers moved to where they will be when the frame is shown (`Editor.preview`, which
    /// changes nothing); otherwise the editor's own.
    private func predictedPicture(after events: [InputEvent], output: FrameOutput, now: Time) -> DrawList {
        guard var p = predictor else { return output.drawList }
        p.update(with: events)
        for outcome in p.takeOutcomes() { for o in observers { o.sessionPredicted(outcome) } }
        let predicted = state.ui.fingers.isEmpty ? [:] : p.predict(at: now + predictionHorizon, now: now, delay: latency)
        predictor = p
        overlays.follow(predictions: predicted)
        guard !predicted.isEmpty else { return output.drawList }
        return editor.preview(state, moving: predicted, now: now)
    }

    /// The editor's picture with the overlays and the PIN pad over it.
    private func compose(over list: DrawList, now: Time) -> DrawList {
        var out = overlays.compose(over: list, now: now, viewport: state.viewport, theme: editor.theme, measurer: editor.measurer, kiosk: kiosk != nil)
        if let time = timeOfDay(at: now), state.viewport.height > state.viewport.width {
            StatusBarClock.draw(time, into: &out, viewport: state.viewport, theme: editor.theme)
        }
        if !overlays.panelOutside, let badge = live.badge {
            VariantBadge.draw(badge, into: &out, width: state.viewport.width, centred: true, theme: editor.theme, measurer: editor.measurer)
        }
        var kioskPicture = pinPicture
        if let kiosk, kiosk.phase != .pin {
            // The invitation and the exit ring move with the clock alone: drawn anew for each picture.
            let ui = UIContext(memory: kioskMemory, touches: [], now: now, viewport: state.viewport, measurer: editor.measurer, theme: editor.theme)
            KioskOverlayView(ui: ui, kiosk: kiosk).draw()
            kioskPicture = ui.draw
        }
        if let over = kioskPicture { for layer in DrawLayer.allCases { out.inLayer(.topmost) { l in over.commands(in: layer).forEach { l.add($0) } } } }
        return out
    }

    public func nextDue(after now: Time) -> (time: Time, reason: String)? {
        if !posted.isEmpty || !carried.isEmpty || needsPresent { return (now, "redraw") }
        var candidates: [(time: Time, reason: String)] = [loop.nextDue(), kiosk?.nextDue(after: now), heldDue].compactMap { $0 }
        if overlays.isAnimating(kiosk: kiosk, now: now) && !isLowFrequency { candidates.append((now + .seconds(1 / max(1, refreshRate)), "overlays")) }
        if services.configurationWatcher != nil { candidates.append((nextConfigurationCheck, "configuration file")) }
        if let clock = nextClockMinute(after: now) { candidates.append((clock, "status bar clock")) }
        if labGestures, configuration.overlays.tuningHold > 0, let hold = live.cornerHold.due { candidates.append((hold, "tuning corner")) }
        if live.flipRequested { candidates.append((now, "flip")) }
        return candidates.min { $0.time < $1.time }
    }

    /// The next instant the editor or the kiosk needs a step (overlays and the configuration file
    /// aside): what a virtual-clock runner steps through.
    public func nextWork(after now: Time) -> (time: Time, reason: String)? {
        let hold = labGestures && configuration.overlays.tuningHold > 0 ? live.cornerHold.due.map { ($0, "tuning corner") } : nil
        return [loop.nextDue(), kiosk?.nextDue(after: now), heldDue, hold].compactMap { $0 }.min { $0.time < $1.time }
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

    /// The added latency (`feel.addedLatency`).
    private var latency: Time { .seconds(max(0, configuration.feel.addedLatency) / 1000) }

    /// When the oldest held-back event is due: the frame loop wakes exactly then (no polling).
    private var heldDue: (time: Time, reason: String)? { held.first.map { ($0.time + latency, "added latency") } }

    /// The events the editor gets now: those that arrived at least the added latency ago, in the
    /// order they arrived; the rest wait.
    private func holdBack(_ arrived: [InputEvent], now: Time) -> [InputEvent] {
        guard latency > .zero || !held.isEmpty else { return arrived }
        held += arrived
        let cut = held.firstIndex { $0.time + latency > now } ?? held.count
        let released = Array(held[..<cut])
        held.removeFirst(cut)
        return released
    }

    // MARK: Live settings: the tuning panel, the A/B flip, reloads

    /// The variant live now (`SettingsChange.baseVariant`: the configuration file's own settings).
    public var liveVariant: String { live.variant }
    /// What the frames made now are made under, as the report names it: the live variant, or
    /// "base (tuned, unsaved)" while tuning not yet saved is in force.
    public var variantLabel: String { live.unsaved > 0 ? SettingsChange.unsavedLabel(of: live.variant) : live.variant }
    /// The two variants an A/B flip switches between (B nil until one is saved or named).
    public var flipPair: (a: String, b: String?) { live.pair }
    /// Whether the tuning panel is open.
    public var isTuningOpen: Bool { live.isTuningOpen }
    /// How many settings differ, after tuning, from the live variant as loaded or saved.
    public var unsavedChanges: Int { live.unsaved }
    /// The tuning panel's elements as last drawn, in the lab panel's points (empty when closed).
    public var tuningElements: [UIElement] { live.isTuningOpen ? live.elements : [] }
    /// Whether the lab's own gestures are taken (`HostServices.labGestures`), never in kiosk mode.
    private var labGestures: Bool { services.labGestures && kiosk == nil }

    /// Names the variant the session started with (nil: the file's own settings) and the other
    /// one an A/B flip switches to (nil: none until the tuning panel saves one).
    public func startVariants(live name: String?, other: String?, now: Time = .zero) {
        live.variant = name ?? SettingsChange.baseVariant
        live.pair = (live.variant, other == live.variant ? nil : other)
        // Said at the first step, on its clock: a line stamped now could come before input that
        // arrives before that step, and a trace must never go back in time.
        live.announceStart = name != nil || other != nil || labGestures
    }

    public func toggleTuning() {
        guard kiosk == nil else { return }
        live.isTuningOpen.toggle()
        live.picture = nil
        needsPresent = true
    }

    public func flipVariant() {
        guard kiosk == nil else { return }
        live.flipRequested = true
    }

    /// Changes the settings as a recorded settings line says, at the next step (a replay).
    public func replay(_ change: SettingsChange) { live.replays.append(change) }

    /// The tuning panel's pass over the touches outside the phone, a flip asked for by key or by a
    /// two-finger tap there, and the settings lines a replay hands over, at the start of a step.
    private func stepLiveSettings(outside: [InputEvent], now: Time, into frame: inout ShellFrame) {
        if live.announceStart {
            live.announceStart = false
            note(SettingsChange(time: now, source: .start, variant: live.variant, changes: .object([])))
        }
        for change in live.replays {
            // Logged as recorded, so the replay's log still matches; a line whose changes cannot
            // be laid over these settings (a key this Tactile lacks, a value out of range) is said.
            note(change)
            live.variant = change.variant
            guard let schema = services.schema else { continue }
            do {
                let new = try schema.applying(change.changes, to: configuration)
                // What the live session loaded or saved is what Revert and "unsaved" measure from
                // (a reload's kept tuning counts as loaded: its line does not tell them apart).
                if [.save, .flip, .reload].contains(change.source) { live.loaded(new) }
                if new != configuration {
                    adopt(new)
                    frame.commands.append(.configurationChanged(new))
                }
            } catch {
                post(banner: "A recorded settings change cannot be replayed: \(ErrorWords.reason(error))", isError: true)
            }
        }
        live.replays.removeAll()
        let touches = outside.filter {
            if case .touch = $0.kind { return true }; return $0.kind == .focusLost
        }
        live.flipTaps.longest = .seconds(configuration.overlays.flipTapDuration)
        if labGestures && live.flipTaps.feed(touches) > 0 { live.flipRequested = true }
        if live.flipRequested {
            live.flipRequested = false
            flip(now: now, into: &frame)
        }
        guard live.isTuningOpen, !touches.isEmpty || live.picture == nil, let size = panelSize else { return }
        let actions = tuningPass(touches, size: size, now: now)
        for action in actions {
            switch action {
            case let .set(setting, value):
                guard let schema = services.schema else { continue }
                do {
                    let new = try schema.applying(setting.changes(to: value), to: configuration)
                    if record(change: .tuning, to: new, variant: live.variant, now: now) {
                        adopt(new)
                        frame.commands.append(.configurationChanged(new))
                    }
                } catch {
                    post(banner: "\(setting.label): \(ErrorWords.reason(error))", isError: true)
                }
            case .save: saveVariant(now: now)
            case .revert:
                if record(change: .revert, to: live.baseline, variant: live.variant, now: now) {
                    adopt(live.baseline)
                    frame.commands.append(.configurationChanged(live.baseline))
                }
            case .flip: flip(now: now, into: &frame)
            case .close:
                toggleTuning()
                frame.commands.append(.showPanel(false))
            }
        }
        // Drawn again as the actions left it (a value moved, a variant saved).
        if !actions.isEmpty { _ = tuningPass([], size: size, now: now) }
        needsPresent = true
    }

    /// One pass of the tuning panel over `touches` (its picture kept); returns what was done.
    private func tuningPass(_ touches: [InputEvent], size: Size, now: Time) -> [TuningPanel.Action] {
        guard let schema = services.schema else { return [] }
        let ui = UIContext(memory: live.memory, touches: touches, now: now, viewport: size, measurer: editor.measurer, theme: editor.theme)
        let drawn = TuningPanel(ui: ui, theme: editor.theme).draw(
            object: schema.jsonObject(of: configuration), live: live.variant, pair: live.pair, unsaved: live.unsaved, offset: live.scroll,
            size: size)
        live.memory = ui.finish()
        live.picture = ui.draw
        live.elements = ui.elements
        for g in drawn.scrolls {
            switch g.phase {
            case .began: live.scrollAnchor = live.scroll
            case .changed: if let anchor = live.scrollAnchor { live.scroll = min(max(0, anchor - g.translation.y), max(0, drawn.height - drawn.room)) }
            default: live.scrollAnchor = nil
            }
        }
        return drawn.actions
    }

    /// A finger held in the screen's corner long enough to open or close the tuning panel.
    private func takeCornerHold(_ input: [InputEvent], now: Time) -> (id: PointerID, at: Point)? {
        guard labGestures, configuration.overlays.tuningHold > 0 else {
            live.cornerHold.reset() // turned off mid-hold: nothing stays due
            return nil
        }
        live.cornerHold.corner = configuration.overlays.tuningCorner
        live.cornerHold.hold = .seconds(configuration.overlays.tuningHold)
        guard let held = live.cornerHold.feed(input, now: now) else { return nil }
        toggleTuning()
        return held
    }

    /// Saves the settings in force as a new variant, which becomes B of the A/B pair and live.
    /// Returns why it could not be saved (the banner shown), nil when it was.
    @discardableResult
    private func saveVariant(now: Time) -> String? {
        guard let store = services.variants else {
            let why = "Variants cannot be saved in this session (no configuration file)"
            post(banner: why, isError: true)
            return why
        }
        do {
            // An edit saved in the person's editor but not yet read stays to be read.
            let editPending = services.configurationWatcher?.hasChanged ?? false
            let saved = try store.save(configuration)
            live.variant = saved.name
            live.pair = (live.pair.a == saved.name ? SettingsChange.baseVariant : live.pair.a, saved.name)
            live.loaded(configuration)
            services.configurationWatcher?.variant = saved.name
            if !editPending && saved.place == .file { services.configurationWatcher?.acceptCurrent() }
            note(SettingsChange(time: now, source: .save, variant: saved.name, changes: .object([])))
            post(
                banner: "Saved variant \(saved.name) in \(saved.url.lastPathComponent)\(saved.place == .sidecar ? " (beside the configuration file)" : "")",
                isError: false)
            return nil
        } catch {
            let why = "The variant could not be saved: \(ErrorWords.sentence(error))"
            post(banner: why, isError: true)
            return why
        }
    }

    /// When the last frame ran (what the session's end is stamped with).
    private var lastStep = Time.zero

    /// What became of tuning not yet saved when the session ends.
    public enum TuningKept: Equatable {
        /// Kept as a variant of its own: "tuned-2 in tactile.json".
        case saved(String)
        /// Could not be saved: why, in words.
        case lost(String)
    }

    /// At the end of a session, tuning not yet saved is kept as a variant of its own (as a flip
    /// keeps it), so nothing tuned is lost; nil when there is none, or no configuration file to
    /// keep it in (the panel said so when the tuning began).
    public func keepUnsavedTuning() -> TuningKept? {
        guard live.unsaved > 0, kiosk == nil, services.variants != nil else { return nil }
        let changes = live.unsaved
        if let why = saveVariant(now: lastStep) { return .lost("\(changes) tuned setting\(changes == 1 ? "" : "s") (\(why))") }
        return .saved(live.variant)
    }

    /// Switches to the other variant of the A/B pair (unsaved tuning is saved as a variant first,
    /// so nothing tuned is lost, and becomes B).
    private func flip(now: Time, into frame: inout ShellFrame) {
        guard kiosk == nil else { return }
        if live.unsaved > 0 {
            // The tuning is kept as a variant of its own; the flip still goes to the pair's other
            // side (when there is no B yet, the saved tuning becomes B).
            let pair = live.pair, from = live.variant
            guard saveVariant(now: now) == nil else { return }
            if pair.b != nil {
                live.pair = pair
                live.variant = from
            }
        }
        guard let b = live.pair.b else {
            post(banner: "Nothing to flip to yet: save a variant in the tuning panel (F5), or start with --flip A,B", isError: false)
            return
        }
        guard let store = services.variants else { return }
        let target = live.variant == live.pair.a ? b : live.pair.a
        do {
            let new = try store.configuration(variant: target)
            record(change: .flip, to: new, variant: target, now: now, always: true)
            live.variant = target
            live.loaded(new)
            services.configurationWatcher?.variant = target == SettingsChange.baseVariant ? nil : target
            adopt(new)
            frame.commands.append(.configurationChanged(new))
            post(banner: "Variant \(target == live.pair.a ? "A" : "B"): \(target)", isError: false)
        } catch {
            post(banner: "Cannot flip to \(target): \(ErrorWords.reason(error))", isError: true)
        }
    }

    /// Hands `change` to the next frame record (a trace line) and the log (a `settings` event).
    private func note(_ change: SettingsChange) {
        live.pending.append(change)
        exportLog.append(change.logEvent)
    }

    /// Notes a change of the settings to `new` (a trace line at the next frame, a `settings`
    /// event in the log); false when nothing changes.
    @discardableResult
    private func record(change source: SettingsChange.Source, to new: TactileConfiguration, variant: String, now: Time, always: Bool = false) -> Bool {
        guard let schema = services.schema else { return new != configuration }
        let changes = schema.changes(from: configuration, to: new)
        guard always || changes != .object([]) else { return false }
        note(SettingsChange(time: now, source: source, variant: variant, changes: changes))
        return true
    }

    // MARK: Parts of a step

    /// A reloaded configuration, when the watched file changed and is good; a banner either way.
    private func pollConfiguration(now: Time) -> TactileConfiguration? {
        guard let watcher = services.configurationWatcher, now >= nextConfigurationCheck else { return nil }
        nextConfigurationCheck = now + .seconds(configuration.session.configurationPollInterval)
        switch watcher.poll() {
        case var .success(new)?:
            services.adjustReloaded?(&new)
            // Tuning not yet saved is laid back over the file's new settings: a reload never
            // throws away what was tuned.
            var inForce = new
            if live.unsaved > 0, let schema = services.schema, let laid = try? schema.applying(schema.changes(from: live.baseline, to: configuration), to: new)
            {
                inForce = laid
            }
            record(change: .reload, to: inForce, variant: live.variant, now: now)
            live.loaded(new)
            adopt(inForce)
            let kept = live.unsaved
            new = inForce
            state.banner = Banner(
                message: "Settings reloaded from \(watcher.url.lastPathComponent)"
                    + (kept > 0 ? " (\(kept) tuned value\(kept == 1 ? "" : "s") kept, not saved)" : ""), isError: false,
                until: now + .seconds(new.editing.bannerDuration))
            needsPresent = true
            return new
        case let .failure(error)?:
            state.banner = Banner(
                message: "\(watcher.url.lastPathComponent): \(ErrorWords.reason(error)) — keeping the settings in use", isError: true,
                until: now + .seconds(configuration.editing.bannerDuration))
            needsPresent = true
            return nil
        case nil:
            return nil
        }
    }

    /// Takes a new configuration, keeping the project, the view and every finger that is down.
    /// How many times the configuration has changed (live reloads): observers that depend on
    /// the settings compare this rather than the whole configuration.
    public private(set) var configurationChanges = 0

    public func adopt(_ new: TactileConfiguration) {
        configurationChanges += 1
        // A new predictor only when its settings changed: a finger down keeps its history.
        let f = new.feel, old = configuration.feel
        if predictor == nil
            || (f.prediction, f.predictionMaximumDistance, f.kalmanProcessNoise, f.kalmanMeasurementNoise, new.input.velocityWindow)
                != (old.prediction, old.predictionMaximumDistance, old.kalmanProcessNoise, old.kalmanMeasurementNoise, configuration.input.velocityWindow)
        {
            predictor = Self.predictor(for: new)
        }
        configuration = new
        live.picture = nil // the tuning panel shows the new values
        // Unsaved: the settings that differ from the live variant as loaded or saved (a slider
        // moved back where it was is no change), whichever way the settings changed.
        live.unsaved = services.schema.map { ConfigurationSchema.dotted($0.changes(from: live.baseline, to: new)).count } ?? 0
        frustration.settings = new.study
        editor = Editor(configuration: new, measurer: editor.measurer, media: editor.media)
        state.adopt(new)
        let before = overlays
        overlays = HostOverlays(configuration: new)
        overlays.carry(from: before)
        needsPresent = true
    }

    /// One UI pass of the kiosk overlay over `touches` while the PIN pad is open: its picture
    /// kept, the keys tapped returned.
    private func kioskPass(_ kiosk: KioskMode, touches: [InputEvent], now: Time) -> [PinPad.Key] {
        let ui = UIContext(
            memory: kioskMemory,
            touches: touches.filter {
                if case .touch = $0.kind { return true }; return $0.kind == .focusLost
            },
            now: now, viewport: state.viewport, measurer: editor.measurer, theme: editor.theme)
        let keys = KioskOverlayView(ui: ui, kiosk: kiosk).draw()
        kioskMemory = ui.finish()
        pinPicture = ui.draw
        return keys
    }

    /// Kiosk mode's step: the editor's input out (the visitor's, or the attract tour's).
    private func stepKiosk(_ input: [InputEvent], now: Time) -> [InputEvent] {
        guard var k = kiosk, let setup = kioskSetup else { return input }
        var reset = false
        // While the PIN pad is open the input is the pad's: its UI pass says which keys were tapped.
        let keys = k.phase == .pin ? kioskPass(k, touches: input, now: now) : []
        let step = k.step(input, viewport: state.viewport, now: now, pinKeys: keys, week: wallClockOrigin.map { $0 + now })
        kiosk = k
        if k.phase == .pin {
            _ = kioskPass(k, touches: [], now: now) // the pad as this step left it
        } else {
            pinPicture = nil
            kioskMemory = UIMemory(input: configuration.input)
        }
        var pending = step.events
        for command in step.commands {
            switch command {
            case .visitorArrived, .visitorLeft:
                for o in observers { o.sessionSawVisitor(command, state: state, at: now) }
            case .resetToDemo:
                reset = true
                let viewport = state.viewport
                state = EditorState(project: setup.demo, configuration: configuration, viewport: viewport)
                state.library = library
                state.tasks = plan.map(TaskRun.init)
                loop = FrameLoop(mode: loopMode)
                overlays.resetIndicators()
                // A finger of the tour that never lifted is forgotten with the editor it touched.
                predictor = Self.predictor(for: configuration)
                gestures = GestureOfFrame()
                needsPresent = true
            case .exit:
                exited = true
                return []
            case .restart:
                exited = true
                restartRequested = true
                return []
            }
        }
        if reset && !pending.isEmpty {
            // A fresh editor lays out once before it takes touches (a touch hits what the last
            // pass drew): the events wait one frame, stamped just after this one (a microsecond,
            // the trace's grid) so that a visitor's recording replays exactly.
            carried = pending.map {
                var e = $0; e.time = now + .seconds(0.000_001); return e
            }
            pending = []
        } else if !carried.isEmpty {
            pending = carried + pending
            carried = []
        }
        return pending
    }
}

/// One frame the editor ran: when, with what input, the state it left and what it produced.
public struct FrameRecord {
    public var time: Time
    /// The events that arrived in this step (after kiosk mode took its share): what a recording
    /// keeps, so that a replay holds them back by the same added latency.
    public var events: [InputEvent]
    /// The events the editor got in this frame: `events` unless `feel.addedLatency` held some back.
    public var released: [InputEvent]
    /// The export news the session took in this step, if any (a recording keeps it).
    public var exportNews: MovieExportNews?
    /// The kiosk PIN pad's verdicts since the last frame (a recording keeps them, never the PIN).
    public var pinVerdicts: [Bool] = []
    /// The settings changed since the last frame (tuning, a flip, a reload), before this frame ran.
    public var settings: [SettingsChange] = []
    public var state: EditorState
    public var output: FrameOutput
}

/// One step of the session: when, the input it got (before kiosk mode), and whether the editor ran.
public struct StepRecord {
    public var time: Time
    public var input: [InputEvent]
    public var ranEditor: Bool
    /// The kiosk PIN pad's verdicts since the last step.
    public var pinVerdicts: [Bool] = []
}
