import XCTest
import TactileCore

/// Percentiles by nearest rank, as latency figures quote them.
final class PercentilesTests: XCTestCase {
    func testNearestRankPicksAMeasuredValue() {
        let p = Percentiles((1...100).map(Double.init).shuffled())
        XCTAssertEqual(p.p50, 50)
        XCTAssertEqual(p.p95, 95)
        XCTAssertEqual(p.p99, 99)
        XCTAssertEqual(p.percentile(100), 100)
        XCTAssertEqual(p.percentile(0), 1)
        XCTAssertEqual(p.mean, 50.5)
    }

    func testASmallSetsTailIsItsLargestValue() {
        let p = Percentiles([4, 1, 9])
        XCTAssertEqual(p.p50, 4)
        XCTAssertEqual(p.p99, 9)
    }

    func testNoValuesGiveNoFiguresAndNonFiniteOnesAreLeftOut() {
        XCTAssertNil(Percentiles([]).p50)
        XCTAssertEqual(Percentiles([.nan, 2, .infinity]).count, 1)
    }
}

extension PercentilesTests {
    func testRanksAreExactWhereFloatingPointWouldRoundUp() {
        XCTAssertEqual(Percentiles((1...100).map(Double.init)).percentile(55), 55, "0.55 × 100 is 55.000000000000007 in floating point")
        XCTAssertEqual(Percentiles((1...1000).map(Double.init)).percentile(29), 290)
    }
}
