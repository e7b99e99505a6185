import Foundation

/// Where a session's named variants live (`VariantFile`): the configuration file it runs with, or
/// a file of Tactile's own when it runs on the defaults. A tuning panel saves variants into it and
/// an A/B flip reads them from it, each laid over the file's own settings with the command line's
/// options over all (as a reload does).
public final class VariantStore {
    public let url: URL
    public let schema: ConfigurationSchema
    private let adjust: (inout TactileConfiguration) -> Void

    /// Variants of the configuration file at `url` (which need not exist yet: its settings are
    /// then the defaults); `adjust` is laid over every configuration read.
    public init(url: URL, schema: ConfigurationSchema, adjust: @escaping (inout TactileConfiguration) -> Void = { _ in }) {
        self.url = url; self.schema = schema; self.adjust = adjust
    }

    /// The settings of `variant` (nil or `SettingsChange.baseVariant`: the file's own).
    public func configuration(variant: String?) throws -> TactileConfiguration {
        let name = variant == SettingsChange.baseVariant ? nil : variant
        var c: TactileConfiguration
        if FileManager.default.fileExists(atPath: url.path) {
            c = try ConfigurationFile.load(from: url, variant: name, schema: schema)
        } else {
            guard name == nil else {
                throw ConfigurationError(
                    key: ConfigurationFile.variantsKey, "no variant named \"\(PrintableText.of(name!, limit: 80))\" (\(url.lastPathComponent) does not exist)")
            }
            c = schema.defaults
        }
        adjust(&c)
        return c
    }

    /// The names of the variants saved so far.
    public var names: [String] { VariantFile.names(at: url) }

    /// Renames the saved variant `old` to `new` (`VariantFile.rename`).
    public func rename(_ old: String, to new: String) throws { try VariantFile.rename(old, to: new, at: url, schema: schema) }

    /// Deletes the saved variant `name` (`VariantFile.delete`).
    public func delete(_ name: String) throws { try VariantFile.delete(name, at: url, schema: schema) }

    /// Saves `configuration` as a new variant (named "tuned-1", "tuned-2" … when `name` is nil):
    /// what it changes against the file's own settings. Returns the name and where it went.
    public func save(_ configuration: TactileConfiguration, name: String? = nil) throws -> (name: String, place: VariantFile.Place, url: URL) {
        let chosen = name ?? VariantFile.freeName(at: url, prefix: "tuned")
        let base = try self.configuration(variant: nil)
        let place = try VariantFile.save(chosen, changes: schema.changes(from: base, to: configuration), at: url, schema: schema)
        return (chosen, place, place == .file ? url : VariantFile.sidecar(of: url))
    }
}
