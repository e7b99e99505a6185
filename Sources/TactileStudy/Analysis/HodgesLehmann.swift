import Foundation

/// The rank tests' shared arithmetic, as R's `wilcox.test` does it: the Hodges–Lehmann shift with
/// its interval, and the two-sided p of the normal approximation.
enum HodgesLehmann {
    /// The median of `sorted` estimates (Walsh averages, or pairwise differences), and the interval
    /// from the qu-th smallest to the qu-th largest of them, where qu is the lower α/2 quantile of
    /// the statistic's untied null distribution `untied` (at least 1); it covers 1 − 2·P(stat < qu).
    static func interval(sorted: [Double], untied: [Double]) -> (shift: Double, low: Double, high: Double, confidence: Double) {
        let k = sorted.count
        let shift = k % 2 == 1 ? sorted[k / 2] : (sorted[k / 2 - 1] + sorted[k / 2]) / 2
        var qu = 0, below = 0.0
        while qu < untied.count && below + untied[qu] < (1 - SignedRank.wanted) / 2 - 1e-12 { below += untied[qu]; qu += 1 }
        if qu == 0 { qu = 1 }
        let tail = untied.prefix(qu).reduce(0, +)
        return (shift, sorted[qu - 1], sorted[k - qu], 1 - 2 * tail)
    }

    /// The two-sided p of a statistic `centred` on its mean, with R's continuity correction
    /// (½ toward the mean), over its standard deviation `sd`.
    static func normalP(centred: Double, sd: Double) -> Double {
        guard sd > 0 else { return 1 }
        let z = (centred - 0.5 * (centred > 0 ? 1 : centred < 0 ? -1 : 0)) / sd
        return 2 * min(Statistics.normalCDF(z), 1 - Statistics.normalCDF(z))
    }
}
