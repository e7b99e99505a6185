import Foundation
import XCTest
@testable import TactileStudy

/// Wilcoxon's rank-sum test (Mann–Whitney) against figures not made by our own code: R's
/// documented example (`?wilcox.test`, Hollander & Wolfe's permeability constants) and small
/// cases worked by hand.
final class RankSumTests: XCTestCase {
    func testRsDocumentedTwoSampleExampleGivesTheSameWAndExactP() throws {
        // R: wilcox.test(x, y, alternative = "g") gives W = 35, p-value = 0.1272; two-sided, twice that.
        let x = [0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46]
        let y = [1.15, 0.88, 0.90, 0.74, 1.21]
        let w = try XCTUnwrap(RankSum.test(x, y))
        XCTAssertEqual(w.w, 35)
        XCTAssertTrue(w.exact)
        XCTAssertEqual(w.p, 2 * 0.1272061, accuracy: 1e-6)
        // Worked apart from our code with R's rule for conf.int (a short script counting all 3003
        // splits of the ranks): the 50 differences' median 0.305; qwilcox(0.025, 10, 5) = 9, so
        // the interval runs from the 9th smallest difference (−0.15) to the 9th largest (0.76),
        // covering 1 − 2·P(W ≤ 8) = 0.96004.
        XCTAssertEqual(w.shift, 0.305, accuracy: 1e-9)
        XCTAssertEqual(w.shiftLow, -0.15, accuracy: 1e-9)
        XCTAssertEqual(w.shiftHigh, 0.76, accuracy: 1e-9)
        XCTAssertEqual(w.confidence, 0.9600400, accuracy: 1e-6)
        // r = (U_x − U_y) / mn = (35 − 15) / 50.
        XCTAssertEqual(w.rankBiserial, 0.4, accuracy: 1e-12)
    }

    func testThreeAgainstThreeAllApartCannotReachSignificance() throws {
        // By hand: all of a above all of b is one split of the C(6, 3) = 20: p = 2/20 = 0.1, the smallest possible.
        let w = try XCTUnwrap(RankSum.test([6, 7, 5], [2, 3, 4]))
        XCTAssertEqual(w.w, 9)
        XCTAssertEqual(w.p, 0.1, accuracy: 1e-12)
        XCTAssertEqual(w.smallestP, 0.1, accuracy: 1e-12)
        XCTAssertEqual(w.rankBiserial, 1)
    }

    func testTiedAnswersShareTheirRankAndTheExactPCountsTheSplitsOfThoseRanks() throws {
        // By hand: a = (1, 2), b = (2, 3); ranks 1, 2.5 | 2.5, 4; W = 3.5 − 3 = 0.5. The six splits of
        // {1, 2.5, 2.5, 4} into a pair give rank sums 3.5, 3.5, 5, 5, 6.5, 6.5 around the mean 5:
        // two of six are as far as 3.5 on the low side, two on the high: p = 4/6.
        let w = try XCTUnwrap(RankSum.test([1, 2], [2, 3]))
        XCTAssertEqual(w.w, 0.5)
        XCTAssertEqual(w.p, 4.0 / 6, accuracy: 1e-12)
    }
}
