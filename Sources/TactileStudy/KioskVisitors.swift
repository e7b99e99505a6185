import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileKiosk

/// Saves each kiosk visitor's session as a session folder (the same files `run --record`
/// writes, times counted from the visitor's first touch), so a study can replay, report and
/// heatmap what visitors did. Keeps at most `keepSessions` folders, deleting the oldest.
public final class KioskVisitors {
    public let folder: URL
    private let configuration: RecordedConfiguration
    private let keep: Int
    private let plan: TaskPlan?
    private var recorder: SessionRecorder?
    /// This process's hold on the visitor's session folder while it is written.
    private var sessionLock: WriterLock?
    /// Visitor sessions saved so far, and the last one.
    public private(set) var saved = 0
    public private(set) var lastSession: URL?
    /// Visitor sessions that could not be saved (whole or in part), and why the last one failed.
    public private(set) var failures = 0
    public private(set) var lastFailure: String?
    /// Told of each visitor session saved whole (its folder), and of each that could not be (why):
    /// the health server counts the one as a session and the other as an error.
    public var onSaved: ((URL) -> Void)?
    public var onFailure: ((String) -> Void)?

    /// Visitors' sessions go into `folder`, each with `configuration` as its `config.json`; the
    /// kiosk's `keepSessions` says how many are kept.
    public init(folder: URL, kiosk: TactileConfiguration.Kiosk = .init(), configuration: RecordedConfiguration, plan: TaskPlan? = nil) {
        self.folder = folder; self.configuration = configuration; self.keep = kiosk.keepSessions; self.plan = plan
    }

    /// Follows the kiosk: a visitor arriving starts a session, one leaving ends it.
    public func handle(_ command: KioskMode.Command, state: EditorState, at time: Time, framesPerSecond: Double) {
        switch command {
        case .visitorArrived:
            finish(project: state.project)
            do {
                // One writer per session folder: a kiosk sharing this folder that took the same
                // name in the same second is left its folder; this one takes the next.
                var url = SessionRecorder.newFolder(in: folder), attempts = 0
                while true {
                    do { sessionLock = try WriterLock.folder(url); break } catch let held as WriterLock.Held {
                        attempts += 1
                        if attempts > 5 { throw held }
                        url = SessionRecorder.newFolder(in: folder, now: Date().addingTimeInterval(Double(attempts)))
                    }
                }
                recorder = try SessionRecorder(
                    folder: url, viewport: state.viewport, framesPerSecond: framesPerSecond, project: state.project,
                    configuration: configuration, plan: plan?.json, origin: time)
            } catch {
                sessionLock?.remove()
                sessionLock = nil
                fail("\(error)")
            }
        case .visitorLeft:
            finish(project: state.project)
        case .resetToDemo, .exit, .restart:
            break
        }
    }

    /// Records one frame of the visitor in progress.
    public func record(_ frame: FrameRecord) {
        guard let recorder, recorder.stopped == nil else { return }
        // (A visitor's recording is the editor's: the PIN pad's taps and verdicts are kiosk mode's.)
        if !recorder.record(time: frame.time, events: frame.events, log: frame.output.log, project: frame.state.project) {
            fail("the visitor's session stopped recording: \(recorder.stopped ?? "a write failed")")
        }
    }

    /// Ends the visitor's session in progress (idle timeout, exit, termination).
    public func finish(project: Project) {
        guard let recorder else { return }
        let stoppedBefore = recorder.stopped != nil
        let finished = recorder.finish(project: project)
        sessionLock?.remove()
        sessionLock = nil
        if !finished, !stoppedBefore { fail("the visitor's session could not be finished: \(recorder.stopped ?? "")") }
        self.recorder = nil
        // A session that stopped recording or could not be finished is not counted as saved
        // (its failure was counted once, when it happened).
        guard finished, !stoppedBefore else { return }
        saved += 1
        lastSession = recorder.folder
        onSaved?(recorder.folder)
        prune()
    }

    /// A session that could not be saved: told to the operator's log (not to the visitor).
    private func fail(_ reason: String) {
        failures += 1
        lastFailure = reason
        FileHandle.standardError.write(Data("tactile: kiosk: \(reason)\n".utf8))
        onFailure?(reason)
    }

    /// Deletes the oldest sessions beyond the limit (folder names sort by date).
    private func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        // A session another kiosk sharing the folder is still writing is never deleted.
        let sessions = names.filter { $0.hasPrefix("session-") && !WriterLock.isHeld(WriterLock.lockURL(ofFolder: folder.appendingPathComponent($0))) }.sorted()
        for name in sessions.dropLast(keep) { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
    }
}
