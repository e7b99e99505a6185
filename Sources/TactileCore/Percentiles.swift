/// Percentiles of a set of measurements by the nearest-rank method (the value at rank
/// ⌈p · n⌉ of the sorted values): p50, p95 and p99 as latency reports quote them. Every figure
/// is one of the measured values, never an interpolation between two.
public struct Percentiles: Hashable, Sendable {
    /// The values, sorted ascending.
    public let sorted: [Double]

    public init<S: Sequence>(_ values: S) where S.Element == Double {
        sorted = values.filter { $0.isFinite }.sorted()
    }

    public var count: Int { sorted.count }
    public var isEmpty: Bool { sorted.isEmpty }

    /// The `p`-th percentile (`p` from 0 to 100); nil when there are no values.
    public func percentile(_ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        // p·n / 100, multiplied first: 55 · 100 / 100 is exactly 55 (0.55 · 100 is not).
        let rank = Int((min(100, max(0, p)) * Double(sorted.count) / 100).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    public var p50: Double? { percentile(50) }
    public var p95: Double? { percentile(95) }
    public var p99: Double? { percentile(99) }

    /// The mean; nil when there are no values.
    public var mean: Double? { sorted.isEmpty ? nil : sorted.reduce(0, +) / Double(sorted.count) }
}
