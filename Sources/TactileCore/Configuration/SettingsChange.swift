/// A change of the settings while a session runs: a tuning panel's slider, an A/B flip to another
/// variant, or the configuration file reloaded. A recording keeps it as a trace line, so a replay
/// changes the same settings at the same step; the log and `latency.jsonl` say it happened.
public struct SettingsChange: Hashable, Sendable {
    /// What changed the settings.
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// A value moved in the tuning panel.
        case tuning
        /// An A/B flip to another named variant.
        case flip
        /// The configuration file changed on disk and was read again.
        case reload
        /// The tuning panel's Revert: back to the live variant as saved.
        case revert
        /// The settings in force were saved as a new named variant, live from here (no change).
        case save
        /// The session started on a named variant, or with an A/B pair (no change): the log and
        /// the report know what ran before the first change.
        case start
    }

    /// When, on the session's clock.
    public var time: Time
    public var source: Source
    /// The variant live from this change on ("base": the file without a variant).
    public var variant: String
    /// The settings changed against those in force before, as a configuration file holds them
    /// (`ConfigurationSchema.changes(from:to:)`).
    public var changes: JSONValue

    public init(time: Time, source: Source, variant: String, changes: JSONValue) {
        self.time = time; self.source = source; self.variant = variant; self.changes = changes
    }

    /// The name of the settings a session starts with when no variant was chosen.
    public static let baseVariant = "base"

    /// What frames made under `variant` with tuning not yet saved are called: "base (tuned, unsaved)".
    public static func unsavedLabel(of variant: String) -> String { "\(variant) (tuned, unsaved)" }
}
