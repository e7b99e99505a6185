import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileMedia
import TactileSDL
import TactileServer
import TactileStudy

/// Feeds a kiosk's health server from the window and the session: the loop coming round and
/// presenting, editor frames, touches, latency, visitors and their sessions, errors in the log,
/// and screenshots on request (captured at the next present, encoded off the loop's thread).
final class HealthReporting {
    let telemetry: KioskTelemetry
    let server: HealthServer
    private var visitorSince: Time?
    private let visitorsPerDay = VisitorsPerDay()
    private let sessionsPerDay = VisitorsPerDay()

    init(configuration: TactileConfiguration, dataFolder: String, recovered: Bool) {
        var snapshot = KioskTelemetry.Snapshot()
        snapshot.version = TactileVersion.string
        snapshot.dataFolder = dataFolder
        snapshot.recoveries = recovered ? 1 : 0
        telemetry = KioskTelemetry(snapshot: snapshot)
        let k = configuration.kiosk
        server = HealthServer(
            telemetry: telemetry, host: k.healthHost, port: k.healthPort, stallAfter: k.healthStallAfter,
            lowSpace: k.healthLowSpace * 1_000_000,
            limits: OpenFileLimit.limits(
                maxConnections: k.healthMaxConnections, clientTimeout: k.healthClientTimeout, headerDeadline: k.healthHeaderDeadline,
                configuration: configuration))
    }

    /// Follows the window's loop: when it came round and presented, and makes it come round
    /// at least three times per stall interval, so an idle kiosk still proves it is alive.
    func attach(to host: WindowHost, stallAfter: Double) {
        let telemetry = self.telemetry
        host.observeLoop { now, presented in
            let date = Date()
            telemetry.update { s in
                s.lastLoop = date; if presented { s.lastPresent = date }
            }
            if presented { telemetry.framesPresented.increment() }
        }
        host.wakeBy { now in now + .seconds(stallAfter / 3) }
        telemetry.screenshots.serve(from: host)
    }

    /// Counts visitors' sessions as they are saved, and those that could not be as errors.
    func attach(to visitors: KioskVisitors) {
        let telemetry = self.telemetry, perDay = sessionsPerDay
        visitors.onSaved = { _ in
            perDay.count()
            let today = perDay.today
            telemetry.update { s in
                s.sessionsToday = today; s.sessionsTotal += 1
            }
        }
        visitors.onFailure = { _ in telemetry.errors.increment() }
    }

    /// A failure the person was told of outside the editor's log (an autosave that failed).
    func countError() { telemetry.errors.increment() }

    /// Follows the session: frames, touches, latency, the kiosk's phase and visitors.
    func attach(to session: HostSession) {
        let telemetry = self.telemetry
        let frame: (FrameRecord) -> Void = { [unowned session] record in
            telemetry.framesRun.increment()
            let touched = record.events.contains {
                if case .touch = $0.kind { return true }; return false
            }
            let errors = record.output.log.filter {
                switch $0.event {
                case .error, .problem: return true
                default: return false
                }
            }.count
            if errors > 0 { telemetry.errors.increment(by: Int64(errors)) }
            // "idle": a visitor's screen untouched for a while (they have probably left).
            let phase = session.kiosk.map { k in k.phase == .visitor && k.isIdle(at: record.time) ? "idle" : Windowed.phaseName(k.phase) } ?? "editing"
            telemetry.update { s in
                s.phase = phase
                if touched { s.lastTouch = Date() }
            }
        }
        let visitor: (KioskMode.Command, EditorState, Time) -> Void = { [weak self] command, state, time in
            guard let self else { return }
            switch command {
            case .visitorArrived:
                self.visitorSince = time
                self.visitorsPerDay.count()
                telemetry.visitors.increment()
                let today = self.visitorsPerDay.today
                telemetry.update { s in
                    s.visitorsToday = today; s.visitorsTotal += 1
                }
            case .visitorLeft:
                if let since = self.visitorSince { telemetry.sessionLength.record((time - since).seconds) }
                self.visitorSince = nil
            default:
                break
            }
        }
        session.add(
            SessionEvents(
                frame: frame, latency: { sample in telemetry.latency.recordNanoseconds(Int64(sample.total.seconds * 1e9)) },
                visitor: visitor))
    }
}
