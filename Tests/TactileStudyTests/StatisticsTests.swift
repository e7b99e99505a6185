import XCTest
@testable import TactileStudy

/// The study report's statistics against worked examples from the literature.
final class StatisticsTests: XCTestCase {
    /// Student's sleep data (Cushny & Peebles 1905), as R's `sleep` ships it: extra hours of
    /// sleep of ten patients under two drugs.
    let drug1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
    let drug2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]

    func testThePairedTTestGivesRsResultForTheSleepData() throws {
        // R: t.test(extra ~ group, data = sleep, paired = TRUE): t = -4.0621, df = 9,
        // p-value = 0.002833, 95 percent CI -2.4598858 -0.7001142, mean difference -1.58.
        let t = try XCTUnwrap(Statistics.pairedT(drug1, drug2))
        XCTAssertEqual(t.t, -4.0621, accuracy: 0.0001)
        XCTAssertEqual(t.df, 9)
        XCTAssertEqual(t.p, 0.002833, accuracy: 0.000001)
        XCTAssertEqual(t.difference.value, -1.58, accuracy: 1e-9)
        XCTAssertEqual(t.difference.low, -2.4598858, accuracy: 1e-6)
        XCTAssertEqual(t.difference.high, -0.7001142, accuracy: 1e-6)
    }

    func testWelchsTTestGivesRsResultForTheSleepData() throws {
        // R: t.test(extra ~ group, data = sleep): t = -1.8608, df = 17.776, p-value = 0.07939,
        // 95 percent CI -3.3654832 0.2054832.
        let t = try XCTUnwrap(Statistics.welchT(drug1, drug2))
        XCTAssertEqual(t.t, -1.8608, accuracy: 0.0001)
        XCTAssertEqual(t.df, 17.776, accuracy: 0.001)
        XCTAssertEqual(t.p, 0.07939, accuracy: 0.00001)
        XCTAssertEqual(t.difference.low, -3.3654832, accuracy: 1e-6)
        XCTAssertEqual(t.difference.high, 0.2054832, accuracy: 1e-6)
    }

    func testTheAdjustedWaldIntervalGivesTullisWorkedExample() throws {
        // Tullis & Albert, Measuring the User Experience, p. 69: 4 of 5 users completed the task,
        // 95 % adjusted-Wald interval 0.3596 to 0.9796 (with z = 1.96).
        let ci = try XCTUnwrap(Statistics.adjustedWald(successes: 4, trials: 5))
        XCTAssertEqual(ci.value, 0.8)
        XCTAssertEqual(ci.low, 0.3596, accuracy: 0.001)
        XCTAssertEqual(ci.high, 0.9796, accuracy: 0.001)
        let all = try XCTUnwrap(Statistics.adjustedWald(successes: 10, trials: 10))
        XCTAssertEqual(all.high, 1, "clipped at 100 %")
        XCTAssertLessThan(all.low, 0.75, "10 of 10 is not a certainty")
        XCTAssertNil(Statistics.adjustedWald(successes: 3, trials: 0))
    }

    func testTheDistributionsMatchTheirTables() {
        XCTAssertEqual(Statistics.normalQuantile(0.975), 1.959964, accuracy: 1e-6)
        XCTAssertEqual(Statistics.tQuantile(0.975, df: 9), 2.262157, accuracy: 1e-6)
        XCTAssertEqual(Statistics.tQuantile(0.975, df: 1), 12.706205, accuracy: 1e-5)
        XCTAssertEqual(Statistics.tQuantile(0.975, df: 30), 2.042272, accuracy: 1e-6)
        XCTAssertEqual(Statistics.tCDF(0, df: 5), 0.5, accuracy: 1e-12)
        XCTAssertEqual(Statistics.incompleteBeta(0.5, a: 2, b: 2), 0.5, accuracy: 1e-12)
    }

    func testTheGeometricMeanOfTaskTimesIsTheMeanOfTheirLogsTakenBack() throws {
        let g = try XCTUnwrap(Statistics.geometricMean([10, 1000]))
        XCTAssertEqual(g.value, 100, accuracy: 1e-9)
        // The interval is the t interval of the logs: log 10 and log 1000 around log 100.
        let margin = Statistics.tQuantile(0.975, df: 1) * (log(1000.0) - log(10.0)) / 2.0.squareRoot() / 2.0.squareRoot()
        XCTAssertEqual(g.low, 100 * exp(-margin), accuracy: 1e-6)
        XCTAssertEqual(g.high / (100 * exp(margin)), 1, accuracy: 1e-9)
        XCTAssertNil(Statistics.geometricMean([3, 0]), "a zero time has no logarithm")
    }

    func testMcNemarsExactTestCountsOnlyTheDiscordantPairs() {
        // 1 participant succeeded only with A, 9 only with B: 2 × P(X ≤ 1), X ~ Binomial(10, ½) = 22 / 1024.
        XCTAssertEqual(Statistics.mcNemarExactP(b: 1, c: 9), 22.0 / 1024, accuracy: 1e-12)
        XCTAssertEqual(Statistics.mcNemarExactP(b: 5, c: 5), 1)
        XCTAssertEqual(Statistics.mcNemarExactP(b: 0, c: 0), 1)
    }

    func testRatesBetweenGroupsUseAgrestiCaffoAndTheNMinusOneTest() throws {
        // Agresti & Caffo (2000): add one success and one failure to each group.
        let d = try XCTUnwrap(Statistics.agrestiCaffo(9, 10, 4, 10))
        XCTAssertEqual(d.value, 0.5, accuracy: 1e-12)
        let p1 = 10.0 / 12, p2 = 5.0 / 12
        let margin = 1.959964 * (p1 * (1 - p1) / 12 + p2 * (1 - p2) / 12).squareRoot()
        XCTAssertEqual(d.low, p1 - p2 - margin, accuracy: 1e-6)
        XCTAssertEqual(d.high, p1 - p2 + margin, accuracy: 1e-6)
        // N−1 chi-square (Campbell 2007): chi² of the 2 × 2 table × (N−1)/N. For 9/10 vs 4/10,
        // chi² = 5.4945…, × 19/20 = 5.2198, p = 0.02233.
        XCTAssertEqual(try XCTUnwrap(Statistics.nMinusOneTwoProportionP(9, 10, 4, 10)), 0.02233, accuracy: 0.0001)
    }
}

/// The sample-size note of a paired comparison.
final class PairedSampleSizeTests: XCTestCase {
    func testAHalfStandardDeviationDifferenceNeedsAbout34Participants() throws {
        // Ten pairs whose differences have mean 0.5 and standard deviation 1 (d = 0.5): the normal
        // approximation gives (1.960 + 0.842)² / 0.25 + 1.960² / 2 = 33.3, so 34.
        let n = 10, se = 1 / Double(n).squareRoot(), q = Statistics.tQuantile(0.975, df: 9)
        let t = Statistics.TTest(t: 0.5 / se, df: 9, p: 0.2, difference: Statistics.Estimate(0.5, 0.5 - q * se, 0.5 + q * se))
        XCTAssertEqual(Statistics.pairedSampleSize(t, n: n), 34)
        let large = Statistics.TTest(t: 2 / se, df: 9, p: 0.001, difference: Statistics.Estimate(2, 2 - q * se, 2 + q * se))
        XCTAssertEqual(Statistics.pairedSampleSize(large, n: n), 4, "a large effect needs few")
        let none = Statistics.TTest(t: 0, df: 9, p: 1, difference: Statistics.Estimate(0, -q * se, q * se))
        XCTAssertNil(Statistics.pairedSampleSize(none, n: n), "no difference: no number")
    }
}
