import XCTest
@testable import TactileCore

final class FrameLoopTests: XCTestCase {
    func testFirstFrameIsDueAtOnceAndAnIdleLoopHasNothingDue() {
        var loop = FrameLoop()
        XCTAssertTrue(loop.isDue(at: .zero))
        loop.frameDidRun(at: .zero, requests: [])
        XCTAssertNil(loop.nextDue())
        XCTAssertFalse(loop.isDue(at: .seconds(3600)))
    }

    func testEarliestRequestWinsAndDueTimesAreHonouredOnAVirtualClock() {
        let clock = VirtualClock()
        var loop = FrameLoop()
        loop.frameDidRun(
            at: clock.now,
            requests: [
                FrameRequest(.explicit([.seconds(2)]), start: .zero, reason: "tooltip"),
                FrameRequest(.periodic(from: .zero, by: .milliseconds(500)), start: .zero, reason: "playback"),
            ])
        XCTAssertEqual(loop.nextDue()?.time, .milliseconds(500))
        XCTAssertEqual(loop.nextDue()?.reason, "playback")
        clock.advance(to: .milliseconds(499))
        XCTAssertFalse(loop.isDue(at: clock.now))
        clock.advance(to: .milliseconds(500))
        XCTAssertTrue(loop.isDue(at: clock.now))
    }

    func testLowFrequencyModeDropsAnimationFrames() {
        var loop = FrameLoop(mode: .lowFrequency)
        loop.frameDidRun(
            at: .zero,
            requests: [
                FrameRequest(.animation, start: .zero, reason: "spring"),
                FrameRequest(.everyMinute, start: .zero, reason: "clock"),
            ])
        XCTAssertEqual(loop.nextDue()?.time, .seconds(60))
    }
}
