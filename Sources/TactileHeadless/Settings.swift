import Foundation
import TactileCore

/// Where a command's configuration comes from: a file (`--config`), one of its named variants
/// (`--variant`), and options laid over it (`--ui-scale`, `--locale`; without either, the
/// locale comes from the environment).
public struct Settings: Sendable {
    public var file: String?
    public var variant: String?
    public var uiScale: Double?
    public var locale: String?

    public init(file: String? = nil, variant: String? = nil, uiScale: Double? = nil, locale: String? = nil) {
        self.file = file; self.variant = variant; self.uiScale = uiScale; self.locale = locale
    }

    /// The configuration these settings name.
    public func load() throws -> TactileConfiguration {
        var c = try Inputs.configuration(file: file, variant: variant, uiScale: uiScale)
        try applyLocale(to: &c)
        return c
    }

    /// The configuration, and a watcher that reloads the file when it changes (nil without a file).
    public func loadWatching() throws -> (configuration: TactileConfiguration, watcher: ConfigurationWatcher?) {
        guard let file else { return (try load(), nil) }
        var check = TactileConfiguration()
        try applyLocale(to: &check) // a bad --locale stops here, by name
        let settings = self
        return try Inputs.watcher(file: file, variant: variant, uiScale: uiScale) { c in try? settings.applyLocale(to: &c) }
    }

    /// `--locale` over the file's; with neither, the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    public func applyLocale(to c: inout TactileConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let locale {
            var check = TactileConfiguration()
            check.theme.locale = locale
            if let problem = check.problems().first(where: { $0.key == "theme.locale" }) { throw CommandError.badInput("--locale \(problem.message)") }
            c.theme.locale = locale
        } else if c.theme.locale.isEmpty {
            let fromEnvironment = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
            c.theme.locale = String(fromEnvironment.prefix { $0 != "." && $0 != "@" }.prefix(32))
            if !c.problems().filter({ $0.key == "theme.locale" }).isEmpty { c.theme.locale = "" }
        }
    }
}
