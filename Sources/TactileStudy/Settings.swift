import Foundation
import TactileCore

/// Where a command's configuration comes from: a file (`--config`), one of its named variants
/// (`--variant`), and options laid over it (`--ui-scale`).
public struct Settings: Sendable {
    public var file: String?
    public var variant: String?
    public var uiScale: Double?

    public init(file: String? = nil, variant: String? = nil, uiScale: Double? = nil) {
        self.file = file; self.variant = variant; self.uiScale = uiScale
    }

    /// The configuration these settings name.
    public func load() throws -> TactileConfiguration {
        try Inputs.configuration(file: file, variant: variant, uiScale: uiScale)
    }

    /// The configuration, and a watcher that reloads the file when it changes (nil without a file).
    public func loadWatching() throws -> (configuration: TactileConfiguration, watcher: ConfigurationWatcher?) {
        guard let file else { return (try load(), nil) }
        let (c, w) = try Inputs.watcher(file: file, variant: variant, uiScale: uiScale)
        return (c, w)
    }
}
