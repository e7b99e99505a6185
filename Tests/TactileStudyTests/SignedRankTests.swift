import Foundation
import XCTest
@testable import TactileStudy

/// Wilcoxon's signed-rank test against figures not made by our own code: R's documented example
/// (`?wilcox.test`, Hollander & Wolfe's depression scores) and small cases worked by hand.
final class SignedRankTests: XCTestCase {
    func testRsDocumentedPairedExampleGivesTheSameVAndExactP() throws {
        // R: wilcox.test(x, y, paired = TRUE, alternative = "greater") gives V = 40, p-value = 0.01953;
        // two-sided, twice that: 0.0390625 (= 20 of the 512 sign patterns).
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
        let w = try XCTUnwrap(SignedRank.test(x, y))
        XCTAssertEqual(w.n, 9)
        XCTAssertEqual(w.v, 40)
        XCTAssertTrue(w.exact)
        XCTAssertEqual(w.p, 0.0390625, accuracy: 1e-12)
        // Worked by hand with R's rule for conf.int: the 45 Walsh averages of the differences,
        // their median the 23rd (0.46); qsignrank(0.025, 9) = 6 (P(V ≤ 5) = 10/512), so the
        // interval runs from the 6th smallest (0.01) to the 6th largest (0.786), covering
        // 1 − 20/512.
        XCTAssertEqual(w.shift, 0.46, accuracy: 1e-9)
        XCTAssertEqual(w.shiftLow, 0.01, accuracy: 1e-9)
        XCTAssertEqual(w.shiftHigh, 0.786, accuracy: 1e-9)
        XCTAssertEqual(w.confidence, 1 - 20.0 / 512, accuracy: 1e-12)
    }

    func testFourParticipantsAllBetterCannotReachSignificanceAndTheReportSaysSo() throws {
        // By hand: four positive differences, V = 1+2+3+4 = 10, the most extreme of 16 patterns on
        // either side: p = 2/16 = 0.125, the smallest four can give; r = 1.
        let w = try XCTUnwrap(SignedRank.test([6, 7, 5, 7], [5, 5, 2, 3]))
        XCTAssertEqual(w.v, 10)
        XCTAssertEqual(w.p, 0.125, accuracy: 1e-12)
        XCTAssertEqual(w.smallestP, 0.125, accuracy: 1e-12)
        XCTAssertEqual(w.rankBiserial, 1)
        // The interval runs from the smallest to the largest Walsh average, and covers 1 − 2/16.
        XCTAssertEqual(w.confidence, 0.875, accuracy: 1e-12)
        XCTAssertEqual(w.shiftLow, 1); XCTAssertEqual(w.shiftHigh, 4)
    }

    func testZerosAreDroppedAndTiesShareTheirMeanRank() throws {
        // Differences 0, 1, 1, −2: the zero dropped; |d| 1, 1, 2 ranked 1.5, 1.5, 3; V = 3.
        // Of the 8 sign patterns of ranks {1.5, 1.5, 3} (sums 0, 1.5, 1.5, 3, 3, 4.5, 4.5, 6 around
        // a centre of 3), those at least as far from 3 as V = 3 is: all 8. p = 1.
        let w = try XCTUnwrap(SignedRank.test([3, 4, 4, 1], [3, 3, 3, 3]))
        XCTAssertEqual(w.n, 3)
        XCTAssertEqual(w.v, 3)
        XCTAssertEqual(w.p, 1, accuracy: 1e-12)
        XCTAssertEqual(SignedRank.midranks([1, 1, 2, 5, 5, 5]), [1.5, 1.5, 3, 5, 5, 5])
        XCTAssertNil(SignedRank.test([2, 2], [2, 2]), "no difference, no test")
    }
}
