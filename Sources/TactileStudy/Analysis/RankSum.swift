import Foundation

/// Wilcoxon's rank-sum test (the Mann–Whitney U test) of two independent groups' measures, for
/// ordinal scales and small samples such as SEQ and SUS answers in a between-subjects study. As
/// R's `wilcox.test(a, b)`: both groups are ranked together, ties sharing their mean rank, and W
/// is the sum of group a's ranks less its least possible sum, m(m+1)/2. The p is exact — every
/// way the ranks could have been split between the groups counted (with ties too, conditional on
/// the ranks) — while the groups hold at most `exactLimit`
/// measures, past which it is the normal approximation with R's tie and continuity corrections.
public struct RankSum: Equatable, Sendable {
    /// The groups' sizes.
    public var m: Int, n: Int
    /// W (U of group a): the pairs (a, b) with a above b, ties counting a half.
    public var w: Double
    /// The two-sided p.
    public var p: Double
    /// Whether `p` is exact (else the normal approximation).
    public var exact: Bool
    /// The smallest two-sided p any data could give with these group sizes (all of a above all of b).
    public var smallestP: Double
    /// The rank-biserial correlation, (U_a − U_b) / (m·n): −1 … 1, the share of pairs where a is
    /// above b less the share where it is below.
    public var rankBiserial: Double
    /// The Hodges–Lehmann estimate of the shift a − b: the median of all m·n differences.
    public var shift: Double
    /// The shift's interval (R's `conf.int`) and the confidence it reaches (at most the 95 % asked).
    public var shiftLow: Double, shiftHigh: Double, confidence: Double

    /// At most this many measures in all get an exact p.
    public static let exactLimit = 60

    /// The test of a against b; nil when either group is empty.
    public static func test(_ a: [Double], _ b: [Double]) -> RankSum? {
        let a = a.filter(\.isFinite), b = b.filter(\.isFinite)
        let m = a.count, n = b.count
        guard m > 0, n > 0 else { return nil }
        let ranks = SignedRank.midranks(a + b)
        let w = ranks.prefix(m).reduce(0, +) - Double(m * (m + 1)) / 2
        let exact = m + n <= exactLimit
        let p = exact ? exactP(w: w, m: m, ranks: ranks) : normalP(w: w, m: m, n: n, ranks: ranks)
        // R: qu = qwilcox(α/2, m, n): the pairwise differences' median and interval.
        let untied = nullDistribution(m: m, n: n)
        let hl = HodgesLehmann.interval(sorted: a.flatMap { x in b.map { x - $0 } }.sorted(), untied: untied)
        return RankSum(
            m: m, n: n, w: w, p: min(1, p), exact: exact, smallestP: min(1, 2 * (untied.first ?? 1)),
            rankBiserial: (2 * w - Double(m * n)) / Double(m * n), shift: hl.shift, shiftLow: hl.low, shiftHigh: hl.high, confidence: hl.confidence)
    }

    /// P(W = w) for w = 0 … m·n with untied ranks 1 … m + n.
    static func nullDistribution(m: Int, n: Int) -> [Double] {
        let ways = subsetSums(of: Array(1...(m + n)), size: m)
        let least = m * (m + 1) / 2
        let all = ways.reduce(0, +)
        return (least...(least + m * n)).map { ways[$0] / all }
    }

    /// How many `size`-element subsets of `values` have each sum 0 … Σvalues.
    private static func subsetSums(of values: [Int], size: Int) -> [Double] {
        let top = values.reduce(0, +)
        // ways[k][s]: subsets of k elements summing to s.
        var ways = [[Double]](repeating: [Double](repeating: 0, count: top + 1), count: size + 1)
        ways[0][0] = 1
        for v in values {
            for k in stride(from: size, through: 1, by: -1) {
                for s in stride(from: top, through: v, by: -1) where ways[k - 1][s - v] != 0 { ways[k][s] += ways[k - 1][s - v] }
            }
        }
        return ways[size]
    }

    /// The share of the ways the ranks could be split whose W lies at least as far from its mean
    /// as the observed one. Ranks are counted in halves (midranks are whole or half numbers).
    static func exactP(w: Double, m: Int, ranks: [Double]) -> Double {
        let doubled = ranks.map { Int(($0 * 2).rounded()) }
        let ways = subsetSums(of: doubled, size: m)
        let all = ways.reduce(0, +)
        let observed = (w + Double(m * (m + 1)) / 2) * 2
        let centre = Double(m) * Double(doubled.reduce(0, +)) / Double(ranks.count)
        var extreme = 0.0
        for s in ways.indices where ways[s] != 0 && abs(Double(s) - centre) >= abs(observed - centre) - 1e-9 { extreme += ways[s] }
        return extreme / all
    }

    /// R's normal approximation: (W − mn/2 − ½·sign) over its standard deviation, the variance
    /// lowered for the groups of tied ranks.
    static func normalP(w: Double, m: Int, n: Int, ranks: [Double]) -> Double {
        let mm = Double(m), nn = Double(n), total = mm + nn
        var ties: [Double: Int] = [:]
        for r in ranks { ties[r, default: 0] += 1 }
        let correction = ties.values.map { Double($0 * $0 * $0 - $0) }.reduce(0, +) / (total * (total - 1))
        return HodgesLehmann.normalP(centred: w - mm * nn / 2, sd: (mm * nn / 12 * ((total + 1) - correction)).squareRoot())
    }
}
