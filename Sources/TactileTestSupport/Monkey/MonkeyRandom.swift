/// SplitMix64 (Steele, Lea and Flood): a tiny, fast generator whose whole state is one word.
/// The monkey uses it, and only the helpers below, so a seed gives the same gestures on every
/// machine and Swift version (the standard library's `random(in:using:)` may change how it
/// draws from a generator; these helpers never do).
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    /// The generator's state: the seed, advanced by a constant at each draw.
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0 ..< 1 with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A number in `range` (uniform).
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// An integer in `range` (uniform up to a bias below 2⁻⁴⁰ for the small ranges used here).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// An index of `weights` drawn in proportion to its weight (weights ≥ 0, not all zero).
    public mutating func weighted(_ weights: [Double]) -> Int {
        var r = unit() * weights.reduce(0, +)
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return weights.lastIndex { $0 > 0 } ?? 0
    }

    /// The items in a random order (Fisher–Yates).
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var a = items
        guard a.count > 1 else { return a }
        for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, int(0...i)) }
        return a
    }
}
