import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileMedia
import TactileSDL
import TactileStudy
import TactileServer
import TactileHeadless
import TactileExport
import TactileInput

/// `tactile study run`: one participant through a study file in a window (`StudySession`).
public enum StudyRun {
    /// Runs participant `participant` ("P07", "7"; nil: asked on the keypad) of the study at
    /// `path`, results into `out`. Returns what to print at the end.
    /// `observerPort`: serve the observer page on this port (over `study.observerPort`).
    /// `hook`: told of the session, the window and the observer page's server (if any) before the first frame.
    public static func run(
        study path: String, participant: String?, out: String, scale: Double?, fill: Bool, fullscreen: Bool, size: String?,
        settings: Settings, mediaDir: String?, observerPort: Int? = nil, kiosk: Bool = false, recordAudio: Bool = false, resume: Bool = false,
        hook: ((StudySession, WindowHost, ObserverServer?) -> Void)? = nil
    ) throws -> String {
        MediaMemory.returnLargeBuffersToTheSystem()
        _ = OpenFileLimit.current
        let study = try StudyFile.load(URL(fileURLWithPath: HomePath.expanding(path)))
        let folder = URL(fileURLWithPath: HomePath.expanding(out))
        if kiosk && participant != nil { throw CommandError.badInput("--kiosk gives each visitor the next participant number: leave out --participant") }
        if resume && participant == nil { throw CommandError.badInput("--resume needs the --participant to go on with") }
        let number = try participant.map { try parseParticipant($0) }
        if let number, let refusal = StudySession.refusal(of: number, in: folder, resuming: resume) {
            let busy = WriterLock.isHeld(StudySession.lockURL(of: number, in: folder))
            throw CommandError(
                "--participant \(participant!): \(refusal) (\(folder.path))\(resume || refusal.contains("--resume") ? "" : "; give another number")",
                exitCode: busy ? 4 : 2)
        }
        try SessionRecorder.checkWritable(folder)
        // Locks left by runs that were killed (whoever ran them) go: none is held by a live process.
        WriterLock.removeStaleLocks(in: folder)
        var base = try study.configuration(variant: nil)
        _ = try settings.load() // a bad --locale or --ui-scale stops here, by name
        // --locale over a variant's own, else the environment's; --ui-scale over the variant's.
        let adjust: (inout TactileConfiguration) -> Void = { c in
            try? settings.applyLocale(to: &c)
            if let ui = settings.uiScale { c.layout.uiScale = ui }
        }
        adjust(&base)
        if let observerPort {
            guard (1...65_535).contains(observerPort) else { throw CommandError.badInput("--observer-port must be 1 to 65535, not \(observerPort)") }
            base.study.observerPort = observerPort
        }
        let project = try Inputs.project(at: study.project?.path)
        let library = try MediaFolder.library(mediaDir)
        let options = WindowOptions(
            viewport: try Inputs.size(size) ?? base.layout.viewport, scale: try Inputs.scale(scale), fill: fill || kiosk,
            fullscreen: fullscreen || kiosk, kiosk: kiosk)
        let host = WindowHost(options: options, settings: base.windowSettings)
        let media = MediaCache(
            settings: base.media, mode: .background(wake: { SDLEvents.pushWake() }),
            proxies: ProxyStore(folder: ProxyStore.defaultFolder, settings: base.media))
        host.media = media
        TerminationSignals.install()
        // The live observer page (study.observerPort), on the server's own threads.
        let observer = try Self.startObserver(base, study: study, portGiven: observerPort != nil)
        defer { observer?.stop() }
        // Think-aloud: the microphone into each part's folder, from the part's start.
        let thinkAloud = recordAudio || base.study.recordAudio ? ThinkAloud() : nil
        if let failure = thinkAloud?.failure { FileHandle.standardError.write(Data("tactile: the think-aloud sound is not being recorded: \(failure)\n".utf8)) }
        var session: StudySession?
        var movieExporters: [BackgroundMovieExport] = []
        do {
            try host.run { window in
                let s = StudySession(
                    study: study, folder: folder, participant: number, configuration: base, measurer: window.measurer,
                    media: media, library: library, project: project, viewport: options.viewport, kiosk: kiosk ? base.kiosk : nil, resume: resume)
                if let number, let participant { try Self.refuseIfTaken(s, participant: participant, number: number, folder: folder) }
                s.framesPerSecond = window.refreshRate
                s.clockOrigin = window.clock.originUptimeNanoseconds
                s.adjustConfiguration = adjust
                // The operator's note is typed on the operator's own screen (this terminal), never
                // over the participant's picture.
                s.add(
                    StudyEvents(
                        problem: { FileHandle.standardError.write(Data("tactile: \($0)\n".utf8)) },
                        note: { note in
                            let line = note.map { "tactile: note (Return saves, Escape drops): \($0)▏" } ?? "tactile: note closed"
                            let clear = isatty(STDERR_FILENO) != 0 ? "\r\u{1B}[K" : ""
                            FileHandle.standardError.write(Data((clear + line + (note == nil || clear.isEmpty ? "\n" : "")).utf8))
                        }))
                s.partServices = { configuration in
                    let (services, exporter) = Self.partServices(configuration, window: window, media: media, exports: !kiosk)
                    if let exporter { movieExporters.append(exporter) }
                    return services
                }
                if let observer { Self.connect(observer, to: s, host: host) }
                if let thinkAloud {
                    s.add(StudyEvents(partBegan: { folder in thinkAloud.begin(folder: folder, start: .zero) }, partEnded: { thinkAloud.finish() }))
                    host.observeLoop { _, _ in thinkAloud.pump() }
                }
                hook?(s, host, observer)
                session = s
                return s
            }
        } catch let e as SDLError {
            throw CommandError(e.message)
        }
        guard let session else { return "" }
        session.close()
        thinkAloud?.finish()
        // A participant's export still running is finished (or cancelled by a signal), as in `run`.
        for exporter in movieExporters {
            if let reason = Windowed.endExport(exporter, windowClosed: host.ending == .closed) {
                FileHandle.standardError.write(Data("tactile: \(reason)\n".utf8))
            }
        }
        return try ending(of: session, kiosk: kiosk, folder: folder)
    }

    /// The observer page (`study.observerPort`; nil when 0), listening. A study is not run without
    /// the page the observer was promised: a port that cannot be had stops the run, naming the
    /// port and where it was set (`--observer-port` when `portGiven`).
    static func startObserver(_ base: TactileConfiguration, study: StudyFile, portGiven: Bool) throws -> ObserverServer? {
        guard base.study.observerPort > 0 else { return nil }
        let server = ObserverServer(
            feed: ObserverFeed(remembered: base.study.observerRememberedMarkers), host: base.study.observerHost,
            port: base.study.observerPort, markers: study.markers,
            limits: OpenFileLimit.limits(
                maxConnections: base.study.observerMaxConnections, clientTimeout: base.study.observerClientTimeout,
                headerDeadline: base.study.observerHeaderDeadline, maxLiveSockets: base.study.observerMaxLiveSockets, configuration: base),
            savedShownFor: base.study.observerSavedShownFor, markersPerSecond: base.study.observerMarkersPerSecond)
        do {
            let port = try server.start()
            FileHandle.standardError.write(Data("tactile: observer page on \(server.url(port: port))\n".utf8))
            return server
        } catch {
            let reason = "\(error)".contains("Address already in use") ? "another program listens on it" : "\(error)"
            let key = portGiven ? "--observer-port" : "study.observerPort"
            throw CommandError.badInput(
                "\(key) \(base.study.observerPort): the observer page cannot listen on \(base.study.observerHost):\(base.study.observerPort) (\(reason)); choose another port, or 0 for no observer page"
            )
        }
    }

    /// What a part's session reaches beyond the editor: the window's clock, sound from the media,
    /// and — when the study offers `exports` (not a kiosk study) — an exporter into `export.folder`
    /// (a participant may export as in `tactile run`: a task may be to), returned to be finished.
    static func partServices(
        _ configuration: TactileConfiguration, window: WindowSetup, media: MediaCache, exports: Bool
    ) -> (HostServices, BackgroundMovieExport?) {
        let settings = configuration.media
        var services = HostServices(stopwatch: window.clock, refreshRate: window.refreshRate)
        services.mediaFolder = { MediaFolder.files(in: $0) }
        services.sound = { project, position in
            PlaybackMixer(project: project, from: position, sampleRate: settings.playbackSampleRate, settings: settings) {
                media.status(of: $0).info?.hasAudio == true
            }
        }
        guard exports else { return (services, nil) }
        let exporter = BackgroundMovieExport(editor: configuration.editorSettings)
        services.exporter = exporter
        return (services, exporter)
    }

    /// `tactile study run --script TRACE --headless`: participant `participant` played from the
    /// trace `script` without a window (`ScriptedParticipant`), results into `out` as a person's,
    /// marked as scripted. Returns what to print at the end.
    public static func runScripted(
        study path: String, participant: String?, out: String, script: String, settings: Settings, mediaDir: String?, resume: Bool = false
    ) throws -> String {
        let study = try StudyFile.load(URL(fileURLWithPath: HomePath.expanding(path)))
        let folder = URL(fileURLWithPath: HomePath.expanding(out))
        guard let participant else { throw CommandError.badInput("--script needs the --participant it plays (there is no keypad headless)") }
        let number = try parseParticipant(participant)
        if let refusal = StudySession.refusal(of: number, in: folder, resuming: resume) {
            let busy = WriterLock.isHeld(StudySession.lockURL(of: number, in: folder))
            throw CommandError(
                "--participant \(participant): \(refusal) (\(folder.path))\(resume || refusal.contains("--resume") ? "" : "; give another number")",
                exitCode: busy ? 4 : 2)
        }
        let trace: Trace
        do { trace = try Trace.load(from: URL(fileURLWithPath: HomePath.expanding(script))) } catch {
            throw CommandError.badInput("--script \(script): \(error)")
        }
        try SessionRecorder.checkWritable(folder)
        // Locks left by runs that were killed (whoever ran them) go: none is held by a live process.
        WriterLock.removeStaleLocks(in: folder)
        var base = try study.configuration(variant: nil)
        _ = try settings.load()
        let adjust: (inout TactileConfiguration) -> Void = { c in
            try? settings.applyLocale(to: &c)
            if let ui = settings.uiScale { c.layout.uiScale = ui }
        }
        adjust(&base)
        let raster = try RasterCanvas(scale: 1)
        let media = MediaCache(settings: base.media, mode: .synchronous)
        let s = StudySession(
            study: study, folder: folder, participant: number, configuration: base, measurer: raster.measurer, media: media,
            library: try MediaFolder.library(mediaDir), project: try Inputs.project(at: study.project?.path), viewport: trace.viewport, resume: resume)
        try refuseIfTaken(s, participant: participant, number: number, folder: folder)
        s.scriptedBy = script
        s.adjustConfiguration = adjust
        s.add(StudyEvents(problem: { FileHandle.standardError.write(Data("tactile: \($0)\n".utf8)) }))
        ScriptedParticipant.play(trace, into: s)
        s.close()
        return "(scripted by \(script)) " + (try ending(of: s, kiosk: false, folder: folder))
    }

    /// Refuses a run whose participant another process took between the check and the lock:
    /// exit 4 while that process holds them, 2 when they have taken part since.
    static func refuseIfTaken(_ s: StudySession, participant: String, number: Int, folder: URL) throws {
        guard let refusal = s.refusedParticipant else { return }
        s.close()
        let busy = WriterLock.isHeld(StudySession.lockURL(of: number, in: folder))
        throw CommandError("--participant \(participant): \(refusal) (\(folder.path))", exitCode: busy ? 4 : 2)
    }

    /// What the run prints when it closes, or, when something could not be saved (a full or
    /// read-only disk), an error with exit status 3 saying what was lost: never "kept" then.
    static func ending(of session: StudySession, kiosk: Bool, folder: URL) throws -> String {
        if !session.unsaved.isEmpty {
            let lost = session.unsaved.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
            let who = session.participant.map { StudyAnswers.name(of: $0) } ?? "the study"
            throw CommandError("\(who) (\(folder.path)): not everything could be saved: \(lost)", exitCode: 3)
        }
        if kiosk {
            return "Kiosk study: \(session.participantsRun) participant\(session.participantsRun == 1 ? "" : "s") finished; results in \(folder.path)\n"
        }
        guard let n = session.participant, session.answers != nil else {
            return session.stage == .declined ? "The participant did not agree: nothing was recorded.\n" : "Nothing was recorded.\n"
        }
        let where_ = session.participantFolder(n).path
        return session.stage == .thanks
            ? "\(StudyAnswers.name(of: n)) finished the study: answers and recordings in \(where_)\n"
            : "\(StudyAnswers.name(of: n)) stopped \(session.whereStopped): what was done is kept in \(where_)\n"
    }

    /// Feeds the observer page from the study and the window: the log as it happens, the state
    /// when it changes, pictures on request; its markers and notes go into the study's logs at
    /// the moment they were made, and each is acknowledged to the pages once logged (or
    /// refused, and why).
    static func connect(_ observer: ObserverServer, to s: StudySession, host: WindowHost) {
        let feed = observer.feed
        s.add(StudyEvents(logged: { feed.append(logLine: ObserverTicker.line($0)) }))
        feed.screenshots.serve(from: host)
        feed.onCommand = { SDLEvents.pushWake() }
        var shown: JSONValue?
        host.observeLoop { now, _ in
            for local in feed.takePageConnections() { s.observerPageConnected(onThisMachine: local, now: now) }
            for c in feed.takeCommands() {
                // Made `age` before it arrived (it waited in the page's outbox); the loop woke for it
                // within a frame or so of its arrival.
                let waited = c.age + max(0, Date().timeIntervalSince(c.arrived))
                let refusal = s.observerMark(key: c.key, note: c.note, id: c.id, participant: c.participant, waited: waited, now: now)
                if let id = c.id { feed.acknowledge(id, refusal.map { .refused($0) } ?? .saved) }
            }
            let state = s.observerState(now: now, elapsed: false)
            if state != shown {
                shown = state
                feed.publish(state: s.observerState(now: now))
            }
        }
    }

    /// "P07", "p7" or "7" → 7.
    /// Whom a report's or heatmap's figures count: nil when neither option was given.
    /// `participants`: "P01,P03" or "1,3".
    public static func selection(includeScripted: Bool, participants: String?) throws -> StudyResults.Selection? {
        guard includeScripted || participants != nil else { return nil }
        let only = try participants.map { list in
            try list.split(separator: ",").map { StudyAnswers.name(of: try parseParticipant($0.trimmingCharacters(in: .whitespaces))) }
        }
        if let only, only.isEmpty { throw CommandError.badInput("--participant: name at least one participant, such as P01 or P01,P03") }
        return StudyResults.Selection(includeScripted: includeScripted, only: only)
    }

    static func parseParticipant(_ text: String, field: String = "--participant") throws -> Int {
        let digits = text.hasPrefix("P") || text.hasPrefix("p") ? String(text.dropFirst()) : text
        guard let n = Int(digits), (1...9999).contains(n) else {
            throw CommandError.badInput("\(field) \(PrintableText.of(text, limit: 40)): expected a participant number such as P07 or 7 (1 to 9999)")
        }
        return n
    }
}
