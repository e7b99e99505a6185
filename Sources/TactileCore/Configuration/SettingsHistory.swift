import Foundation

/// A session's settings over time: the configuration it started with, and after each of its
/// settings lines (a tuning, a Revert, a reload, an A/B flip, a save) which set of equal
/// settings was live. Equal configurations share a set; a line whose changes cannot be laid over
/// the settings (a key this Tactile lacks) leaves them unknown, and unknown settings are a set of
/// their own each time, never claimed equal to any. Each set says what it changed against the
/// start, so a reader that compares sets never handles a configuration.
public struct SettingsHistory: Sendable {
    /// The settings lines, in time order.
    public let changes: [SettingsChange]
    /// The set live before the first line (always 0: the start's own).
    public let startSet = 0
    /// The set live after each line of `changes`.
    public private(set) var setAfter: [Int] = []
    /// For each set, the settings that differ from the start's ([] for the start and for unknown settings).
    public private(set) var differences: [[SettingDifference]] = [[]]
    /// For each set, its settings (nil where they are unknown): read one value at a time (`value`).
    private var settings: [TactileConfiguration?]

    /// A setting's value in set `set` (nil where its settings are unknown): the threshold in
    /// force for what happened under it (a tap's limit against the taps made then).
    public func value<V>(_ setting: KeyPath<TactileConfiguration, V>, inSet set: Int) -> V? {
        settings.indices.contains(set) ? settings[set]?[keyPath: setting] : nil
    }

    /// The history of a session that started with `start` and changed its settings as `changes`
    /// say. Each set's differences are against `reference` (the configuration file's own settings,
    /// when the session started on one of its variants), else against the start.
    public init(start: TactileConfiguration, changes: [SettingsChange], schema: ConfigurationSchema, reference: TactileConfiguration? = nil) {
        self.changes = changes
        settings = [start]
        let against = reference ?? start
        differences = [SettingDifference.list(from: against, to: start, schema: schema)]
        var known: [TactileConfiguration?] = [start]
        var current: TactileConfiguration? = start, set = startSet
        for change in changes {
            if change.changes != .object([]) {
                current = current.flatMap { try? schema.applying(change.changes, to: $0) }
                if let current, let i = known.firstIndex(of: current) {
                    set = i
                } else {
                    known.append(current)
                    settings.append(current)
                    differences.append(current.map { SettingDifference.list(from: against, to: $0, schema: schema) } ?? [])
                    set = known.count - 1
                }
            }
            setAfter.append(set)
        }
    }
}

/// A setting that differs between two configurations, in words ("input.tapSlop 18 → 12 pt").
public struct SettingDifference: Equatable, Sendable {
    /// Its dotted key ("input.tapSlop").
    public var key: String
    /// Its value before and after, as a file writes it ("–" where it had none).
    public var before: String, after: String
    /// Its unit ("pt", "ms" …), or "".
    public var unit: String
    /// "input.tapSlop 18 → 12 pt".
    public var text: String { "\(key) \(before) → \(after)\(unit.isEmpty ? "" : " " + unit)" }

    public init(key: String, before: String, after: String, unit: String) {
        self.key = key; self.before = before; self.after = after; self.unit = unit
    }

    /// The settings of `to` that differ from `from`, by key.
    public static func list(from: TactileConfiguration, to: TactileConfiguration, schema: ConfigurationSchema) -> [SettingDifference] {
        let after = ConfigurationSchema.dotted(schema.changes(from: from, to: to))
        let before = Dictionary(ConfigurationSchema.dotted(schema.changes(from: to, to: from)).map { ($0.key, $0.value) }) { a, _ in a }
        let ranges = schema.ranges
        return after.map { change in
            SettingDifference(
                key: change.key, before: before[change.key].map(text) ?? "–", after: text(change.value),
                unit: ranges[change.key]?.unit ?? ranges[change.key + "[]"]?.unit ?? "")
        }.sorted { $0.key < $1.key }
    }

    private static func text(_ value: JSONValue) -> String {
        if case let .string(s) = value { return s }
        return value.serialized()
    }
}

extension ConfigurationSchema {
    /// The values of `configuration` in the given sections (every key) and at the given dotted
    /// keys, dotted and in order ("feel.addedLatency", …): what a frame record keeps of them.
    public func dottedValues(of configuration: TactileConfiguration, sections: [String], keys: [String]) -> [(String, JSONValue)] {
        let object = jsonObject(of: configuration)
        var out: [(String, JSONValue)] = []
        for section in sections {
            for (key, value) in ((object[section] as? [String: Any]) ?? [:]).sorted(by: { $0.key < $1.key }) {
                out.append(("\(section).\(key)", JSONValue(any: value)))
            }
        }
        for dotted in keys {
            let parts = dotted.split(separator: ".").map(String.init)
            if let value = (object[parts[0]] as? [String: Any])?[parts[1]] { out.append((dotted, JSONValue(any: value))) }
        }
        return out
    }
}
