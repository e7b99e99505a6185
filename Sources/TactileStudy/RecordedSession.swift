import Foundation
import TactileCore
import TactileEditor
import TactileInput
import TactileKiosk
import TactileHeadless

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
    /// The messages the session opened with (its `notices.json`), logged by the first frame.
    public var notices: [String] = []
    /// For a kiosk's whole run (its `attract.jsonl` and `kiosk.json`): the kiosk it ran as.
    public var kiosk: KioskSetup?

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
        if settings.file == nil, let recorded = FileManager.default.contents(atPath: recordedConfig.path) {
            // As the session ran: settings that came after it take the value that behaves as before them.
            do {
                configuration = try ConfigurationFile.decode(ConfigurationFile.fillingSettingsIntroducedLater(recorded), schema: .tactile)
            } catch { throw CommandError.badInput("\(recordedConfig.path): \(error)") }
            try Settings().applyLocale(to: &configuration)
            if let ui = settings.uiScale { configuration.layout.uiScale = ui }
        } else {
            configuration = try settings.load()
        }
        let planPath = folder.appendingPathComponent(SessionRecorder.FileName.plan).path
        return RecordedSession(
            trace: try Inputs.trace(at: tracePath), project: try Inputs.project(at: projectPath),
            configuration: configuration, folder: folder,
            plan: try Inputs.plan(at: FileManager.default.fileExists(atPath: planPath) ? planPath : nil),
            notices: try notices(in: folder), kiosk: try kiosk(in: folder, demo: try Inputs.project(at: projectPath)))
    }

    /// The kiosk a whole kiosk run ran as: the tour in its `attract.jsonl`, the demo it starts
    /// from, and `kiosk.json`'s `visitorPresent`; nil for any other session.
    static func kiosk(in folder: URL, demo: Project) throws -> KioskSetup? {
        let tour = folder.appendingPathComponent(SessionRecorder.FileName.attract)
        guard FileManager.default.fileExists(atPath: tour.path) else { return nil }
        var visitorPresent = false
        var weekClock: Time?
        let setup = folder.appendingPathComponent(SessionRecorder.FileName.kiosk)
        if FileManager.default.fileExists(atPath: setup.path) {
            guard let data = FileManager.default.contents(atPath: setup.path),
                let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else {
                throw CommandError.badInput("\(setup.path): expected a JSON object like {\"visitorPresent\": false}")
            }
            if let v = object["visitorPresent"] {
                guard let b = JSONNumber.boolean(v) else { throw CommandError.badInput("\(setup.path): visitorPresent: must be true or false") }
                visitorPresent = b
            }
            if let v = object["weekClock"] {
                guard let seconds = JSONNumber.double(v), let t = Time.checkedSeconds(seconds, in: 0...(7 * 86_400)) else {
                    throw CommandError.badInput("\(setup.path): weekClock: must be seconds since Monday 00:00, from 0 to 604800")
                }
                weekClock = t
            }
        }
        return KioskSetup(attractTrace: try Inputs.trace(at: tour.path), demo: demo, visitorPresent: visitorPresent, weekClock: weekClock)
    }

    /// The folder's `notices.json` (none when it has no such file); errors name the entry.
    static func notices(in folder: URL) throws -> [String] {
        let url = folder.appendingPathComponent(SessionRecorder.FileName.notices)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        guard let data = FileManager.default.contents(atPath: url.path),
            let list = (try? JSONSerialization.jsonObject(with: data)) as? [Any]
        else {
            throw CommandError.badInput("\(url.path): expected a JSON array of messages")
        }
        guard list.count <= 100 else { throw CommandError.badInput("\(url.path): holds more than 100 messages") }
        return try list.enumerated().map { n, any in
            guard let text = any as? String, text.count <= 4096 else {
                throw CommandError.badInput("\(url.path): [\(n)]: expected a message of at most 4,096 characters")
            }
            return text
        }
    }
}
