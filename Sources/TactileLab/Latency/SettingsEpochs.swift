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
        /// The set of the `SettingsHistory` it is (its settings are the history's `settings[historySet]`).
        public var historySet: Int = 0
        /// The name a report shows: its names joined ("base (tuned, unsaved) = tuned-1").
        public var label: String { names.joined(separator: " = ") }
    }

    /// A setting changed against the session's start ("input.tapSlop 18 → 12 pt").
    public typealias Change = SettingDifference

    public var epochs: [Epoch] = []
    public var sets: [SettingsSet] = []

    /// The epochs of a session whose settings went as `history` says, over `length` seconds. A
    /// line whose changes cannot be laid over the settings (a key this Tactile lacks) starts an
    /// epoch of its own.
    public init(history: SettingsHistory, length: Double) {
        // The set of this summary that each of the history's sets became (unknown settings are
        // a history set of their own each time, so never joined with another).
        var setOf: [Int: Int] = [:]
        var current = history.startSet
        func begin(at t: Double, name: String) {
            if let last = epochs.indices.last { epochs[last].end = t }
            let set: Int
            if let known = setOf[current] {
                set = known
            } else {
                sets.append(SettingsSet(names: [], changes: history.differences[current], epochs: [], historySet: current))
                set = sets.count - 1
                setOf[current] = set
            }
            epochs.append(Epoch(number: epochs.count + 1, start: t, end: length, set: set, name: name))
            sets[set].epochs.append(epochs.count)
            if !sets[set].names.contains(name) { sets[set].names.append(name) }
        }
        // Before a first tuning, reload or revert the variant is the one it names; before a first
        // flip or save it is unknown; a `start` line names it.
        let changes = history.changes
        var name: String?
        if let first = changes.first, first.source != .start {
            name = [.tuning, .reload, .revert].contains(first.source) ? first.variant : "(start)"
        } else if changes.isEmpty {
            name = SettingsChange.baseVariant
        }
        if let name { begin(at: 0, name: name) }
        for (index, change) in changes.enumerated() {
            let t = change.time.seconds
            let shown = change.source == .tuning ? SettingsChange.unsavedLabel(of: change.variant) : change.variant
            let before = current
            current = history.setAfter[index]
            if epochs.isEmpty || current != before {
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
}
