import XCTest
import TactileCore
@testable import TactileSDL

/// Reading input as late as the next refresh allows: the deadline is the last present plus a
/// refresh less the frame's budget, and the budget is learnt from the frames aimed at a refresh.
final class InputDeadlineTests: XCTestCase {
    let period = Time.seconds(1.0 / 60)

    func ms(_ t: Time?) -> Double? { t.map { ($0.seconds * 10_000).rounded() / 10 } }

    func testTheDeadlineIsARefreshAfterTheLastPresentLessTheBudget() {
        var d = InputDeadline(budget: .milliseconds(4))
        XCTAssertNil(d.deadline(period: period), "nothing presented yet: read at once")
        d.presented(at: .milliseconds(100), period: period)
        XCTAssertEqual(ms(d.deadline(period: period)), 112.7)
    }

    func testAFrameThatMissedItsRefreshRaisesTheBudgetAndOnesThatMadeItLowerItALittle() {
        var d = InputDeadline(budget: .milliseconds(4))
        d.presented(at: .milliseconds(100), period: period)
        d.readingLate(period: period)
        d.presented(at: .seconds(0.1 + 1.0 / 60 + 0.003), period: period) // 3 ms late
        XCTAssertEqual(ms(d.budget), 7)
        d.readingLate(period: period)
        d.presented(at: .seconds(0.1 + 2.0 / 60 + 0.003), period: period) // on time: paced to its refresh
        XCTAssertEqual(ms(d.budget), 6.9)
        // A miss that looks a whole refresh late (a display that snaps presents) raises it by a quarter refresh at most.
        d.readingLate(period: period)
        d.presented(at: .seconds(0.1 + 4.0 / 60 + 0.003), period: period)
        XCTAssertEqual(ms(d.budget), 11.1)
        // Frames not aimed (read at once, or that made no picture) teach nothing.
        d.readingLate(period: period)
        d.madeNoPicture()
        d.presented(at: .seconds(1), period: period)
        XCTAssertEqual(ms(d.budget), 11.1)
    }

    func testTheBudgetStaysWithinARefresh() {
        var d = InputDeadline(budget: .milliseconds(15))
        var t = 0.1
        d.presented(at: .seconds(t), period: period)
        for _ in 0..<20 {
            d.readingLate(period: period)
            t += 0.030
            d.presented(at: .seconds(t), period: period)
        }
        XCTAssertLessThanOrEqual(d.budget, period - .milliseconds(1))
        XCTAssertNotNil(d.deadline(period: period))
    }
}
