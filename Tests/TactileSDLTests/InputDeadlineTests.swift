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
        XCTAssertEqual(ms(d.budget), 3.9, "a frame read at once eases the budget a little")
        XCTAssertEqual(ms(d.deadline(period: period)), 112.8)
    }

    func testAFrameThatMissedItsRefreshRaisesTheBudgetAndOnesThatMadeItLowerItALittle() {
        var d = InputDeadline(budget: .milliseconds(4))
        d.presented(at: .milliseconds(100), period: period)
        d.readingLate(period: period)
        d.presented(at: .seconds(0.1 + 1.0 / 60 + 0.003), period: period) // 3 ms late
        XCTAssertEqual(ms(d.budget), 6.9)
        d.readingLate(period: period)
        d.presented(at: .seconds(0.1 + 2.0 / 60 + 0.003), period: period) // on time: paced to its refresh
        XCTAssertEqual(ms(d.budget), 6.8)
        // A miss that looks a whole refresh late (a display that snaps presents) raises it by a quarter refresh at most.
        d.readingLate(period: period)
        d.presented(at: .seconds(0.1 + 4.0 / 60 + 0.003), period: period)
        XCTAssertEqual(ms(d.budget), 11)
        // Frames not aimed (read at once, or that made no picture) only ease it.
        d.readingLate(period: period)
        d.madeNoPicture()
        d.presented(at: .seconds(1), period: period)
        XCTAssertEqual(ms(d.budget), 10.9)
    }

    func testWhileAFrameFillsMostOfARefreshInputIsReadAtOnceUntilTheBudgetEases() {
        var d = InputDeadline(budget: .milliseconds(13))
        d.presented(at: .milliseconds(100), period: period)
        XCTAssertNil(d.deadline(period: period), "13 ms of a 16.7 ms refresh: waiting would gain nothing")
        for n in 1...5 { d.presented(at: .milliseconds(100 + 17 * n), period: period) }
        XCTAssertEqual(ms(d.budget), 12.4)
        XCTAssertNotNil(d.deadline(period: period), "eased under three quarters of a refresh: tried late again")
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
        XCTAssertNil(d.deadline(period: period), "a frame that fills the refresh: read at once")
    }
}
