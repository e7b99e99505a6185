import Foundation
import TactileCore
import TactileEditor
import TactileSDL
import TactileMedia

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
    public init(record: String? = nil, showTouches: Bool = false, pointerLocation: Bool = false, monitor: Bool = false, plan: String? = nil,
                kiosk: Bool = false) {
        self.record = record; self.showTouches = showTouches; self.pointerLocation = pointerLocation; self.monitor = monitor
        self.plan = plan; self.kiosk = kiosk
    }
}

/// `tactile run`: the editor in a window.
public enum Windowed {
    public static func run(project path: String?, files: [String] = [], scale: Double?, fill: Bool, fullscreen: Bool, size: String?,
                           settings: Settings = Settings(), mediaDir: String? = nil, options run: RunOptions = RunOptions()) throws {
        MediaMemory.returnLargeBuffersToTheSystem()
        var (project, notices) = try Inputs.opening(project: path, files: files)
        let demo = project
        let library = try MediaFolder.library(mediaDir)
        var (configuration, watcher) = try settings.loadWatching()
        let switches: (inout TactileConfiguration) -> Void = { c in
            if run.showTouches { c.overlays.showTouches = true }
            if run.pointerLocation { c.overlays.pointerLocation = true }
            if run.monitor { c.overlays.monitor = true }
        }
        switches(&configuration)
        if run.kiosk && (run.record != nil || !configuration.session.recordFolder.isEmpty) {
            throw CommandError.badInput("--kiosk saves every visitor's session into kiosk.sessionsFolder; it does not take --record or session.recordFolder")
        }
        let attract = try run.kiosk ? AttractTour.trace(configured: configuration.kiosk.attractTrace) : nil
        let plan = try Inputs.plan(at: run.plan ?? configuration.session.plan)
        TerminationSignals.install()
        // Autosave, and the project of a session that died, brought back.
        var autosave: Autosave?, recovered = false, autosaveOff: String?
        if configuration.session.autosave {
            let folder = DataFolder.url("autosave", configured: configuration.session.autosaveFolder)
            if let r = Autosave.recover(from: folder, keep: configuration.session.keepRecoveredProjects) {
                if path == nil && files.isEmpty {
                    project = r.project; recovered = true
                    notices.append("Recovered the project of a session that ended unexpectedly (saved \(Self.clockTime(r.savedAt))); a copy is in \(r.file.path)")
                } else {
                    notices.append("The project of a session that ended unexpectedly is kept in \(r.file.path)")
                }
            }
            do { autosave = try Autosave(folder: folder, project: project) } catch {
                autosaveOff = SessionRecorder.reason(error)
                notices.append("Autosave is off: cannot write to \(folder.path) (\(autosaveOff!)). Your changes are not being saved.")
            }
        }
        let options = WindowOptions(viewport: try Inputs.size(size) ?? configuration.layout.viewport,
                                    scale: try Inputs.scale(scale), fill: fill, fullscreen: fullscreen)
        let host = WindowHost(options: options, configuration: configuration)
        host.configurationWatcher = watcher
        host.plan = plan
        host.adjustReloaded = switches
        let recordFolder: URL? = run.record.map { URL(fileURLWithPath: $0) }
            ?? (configuration.session.recordFolder.isEmpty ? nil
                : SessionRecorder.newFolder(in: URL(fileURLWithPath: (configuration.session.recordFolder as NSString).expandingTildeInPath)))
        let recording = try recordFolder.map { try Recording(host: host, folder: $0, project: project, configuration: configuration, plan: plan,
                                                             notices: notices) }
        var visitors: KioskVisitors?
        if let attract {
            let kept = KioskVisitors(folder: DataFolder.url("kiosk-sessions", configured: configuration.kiosk.sessionsFolder),
                                     configuration: configuration, plan: plan)
            visitors = kept
            host.kiosk = KioskSetup(attractTrace: attract, demo: demo, visitorPresent: recovered) { [unowned host] command, state, time in
                kept.handle(command, state: state, at: time, framesPerSecond: host.refreshRate)
            }
        }
        let previous = host.onFrame
        host.onFrame = { [unowned host] record in
            previous?(record)
            visitors?.record(record)
            switch autosave?.save(record.state.project) {
            case let .failed(reason)?:
                host.post(banner: "Autosave failed: \(reason). Your changes are not being saved.", isError: true)
                FileHandle.standardError.write(Data("tactile: autosave failed: \(reason)\n".utf8))
            case .recovered?:
                host.post(banner: "Autosave works again: your project is saved.", isError: false)
            default: break
            }
        }
        do { try host.run(project: project, notices: notices, library: library) } catch let e as SDLError {
            throw CommandError(e.message)
        }
        let final = host.finalState?.project ?? project
        var unsaved: [String] = []
        visitors?.finish(project: final)
        if let failures = visitors?.failures, failures > 0 { unsaved.append("\(failures) kiosk visitor session\(failures == 1 ? "" : "s") could not be saved (\(visitors?.lastFailure ?? ""))") }
        if let reason = autosave?.finish(project: final) ?? autosaveOff { unsaved.append("the project could not be autosaved (\(reason))") }
        if let recorder = recording?.finish(host: host) {
            FileHandle.standardError.write(Data("tactile: recorded \(recorder.framesWritten) frames and \(recorder.logEventsWritten) log events into \(recorder.folder.path)\n".utf8))
            if let reason = recorder.stopped { unsaved.append("the recording stopped early (\(reason)); what was recorded until then is kept") }
        }
        if let reason = recording?.failedToStart { unsaved.append("the session could not be recorded (\(reason))") }
        if let visitors, visitors.saved > 0 {
            FileHandle.standardError.write(Data("tactile: kiosk: saved \(visitors.saved) visitor sessions into \(visitors.folder.path)\n".utf8))
        }
        guard unsaved.isEmpty else {
            // Exit status 3: the program ran and closed, but something could not be saved.
            throw CommandError("not everything could be saved: " + unsaved.joined(separator: "; "), exitCode: 3)
        }
        if host.ending != .closed { FileHandle.standardError.write(Data("tactile: \(host.ending == .terminated ? "terminated" : "kiosk exit"): everything saved\n".utf8)) }
    }

    /// "14:05" for a recovery notice.
    static func clockTime(_ date: Date) -> String {
        let f = DateFormatter()
        f.dateFormat = "HH:mm"
        return f.string(from: date)
    }
}

/// Records a window's session: starts the recorder at the first frame (when the viewport and
/// the display's rate are known) and feeds it every frame after.
public final class Recording {
    public let folder: URL
    private let project: Project
    private let configuration: TactileConfiguration
    private let plan: TaskPlan?
    /// The recorder, once the first frame ran.
    public private(set) var recorder: SessionRecorder?
    /// Why the recorder could not start at the first frame (the folder was writable a moment before).
    public private(set) var failedToStart: String?

    /// Hooks into `host` (before it runs). Fails (exit 2) when `folder` already holds a session or
    /// cannot be written. `notices` are the messages the session opens with (files left out, a
    /// recovery): they are kept with it so that its replay logs them too.
    public init(host: WindowHost, folder: URL, project: Project, configuration: TactileConfiguration, plan: TaskPlan? = nil,
                notices: [String] = []) throws {
        self.folder = folder; self.project = project; self.configuration = configuration; self.plan = plan
        try SessionRecorder.checkFree(folder)
        try SessionRecorder.checkWritable(folder)
        host.followsAudioClock = false
        let previous = host.onFrame
        host.onFrame = { [unowned self, unowned host] record in
            previous?(record)
            if self.recorder == nil && self.failedToStart == nil {
                do {
                    self.recorder = try SessionRecorder(folder: folder, viewport: record.state.viewport, framesPerSecond: host.refreshRate,
                                                        project: project, configuration: configuration, plan: self.plan?.json, notices: notices)
                } catch {
                    self.failedToStart = "\(error)"
                    host.post(banner: "This session is not being recorded: \(error)", isError: true)
                    FileHandle.standardError.write(Data("tactile: \(error)\n".utf8))
                }
            }
            guard let recorder = self.recorder, recorder.stopped == nil else { return }
            if !recorder.record(time: record.time, events: record.events, log: record.output.log, project: record.state.project) {
                let reason = recorder.stopped ?? "a write failed"
                host.post(banner: "Recording stopped: \(reason). What was recorded until now is kept.", isError: true)
                FileHandle.standardError.write(Data("tactile: recording stopped after \(recorder.framesWritten) frames: \(reason)\n".utf8))
            }
        }
    }

    /// Ends the recording with the project the window closed on.
    @discardableResult
    public func finish(host: WindowHost) -> SessionRecorder? {
        if let recorder, let final = host.finalState { recorder.finish(project: final.project) }
        return recorder
    }
}
