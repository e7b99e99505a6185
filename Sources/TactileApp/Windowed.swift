import Foundation
import TactileCore
import TactileStudy
import TactileUI
import TactileEditor
import TactileHost
import TactileKiosk
import TactileSDL
import TactileMedia
import TactileHeadless
import TactileExport

/// What `tactile run` was asked for besides the project.
public struct RunOptions: Sendable {
    /// Record the session into this folder (`--record`).
    public var record: String?
    /// Draw touch indicators (`--show-touches`).
    public var showTouches = false
    /// Draw the pointer-location overlay (`--pointer-location`).
    public var pointerLocation = false
    /// Draw the frame monitor (`--monitor`).
    public var monitor = false
    /// A test plan to run (`--plan`), over `session.plan`.
    public var plan: String?
    /// Kiosk mode (`--kiosk`): fullscreen, no way out but the configured gesture, idle reset,
    /// attract loop, every visitor's session saved.
    public var kiosk = false
    /// Draw the gesture-arena debugger (`--arena`).
    public var arena = false
    /// Record the microphone into the recorded session (`--record-audio`, or `study.recordAudio`).
    public var recordAudio = false
    /// Photon mode (`--photon`): a patch flipping on every touch-down, for external measurement.
    public var photon = false
    /// The two variants an A/B flip switches between (`--flip A,B`; "base": the file's own).
    public var flip: String?
    public init(
        record: String? = nil, showTouches: Bool = false, pointerLocation: Bool = false, monitor: Bool = false, plan: String? = nil,
        kiosk: Bool = false, arena: Bool = false, recordAudio: Bool = false, photon: Bool = false, flip: String? = nil
    ) {
        self.record = record; self.showTouches = showTouches; self.pointerLocation = pointerLocation; self.monitor = monitor
        self.plan = plan; self.kiosk = kiosk; self.arena = arena; self.recordAudio = recordAudio; self.photon = photon; self.flip = flip
    }
}

/// `tactile run`: the editor in a window.
public enum Windowed {
    /// The live variant and the other of the A/B pair: `--flip A,B` (each a variant of the file,
    /// or "base" for its own settings; the session starts on A unless `--variant` names B), else
    /// the `--variant` started with and none.
    static func flipPair(_ flip: String?, started: String?, store: VariantStore) throws -> (live: String?, other: String?) {
        guard let flip else { return (started, nil) }
        let names = flip.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty, names[0] != names[1] else {
            throw CommandError.badInput("--flip needs two different variant names, as --flip base,B")
        }
        for name in names {
            do { _ = try store.configuration(variant: name) } catch { throw CommandError.badInput("--flip \(PrintableText.of(name, limit: 40)): \(error)") }
        }
        let live = started ?? names[0]
        guard names.contains(live) || started == nil else {
            throw CommandError.badInput("--variant \(PrintableText.of(live, limit: 40)) is not one of --flip \(flip)")
        }
        let other = live == names[0] ? names[1] : names[0]
        return (live == SettingsChange.baseVariant ? nil : live, other)
    }

    public static func run(
        project path: String?, files: [String] = [], scale: Double?, fill: Bool, fullscreen: Bool, size: String?,
        settings: Settings = Settings(), mediaDir: String? = nil, options run: RunOptions = RunOptions()
    ) throws {
        // First of all: a SIGTERM while the demo's media are made on a first start is a request
        // to stop, answered by not opening the window (exit 0), never a kill (exit 143).
        TerminationSignals.install()
        MediaMemory.returnLargeBuffersToTheSystem()
        _ = OpenFileLimit.current
        var (project, notices, demoMissing) = try Self.opening(project: path, files: files)
        if TerminationSignals.received != nil { return }
        let demo = project
        let library = try MediaFolder.library(mediaDir, makingDemo: !demoMissing.isEmpty)
        let (configuration, watcher, switches, store, pair) = try Self.settings(settings, run: run)
        let attract = try run.kiosk ? Inputs.attractTour(configured: configuration.kiosk.attractTrace) : nil
        let plan = try Inputs.plan(at: run.plan ?? configuration.session.plan)
        // Autosave, and the project of a session that died, brought back.
        let (autosave, autosaveOff, recovered) = Self.startAutosave(configuration, project: &project, notices: &notices, opened: path != nil || !files.isEmpty)
        let options = WindowOptions(
            viewport: try Inputs.size(size) ?? configuration.layout.viewport,
            scale: try Inputs.scale(scale), fill: fill, fullscreen: fullscreen, kiosk: run.kiosk,
            panel: configuration.overlays.monitor || configuration.overlays.arena || configuration.overlays.pointerLocation
                ? Theme(appearance: configuration.theme).metrics.overlays.panelWidth : nil)
        let (recordFolder, thinkAloud) = try Self.recordFolder(run, configuration: configuration, notices: &notices)
        let kiosk = attract.map { KioskSetup(attractTrace: $0, demo: demo, visitorPresent: recovered) }
        // Started on a variant: the file's own settings are kept beside the session's, for its report.
        let fileSettings = pair.live == nil ? nil : try? RecordedConfiguration(store.configuration(variant: nil))
        let recording = try recordFolder.map {
            try Recording(
                folder: $0, project: project, configuration: RecordedConfiguration(configuration), plan: plan,
                notices: notices, kiosk: kiosk, fileSettings: fileSettings)
        }
        let visitors = try kiosk.map { _ in
            KioskVisitors(
                folder: DataFolder.url("kiosk-sessions", configured: configuration.kiosk.sessionsFolder), kiosk: configuration.kiosk,
                configuration: try RecordedConfiguration(configuration), plan: plan)
        }
        let host = WindowHost(options: options, settings: configuration.windowSettings)
        let media = MediaCache(
            settings: configuration.media, mode: .background(wake: { SDLEvents.pushWake() }),
            proxies: ProxyStore(folder: ProxyStore.defaultFolder, settings: configuration.media))
        host.media = media
        let demoMaker = demoMissing.isEmpty ? nil : DemoMediaMaker(missing: demoMissing, media: media) { TerminationSignals.received != nil }
        var session: HostSession?
        let visitorsToday = VisitorsPerDay()
        let heartbeat = SystemdNotifier().map { notifier in
            ServiceHeartbeat(notifier: notifier) {
                let phase = session?.kiosk.map { Self.phaseName($0.phase) } ?? "editing"
                return run.kiosk ? "\(phase) · \(visitorsToday.today) visitor\(visitorsToday.today == 1 ? "" : "s") today" : phase
            }
        }
        let (health, healthFailure) = Self.startHealth(configuration, recovered: recovered, host: host, visitors: visitors)
        defer { health?.server.stop() }
        let export = ExportService(host: host)
        // What runs beside the editor, in the order they start, stop and finish (`WindowService`).
        let services: [WindowService] = [
            HeartbeatService(heartbeat, host: host), DemoMediaService(demoMaker, host: host),
            ThinkAloudService(thinkAloud, folder: recordFolder, host: host), KioskVisitorsService(visitors, today: visitorsToday),
            AutosaveService(autosave, off: autosaveOff) { health?.countError() }, TuningKeptService(), RecordingService(recording),
            HealthService(health, failure: healthFailure), export,
        ]
        do {
            try host.run { window in
                let hostServices = Self.hostServices(
                    window: window, configuration: configuration, watcher: watcher, switches: switches, media: media,
                    designer: kiosk == nil ? store : nil, export: export)
                let s = HostSession(
                    project: project, configuration: configuration, measurer: window.measurer, media: media,
                    viewport: options.viewport, library: library, plan: plan, notices: notices, kiosk: kiosk, now: window.clock.now,
                    services: hostServices)
                s.startVariants(live: pair.live, other: pair.other, now: window.clock.now)
                // The week clock (status bar clock, opening hours, nightly restart): local time since
                // Monday 00:00, lined up with the window's clock.
                s.wallClockOrigin = Self.weekClock(Date()) - window.clock.now
                for service in services { service.start(s, window: window) }
                session = s
                return s
            }
        } catch let e as SDLError {
            for service in services { service.stop() }
            throw CommandError(e.message)
        }
        for service in services { service.stop() }
        let final = session?.state.project ?? project
        let unsaved = services.flatMap { $0.finish(project: final, session: session) }
        guard unsaved.isEmpty else {
            // Exit status 3: the program ran and closed, but something could not be saved.
            throw CommandError("not everything could be saved: " + unsaved.joined(separator: "; "), exitCode: 3)
        }
        if session?.restartRequested == true {
            // Exit status 75 (EX_TEMPFAIL): the unit's RestartForceExitStatus starts it anew.
            throw CommandError("nightly restart (kiosk.restartAt): everything saved", exitCode: 75)
        }
        if host.ending != .closed { say("\(host.ending == .terminated ? "terminated" : "kiosk exit"): everything saved") }
    }

    /// What the window's session reaches beyond the editor: the window's clock, the configuration
    /// file's watcher, sound from the media. For a `designer`'s window (not a kiosk: no visitor
    /// fills the stand's disk) also tuning and flips into its variant store, exports on their own
    /// thread into `export.folder` (handed to `export` to finish at the end) and voice-overs into
    /// the data folder's `voice-overs`.
    static func hostServices(
        window: WindowSetup, configuration: TactileConfiguration, watcher: ConfigurationWatcher?, switches: @escaping (inout TactileConfiguration) -> Void,
        media: MediaCache, designer store: VariantStore?, export: ExportService
    ) -> HostServices {
        var services = HostServices(stopwatch: window.clock, refreshRate: window.refreshRate, configurationWatcher: watcher, adjustReloaded: switches)
        services.schema = .tactile
        services.mediaFolder = { MediaFolder.files(in: $0) }
        services.sound = { project, position in
            PlaybackMixer(project: project, from: position, sampleRate: configuration.media.playbackSampleRate, settings: configuration.media) {
                media.status(of: $0).info?.hasAudio == true
            }
        }
        guard let store else { return services }
        services.variants = store
        services.labGestures = true
        services.voice = VoiceOverRecorder(folder: DataFolder.url("voice-overs"))
        let shelf = ProjectShelf(folder: DataFolder.url("projects", configured: configuration.session.projectsFolder))
        // What was deleted in an earlier session can no longer be undone: the trash is emptied.
        try? shelf.emptyTrash(deletedBefore: Date())
        services.projectShelf = shelf
        let exporter = BackgroundMovieExport(editor: configuration.editorSettings)
        services.exporter = exporter
        export.exporter = exporter
        return services
    }

    /// The project the window opens: the one named, the files given, or the demo — at once, on
    /// where its media will be (a first start makes them behind the open window, `DemoMediaMaker`,
    /// so the window is there in a warm start's time: the items still to make are returned).
    static func opening(project path: String?, files: [String]) throws -> (Project, [String], [(item: DemoMedia.Item, path: String)]) {
        guard path != nil || !files.isEmpty else {
            let (project, missing) = MediaProject.demoPlanned()
            return (project, [], missing)
        }
        let (project, notices) = try Inputs.opening(project: path, files: files) { TerminationSignals.received != nil }
        return (project, notices, [])
    }

    /// The settings the window starts with, their file's watcher, the command line's overlay
    /// switches (laid over every reload too), where the tuning panel saves variants and an A/B flip
    /// reads them (the configuration file, else a file of Tactile's own in its data folder), and the
    /// variant live at the start with the other of the pair.
    static func settings(
        _ settings: Settings, run: RunOptions
    ) throws -> (
        TactileConfiguration, ConfigurationWatcher?, (inout TactileConfiguration) -> Void, VariantStore, (live: String?, other: String?)
    ) {
        var (configuration, watcher) = try settings.loadWatching()
        let switches: (inout TactileConfiguration) -> Void = { c in
            if run.showTouches { c.overlays.showTouches = true }
            if run.pointerLocation { c.overlays.pointerLocation = true }
            if run.monitor { c.overlays.monitor = true }
            if run.arena { c.overlays.arena = true }
            if run.photon { c.overlays.photon = true }
        }
        switches(&configuration)
        let store = VariantStore(url: settings.file.map { HomePath.url($0) } ?? DataFolder.url("tuning.json"), schema: .tactile) { c in
            if let scale = settings.uiScale { c.layout.uiScale = scale }
            try? settings.applyLocale(to: &c)
            switches(&c)
        }
        let pair = try Self.flipPair(run.flip, started: settings.variant, store: store)
        if run.kiosk && run.flip != nil { throw CommandError.badInput("--flip is for a designer's window, not a kiosk") }
        if run.flip != nil && pair.live != settings.variant {
            // The session starts on A's settings, not only under its name; a reload keeps A.
            configuration = try store.configuration(variant: pair.live)
            watcher?.variant = pair.live
        }
        return (configuration, watcher, switches, store, pair)
    }

    /// Autosave into `session.autosaveFolder` (when on), and the project of a session that died:
    /// brought back when nothing was `opened`, else kept and said. Returns the saver, why autosave
    /// is off when it could not start, and whether a project was brought back.
    static func startAutosave(
        _ configuration: TactileConfiguration, project: inout Project, notices: inout [String], opened: Bool
    ) -> (Autosave?, String?, Bool) {
        guard configuration.session.autosave else { return (nil, nil, false) }
        var recovered = false
        let folder = DataFolder.url("autosave", configured: configuration.session.autosaveFolder)
        if let r = Autosave.recover(from: folder, keep: configuration.session.keepRecoveredProjects) {
            if !opened {
                project = r.project; recovered = true
                notices.append("Recovered the project of a session that ended unexpectedly (saved \(Self.clockTime(r.savedAt))); a copy is in \(r.file.path)")
            } else {
                notices.append("The project of a session that ended unexpectedly is kept in \(r.file.path)")
            }
        }
        do { return (try Autosave(folder: folder, project: project), nil, recovered) } catch {
            let off = CommandError.reason(error)
            notices.append("Autosave is off: cannot write to \(folder.path) (\(off)). Your changes are not being saved.")
            return (nil, off, recovered)
        }
    }

    /// Where this session is recorded (`--record`, else a new folder in `session.recordFolder`),
    /// and its think-aloud sound: `--record-audio` asks for it (and needs a recording of this one
    /// session); `study.recordAudio` records it whenever such a recording is made.
    static func recordFolder(_ run: RunOptions, configuration: TactileConfiguration, notices: inout [String]) throws -> (URL?, ThinkAloud?) {
        let folder: URL? =
            run.record.map { URL(fileURLWithPath: $0) }
            ?? (configuration.session.recordFolder.isEmpty
                ? nil
                : SessionRecorder.newFolder(in: URL(fileURLWithPath: HomePath.expanding(configuration.session.recordFolder))))
        if run.recordAudio && (folder == nil || run.kiosk) {
            throw CommandError.badInput(
                "--record-audio records into the session's folder: give --record DIR (and no --kiosk, whose whole run is recorded otherwise)")
        }
        let recordsAudio = run.recordAudio || (configuration.study.recordAudio && folder != nil && !run.kiosk)
        let thinkAloud = recordsAudio ? ThinkAloud() : nil
        if let failure = thinkAloud?.failure { notices.append("The think-aloud sound is not being recorded: \(failure)") }
        return (folder, thinkAloud)
    }

    /// The health server (`kiosk.healthPort`), on its own threads, told of the window and the
    /// kiosk's visitors; a port that cannot be had is reported (the words returned for a banner)
    /// and the program runs on without it.
    static func startHealth(
        _ configuration: TactileConfiguration, recovered: Bool, host: WindowHost, visitors: KioskVisitors?
    ) -> (HealthReporting?, String?) {
        guard configuration.kiosk.healthPort > 0 else { return (nil, nil) }
        let reporting = HealthReporting(
            configuration: configuration,
            dataFolder: DataFolder.url("kiosk-sessions", configured: configuration.kiosk.sessionsFolder).deletingLastPathComponent().path,
            recovered: recovered)
        do {
            let port = try reporting.server.start()
            reporting.attach(to: host, stallAfter: configuration.kiosk.healthStallAfter)
            if let visitors { reporting.attach(to: visitors) }
            say("health on http://\(configuration.kiosk.healthHost):\(port)/health, /metrics, /screenshot.png")
            return (reporting, nil)
        } catch {
            say("the health server is off: \(error)")
            return (nil, "The health server is off: \(error)")
        }
    }

    /// An export still running when the window closed: finished before the program ends (the
    /// person asked for the movie), unless a signal ended the window or arrives meanwhile
    /// (Ctrl+C, a shutdown), which cancels it and leaves nothing behind. Says so on stderr;
    /// returns why the movie was not written, when it failed.
    static func endExport(_ exporter: BackgroundMovieExport, windowClosed: Bool) -> String? {
        guard exporter.isRunning else { return nil }
        let say = { (line: String) in FileHandle.standardError.write(Data("tactile: \(line)\n".utf8)) }
        if windowClosed { say("finishing the export before quitting (Ctrl+C cancels it)") } else { exporter.cancel() }
        let end = exporter.waitForTheEnd(
            cancelWhen: { TerminationSignals.received != nil },
            progress: { say("export \(Int(($0 * 100).rounded(.down))) %") })
        switch end {
        case let .finished(path, _)?: say("exported to \(path)")
        case .cancelled?: say("the export was cancelled; nothing was written")
        case let .failed(reason)?: return "the export failed (\(reason))"
        default: break
        }
        return nil
    }

    /// Local time since Monday 00:00 at `date`.
    static func weekClock(_ date: Date) -> Time {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let c = calendar.dateComponents([.weekday, .hour, .minute, .second, .nanosecond], from: date)
        let day = ((c.weekday ?? 2) + 5) % 7 // Sunday is 1 in the Gregorian calendar
        let seconds = Double(day * 86_400 + (c.hour ?? 0) * 3600 + (c.minute ?? 0) * 60 + (c.second ?? 0)) + Double(c.nanosecond ?? 0) / 1e9
        return .seconds(seconds)
    }

    /// The kiosk's phase as `systemctl status` shows it.
    static func phaseName(_ phase: KioskMode.Phase) -> String {
        switch phase {
        case .attract: return "attract loop"
        case .visitor: return "visitor"
        case .pin: return "PIN pad open"
        case .dimmed: return "dimmed"
        case .closed: return "closed (outside opening hours)"
        }
    }

    /// "14:05" for a recovery notice.
    static func clockTime(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "HH:mm"
        return f.string(from: date)
    }
}
