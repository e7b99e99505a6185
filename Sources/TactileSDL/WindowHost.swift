import CSDL2
import Foundation
import Logging
import TactileCore
import TactileInput
import TactileUI

/// How the window opens.
public struct WindowOptions: Sendable {
    public var viewport: Size
    /// Pixels per point; nil chooses from the display.
    public var scale: Double?
    /// Fill the window with the UI instead of showing a phone in a device frame.
    public var fill: Bool
    public var fullscreen: Bool
    /// Kiosk mode: fullscreen and borderless at the display's size, no cursor, the keyboard grabbed.
    public var kiosk: Bool
    /// The width of the lab panel the window opens wide enough to show beside the phone, in
    /// points; nil: none (the session says what it shows, `ShellSession.panelWidth`).
    public var panel: Double?
    public init(viewport: Size, scale: Double?, fill: Bool, fullscreen: Bool, kiosk: Bool = false, panel: Double? = nil) {
        self.viewport = viewport; self.scale = scale; self.fill = fill; self.fullscreen = fullscreen; self.kiosk = kiosk; self.panel = panel
    }
}

/// What the window gives the session it opens: text measured with its fonts at its scale, its
/// display's refresh rate and its clock.
public struct WindowSetup {
    public var measurer: TextMeasurer
    public var scale: Double
    public var refreshRate: Double
    public var clock: SessionClock
}

/// The SDL backend of a `ShellSession`: it opens the window, translates SDL's events into
/// input, steps the session, renders what it returns, plays its cues and sound, carries out its
/// commands, and sleeps in `SDL_WaitEventTimeout` until the next input or the instant the session
/// says it is next due (idle: no wake-ups at all). It knows nothing of the editor behind the
/// session (`TactileHost` is that).
public final class WindowHost {
    private let options: WindowOptions
    /// The window's settings: its device frame, cue and sound devices, the touch panel.
    private var settings: WindowHostSettings
    private var logger = Logger(label: "tactile.window")
    private var window: OpaquePointer?
    private var sdlRenderer: OpaquePointer?
    private var drawer: DrawListRenderer?
    /// Where pictures without a texture come from (decoded frames, thumbnails), and whose
    /// `generation` tells that new ones arrived.
    public var media: (MediaSource & ImageStore)?
    /// Pictures presented so far.
    public private(set) var framesPresented = 0
    /// The display's refresh rate, once the window is open.
    public private(set) var refreshRate: Double = 60
    /// The device frame in use (where the phone's screen sits in the window).
    public private(set) var currentFrame: DeviceFrame?
    /// How the last run ended.
    public private(set) var ending: Ending = .closed
    /// Who is told each time the loop comes round, in the order added (`observeLoop`).
    private var loopObservers: [(_ now: Time, _ presented: Bool) -> Void] = []
    /// What the loop must wake for even when nothing is due (`wakeBy`).
    private var wakeRequests: [(Time) -> Time?] = []

    /// Tells `observer` each time the loop comes round — after presenting a picture, or after
    /// waking with nothing to show — with the clock and whether it presented: a service manager's
    /// watchdog is fed from here, so a wedged renderer or a stuck frame silences it. Observers are
    /// told in the order they were added.
    public func observeLoop(_ observer: @escaping (_ now: Time, _ presented: Bool) -> Void) { loopObservers.append(observer) }

    /// Makes the loop wake by the instant `latest` gives (asked with the clock now; nil: no need)
    /// even when nothing is due: the watchdog's next beat, the health server's proof of life.
    /// The earliest of all such instants wins.
    public func wakeBy(_ latest: @escaping (Time) -> Time?) { wakeRequests.append(latest) }
    /// Called each time round, before the wait: a test stalls the loop here.
    public var loopHook: (() -> Void)?
    /// Asked before each present whether to capture that picture (a health server's screenshot);
    /// the pixels go to `onCapture`, read back before the present, in the window's pixels.
    public var wantsCapture: (() -> Bool)?
    public var onCapture: ((RGBAImage) -> Void)?
    private let presentLock = NSLock()
    private var presentRequested = false

    /// Asks the loop, from any thread, to present a picture soon even if nothing changed (a
    /// screenshot is wanted): it is woken and draws again.
    public func requestPresent() {
        presentLock.withLock { presentRequested = true }
        SDLEvents.pushWake()
    }
    /// Whether presents wait for the display's refresh.
    private var vsyncOn = false
    /// When the last input event arrived (arrivals never go back).
    private var lastArrival = Time.zero
    /// Fingers that went down outside the phone's screen (their events go to `outsideInput`).
    private var outsideFingers: Set<PointerID> = []

    /// How a run ended.
    public enum Ending: Equatable, Sendable {
        /// The window was closed (close button, Ctrl+Q).
        case closed
        /// A termination signal (SIGTERM, SIGINT, SIGHUP) asked it to save and close.
        case terminated
        /// The session closed itself (the kiosk's way out was used).
        case sessionExit
    }

    public init(options: WindowOptions, settings: WindowHostSettings) {
        self.options = options; self.settings = settings
    }

    deinit {
        drawer?.releaseTextures()
        if let r = sdlRenderer { SDL_DestroyRenderer(r) }
        if let w = window { SDL_DestroyWindow(w) }
    }

    /// Opens the window, makes the session with `open` and runs it until the window closes.
    public func run(_ open: (WindowSetup) throws -> ShellSession) throws {
        let (scale, fonts) = try openWindow()
        let clock = SessionClock()
        let session = try open(
            WindowSetup(
                measurer: TTFTextMeasurer(fonts: fonts, scale: scale), scale: scale, refreshRate: refreshRate,
                clock: clock))
        let cues = CuePlayer(configuration: settings.cues), sound = AudioPlayback(configuration: settings.media)
        var translator = EventTranslator(touchscreen: settings.touchscreen)
        logTouchDevices(translator)
        openKernelTimestamps(clock: clock, translator: &translator)
        var frame = deviceFrame(scale: scale, viewport: session.viewport, panel: session.panelWidth)
        var theme = Theme(appearance: settings.theme)
        // The lab panel: beside the phone when the window has room, else in a drawer F2 opens.
        var drawerOpen = false
        session.placePanel(outside: frame.panel != nil, width: nil)
        var input: [InputEvent] = [], outside: [InputEvent] = [], relayout = true, generation = media?.generation ?? 0
        ending = .closed
        // Late input (`window.lateInput`): a frame a touch starts waits for its deadline.
        var inputDeadline = InputDeadline(budget: .seconds(settings.window.frameBudget / 1000))
        var holdUntil: Time?
        let period = Time.seconds(1 / max(1, refreshRate))
        while true {
            loopHook?()
            var due = relayout ? clock.now : session.nextDue(after: clock.now)?.time
            for request in wakeRequests { if let beat = request(clock.now) { due = min(due ?? beat, beat) } }
            if let hold = holdUntil, !relayout { due = hold }
            if due != clock.now { cues.pauseWhenSilent() }
            // The kernel's node is drained each time round too, so touches on other windows never
            // fill its buffer until it drops events.
            pumpKernel(into: &translator)
            for action in waitForInput(until: due, clock: clock, frame: frame, translator: &translator, into: &input, outside: &outside) {
                if handle(action, session: session, frame: frame, drawerOpen: &drawerOpen, relayout: &relayout) { return }
            }
            if TerminationSignals.received != nil { ending = .terminated; return }
            if presentLock.withLock({
                defer { presentRequested = false }; return presentRequested
            }) {
                relayout = true
            }
            if vsyncOn && settings.window.lateInput && !relayout && (!input.isEmpty || !outside.isEmpty),
                let deadline = inputDeadline.deadline(period: period), clock.now < deadline
            {
                // Too early for the next refresh: take what else comes until the deadline.
                holdUntil = deadline
                continue
            }
            if holdUntil != nil {
                holdUntil = nil
                inputDeadline.readingLate(period: period)
            }
            if relayout { frame = layOut(scale: scale, session: session, drawerOpen: drawerOpen) }
            let arrived = media.map { $0.generation != generation } ?? false
            generation = media?.generation ?? 0
            sound.feed()
            currentFrame = frame
            let stepTime = clock.now
            let step = session.step(
                input, now: stepTime, context: StepContext(soundElapsed: sound.heard, mediaArrived: arrived, relayout: relayout, outsideInput: outside))
            outside.removeAll()
            // An event read after this step is timed after it: SDL's whole-millisecond
            // timestamps put one queued just after the step up to a millisecond before it, and a
            // recording's lines must keep time order (a trace that goes back cannot be replayed).
            // Strictly after it, on the trace's microsecond grid: an event at the step's own time
            // would be replayed into that step, not the next one that took it.
            lastArrival = max(lastArrival, stepTime + Time(ticks: Time.ticksPerSecond / 1_000_000))
            input.removeAll()
            relayout = false
            for cue in step.cues { cues.play(cue.cue) }
            for command in step.commands {
                let stop = obey(
                    command, session: session, frame: frame, drawerOpen: &drawerOpen, relayout: &relayout, theme: &theme, translator: &translator,
                    cues: cues, sound: sound)
                if stop { return }
            }
            if let list = step.drawList {
                let began = clock.now
                let presentBegan = present(list, frame: frame, theme: theme, clock: clock, shift: step.shift, panel: step.panel)
                let presented = clock.now
                inputDeadline.presented(at: presented, period: period)
                session.didPresent(
                    PresentTiming(
                        renderBegan: began, presentBegan: presentBegan, presented: presented,
                        scanOut: ScanOutEstimate(refreshRate: refreshRate).afterPresent(vsync: vsyncOn)))
            } else {
                inputDeadline.madeNoPicture()
            }
            for observer in loopObservers { observer(clock.now, step.drawList != nil) }
        }
    }

    // MARK: Parts of the loop

    /// Does what a window action asks (quit, fullscreen, the drawer, tuning, a flip …); true
    /// when the run ends.
    private func handle(_ action: EventTranslator.HostAction, session: ShellSession, frame: DeviceFrame, drawerOpen: inout Bool, relayout: inout Bool) -> Bool {
        switch action {
        case .quit where !session.refusesQuit: ending = .closed; return true
        case .terminate: ending = .terminated; return true
        case .resized: relayout = true
        case let .visible(shown):
            // Hidden: low-frequency mode, no animation frames at all; shown: draw again.
            session.setVisible(shown)
            if shown { relayout = true }
        case .toggleFullscreen where !session.refusesQuit: toggleFullscreen(); relayout = true
        case .toggleDrawer where session.panelWidth != nil && !session.refusesQuit: drawerOpen.toggle(); relayout = true
        case let .showTouch(back): session.showTouch(back: back)
        case .toggleTuning where !session.refusesQuit:
            session.toggleTuning()
            if let open = showPanel(session.isTuningOpen, frame: frame, session: session) { drawerOpen = open }
            relayout = true
        case .flipVariant: session.flipVariant()
        case .quit, .toggleFullscreen, .toggleDrawer, .toggleTuning: break
        }
        return false
    }

    /// The device frame laid out again for the window as it is now, with the lab panel beside
    /// the phone or in its drawer.
    private func layOut(scale: Double, session: ShellSession, drawerOpen: Bool) -> DeviceFrame {
        var frame = deviceFrame(scale: scale, viewport: options.fill ? nil : session.viewport, panel: session.panelWidth)
        session.resize(to: frame.viewport)
        var drawn: Double?
        if frame.panel == nil, drawerOpen, let width = session.panelWidth {
            // The drawer: over the phone's right side, as tall as the screen, drawn at
            // its own width when the screen is narrower than the panel.
            let w = min(width * frame.scale, frame.screen.width)
            frame.panel = Rect(x: frame.screen.maxX - w, y: frame.screen.y, width: w, height: frame.screen.height)
            drawn = w / frame.scale
        }
        session.placePanel(outside: frame.panel != nil, width: drawn)
        return frame
    }

    /// Does what a step asks of the shell (resize, the panel, sound, new settings, show a file,
    /// exit); true when the run ends.
    private func obey(
        _ command: ShellCommand, session: ShellSession, frame: DeviceFrame, drawerOpen: inout Bool, relayout: inout Bool, theme: inout Theme,
        translator: inout EventTranslator, cues: CuePlayer, sound: AudioPlayback
    ) -> Bool {
        switch command {
        case let .viewportChanged(viewport) where !options.fill:
            let size = DeviceFrame.windowSize(
                viewport: viewport, scale: frame.scale, margin: settings.window.deviceMargin, panel: session.panelWidth ?? 0)
            SDL_SetWindowSize(window, Int32(size.width), Int32(size.height))
            relayout = true
        case .viewportChanged: relayout = true
        case let .showPanel(wanted):
            if let open = showPanel(wanted, frame: frame, session: session) { drawerOpen = open }
            relayout = true
        case let .playSound(source): sound.start(source)
        case .stopSound: sound.stop()
        case let .configurationChanged(change):
            settings = change.new.windowSettings
            relayout = true // the lab panel may have come or gone
            if change.changed(TactileConfiguration.Appearance.self) { theme = Theme(appearance: change.new.theme) }
            if change.changed(TactileConfiguration.Cues.self) { cues.adopt(change.new.cues) }
            if change.changed(\.window.vsync) { setVSync(change.new.window.vsync) }
            if change.changed(TactileConfiguration.Touchscreen.self) { translator.adopt(change.new.touchscreen) }
        case let .reveal(path):
            if let problem = FileReveal.show(path) { logger.warning("\(problem)") }
        case .exit: ending = .sessionExit; return true
        }
        return false
    }

    /// Sleeps until input or `deadline` (nil: input alone), then takes every waiting event:
    /// input into `input`, and the window's own business returned.
    private func waitForInput(
        until deadline: Time?, clock: SessionClock, frame: DeviceFrame, translator: inout EventTranslator,
        into input: inout [InputEvent], outside: inout [InputEvent]
    ) -> [EventTranslator.HostAction] {
        var event = SDL_Event()
        var got: Int32
        if let deadline {
            let ms = Int32(max(0, min(Double(Int32.max), ((deadline - clock.now).seconds * 1000).rounded(.up))))
            got = ms == 0 ? SDL_PollEvent(&event) : SDL_WaitEventTimeout(&event, ms)
        } else {
            got = SDL_WaitEvent(&event)
        }
        var actions: [EventTranslator.HostAction] = []
        while got != 0 {
            // The kernel's stamps of the touches SDL is about to give, before SDL's events are matched.
            pumpKernel(into: &translator)
            var fresh: [InputEvent] = []
            let arrived = arrival(of: event, clock: clock)
            if let action = translator.translate(event, frame: frame, windowPixels: pixelSize(), now: arrived, into: &fresh) { actions.append(action) }
            // Positions on the thousandths a trace keeps: a recorded event is the event the editor saw.
            for event in fresh.map({ $0.roundedForTrace() }) { route(event, frame: frame, into: &input, outside: &outside) }
            got = SDL_PollEvent(&event)
        }
        return actions
    }

    /// Sends a touch on the phone's screen to `input`, and one outside it — on the lab panel (beside
    /// the phone or in its drawer) or the desk around the phone — to `outside`, in the panel's
    /// points: those are the tuning panel's and the A/B flip's, never the editor's. A finger stays
    /// where it went down until it lifts.
    private func route(_ event: InputEvent, frame: DeviceFrame, into input: inout [InputEvent], outside: inout [InputEvent]) {
        guard case let .touch(id, phase, p) = event.kind else {
            input.append(event)
            if event.kind == .focusLost { outside.append(event); outsideFingers.removeAll() }
            return
        }
        let pixel = Point(x: frame.screen.x + p.x * frame.scale, y: frame.screen.y + p.y * frame.scale)
        if phase == .down {
            let onPanel = frame.panel.map { $0.contains(pixel) } ?? false
            if onPanel || !frame.screen.contains(pixel) { outsideFingers.insert(id) } else { outsideFingers.remove(id) }
        }
        guard outsideFingers.contains(id) else { input.append(event); return }
        if phase == .up || phase == .cancel { outsideFingers.remove(id) }
        let origin = frame.panel.map { Point(x: $0.x, y: $0.y) } ?? Point(x: frame.screen.x, y: frame.screen.y)
        var moved = event
        moved.kind = .touch(id: id, phase: phase, location: Point(x: (pixel.x - origin.x) / frame.scale, y: (pixel.y - origin.y) / frame.scale))
        outside.append(moved)
    }

    /// Makes room for the lab panel when it is `wanted` (the tuning panel opened): a window
    /// showing the phone grows beside it; one the phone fills opens the drawer. Returns whether
    /// the drawer is to be open, or nil to leave it as it is.
    private func showPanel(_ wanted: Bool, frame: DeviceFrame, session: ShellSession) -> Bool? {
        let full = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        let resizable = !options.fill && !options.kiosk && !full
        guard wanted else {
            guard session.panelWidth == nil else { return nil }
            if resizable && frame.panel != nil {
                // The panel went: the window fits the phone again.
                let size = DeviceFrame.windowSize(viewport: session.viewport, scale: frame.scale, margin: settings.window.deviceMargin)
                SDL_SetWindowSize(window, Int32(size.width), Int32(size.height))
            }
            return false
        }
        guard frame.panel == nil else { return nil }
        if resizable, let width = session.panelWidth {
            let size = DeviceFrame.windowSize(viewport: session.viewport, scale: frame.scale, margin: settings.window.deviceMargin, panel: width)
            SDL_SetWindowSize(window, Int32(size.width), Int32(size.height))
            return nil
        }
        return true
    }

    /// When `event` arrived, on the session's clock: the clock now, less how long SDL's queue
    /// held it by its timestamp (whole milliseconds of `SDL_GetTicks`, so within a millisecond;
    /// the 32-bit tick count wraps every 49.7 days, so the difference is taken modulo 2³²), at
    /// most a minute back, never before the event before it nor the step before it.
    private func arrival(of event: SDL_Event, clock: SessionClock) -> Time {
        let now = clock.now
        let held = SDL_GetTicks() &- event.common.timestamp
        var arrived = held > 0 && held <= 60_000 ? now - .milliseconds(Int(held)) : now
        if arrived < lastArrival { arrived = lastArrival }
        lastArrival = arrived
        return arrived
    }

    private func openWindow() throws -> (scale: Double, fonts: Fonts) {
        try SDLRuntime.start(SDL_INIT_VIDEO | SDL_INIT_EVENTS)
        let scale = options.scale ?? Self.displayScale(viewport: options.viewport, window: settings.window)
        let initial =
            options.fill
            ? Size(width: options.viewport.width * scale, height: options.viewport.height * scale)
            : DeviceFrame.windowSize(
                viewport: options.viewport, scale: scale, margin: settings.window.deviceMargin,
                panel: options.panel ?? 0)
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if options.fullscreen || options.kiosk { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue }
        if options.kiosk {
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
        if options.kiosk {
            SDL_ShowCursor(SDL_DISABLE)
            SDL_SetWindowKeyboardGrab(w, SDL_TRUE)
        }
        let vsync = settings.window.vsync ? SDL_RENDERER_PRESENTVSYNC.rawValue : 0
        let accelerated = SDL_CreateRenderer(w, -1, SDL_RENDERER_ACCELERATED.rawValue | vsync)
        guard let r = accelerated ?? SDL_CreateRenderer(w, -1, SDL_RENDERER_SOFTWARE.rawValue) else { throw SDLError("creating a renderer") }
        sdlRenderer = r
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(r, &info)
        vsyncOn = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        logger.info("renderer: \(String(cString: info.name)), scale \(scale), vsync \(vsyncOn ? "on" : "off")")
        var mode = SDL_DisplayMode()
        if SDL_GetCurrentDisplayMode(0, &mode) == 0, mode.refresh_rate > 0 { refreshRate = Double(mode.refresh_rate) }
        let fonts = try Fonts()
        let drawer = DrawListRenderer(renderer: r, fonts: fonts)
        drawer.imageStore = media
        self.drawer = drawer
        return (scale, fonts)
    }

    /// The touch device node whose kernel timestamps are read, and its decoder.
    private var kernelDevice: EvdevDevice?
    private var kernelDecoder = EvdevDecoder()

    /// Opens the kernel's view of the touchscreen (`touchscreen.kernelDevice`): its timestamps
    /// let the latency run from the kernel to the present. Says in the log which node it reads, or
    /// why none (no such device, not in the `input` group).
    private func openKernelTimestamps(clock: SessionClock, translator: inout EventTranslator) {
        let wanted = settings.touchscreen.kernelDevice
        guard wanted != "off" else { return }
        var device: EvdevDevice?
        if !wanted.isEmpty {
            do { device = try EvdevDevice(path: HomePath.expanding(wanted)) } catch {
                logger.info("kernel timestamps: \(wanted) cannot be read (\(error))")
            }
        } else {
            for i in 0..<SDL_GetNumTouchDevices() {
                guard let name = SDL_GetTouchName(i).map({ String(cString: $0) }), translator.touchscreen.accepts(deviceNamed: name) else { continue }
                switch EvdevDevice.find(named: name) {
                case let .success(found): device = found
                case let .failure(why): logger.info("kernel timestamps: \(why)")
                }
                if device != nil { break }
            }
        }
        guard let device else { return }
        // The session's clock at zero, on the clock the kernel stamps with (monotonic once asked for).
        var now = timespec()
        clock_gettime(device.hasMonotonicTimestamps ? CLOCK_MONOTONIC : CLOCK_REALTIME, &now)
        let sessionNow = clock.now
        let origin = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - Int64((sessionNow.seconds * 1e9).rounded())
        translator.kernelTimes = KernelTimestampMatcher(originNanoseconds: origin)
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if driver == "x11" || driver == "wayland" {
            // These give a touch at fractions of the window: the kernel's are of the panel (the display).
            translator.kernelPanelPoint = { [weak self] p in self?.displayFraction(ofWindowFraction: p) ?? p }
        }
        kernelDecoder = device.makeDecoder()
        kernelDevice = device
        logger.info("kernel timestamps from \(device.path) (\(device.name))\(device.hasMonotonicTimestamps ? "" : ", on the wall clock")")
    }

    /// Reads what the kernel wrote since the last look into the matcher. After the kernel dropped
    /// events (`SYN_DROPPED`) the decoder no longer knows the current slot, which the kernel only
    /// sends when it changes: it is asked of the device again.
    private func pumpKernel(into translator: inout EventTranslator) {
        guard let device = kernelDevice else { return }
        let bytes = device.readAvailable()
        if let why = device.gaveUp {
            logger.info("kernel timestamps: \(why)")
            kernelDevice = nil
            return
        }
        guard !bytes.isEmpty else { return }
        translator.kernelTimes?.record(kernelDecoder.decode(bytes))
        if kernelDecoder.currentSlot == nil && !kernelDecoder.isWaitingForMoreBytes { kernelDecoder.currentSlot = device.currentSlot }
    }

    /// A point at fractions of the window as fractions of the display it is on.
    private func displayFraction(ofWindowFraction p: Point) -> Point {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bounds = SDL_Rect()
        SDL_GetWindowPosition(window, &x, &y)
        SDL_GetWindowSize(window, &w, &h)
        guard SDL_GetDisplayBounds(max(0, SDL_GetWindowDisplayIndex(window)), &bounds) == 0, bounds.w > 0, bounds.h > 0 else { return p }
        return Point(
            x: (Double(x) + p.x * Double(w) - Double(bounds.x)) / Double(bounds.w), y: (Double(y) + p.y * Double(h) - Double(bounds.y)) / Double(bounds.h))
    }

    private func logTouchDevices(_ translator: EventTranslator) {
        for i in 0..<SDL_GetNumTouchDevices() {
            let name = SDL_GetTouchName(i).map { String(cString: $0) } ?? "?"
            logger.info("touch device \(i): \(name)\(translator.touchscreen.accepts(deviceNamed: name) ? "" : " (not used: touchscreen.deviceName)")")
        }
    }

    /// Presents in step with the display's refresh, or not (`window.vsync`, live).
    private func setVSync(_ on: Bool) {
        if SDL_RenderSetVSync(sdlRenderer, on ? 1 : 0) == 0 { vsyncOn = on } else { logger.info("vsync cannot be turned \(on ? "on" : "off") here") }
    }

    private func toggleFullscreen() {
        let on = SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0
        SDL_SetWindowFullscreen(window, on ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
    }

    private func pixelSize() -> Size {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &w, &h)
        return Size(width: Double(w), height: Double(h))
    }

    private func deviceFrame(scale: Double, viewport: Size?, panel: Double? = nil) -> DeviceFrame {
        DeviceFrame(
            window: pixelSize(), viewport: viewport ?? options.viewport, scale: scale, fill: options.fill || viewport == nil,
            margin: settings.window.deviceMargin, panel: panel)
    }

    /// Draws `list` (the session's picture, in viewport points) into the phone's screen, with
    /// the desk and the device's bezel around it, and presents. Returns when present was called.
    /// `shift` moves the picture by that many points (burn-in protection).
    private func present(_ list: DrawList, frame: DeviceFrame, theme: Theme, clock: SessionClock, shift: Point = .zero, panel: DrawList? = nil) -> Time {
        guard let r = sdlRenderer, let drawer else { return clock.now }
        let window = pixelSize()
        SDL_RenderSetClipRect(r, nil)
        SDL_SetRenderDrawColor(r, theme.desk.r, theme.desk.g, theme.desk.b, 255)
        SDL_RenderClear(r)
        let s = frame.screen
        drawer.render(
            list, placement: .init(originX: s.x + shift.x * frame.scale, originY: s.y + shift.y * frame.scale, scale: frame.scale),
            bounds: SDL_Rect(x: Int32(s.x), y: Int32(s.y), w: Int32(s.width), h: Int32(s.height)))
        if frame.showsBezel {
            // Round the screen's corners (masks in the desk's colour), then lay the bezel, a
            // rounded ring, over the seam between screen and desk.
            let bezel = settings.window.bezelWidth * frame.scale
            let radius = settings.window.screenCornerRadius * frame.scale
            var chrome = DrawList()
            let body = s.outsetBy(dx: bezel, dy: bezel)
            chrome.add(.cornerMask(s, theme.desk, cornerRadius: radius))
            chrome.add(.strokeRect(body, theme.bezel, width: bezel + 1, cornerRadius: radius + bezel))
            chrome.add(.strokeRect(body.outsetBy(dx: 1.5, dy: 1.5), Color(hex: 0x44474F), width: 1.5, cornerRadius: radius + bezel + 1.5))
            drawer.render(
                chrome, placement: .init(originX: 0, originY: 0, scale: 1),
                bounds: SDL_Rect(x: 0, y: 0, w: Int32(window.width), h: Int32(window.height)))
        }
        if let panel, let rect = frame.panel {
            // The lab panel, in its own points, beside the phone (or in the drawer over it).
            drawer.render(
                panel, placement: .init(originX: rect.x, originY: rect.y, scale: frame.scale),
                bounds: SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height)))
        }
        if wantsCapture?() == true, let onCapture {
            let w = Int(window.width), h = Int(window.height)
            var pixels = [UInt8](repeating: 0, count: w * h * 4)
            let ok = pixels.withUnsafeMutableBytes { SDL_RenderReadPixels(r, nil, tactile_SDL_PIXELFORMAT_RGBA32(), $0.baseAddress, Int32(w * 4)) } == 0
            if ok { onCapture(RGBAImage(width: w, height: h, pixels: pixels)) }
        }
        let presentBegan = clock.now
        SDL_RenderPresent(r)
        framesPresented += 1
        return presentBegan
    }

    /// A scale that shows the phone and its frame within the display's usable height, at most
    /// the display's density (96 dpi = 1×), in steps of 0.5.
    static func displayScale(viewport: Size, window: TactileConfiguration.Window) -> Double {
        var bounds = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.h > 0 else { return 1 }
        let margin = window.deviceMargin
        let fit = min(
            Double(bounds.h) * window.maximumDisplayShare / (viewport.height + 2 * margin),
            Double(bounds.w) * window.maximumDisplayShare / (viewport.width + 2 * margin))
        var ddpi: Float = 0
        let density = SDL_GetDisplayDPI(0, &ddpi, nil, nil) == 0 && ddpi > 0 ? Double(ddpi) / 96 : 1
        let chosen = min(fit, max(1, density))
        return max(0.5, (chosen * 2).rounded(.down) / 2)
    }
}
