import Foundation
import TactileCore

/// Where Tactile keeps what the user made outside a project file: `$XDG_DATA_HOME/tactile`,
/// else `~/.local/share/tactile` (autosaves, kiosk visitors' sessions).
public enum DataFolder {
    /// The folder `name` inside Tactile's data folder, or `configured` (with `~` expanded) when set.
    public static func url(_ name: String, configured: String = "", environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if !configured.isEmpty { return URL(fileURLWithPath: HomePath.expanding(configured, environment: environment)) }
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = URL(fileURLWithPath: HomePath.expanding("~/.local/share", environment: environment))
        }
        return base.appendingPathComponent("tactile").appendingPathComponent(name)
    }
}
