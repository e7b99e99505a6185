import Foundation
import TactileCore
import TactileEditor
import TactileInput

/// A trace to replay with the project and configuration it ran with: a recorded session's
/// folder (trace.jsonl, project-start.json, config.json), or a bare trace file.
public struct RecordedSession {
    public var trace: Trace
    public var project: Project
    public var configuration: TactileConfiguration
    /// The session folder, when `path` named one.
    public var folder: URL?
    /// The test plan the session ran (its `plan.json`), if any.
    public var plan: TaskPlan?

    /// Opens `path` (a trace file or a session folder). An explicit `project` or configuration
    /// file in `settings` wins over the folder's own.
    public static func open(_ path: String, project: String?, settings: Settings) throws -> RecordedSession {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw CommandError.badInput("\(path): no such file or folder") }
        guard isFolder.boolValue else {
            return RecordedSession(trace: try Inputs.trace(at: path), project: try Inputs.project(at: project), configuration: try settings.load())
        }
        let folder = URL(fileURLWithPath: path)
        let tracePath = folder.appendingPathComponent(SessionRecorder.FileName.trace).path
        guard FileManager.default.fileExists(atPath: tracePath) else {
            throw CommandError.badInput("\(path): not a recorded session (no \(SessionRecorder.FileName.trace) in it)")
        }
        let start = folder.appendingPathComponent(SessionRecorder.FileName.projectStart).path
        let projectPath = project ?? (FileManager.default.fileExists(atPath: start) ? start : nil)
        var configuration: TactileConfiguration
        let recordedConfig = folder.appendingPathComponent(SessionRecorder.FileName.configuration)
        if settings.file == nil, FileManager.default.fileExists(atPath: recordedConfig.path) {
            configuration = try Settings(file: recordedConfig.path).load()
            if let ui = settings.uiScale { configuration.layout.uiScale = ui }
        } else {
            configuration = try settings.load()
        }
        let planPath = folder.appendingPathComponent(SessionRecorder.FileName.plan).path
        return RecordedSession(trace: try Inputs.trace(at: tracePath), project: try Inputs.project(at: projectPath),
                               configuration: configuration, folder: folder,
                               plan: try Inputs.plan(at: FileManager.default.fileExists(atPath: planPath) ? planPath : nil))
    }
}
