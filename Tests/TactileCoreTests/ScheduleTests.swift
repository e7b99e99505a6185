import XCTest
@testable import TactileCore

final class ScheduleTests: XCTestCase {
    func testPeriodicEntriesStartAtItsStartAndStepExactly() {
        let s: PeriodicTimelineSchedule = .periodic(from: .seconds(1), by: .milliseconds(500))
        XCTAssertEqual(Array(s.entries(from: .zero, mode: .normal).prefix(3)), [.seconds(1), .seconds(1.5), .seconds(2)])
        XCTAssertEqual(Array(s.entries(from: .seconds(1.7), mode: .normal).prefix(2)), [.seconds(2), .seconds(2.5)])
        XCTAssertEqual(s.nextEntry(after: .seconds(2), startingAt: .zero, mode: .normal), .seconds(2.5))
        XCTAssertEqual(s.nextEntry(after: .seconds(1000.2), startingAt: .zero, mode: .lowFrequency), .seconds(1000.5))
    }

    func testAnimationYieldsNothingWhenPausedOrInLowFrequencyMode() {
        let running: AnimationTimelineSchedule = .animation(minimumInterval: .milliseconds(10))
        XCTAssertEqual(
            Array(running.entries(from: .seconds(1), mode: .normal).prefix(3)),
            [.seconds(1), .seconds(1.01), .seconds(1.02)])
        XCTAssertEqual(Array(running.entries(from: .zero, mode: .lowFrequency).prefix(1)), [])
        XCTAssertNil(running.nextEntry(after: .zero, startingAt: .zero, mode: .lowFrequency))
        let paused: AnimationTimelineSchedule = .animation(paused: true)
        XCTAssertEqual(Array(paused.entries(from: .zero, mode: .normal).prefix(1)), [])
        XCTAssertEqual(AnimationTimelineSchedule.animation.minimumInterval, .frame(atRate: 60))
    }

    func testExplicitIsSortedAndDropsPastDates() {
        let s: ExplicitTimelineSchedule = .explicit([.seconds(3), .seconds(1), .seconds(2)])
        XCTAssertEqual(s.entries(from: .seconds(1.5), mode: .normal), [.seconds(2), .seconds(3)])
        XCTAssertEqual(s.nextEntry(after: .seconds(2), startingAt: .zero, mode: .normal), .seconds(3))
        XCTAssertNil(s.nextEntry(after: .seconds(3), startingAt: .zero, mode: .normal))
    }

    func testEveryMinuteFiresAtStartThenOnMinuteBoundaries() {
        let s: EveryMinuteTimelineSchedule = .everyMinute
        XCTAssertEqual(Array(s.entries(from: .seconds(75), mode: .normal).prefix(3)), [.seconds(75), .seconds(120), .seconds(180)])
        XCTAssertEqual(s.nextEntry(after: .seconds(120), startingAt: .seconds(75), mode: .normal), .seconds(180))
        XCTAssertEqual(s.nextEntry(after: .seconds(80), startingAt: .seconds(75), mode: .lowFrequency), .seconds(120))
    }

    func testCyclicWalksItsOffsetsForever() {
        let s: CyclicTimelineSchedule = .cyclic(timeOffsets: [.seconds(0.2), .seconds(0.8)])
        XCTAssertEqual(
            Array(s.entries(from: .seconds(10), mode: .normal).prefix(5)),
            [.seconds(10), .seconds(10.2), .seconds(11), .seconds(11.2), .seconds(12)])
        XCTAssertEqual(s.nextEntry(after: .seconds(11.1), startingAt: .seconds(10), mode: .normal), .seconds(11.2))
        XCTAssertEqual(s.nextEntry(after: .seconds(500.2), startingAt: .seconds(10), mode: .normal), .seconds(501))
    }
}
