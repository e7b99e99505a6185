import CSDL2
import Logging
import TactileCore
import TactileEditor
import TactileInput
import TactileMedia
import TactileUI

/// One frame the window ran: when, with what input, the state it left and what it produced.
public struct FrameRecord {
    public var time: Time
    public var events: [InputEvent]
    public var state: EditorState
    public var output: FrameOutput
}

/// How the window opens.
public struct WindowOptions: Sendable {
    public var viewport: Size
    /// Pixels per point; nil chooses from the display.
    public var scale: Double?
    /// Fill the window with the UI instead of showing a phone in a device frame.
    public var fill: Bool
    public var fullscreen: Bool
    public init(viewport: Size, scale: Double?, fill: Bool, fullscreen: Bool) {
        self.viewport = viewport; self.scale = scale; self.fill = fill; self.fullscreen = fullscreen
    }
}

/// The window: SDL events in, editor frames out, drawn only when the picture changed. Between
/// frames it sleeps in `SDL_WaitEventTimeout` until the next input or the earliest frame the
/// editor asked for; with nothing scheduled it waits for input alone (idle: zero frames).
public final class WindowHost {
    private let options: WindowOptions
    private var configuration: TactileConfiguration
    private var logger = Logger(label: "tactile.window")
    private var window: OpaquePointer?
    private var sdlRenderer: OpaquePointer?
    /// Frames run and frames presented so far.
    public private(set) var framesRun = 0, framesPresented = 0
    /// Called after every editor frame with its record (recording, autosave, tests).
    public var onFrame: ((FrameRecord) -> Void)?
    /// Reloads the configuration when its file changes (`--config`), checked every
    /// `session.configurationPollInterval` seconds.
    public var configurationWatcher: ConfigurationWatcher?
    /// Whether playback's picture follows the sound card's clock. A recording turns this off so
    /// that the session replays exactly on a virtual clock (the sound may then drift from the
    /// picture by the two clocks' difference, parts per million).
    public var followsAudioClock = true
    /// The editor's state when the window closed.
    public private(set) var finalState: EditorState?
    /// The display's refresh rate, once the window is open.
    public private(set) var refreshRate: Double = 60
    /// The device frame in use (where the phone's screen sits in the window).
    public private(set) var currentFrame: DeviceFrame?
    /// A test plan to run: its prompt shows over the editor (and again for each kiosk visitor).
    public var plan: TaskPlan?
    /// Applied to every reloaded configuration (the command line's overlay switches stay on).
    public var adjustReloaded: ((inout TactileConfiguration) -> Void)?
    /// Kiosk mode, when set before `run`: fullscreen, no cursor, no way out by ordinary keys
    /// or the window manager, idle reset and an attract loop (see `KioskMode`).
    public var kiosk: KioskSetup?
    /// The kiosk's state while it runs (tests look at it).
    public private(set) var kioskMode: KioskMode?
    /// How the last run ended.
    public private(set) var ending: Ending = .closed
    /// Banners the program asked for (a recording stopped, autosave failing), shown on the next frame.
    private var postedBanners: [(message: String, isError: Bool)] = []

    /// Shows `message` in a banner on the next frame (from the window's own thread, e.g. in
    /// `onFrame`). Like the configuration's reload banner it is the window's, not the editor's:
    /// it is not logged, so recordings replay the same.
    public func post(banner message: String, isError: Bool) {
        postedBanners.append((message, isError))
    }

    /// How a run ended.
    public enum Ending: Equatable, Sendable {
        /// The window was closed (close button, Ctrl+Q).
        case closed
        /// A termination signal (SIGTERM, SIGINT, SIGHUP) asked it to save and close.
        case terminated
        /// Kiosk staff used the way out (exit gesture, and the PIN when one is set).
        case kioskExit
    }

    public init(options: WindowOptions, configuration: TactileConfiguration) {
        self.options = options; self.configuration = configuration
    }

    deinit {
        if let r = sdlRenderer { SDL_DestroyRenderer(r) }
        if let w = window { SDL_DestroyWindow(w) }
    }

    /// The media cache of the running window (decoding in the background).
    public private(set) var media: MediaCache?

    /// Opens the window on `project` and runs until the window closes; `notices` show in a banner.
    public func run(project: Project, notices: [String] = [], library: MediaLibrary = MediaLibrary()) throws {
        try SDLRuntime.start(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
        let scale = options.scale ?? Self.displayScale(viewport: options.viewport, configuration: configuration)
        let margin = configuration.window.deviceMargin
        let initial = options.fill ? Size(width: options.viewport.width * scale, height: options.viewport.height * scale)
            : DeviceFrame.windowSize(viewport: options.viewport, scale: scale, margin: margin)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if options.fullscreen || kiosk != nil { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if kiosk != nil {
            // Visitors must not leave: keyboard shortcuts go to the window, not the desktop.
            SDL_SetHint(SDL_HINT_GRAB_KEYBOARD, "1")
            SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
        }
        var x = tactile_SDL_WINDOWPOS_CENTERED(), y = x, width = Int32(initial.width), height = Int32(initial.height)
        var display = SDL_Rect()
        if flags & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0, SDL_GetDisplayBounds(0, &display) == 0, display.w > 0 {
            // Open at the display's size, borderless, as well as asking for fullscreen: a kiosk
            // often runs with no window manager to honour the request.
            flags |= SDL_WINDOW_BORDERLESS.rawValue
            (x, y, width, height) = (display.x, display.y, display.w, display.h)
        }
        guard let w = SDL_CreateWindow("Tactile", x, y, width, height, flags) else { throw SDLError("opening the window") }
        window = w
        if kiosk != nil {
            SDL_ShowCursor(SDL_DISABLE)
            SDL_SetWindowKeyboardGrab(w, SDL_TRUE)
        }
        let accelerated = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        guard let r = accelerated ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else { throw SDLError("creating a renderer") }
        sdlRenderer = r
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(r, &info)
        logger.info("renderer: \(String(cString: info.name)), scale \(scale)")

        let fonts = try Fonts()
        let drawer = DrawListRenderer(renderer: r, fonts: fonts)
        let measurer = TTFTextMeasurer(fonts: fonts, scale: scale)
        let media = MediaCache(settings: configuration.media, mode: .background(wake: { SDLEvents.pushWake() }),
                               proxies: ProxyStore(folder: ProxyStore.defaultFolder, settings: configuration.media))
        self.media = media
        drawer.imageStore = media
        var editor = Editor(configuration: configuration, measurer: measurer, media: media)
        var mode = SDL_DisplayMode()
        if SDL_GetCurrentDisplayMode(0, &mode) == 0, mode.refresh_rate > 0 { refreshRate = Double(mode.refresh_rate) }
        let cues = CuePlayer(configuration: configuration.cues)
        let sound = AudioPlayback(configuration: configuration.media)
        var state = EditorState(project: project, configuration: configuration, viewport: options.viewport)
        state.notices = notices
        state.library = library
        state.tasks = plan.map(TaskRun.init)
        var mediaGeneration = media.generation
        let clock = SessionClock()
        kioskMode = kiosk.map { KioskMode(settings: configuration.kiosk, attractTrace: $0.attractTrace, now: clock.now,
                                          visitorPresent: $0.visitorPresent) }
        ending = .closed
        var indicators = TouchIndicators(configuration: configuration.overlays)
        var diagnostics = Diagnostics(configuration: configuration)
        var lastOutput: FrameOutput?
        /// Whether indicators were drawn in the picture on screen (one more redraw erases them).
        var overlayOnScreen = false
        var nextConfigurationCheck = Time.zero
        var loop = FrameLoop()
        var translator = EventTranslator(touchscreen: configuration.touchscreen)
        for i in 0..<SDL_GetNumTouchDevices() {
            let name = SDL_GetTouchName(i).map { String(cString: $0) } ?? "?"
            logger.info("touch device \(i): \(name)\(translator.touchscreen.accepts(deviceNamed: name) ? "" : " (not used: touchscreen.deviceName)")")
        }
        var pending: [InputEvent] = []
        /// Kiosk: input held back one frame while a fresh demo lays out.
        var carried: [InputEvent] = []
        var lastList: DrawList?
        var needsPresent = true
        var fullscreen = options.fullscreen
        var frame = deviceFrame(scale: scale, viewport: state.viewport)

        var running = true
        while running {
            // Sleep until input or the next due frame.
            var event = SDL_Event()
            let timeout: Int32
            let animating = indicators.isShowing || kioskMode?.isAnimating == true
            let overlayDue: Time? = animating ? clock.now + .seconds(1.0 / refreshRate) : nil
            let configurationDue: Time? = configurationWatcher == nil ? nil : nextConfigurationCheck
            if !pending.isEmpty || !carried.isEmpty || needsPresent || !postedBanners.isEmpty { timeout = 0 }
            else if let due = [loop.nextDue()?.time, overlayDue, configurationDue, kioskMode?.nextDue(after: clock.now)?.time].compactMap({ $0 }).min() {
                timeout = Int32(max(0, min(Double(Int32.max), ((due - clock.now).seconds * 1000).rounded(.up))))
            }
            else { timeout = -1 }
            if timeout != 0 { cues.pauseWhenSilent() }
            var got = timeout == 0 ? SDL_PollEvent(&event) : (timeout < 0 ? SDL_WaitEvent(&event) : SDL_WaitEventTimeout(&event, timeout))
            while got != 0 {
                let windowPixels = pixelSize()
                switch translator.translate(event, frame: frame, windowPixels: windowPixels, now: clock.now, into: &pending) {
                case .quit?:
                    // Kiosk mode has no way out but its own gesture.
                    if kiosk == nil { running = false }
                case .terminate?:
                    running = false
                    ending = .terminated
                case .resized?: needsPresent = true
                case .toggleFullscreen? where kiosk == nil:
                    fullscreen.toggle()
                    SDL_SetWindowFullscreen(w, fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
                    needsPresent = true
                case .toggleFullscreen?, nil: break
                }
                got = SDL_PollEvent(&event)
            }
            // A signal that came before the window could take events.
            if TerminationSignals.received != nil { running = false; ending = .terminated }
            guard running else { break }
            let now = clock.now
            if let watcher = configurationWatcher, now >= nextConfigurationCheck {
                nextConfigurationCheck = now + .seconds(configuration.session.configurationPollInterval)
                switch watcher.poll() {
                case var .success(new)?:
                    adjustReloaded?(&new)
                    configuration = new
                    editor = Editor(configuration: new, measurer: measurer, media: media)
                    state.adopt(new)
                    cues.adopt(new.cues)
                    indicators = TouchIndicators(configuration: new.overlays)
                    diagnostics = Diagnostics(configuration: new)
                    if new.touchscreen != translator.touchscreen.settings { translator.adopt(new.touchscreen) }
                    state.banner = Banner(message: "Settings reloaded from \(watcher.url.lastPathComponent)", isError: false,
                                          until: now + .seconds(new.editing.bannerDuration))
                    logger.info("configuration reloaded from \(watcher.url.path)")
                    needsPresent = true
                case let .failure(error)?:
                    state.banner = Banner(message: "\(watcher.url.lastPathComponent): \(error) — keeping the settings in use", isError: true,
                                          until: now + .seconds(configuration.editing.bannerDuration))
                    logger.warning("configuration not reloaded: \(error)")
                    needsPresent = true
                case nil: break
                }
            }
            for posted in postedBanners {
                state.banner = Banner(message: posted.message, isError: posted.isError, until: now + .seconds(configuration.editing.bannerDuration))
                needsPresent = true
            }
            postedBanners.removeAll()
            // Impossible positions (a glitching panel, a wild calibration) are made safe before
            // anything sees them, so a recorded trace holds only numbers it can write.
            pending = TouchSanitizer.sanitize(pending, fingers: state.ui.fingers).map { $0.roundedForTrace() }
            if var k = kioskMode, let setup = kiosk {
                var reset = false
                let step = k.step(pending, viewport: state.viewport, now: now)
                kioskMode = k
                pending = step.events
                for command in step.commands {
                    switch command {
                    case .visitorArrived, .visitorLeft:
                        setup.onVisitor?(command, state, now)
                    case .resetToDemo:
                        reset = true
                        let viewport = state.viewport
                        state = EditorState(project: setup.demo, configuration: configuration, viewport: viewport)
                        state.library = library
                        state.tasks = plan.map(TaskRun.init)
                        loop = FrameLoop()
                        indicators = TouchIndicators(configuration: configuration.overlays)
                        needsPresent = true
                    case .exit:
                        running = false
                        ending = .kioskExit
                    }
                }
                if !running { break }
                if reset && !pending.isEmpty {
                    // A fresh editor lays out once before it takes touches (a touch hits what
                    // the last pass drew): the events wait one frame, stamped just after this
                    // one (a microsecond, the trace's grid) so that a visitor's recording replays
                    // exactly.
                    carried = pending.map { var e = $0; e.time = now + .seconds(0.000_001); return e }
                    pending = []
                } else if !carried.isEmpty {
                    pending = carried + pending
                    carried = []
                }
            }
            // Touch indicators: on request, and always for the kiosk's attract loop.
            if configuration.overlays.showTouches || kioskMode?.phase == .attract {
                indicators.update(with: pending)
                indicators.prune(at: now)
            }
            diagnostics.pointer?.update(with: pending)
            let decorated = showsOverlays(indicators) || diagnostics.isOn
            let layoutChanged = needsPresent
            if layoutChanged {
                frame = deviceFrame(scale: scale, viewport: options.fill ? nil : state.viewport)
                if state.viewport != frame.viewport { state.viewport = frame.viewport }
            }
            let mediaArrived = media.generation != mediaGeneration
            guard !pending.isEmpty || loop.isDue(at: now) || layoutChanged || mediaArrived else {
                // Only the overlays moved: draw them over the last frame.
                if let lastOutput, decorated || overlayOnScreen {
                    present(lastOutput.drawList, overlays: indicators, diagnostics: diagnostics, now: now, frame: frame, drawer: drawer,
                            theme: editor.theme)
                    overlayOnScreen = decorated
                }
                continue
            }
            mediaGeneration = media.generation
            let viewportBefore = state.viewport
            if sound.isPlaying {
                sound.feed()
                if followsAudioClock, let heard = sound.position { editor.followAudioClock(&state, heard: heard, now: now) }
            }
            let playingBefore = state.playback?.positionAnchor
            let frameStarted = clock.now
            let output = editor.frame(&state, events: pending, now: now)
            let frameTime = clock.now - frameStarted
            // Start, restart or stop the sound with the picture.
            if let playback = state.playback {
                if playback.positionAnchor != playingBefore || !sound.isPlaying {
                    sound.start(state.project, at: playback.positionAnchor) { media.status(of: $0).info?.hasAudio == true }
                }
            } else if sound.isPlaying {
                sound.stop()
            }
            let events = pending
            pending.removeAll()
            loop.frameDidRun(at: now, requests: output.requests)
            diagnostics.recordFrame(at: now, duration: frameTime, events: events.count, output: output,
                                    waitingFor: [loop.nextDue(), kioskMode?.nextDue(after: now)].compactMap { $0 }.min { $0.time < $1.time })
            framesRun += 1
            currentFrame = frame
            lastOutput = output
            onFrame?(FrameRecord(time: now, events: events, state: state, output: output))
            for cue in output.cues {
                cues.play(cue.cue)
                logger.debug("cue \(cue.cue.rawValue) (\(cue.reason))")
            }
            if state.viewport != viewportBefore {
                // Rotated: turn the window too, when it shows a phone.
                if !options.fill {
                    let size = DeviceFrame.windowSize(viewport: state.viewport, scale: frame.scale, margin: margin)
                    SDL_SetWindowSize(w, Int32(size.width), Int32(size.height))
                }
                needsPresent = true
                continue
            }
            if output.drawList != lastList || layoutChanged || decorated || overlayOnScreen {
                present(output.drawList, overlays: indicators, diagnostics: diagnostics, now: now, frame: frame, drawer: drawer,
                        theme: editor.theme)
                overlayOnScreen = decorated
                lastList = output.drawList
                framesPresented += 1
            }
            needsPresent = false
        }
        finalState = state
        logger.info("closed after \(framesRun) frames, \(framesPresented) presented")
    }

    private func pixelSize() -> Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    private func deviceFrame(scale: Double, viewport: Size?) -> DeviceFrame {
        DeviceFrame(window: pixelSize(), viewport: viewport ?? options.viewport, scale: scale, fill: options.fill || viewport == nil,
                    margin: configuration.window.deviceMargin)
    }

    /// Whether anything is drawn over the editor's picture: touch indicators (on request or in
    /// the attract loop) or the kiosk's invitation, exit ring or PIN pad.
    private func showsOverlays(_ indicators: TouchIndicators) -> Bool {
        (indicators.isShowing && (configuration.overlays.showTouches || kioskMode != nil)) || kioskMode.map { $0.phase != .visitor || $0.isAnimating } == true
    }

    private func present(_ list: DrawList, overlays indicators: TouchIndicators, diagnostics: Diagnostics, now: Time, frame: DeviceFrame,
                         drawer: DrawListRenderer, theme: Theme) {
        guard let r = sdlRenderer else { return }
        var list = list
        if configuration.overlays.showTouches || kioskMode != nil { indicators.draw(into: &list, now: now, color: theme.touches) }
        diagnostics.draw(into: &list, now: now, viewport: frame.viewport, theme: theme)
        if let kioskMode { KioskOverlay.draw(kioskMode, into: &list, viewport: frame.viewport, now: now, theme: theme) }
        let window = pixelSize()
        SDL_RenderSetClipRect(r, nil)
        SDL_SetRenderDrawColor(r, theme.desk.r, theme.desk.g, theme.desk.b, 255)
        SDL_RenderClear(r)
        let s = frame.screen
        drawer.render(list, placement: .init(originX: s.x, originY: s.y, scale: frame.scale),
                      bounds: SDL_Rect(x: Int32(s.x), y: Int32(s.y), w: Int32(s.width), h: Int32(s.height)))
        if frame.showsBezel {
            // Round the screen's corners (masks in the desk's colour), then lay the bezel, a
            // rounded ring, over the seam between screen and desk.
            let bezel = configuration.window.bezelWidth * frame.scale
            let radius = configuration.window.screenCornerRadius * frame.scale
            var chrome = DrawList()
            let body = s.outsetBy(dx: bezel, dy: bezel)
            chrome.add(.cornerMask(s, theme.desk, cornerRadius: radius))
            chrome.add(.strokeRect(body, theme.bezel, width: bezel + 1, cornerRadius: radius + bezel))
            chrome.add(.strokeRect(body.outsetBy(dx: 1.5, dy: 1.5), Color(hex: 0x44474F), width: 1.5, cornerRadius: radius + bezel + 1.5))
            drawer.render(chrome, placement: .init(originX: 0, originY: 0, scale: 1),
                          bounds: SDL_Rect(x: 0, y: 0, w: Int32(window.width), h: Int32(window.height)))
        }
        SDL_RenderPresent(r)
    }

    /// A scale that shows the phone and its frame within the display's usable height, at most
    /// the display's density (96 dpi = 1×), in steps of 0.5.
    static func displayScale(viewport: Size, configuration: TactileConfiguration) -> Double {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.h > 0 else { return 1 }
        let margin = configuration.window.deviceMargin
        let fit = min(Double(bounds.h) * configuration.window.maximumDisplayShare / (viewport.height + 2 * margin),
                      Double(bounds.w) * configuration.window.maximumDisplayShare / (viewport.width + 2 * margin))
        var ddpi: Float = 0
        let density = SDL_GetDisplayDPI(0, &ddpi, nil, nil) == 0 && ddpi > 0 ? Double(ddpi) / 96 : 1
        let chosen = min(fit, max(1, density))
        return max(0.5, (chosen * 2).rounded(.down) / 2)
    }
}
