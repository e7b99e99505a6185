import Foundation
import TactileCore
import TactileEditor
import TactileSDL

/// Saves each kiosk visitor's session as a session folder (the same files `run --record`
/// writes, times counted from the visitor's first touch), so a study can replay, report and
/// heatmap what visitors did. Keeps at most `keepSessions` folders, deleting the oldest.
public final class KioskVisitors {
    public let folder: URL
    private let configuration: TactileConfiguration
    private let keep: Int
    private let plan: TaskPlan?
    private var recorder: SessionRecorder?
    /// Visitor sessions saved so far, and the last one.
    public private(set) var saved = 0
    public private(set) var lastSession: URL?

    public init(folder: URL, configuration: TactileConfiguration, plan: TaskPlan? = nil) {
        self.folder = folder; self.configuration = configuration; self.keep = configuration.kiosk.keepSessions; self.plan = plan
    }

    /// Follows the kiosk: a visitor arriving starts a session, one leaving ends it.
    public func handle(_ command: KioskMode.Command, state: EditorState, at time: Time, framesPerSecond: Double) {
        switch command {
        case .visitorArrived:
            finish(project: state.project)
            let url = SessionRecorder.newFolder(in: folder)
            do {
                recorder = try SessionRecorder(folder: url, viewport: state.viewport, framesPerSecond: framesPerSecond, project: state.project,
                                               configuration: configuration, plan: plan?.json, origin: time)
            } catch {
                FileHandle.standardError.write(Data("tactile: kiosk: cannot save the visitor's session (\(error))\n".utf8))
            }
        case .visitorLeft:
            finish(project: state.project)
        case .resetToDemo, .exit:
            break
        }
    }

    /// Records one frame of the visitor in progress.
    public func record(_ frame: FrameRecord) {
        recorder?.record(time: frame.time, events: frame.events, log: frame.output.log, project: frame.state.project)
    }

    /// Ends the visitor's session in progress (idle timeout, exit, termination).
    public func finish(project: Project) {
        guard let recorder else { return }
        recorder.finish(project: project)
        self.recorder = nil
        saved += 1
        lastSession = recorder.folder
        prune()
    }

    /// Deletes the oldest sessions beyond the limit (folder names sort by date).
    private func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let sessions = names.filter { $0.hasPrefix("session-") }.sorted()
        for name in sessions.dropLast(keep) { try? FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
    }
}
