import Foundation

/// Watches a configuration file for changes, so a study can tune Tactile while it runs. It
/// compares the file's bytes with the last ones it loaded (a settings file is a few kilobytes;
/// this sees in-place saves within the same second and editors that rename a new file over
/// the old alike) and reloads only when they changed.
public final class ConfigurationWatcher {
    public let url: URL
    /// The variant laid over the file (an A/B flip changes it, so a reload keeps the live one).
    public var variant: String?
    /// The sections the file may hold.
    public let schema: ConfigurationSchema
    /// Changes laid over every load (command-line options such as `--ui-scale`).
    private let adjust: (inout TactileConfiguration) -> Void
    private var stamp: Data?
    /// Bytes that did not parse once: a file caught half-written by an editor saving in place.
    /// They are reported only if the next look finds them unchanged.
    private var unsettled: Data?

    /// A watcher of `url`; the file's current state counts as already loaded.
    public init(url: URL, variant: String?, schema: ConfigurationSchema, adjust: @escaping (inout TactileConfiguration) -> Void = { _ in }) {
        self.url = url; self.variant = variant; self.schema = schema; self.adjust = adjust
        stamp = Self.stamp(of: url)
    }

    /// Whether the file differs from what was last loaded (an edit not yet taken).
    public var hasChanged: Bool { Self.stamp(of: url) != stamp }

    /// Takes the file as it is now as loaded, without reading it: the program wrote it itself
    /// (a variant saved into it), so the next look does not reload it.
    public func acceptCurrent() { stamp = Self.stamp(of: url) }

    /// Loads the file now (with the adjustments), whatever its state.
    public func load() throws -> TactileConfiguration {
        stamp = Self.stamp(of: url)
        var c = try ConfigurationFile.load(from: url, variant: variant, schema: schema)
        adjust(&c)
        return c
    }

    /// Nil when the file has not changed since the last look; otherwise the new configuration
    /// or the error that keeps the old one.
    public func poll() -> Result<TactileConfiguration, ConfigurationError>? {
        let now = Self.stamp(of: url)
        guard now != stamp else { return nil }
        let previous = stamp
        stamp = now
        guard now != nil else { return .failure(ConfigurationError(key: "", "\(url.lastPathComponent) is gone; keeping the settings in use")) }
        do {
            let c = try load()
            unsettled = nil
            return .success(c)
        } catch let e as ConfigurationError {
            if e.key.isEmpty && unsettled != now {
                // Perhaps half-written: look again at the next poll before saying so.
                unsettled = now
                stamp = previous
                return nil
            }
            unsettled = nil
            return .failure(e)
        } catch {
            return .failure(ConfigurationError(key: "", "\(error)"))
        }
    }

    static func stamp(of url: URL) -> Data? { FileManager.default.contents(atPath: url.path) }
}
