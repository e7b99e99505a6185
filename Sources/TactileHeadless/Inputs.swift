import Foundation
import TactileCore
import TactileEditor
import TactileInput
import TactileKiosk

/// Loading what commands are given, with errors that name the file and field.
public enum Inputs {
    /// The project at `path`, or the built-in demo over its media when `path` is nil.
    public static func project(at path: String?) throws -> Project { try opening(project: path).project }

    /// The test plan at `path` (nil: none); errors name the key.
    public static func plan(at path: String?) throws -> TaskPlan? {
        guard let path, !path.isEmpty else { return nil }
        let expanded = HomePath.expanding(path)
        guard let data = FileManager.default.contents(atPath: expanded) else { throw CommandError.badInput("\(path): the test plan cannot be read") }
        do { return try TaskPlan.parse(data) } catch let e as ConfigurationError {
            throw CommandError.badInput("\(path): \(e)")
        }
    }

    /// What to open: media `files` as a new project, else the project at `path`, else the demo;
    /// with notices for the banner (files left out).
    /// `stopWhen` is asked while the demo's media are made (a termination signal on a first start).
    public static func opening(project path: String?, files: [String] = [], stopWhen: () -> Bool = { false }) throws -> (project: Project, notices: [String]) {
        if !files.isEmpty {
            guard path == nil else { throw CommandError.badInput("give either --project or media files, not both") }
            return MediaProject.make(files: files, stillDuration: .seconds(TactileConfiguration().editing.newClipDuration))
        }
        guard let path else { return MediaProject.demo(stopWhen: stopWhen) }
        do { return (try ProjectFile.load(from: URL(fileURLWithPath: path)), []) } catch let error as ProjectFileError {
            throw CommandError.badInput("\(path): \(error)")
        }
    }

    /// The trace the kiosk's attract loop plays: the file `configured` names, else the built-in tour.
    public static func attractTour(configured: String) throws -> Trace {
        if !configured.isEmpty { return try trace(at: HomePath.expanding(configured)) }
        do { return try AttractTour.builtIn() } catch { throw CommandError("the built-in attract tour cannot be read (\(CommandError.reason(error)))") }
    }

    /// The trace at `path`.
    public static func trace(at path: String) throws -> Trace {
        do { return try Trace.load(from: URL(fileURLWithPath: path)) } catch let error as TraceError {
            throw CommandError.badInput("\(path): \(error)")
        }
    }

    /// A "WxH" viewport size.
    public static func size(_ text: String?) throws -> Size? {
        guard let text else { return nil }
        guard let size = Size(parsing: text), size.width <= 4096, size.height <= 4096 else {
            throw CommandError.badInput("--size must look like 390x844 (points, each at most 4096), not \"\(text)\"")
        }
        return size
    }

    /// The configuration: the file at `file` (with `variant`) or the defaults, then `--ui-scale`
    /// (0.5 … 3) over it.
    public static func configuration(file: String? = nil, variant: String? = nil, uiScale: Double?) throws -> TactileConfiguration {
        guard let file else {
            if let variant { throw CommandError.badInput("--variant \(variant) needs --config FILE (the file that holds the variants)") }
            var c = TactileConfiguration()
            try applyUIScale(uiScale, to: &c)
            return c
        }
        return try watcher(file: file, variant: variant, uiScale: uiScale).configuration
    }

    /// The configuration file at `file` loaded, and a watcher that reloads it with the same
    /// variant and command-line options laid over.
    public static func watcher(
        file: String, variant: String?, uiScale: Double?,
        also: @escaping @Sendable (inout TactileConfiguration) -> Void = { _ in }
    ) throws -> (configuration: TactileConfiguration, watcher: ConfigurationWatcher) {
        var check = TactileConfiguration()
        try applyUIScale(uiScale, to: &check)
        let watcher = ConfigurationWatcher(url: URL(fileURLWithPath: file), variant: variant, schema: .tactile) { c in
            if let uiScale { c.layout.uiScale = uiScale }
            also(&c)
        }
        do { return (try watcher.load(), watcher) } catch let e as ConfigurationError {
            throw CommandError.badInput("\(file): \(e)")
        }
    }

    private static func applyUIScale(_ uiScale: Double?, to c: inout TactileConfiguration) throws {
        guard let uiScale else { return }
        guard uiScale.isFinite, uiScale >= 0.5, uiScale <= 3 else { throw CommandError.badInput("--ui-scale must be between 0.5 and 3, not \(uiScale)") }
        c.layout.uiScale = uiScale
    }

    /// A scale factor between 0.25 and 8.
    public static func scale(_ value: Double?) throws -> Double? {
        guard let value else { return nil }
        guard value.isFinite, value >= 0.25, value <= 8 else { throw CommandError.badInput("--scale must be between 0.25 and 8, not \(value)") }
        return value
    }
}
