import Foundation
import TactileCore
import TactileEditor
import TactileExport
import TactileHost
import TactileKiosk
import TactileSDL
import TactileStudy

/// One thing a window's run keeps going beside the editor — systemd's heartbeat, the demo's
/// media, the think-aloud sound, the kiosk's visitors, autosave, the tuning not yet saved, the
/// recording, the health server, the export — as Hummingbird's services are: each starts with
/// the session the window made and finishes when the window closes. `Windowed.run` holds them in
/// one list; they start in its order, stop in its order (what runs stops first, for every one),
/// then finish in its order (save, say so, and give what could not be saved).
protocol WindowService: AnyObject {
    /// The window made its session: join it (an observer, a banner).
    func start(_ session: HostSession, window: WindowSetup)
    /// The window closed (or could not open): stop what runs.
    func stop()
    /// Save what is kept and say so; returns what could not be saved, in words.
    func finish(project: Project, session: HostSession?) -> [String]
}

extension WindowService {
    func start(_ session: HostSession, window: WindowSetup) {}
    func stop() {}
    func finish(project: Project, session: HostSession?) -> [String] { [] }
}

/// What a window's run says on stderr ("tactile: …").
func say(_ line: String) { FileHandle.standardError.write(Data("tactile: \(line)\n".utf8)) }

/// Under systemd (`Type=notify`, `WatchdogSec`): ready at the first picture, pinged from the loop,
/// stopping when the window closes.
final class HeartbeatService: WindowService {
    let heartbeat: ServiceHeartbeat?
    init(_ heartbeat: ServiceHeartbeat?, host: WindowHost) {
        self.heartbeat = heartbeat
        heartbeat?.attach(to: host)
    }
    func stop() { heartbeat?.stopping() }
}

/// A first start makes the demo's media behind the open window (from its first picture); a window
/// closed before they are made stops making them (each file at its next frame) and leaves no
/// half-made one.
final class DemoMediaService: WindowService {
    let maker: DemoMediaMaker?
    init(_ maker: DemoMediaMaker?, host: WindowHost) {
        self.maker = maker
        if let maker { host.observeLoop { _, presented in if presented { maker.start() } } }
    }
    func stop() { maker?.stop(waiting: DemoMediaMaker.stopWait) }
}

/// The think-aloud sound of a recorded session, into its folder, from the session's clock on.
final class ThinkAloudService: WindowService {
    let thinkAloud: ThinkAloud?
    let folder: URL?
    let host: WindowHost
    init(_ thinkAloud: ThinkAloud?, folder: URL?, host: WindowHost) { self.thinkAloud = thinkAloud; self.folder = folder; self.host = host }
    func start(_ session: HostSession, window: WindowSetup) {
        guard let thinkAloud, let folder else { return }
        // The sound starts now on the session's clock, which the trace counts from.
        thinkAloud.begin(folder: folder, start: window.clock.now)
        host.observeLoop { _, _ in thinkAloud.pump() }
    }
    func stop() { thinkAloud?.finish() }
    func finish(project: Project, session: HostSession?) -> [String] {
        guard let thinkAloud else { return [] }
        if let failure = thinkAloud.failure { return ["the think-aloud sound was not recorded (\(failure))"] }
        say("recorded \(String(format: "%.1f", Double(thinkAloud.recorded) / 48_000)) s of think-aloud sound")
        return []
    }
}

/// A kiosk's visitors: each one's session saved apart, counted for the day.
final class KioskVisitorsService: WindowService {
    let visitors: KioskVisitors?
    let today: VisitorsPerDay
    init(_ visitors: KioskVisitors?, today: VisitorsPerDay) { self.visitors = visitors; self.today = today }
    func start(_ session: HostSession, window: WindowSetup) {
        guard let visitors else { return }
        let today = self.today
        session.add(
            SessionEvents(
                frame: { visitors.record($0) },
                visitor: { [unowned session] command, state, time in
                    if command == .visitorArrived { today.count() }
                    visitors.handle(command, state: state, at: time, framesPerSecond: session.refreshRate)
                }))
    }
    func finish(project: Project, session: HostSession?) -> [String] {
        guard let visitors else { return [] }
        visitors.finish(project: project)
        if visitors.saved > 0 { say("kiosk: saved \(visitors.saved) visitor sessions into \(visitors.folder.path)") }
        guard visitors.failures > 0 else { return [] }
        return ["\(visitors.failures) kiosk visitor session\(visitors.failures == 1 ? "" : "s") could not be saved (\(visitors.lastFailure ?? ""))"]
    }
}

/// Autosave: the project after every frame that changed it; a failure (and a recovery) in a
/// banner, counted by the health server.
final class AutosaveService: WindowService {
    let autosave: Autosave?
    /// Why autosave could not start, when it could not.
    let off: String?
    let countError: () -> Void
    init(_ autosave: Autosave?, off: String?, countError: @escaping () -> Void) { self.autosave = autosave; self.off = off; self.countError = countError }
    func start(_ session: HostSession, window: WindowSetup) {
        guard let autosave else { return }
        let countError = self.countError
        session.add(
            SessionEvents(frame: { [unowned session] record in
                switch autosave.save(record.state.project) {
                case let .failed(reason):
                    session.post(banner: "Autosave failed: \(reason). Your changes are not being saved.", isError: true)
                    countError()
                    say("autosave failed: \(reason)")
                case .recovered:
                    session.post(banner: "Autosave works again: your project is saved.", isError: false)
                default: break
                }
            }))
    }
    func finish(project: Project, session: HostSession?) -> [String] {
        (autosave?.finish(project: project) ?? off).map { ["the project could not be autosaved (\($0))"] } ?? []
    }
}

/// Tuning not yet saved at the end is kept as a variant of its own.
final class TuningKeptService: WindowService {
    func finish(project: Project, session: HostSession?) -> [String] {
        switch session?.keepUnsavedTuning() {
        case let .saved(name)?: say("the tuning not yet saved is kept as the variant \(name)")
        case let .lost(reason)?: return ["the tuning was not saved: \(reason)"]
        case nil: break
        }
        return []
    }
}

/// A recording of the session (`--record`, `session.recordFolder`): trace, log, projects, latency.
final class RecordingService: WindowService {
    let recording: Recording?
    init(_ recording: Recording?) { self.recording = recording }
    func start(_ session: HostSession, window: WindowSetup) {
        recording?.attach(to: session, framesPerSecond: window.refreshRate, clockOrigin: window.clock.originUptimeNanoseconds)
    }
    func finish(project: Project, session: HostSession?) -> [String] {
        var unsaved: [String] = []
        if let recorder = recording?.finish(project: project) {
            say("recorded \(recorder.framesWritten) frames and \(recorder.logEventsWritten) log events into \(recorder.folder.path)")
            if let reason = recorder.stopped { unsaved.append("the recording stopped early (\(reason)); what was recorded until then is kept") }
        }
        if let reason = recording?.failedToStart { unsaved.append("the session could not be recorded (\(reason))") }
        return unsaved
    }
}

/// The health server (`kiosk.healthPort`), told of the session; a port that could not be had is
/// said in a banner. (Its server stops last, whatever ended the run.)
final class HealthService: WindowService {
    let health: HealthReporting?
    let failure: String?
    init(_ health: HealthReporting?, failure: String?) { self.health = health; self.failure = failure }
    func start(_ session: HostSession, window: WindowSetup) {
        health?.attach(to: session)
        if let failure { session.post(banner: failure, isError: true) }
    }
}

/// An export still running when the window closed is finished first (the person asked for the
/// movie) — after everything else is saved: the wait may be long, and a power cut may end it.
final class ExportService: WindowService {
    var exporter: BackgroundMovieExport?
    let host: WindowHost
    init(host: WindowHost) { self.host = host }
    func finish(project: Project, session: HostSession?) -> [String] {
        guard let exporter, let reason = Windowed.endExport(exporter, windowClosed: host.ending == .closed) else { return [] }
        return [reason]
    }
}
