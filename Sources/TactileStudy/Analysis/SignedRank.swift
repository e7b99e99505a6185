import Foundation

/// Wilcoxon's signed-rank test of paired measures (each participant's two answers), for ordinal
/// scales and small samples such as SEQ and SUS answers from four or five people, where a t test's
/// normal assumption is not met. As R's `wilcox.test(a, b, paired = TRUE)`: differences of zero
/// are dropped, tied absolute differences share their mean rank, and V is the sum of the ranks of
/// the positive differences. The p is exact — every one of the 2ⁿ ways the signs could fall
/// counted (with ties too, conditional on the ranks, as `exactRankTests::wilcox.exact`) — up to
/// `exactLimit` differences, past which it is the normal approximation with the tie and continuity
/// corrections R makes.
public struct SignedRank: Equatable, Sendable {
    /// The number of non-zero differences the test used.
    public var n: Int
    /// The sum of the ranks of the positive differences.
    public var v: Double
    /// The two-sided p.
    public var p: Double
    /// Whether `p` is exact (else the normal approximation).
    public var exact: Bool
    /// The smallest two-sided p any data could give with `n` differences (all of one sign): 2 / 2ⁿ.
    /// Above 0.05 (n ≤ 5) no difference could be significant at all.
    public var smallestP: Double
    /// The matched-pairs rank-biserial correlation, (T⁺ − T⁻) / (T⁺ + T⁻): −1 … 1, the share of
    /// rank sum favouring a over b minus the share favouring b.
    public var rankBiserial: Double
    /// The Hodges–Lehmann estimate of the shift a − b: the median of the Walsh averages of the
    /// non-zero differences.
    public var shift: Double

    /// The interval of `shift` (R's `conf.int`): the Walsh averages at the signed-rank
    /// distribution's quantiles. `confidence` is what it reaches: below the 95 % asked for when
    /// there are too few differences (four give at most 87.5 %).
    public var shiftLow: Double, shiftHigh: Double, confidence: Double

    /// At most this many differences get an exact p (all 2ⁿ sign patterns, counted by their rank
    /// sums rather than one by one).
    public static let exactLimit = 30

    /// The test of a − b; nil when the two lists differ in length or every difference is zero.
    public static func test(_ a: [Double], _ b: [Double]) -> SignedRank? {
        guard a.count == b.count else { return nil }
        let d = zip(a, b).map { $0 - $1 }.filter { $0 != 0 && $0.isFinite }
        let n = d.count
        guard n > 0 else { return nil }
        let ranks = midranks(d.map(abs))
        let v = zip(d, ranks).filter { $0.0 > 0 }.map(\.1).reduce(0, +)
        let total = Double(n * (n + 1)) / 2
        let p: Double, exact: Bool
        if n <= exactLimit {
            p = exactP(v: v, ranks: ranks); exact = true
        } else {
            p = normalP(v: v, ranks: ranks); exact = false
        }
        var walsh: [Double] = []
        for i in 0..<n { for j in i..<n { walsh.append((d[i] + d[j]) / 2) } }
        // R: qu = qsignrank(α/2, n): the Walsh averages' median and interval.
        let hl = HodgesLehmann.interval(sorted: walsh.sorted(), untied: Self.nullDistribution(n: n))
        return SignedRank(
            n: n, v: v, p: min(1, p), exact: exact, smallestP: min(1, 2 / pow(2, Double(n))), rankBiserial: (v - (total - v)) / total,
            shift: hl.shift, shiftLow: hl.low, shiftHigh: hl.high, confidence: hl.confidence)
    }

    /// The confidence the shift's interval is asked for.
    static let wanted = 0.95

    /// P(V = v) for v = 0 … n(n+1)/2 with untied ranks 1 … n.
    static func nullDistribution(n: Int) -> [Double] {
        let top = n * (n + 1) / 2
        var ways = [Double](repeating: 0, count: top + 1)
        ways[0] = 1
        for r in 1...max(1, n) where n > 0 {
            for s in stride(from: top, through: r, by: -1) { ways[s] += ways[s - r] }
        }
        let patterns = pow(2, Double(n))
        return ways.map { $0 / patterns }
    }

    /// The ranks of `x` (1 … n), ties sharing the mean of the ranks they span.
    static func midranks(_ x: [Double]) -> [Double] {
        let order = x.indices.sorted { x[$0] < x[$1] }
        var ranks = [Double](repeating: 0, count: x.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && x[order[j + 1]] == x[order[i]] { j += 1 }
            let rank = Double(i + j + 2) / 2
            for k in i...j { ranks[order[k]] = rank }
            i = j + 1
        }
        return ranks
    }

    /// The share of the 2ⁿ sign patterns whose positive rank sum lies at least as far from its
    /// mean as `v` does. Ranks are counted in halves (midranks are whole or half numbers).
    static func exactP(v: Double, ranks: [Double]) -> Double {
        let doubled = ranks.map { Int(($0 * 2).rounded()) }
        let top = doubled.reduce(0, +)
        var ways = [Double](repeating: 0, count: top + 1)
        ways[0] = 1
        for r in doubled {
            for s in stride(from: top, through: r, by: -1) { ways[s] += ways[s - r] }
        }
        let centre = Double(top) / 2, observed = abs(v * 2 - centre)
        let patterns = pow(2, Double(ranks.count))
        var extreme = 0.0
        for s in 0...top where abs(Double(s) - centre) >= observed - 1e-9 { extreme += ways[s] }
        return extreme / patterns
    }

    /// R's normal approximation: (V − n(n+1)/4 − ½·sign) over its standard deviation, the variance
    /// lowered by Σ(t³ − t)/48 over the groups of tied ranks.
    static func normalP(v: Double, ranks: [Double]) -> Double {
        let n = Double(ranks.count)
        var ties: [Double: Int] = [:]
        for r in ranks { ties[r, default: 0] += 1 }
        let correction = ties.values.map { Double($0 * $0 * $0 - $0) }.reduce(0, +) / 48
        return HodgesLehmann.normalP(centred: v - n * (n + 1) / 4, sd: (n * (n + 1) * (2 * n + 1) / 24 - correction).squareRoot())
    }
}
