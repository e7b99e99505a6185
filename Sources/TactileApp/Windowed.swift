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
    public init(record: String? = nil, showTouches: Bool = false) { self.record = record; self.showTouches = showTouches }
}

/// `tactile run`: the editor in a window.
public enum Windowed {
    public static func run(project path: String?, files: [String] = [], scale: Double?, fill: Bool, fullscreen: Bool, size: String?,
                           settings: Settings = Settings(), mediaDir: String? = nil, options run: RunOptions = RunOptions()) throws {
        MediaMemory.returnLargeBuffersToTheSystem()
        let (project, notices) = try Inputs.opening(project: path, files: files)
        let library = try MediaFolder.library(mediaDir)
        var (configuration, watcher) = try settings.loadWatching()
        if run.showTouches { configuration.overlays.showTouches = true }
        let options = WindowOptions(viewport: try Inputs.size(size) ?? configuration.layout.viewport,
                                    scale: try Inputs.scale(scale), fill: fill, fullscreen: fullscreen)
        let host = WindowHost(options: options, configuration: configuration)
        host.configurationWatcher = watcher
        let recordFolder: URL? = run.record.map { URL(fileURLWithPath: $0) }
            ?? (configuration.session.recordFolder.isEmpty ? nil
                : SessionRecorder.newFolder(in: URL(fileURLWithPath: (configuration.session.recordFolder as NSString).expandingTildeInPath)))
        let recording = try recordFolder.map { try Recording(host: host, folder: $0, project: project, configuration: configuration) }
        do { try host.run(project: project, notices: notices, library: library) } catch let e as SDLError {
            throw CommandError(e.message)
        }
        if let recorder = recording?.finish(host: host) {
            FileHandle.standardError.write(Data("tactile: recorded \(recorder.framesWritten) frames and \(recorder.logEventsWritten) log events into \(recorder.folder.path)\n".utf8))
        }
    }
}

/// Records a window's session: starts the recorder at the first frame (when the viewport and
/// the display's rate are known) and feeds it every frame after.
public final class Recording {
    public let folder: URL
    private let project: Project
    private let configuration: TactileConfiguration
    /// The recorder, once the first frame ran.
    public private(set) var recorder: SessionRecorder?

    /// Hooks into `host` (before it runs). Fails when `folder` already holds a session.
    public init(host: WindowHost, folder: URL, project: Project, configuration: TactileConfiguration) throws {
        self.folder = folder; self.project = project; self.configuration = configuration
        try SessionRecorder.checkFree(folder)
        host.followsAudioClock = false
        let previous = host.onFrame
        host.onFrame = { [unowned self, unowned host] record in
            previous?(record)
            if self.recorder == nil {
                do {
                    self.recorder = try SessionRecorder(folder: folder, viewport: record.state.viewport, framesPerSecond: host.refreshRate,
                                                        project: project, configuration: configuration)
                } catch { FileHandle.standardError.write(Data("tactile: \(error)\n".utf8)) }
            }
            self.recorder?.record(time: record.time, events: record.events, log: record.output.log, project: record.state.project)
        }
    }

    /// Ends the recording with the project the window closed on.
    @discardableResult
    public func finish(host: WindowHost) -> SessionRecorder? {
        if let recorder, let final = host.finalState { recorder.finish(project: final.project) }
        return recorder
    }
}
