import Foundation
import TactileCore
import TactileInput

/// A recorded session cut where its settings changed (a tuning slider, a Revert, a reload, an
/// A/B flip: the trace's `settings` lines), and the stretches under equal settings put together —
/// so a comparison never pools frames made under different settings, and a flip back to a
/// variant joins the stretch it left. What each set of settings changed against the session's
/// starting settings is said in words ("input.tapSlop 18 → 12 pt").
public struct SettingsEpochs {
    /// One stretch of the session under one set of settings.
    public struct Epoch: Equatable {
        /// Its number in the session, from 1.
        public var number: Int
        /// When it began and ended, in seconds on the session's clock.
        public var start: Double, end: Double
        /// The set of equal settings it belongs to (an index into `sets`).
        public var set: Int
        /// The variant's name at its start, as the report names it ("base (tuned, unsaved)").
        public var name: String
    }

    /// One set of equal settings: the names it went by, and what it changed against the start.
    public struct SettingsSet: Equatable {
        /// The names it went by, in order ("base (tuned, unsaved)", then "tuned-1" once saved).
        public var names: [String]
        /// The settings that differ from the session's starting settings.
        public var changes: [Change]
        /// The epochs it was live in.
        public var epochs: [Int]
        /// The name a report shows: its names joined ("base (tuned, unsaved) = tuned-1").
        public var label: String { names.joined(separator: " = ") }
    }

    /// A setting changed against the session's start.
    public struct Change: Equatable {
        public var key: String
        public var before: String, after: String
        /// Its unit ("pt", "ms" …), or "".
        public var unit: String
        /// "input.tapSlop 18 → 12 pt".
        public var text: String { "\(key) \(before) → \(after)\(unit.isEmpty ? "" : " " + unit)" }
    }

    public var epochs: [Epoch] = []
    public var sets: [SettingsSet] = []

    /// The epochs of a session that started with `configuration` and changed its settings as
    /// `changes` say (in time order), over `length` seconds. A line whose changes cannot be laid
    /// over the settings (a key this Tactile lacks) starts an epoch of its own.
    public init(configuration start: TactileConfiguration, changes: [SettingsChange], length: Double, schema: ConfigurationSchema) {
        // The settings of each set; nil for one whose settings are unknown (a line that could not
        // be laid over them), which is never joined with another.
        var configurations: [TactileConfiguration?] = []
        var current: TactileConfiguration? = start
        func begin(at t: Double, name: String) {
            if let last = epochs.indices.last { epochs[last].end = t }
            let set: Int
            if let current, let i = configurations.firstIndex(of: current) {
                set = i
            } else {
                configurations.append(current)
                let changes = current.map { Self.changes(from: start, to: $0, schema: schema) } ?? []
                sets.append(SettingsSet(names: [], changes: changes, epochs: []))
                set = sets.count - 1
            }
            epochs.append(Epoch(number: epochs.count + 1, start: t, end: length, set: set, name: name))
            sets[set].epochs.append(epochs.count)
            if !sets[set].names.contains(name) { sets[set].names.append(name) }
        }
        // Before a first tuning, reload or revert the variant is the one it names; before a first
        // flip or save it is unknown; a `start` line names it.
        var name: String?
        if let first = changes.first, first.source != .start {
            name = [.tuning, .reload, .revert].contains(first.source) ? first.variant : "(start)"
        } else if changes.isEmpty {
            name = SettingsChange.baseVariant
        }
        if let name { begin(at: 0, name: name) }
        for change in changes {
            let t = change.time.seconds
            let shown = change.source == .tuning ? SettingsChange.unsavedLabel(of: change.variant) : change.variant
            let before = current
            if change.changes != .object([]) { current = current.flatMap { try? schema.applying(change.changes, to: $0) } }
            if epochs.isEmpty || current != before || current == nil && change.changes != .object([]) {
                begin(at: epochs.isEmpty ? 0 : t, name: shown)
            } else if shown != name, let last = epochs.indices.last {
                // Named anew with equal settings (a save): the same set, known by both names.
                let set = epochs[last].set
                if !sets[set].names.contains(shown) { sets[set].names.append(shown) }
            }
            name = shown
        }
    }

    /// The epoch live at `t` seconds (the last one that began at or before it).
    public func epoch(at t: Double) -> Epoch? { epochs.last { $0.start <= t } ?? epochs.first }

    /// The settings of `to` that differ from `from`, in words.
    public static func changes(from: TactileConfiguration, to: TactileConfiguration, schema: ConfigurationSchema) -> [Change] {
        let after = ConfigurationSchema.dotted(schema.changes(from: from, to: to))
        let before = Dictionary(ConfigurationSchema.dotted(schema.changes(from: to, to: from)).map { ($0.key, $0.value) }) { a, _ in a }
        let ranges = schema.ranges
        return after.map { change in
            Change(
                key: change.key, before: before[change.key].map(Self.text) ?? "–", after: Self.text(change.value),
                unit: ranges[change.key]?.unit ?? ranges[change.key + "[]"]?.unit ?? "")
        }.sorted { $0.key < $1.key }
    }

    private static func text(_ value: JSONValue) -> String {
        if case let .string(s) = value { return s }
        return value.serialized()
    }
}
