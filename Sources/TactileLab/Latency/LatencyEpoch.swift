import Foundation
import TactileCore

/// The settings a stretch of latency figures was measured under (a configuration epoch): what
/// `latency.jsonl`'s `epoch` lines hold and what `tactile report` splits its figures by, so frames
/// with and without added latency, or kalman and linear predictions, are never pooled.
public struct LatencyEpoch: Equatable {
    /// Its number in the session, from 1.
    public var number: Int
    /// When it began, in seconds on the session's clock.
    public var start: Double
    /// The settings, by dotted key ("feel.addedLatency": "100"), as written.
    public var settings: [String: String]
    /// The named variant live (the tuning panel's, an A/B flip's), when the line says.
    public var variant: String?

    public init(number: Int, start: Double, settings: [String: String], variant: String? = nil) {
        self.number = number; self.start = start; self.settings = settings; self.variant = variant
    }

    /// The latency added on purpose in this epoch (`feel.addedLatency`, ms; 0 when not recorded).
    public var addedLatency: Double { settings["feel.addedLatency"].flatMap(Double.init).map { max(0, $0) } ?? 0 }

    /// The keys an epoch records: everything of the feel section, and whether the window waits
    /// for the display's refresh.
    public static let recordedSections = ["feel"]
    public static let recordedKeys = ["window.vsync"]

    /// What sets this epoch apart from `others` ("variant tuned-1; feel.addedLatency 100,
    /// feel.prediction kalman"): its variant when it names one, then the keys whose values differ
    /// between them; all keys in `shown` when none differ.
    public func label(among others: [LatencyEpoch], shown: [String] = ["feel.addedLatency", "feel.prediction"]) -> String {
        let keys = Set(others.flatMap { $0.settings.keys }).union(settings.keys)
        let differing = keys.filter { k in Set(others.map { $0.settings[k] ?? "–" }).count > 1 }.sorted()
        let list = differing.isEmpty ? shown.filter { settings[$0] != nil } : differing
        let values = list.map { "\($0) \(settings[$0] ?? "–")" }.joined(separator: ", ")
        // The variant first: epochs that differ only in settings the epoch does not record (a
        // tuned tap slop) are told apart by it.
        guard let variant else { return values }
        return values.isEmpty ? "variant \(variant)" : "variant \(variant); " + values
    }
}
