/// A new configuration against the one in force: what a live change (a reload, a tuning slider,
/// an A/B flip, a replayed settings line) announces to everything that took settings, so each
/// asks only about the sections, or the settings, it reads (mpv's change flags), rather than
/// keeping copies of old values to compare.
public struct ConfigurationChange: Sendable {
    /// The settings in force before, and from now on.
    public let old: TactileConfiguration, new: TactileConfiguration

    public init(from old: TactileConfiguration, to new: TactileConfiguration) {
        self.old = old; self.new = new
    }

    /// Whether any setting of section `S` changed.
    public func changed<S: ConfigurationSection>(_ section: S.Type) -> Bool {
        old[section: S.self] != new[section: S.self]
    }

    /// Whether the setting (or group of settings) at `path` changed (`\.feel.prediction`).
    public func changed<V: Equatable>(_ path: KeyPath<TactileConfiguration, V>) -> Bool {
        old[keyPath: path] != new[keyPath: path]
    }

    /// Whether anything changed at all.
    public var changedAnything: Bool { old != new }
}
