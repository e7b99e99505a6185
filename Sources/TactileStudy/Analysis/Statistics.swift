import Foundation

/// The statistics a usability study reports, as Sauro & Lewis (Quantifying the User Experience,
/// 2nd ed., 2016) recommend them for small samples: adjusted-Wald intervals for completion
/// rates, geometric means for task times, t intervals and tests (paired for within-subjects
/// designs, Welch's for between), the Agresti–Caffo interval and the N−1 two-proportion test for
/// rates between groups, and McNemar's exact test for rates within. Written here from the
/// formulas (no statistics package is in the machine's set); the tests check them against
/// worked examples from the literature.
public enum Statistics {
    /// A point estimate with its confidence interval.
    public struct Estimate: Equatable, Sendable {
        public var value: Double, low: Double, high: Double
        public init(_ value: Double, _ low: Double, _ high: Double) { self.value = value; self.low = low; self.high = high }
    }

    /// A t test: the statistic, its degrees of freedom, the two-sided p, and the mean
    /// difference (a − b) with its interval.
    public struct TTest: Equatable, Sendable {
        public var t: Double, df: Double, p: Double
        public var difference: Estimate
    }

    // MARK: Descriptives

    public static func mean(_ x: [Double]) -> Double? { x.isEmpty ? nil : x.reduce(0, +) / Double(x.count) }

    /// The sample variance (n − 1 in the denominator).
    public static func variance(_ x: [Double]) -> Double? {
        guard x.count > 1, let m = mean(x) else { return nil }
        return x.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(x.count - 1)
    }

    public static func standardDeviation(_ x: [Double]) -> Double? { variance(x).map(sqrt) }

    // MARK: Distributions

    /// The standard normal distribution function.
    public static func normalCDF(_ x: Double) -> Double { 0.5 * erfc(-x / 2.0.squareRoot()) }

    /// The standard normal quantile (z with Φ(z) = p).
    public static func normalQuantile(_ p: Double) -> Double {
        bisect(p, low: -40, high: 40, normalCDF)
    }

    /// Student's t distribution function with `df` degrees of freedom (df may be fractional,
    /// as Welch's test gives), through the regularised incomplete beta function.
    public static func tCDF(_ t: Double, df: Double) -> Double {
        guard df > 0, t.isFinite else { return t > 0 ? 1 : 0 }
        let x = df / (df + t * t)
        let tail = 0.5 * incompleteBeta(x, a: df / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// Student's t quantile: the t with `tCDF(t, df) = p`.
    public static func tQuantile(_ p: Double, df: Double) -> Double {
        bisect(p, low: -1e6, high: 1e6) { tCDF($0, df: df) }
    }

    /// The two-sided p of a t statistic.
    public static func twoSidedP(t: Double, df: Double) -> Double { min(1, 2 * (1 - tCDF(abs(t), df: df))) }

    /// The regularised incomplete beta function I_x(a, b), by its continued fraction (modified Lentz).
    public static func incompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront: Double = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        let front = exp(logFront)
        // The fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry otherwise.
        if x > (a + 1) / (a + b + 2) { return 1 - incompleteBeta(1 - x, a: b, b: a) }
        let tiny = 1e-300
        var c = 1.0, d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var f = d
        for m in 1...400 {
            let m = Double(m)
            // Even step.
            let even: Double = (a + 2 * m - 1) * (a + 2 * m)
            var numerator: Double = m * (b - m) * x / even
            d = 1 + numerator * d; if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c; if abs(c) < tiny { c = tiny }
            d = 1 / d; f *= c * d
            // Odd step.
            let odd: Double = (a + 2 * m) * (a + 2 * m + 1)
            numerator = -(a + m) * (a + b + m) * x / odd
            d = 1 + numerator * d; if abs(d) < tiny { d = tiny }
            c = 1 + numerator / c; if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = c * d
            f *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return front * f / a
    }

    private static func bisect(_ p: Double, low: Double, high: Double, _ cdf: (Double) -> Double) -> Double {
        guard p > 0 else { return -.infinity }
        guard p < 1 else { return .infinity }
        var lo = low, hi = high
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if cdf(mid) < p { lo = mid } else { hi = mid }
            if hi - lo < 1e-12 * max(1, abs(mid)) { break }
        }
        return (lo + hi) / 2
    }

    // MARK: Intervals

    /// A completion rate with its adjusted-Wald interval (Agresti & Coull; Sauro & Lewis 2005):
    /// add z²/2 successes and z²/2 failures, then the Wald interval, clipped to 0 … 1. The value
    /// is the observed rate x / n.
    public static func adjustedWald(successes x: Int, trials n: Int, confidence: Double = 0.95) -> Estimate? {
        guard n > 0, (0...n).contains(x) else { return nil }
        let z = normalQuantile(1 - (1 - confidence) / 2)
        let nAdjusted = Double(n) + z * z
        let p = (Double(x) + z * z / 2) / nAdjusted
        let margin = z * (p * (1 - p) / nAdjusted).squareRoot()
        return Estimate(Double(x) / Double(n), max(0, p - margin), min(1, p + margin))
    }

    /// A mean with its t interval; nil for fewer than two values.
    public static func meanInterval(_ x: [Double], confidence: Double = 0.95) -> Estimate? {
        guard x.count > 1, let m = mean(x), let sd = standardDeviation(x) else { return nil }
        let margin = tQuantile(1 - (1 - confidence) / 2, df: Double(x.count - 1)) * sd / Double(x.count).squareRoot()
        return Estimate(m, m - margin, m + margin)
    }

    /// The geometric mean of task times with its interval: the t interval of the logs, taken
    /// back (task times are skewed; the geometric mean is the better middle for small samples).
    public static func geometricMean(_ times: [Double], confidence: Double = 0.95) -> Estimate? {
        guard !times.isEmpty, times.allSatisfy({ $0 > 0 }) else { return nil }
        let logs = times.map(log)
        guard let interval = meanInterval(logs, confidence: confidence) else {
            let g = exp(mean(logs)!)
            return Estimate(g, g, g)
        }
        return Estimate(exp(interval.value), exp(interval.low), exp(interval.high))
    }

    // MARK: Tests

    /// The paired t test of a − b (each pair one participant's two measures).
    public static func pairedT(_ a: [Double], _ b: [Double], confidence: Double = 0.95) -> TTest? {
        guard a.count == b.count, a.count > 1 else { return nil }
        let d = zip(a, b).map { $0 - $1 }
        guard let m = mean(d), let sd = standardDeviation(d) else { return nil }
        let n = Double(d.count), df = n - 1
        let se = sd / n.squareRoot()
        let margin = tQuantile(1 - (1 - confidence) / 2, df: df) * se
        let t = se > 0 ? m / se : (m == 0 ? 0 : .infinity * (m > 0 ? 1 : -1))
        return TTest(t: t, df: df, p: se > 0 ? twoSidedP(t: t, df: df) : (m == 0 ? 1 : 0), difference: Estimate(m, m - margin, m + margin))
    }

    /// How many participants a paired design needs to find a mean difference as large as the
    /// one `t` saw (from `n` pairs) with `power`, two-sided at 1 − `confidence`: the normal
    /// approximation with Guenther's correction for the t test, n = ((z₁₋α/₂ + z_power) / d)² +
    /// z₁₋α/₂² / 2, d the difference over its standard deviation. Nil for no difference.
    public static func pairedSampleSize(_ t: TTest, n: Int, power: Double = 0.8, confidence: Double = 0.95) -> Int? {
        guard n > 1, t.difference.value != 0 else { return nil }
        let q = tQuantile(1 - (1 - confidence) / 2, df: t.df)
        let se = (t.difference.high - t.difference.value) / q
        guard se > 0, se.isFinite else { return nil }
        let d = abs(t.difference.value) / (se * Double(n).squareRoot())
        let za = normalQuantile(1 - (1 - confidence) / 2), zb = normalQuantile(power)
        let needed = (za + zb) * (za + zb) / (d * d) + za * za / 2
        guard needed.isFinite, needed < 1e9 else { return nil }
        return max(2, Int(needed.rounded(.up)))
    }

    /// Welch's t test of mean(a) − mean(b) for two independent groups (unequal variances,
    /// Welch–Satterthwaite degrees of freedom).
    public static func welchT(_ a: [Double], _ b: [Double], confidence: Double = 0.95) -> TTest? {
        guard a.count > 1, b.count > 1, let ma = mean(a), let mb = mean(b), let va = variance(a), let vb = variance(b) else { return nil }
        let na = Double(a.count), nb = Double(b.count)
        let se2 = va / na + vb / nb
        guard se2 > 0 else { return TTest(t: 0, df: na + nb - 2, p: ma == mb ? 1 : 0, difference: Estimate(ma - mb, ma - mb, ma - mb)) }
        let df = se2 * se2 / ((va / na) * (va / na) / (na - 1) + (vb / nb) * (vb / nb) / (nb - 1))
        let t = (ma - mb) / se2.squareRoot()
        let margin = tQuantile(1 - (1 - confidence) / 2, df: df) * se2.squareRoot()
        return TTest(t: t, df: df, p: twoSidedP(t: t, df: df), difference: Estimate(ma - mb, ma - mb - margin, ma - mb + margin))
    }

    /// The difference of two independent rates x1/n1 − x2/n2 with the Agresti–Caffo interval
    /// (add one success and one failure to each group, then the Wald interval).
    public static func agrestiCaffo(_ x1: Int, _ n1: Int, _ x2: Int, _ n2: Int, confidence: Double = 0.95) -> Estimate? {
        guard n1 > 0, n2 > 0 else { return nil }
        let z = normalQuantile(1 - (1 - confidence) / 2)
        let p1 = Double(x1 + 1) / Double(n1 + 2), p2 = Double(x2 + 1) / Double(n2 + 2)
        let margin = z * (p1 * (1 - p1) / Double(n1 + 2) + p2 * (1 - p2) / Double(n2 + 2)).squareRoot()
        let d = p1 - p2
        return Estimate(Double(x1) / Double(n1) - Double(x2) / Double(n2), max(-1, d - margin), min(1, d + margin))
    }

    /// The difference of two rates measured on the same participants (second − first) with the
    /// adjusted-Wald interval for matched proportions (Agresti & Min 2005: half a participant
    /// added to each cell of the 2 × 2 table). `onlyFirst`, `onlySecond`: the discordant
    /// participants; `n`: every participant measured in both.
    public static func pairedRateDifference(both: Int, onlyFirst: Int, onlySecond: Int, neither: Int, confidence: Double = 0.95) -> Estimate? {
        let n = both + onlyFirst + onlySecond + neither
        guard n > 0 else { return nil }
        let z = normalQuantile(1 - (1 - confidence) / 2)
        let nAdjusted = Double(n) + 2
        let first = (Double(onlyFirst) + 0.5) / nAdjusted, second = (Double(onlySecond) + 0.5) / nAdjusted
        let d = second - first
        let variance = ((first + second) - d * d) / nAdjusted
        let margin = z * max(0, variance).squareRoot()
        return Estimate(Double(onlySecond - onlyFirst) / Double(n), max(-1, d - margin), min(1, d + margin))
    }

    /// The N−1 two-proportion test (Campbell 2007; Sauro & Lewis' choice for independent rates):
    /// the chi-square of the 2 × 2 table times (N − 1) / N, its two-sided p.
    public static func nMinusOneTwoProportionP(_ x1: Int, _ n1: Int, _ x2: Int, _ n2: Int) -> Double? {
        guard n1 > 0, n2 > 0 else { return nil }
        let n = Double(n1 + n2)
        let p = Double(x1 + x2) / n
        guard p > 0, p < 1 else { return 1 }
        let p1 = Double(x1) / Double(n1), p2 = Double(x2) / Double(n2)
        let z = (p1 - p2) * ((n - 1) / n).squareRoot() / (p * (1 - p) * (1 / Double(n1) + 1 / Double(n2))).squareRoot()
        return min(1, 2 * (1 - normalCDF(abs(z))))
    }

    /// McNemar's exact test for paired rates: `b` participants succeeded only in the first
    /// condition, `c` only in the second; the two-sided binomial p of the discordant pairs.
    public static func mcNemarExactP(b: Int, c: Int) -> Double {
        let n = b + c
        guard n > 0 else { return 1 }
        let k = min(b, c)
        var tail = 0.0
        for i in 0...k {
            let logTerm: Double = lgamma(Double(n + 1)) - lgamma(Double(i + 1)) - lgamma(Double(n - i + 1)) - Double(n) * log(2.0)
            tail += exp(logTerm)
        }
        return min(1, 2 * tail)
    }
}
