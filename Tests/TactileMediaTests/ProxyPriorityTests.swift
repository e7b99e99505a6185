import XCTest
import TactileCore
@testable import TactileMedia

/// The order proxy segments are made in, and the bookkeeping of which slots they hold.
final class ProxyPriorityTests: XCTestCase {
    private func segments(_ ranges: [ClosedRange<Int64>], end: Int64? = nil) -> ProxySegments {
        var s = ProxySegments()
        for r in ranges { s.insert(.init(first: r.lowerBound, last: r.upperBound, start: .frame(atRate: 30) * r.lowerBound)) }
        s.end = end
        return s
    }

    func testTheTrimEdgeAndThePlayheadComeFirst() {
        let next = ProxyPriority.nextSlot(for: .init(focus: [700, 300], filmstrip: [10]), segments: segments([]), busy: [], around: 60, slotCount: 1000)
        XCTAssertEqual(next, 700, "the first focus is the most urgent")
        let second = ProxyPriority.nextSlot(for: .init(focus: [700, 300]), segments: segments([690...720]), busy: [], around: 60, slotCount: 1000)
        XCTAssertEqual(second, 300)
    }

    func testAroundTheFocusNearestFirstAheadBeforeBehind() {
        XCTAssertEqual(
            ProxyPriority.nextSlot(for: .init(focus: [510]), segments: segments([500...525]), busy: [], around: 60, slotCount: 1000), 499,
            "11 behind is nearer than 16 ahead")
        XCTAssertEqual(
            ProxyPriority.nextSlot(for: .init(focus: [510]), segments: segments([500...520]), busy: [], around: 60, slotCount: 1000), 521,
            "at the same distance, ahead first")
        XCTAssertEqual(ProxyPriority.nextSlot(for: .init(focus: [510]), segments: segments([490...520]), busy: [], around: 60, slotCount: 1000), 521)
    }

    func testThenTheVisibleFilmstripThenTheRestFromThePlayhead() {
        let near = segments([440...560])
        XCTAssertEqual(ProxyPriority.nextSlot(for: .init(focus: [500], filmstrip: [900, 100]), segments: near, busy: [], around: 60, slotCount: 1000), 900)
        XCTAssertEqual(
            ProxyPriority.nextSlot(for: .init(focus: [500]), segments: near, busy: [], around: 60, slotCount: 1000), 561,
            "the rest goes on from the playhead")
        XCTAssertEqual(
            ProxyPriority.nextSlot(for: .init(focus: [500]), segments: segments([440...999]), busy: [], around: 60, slotCount: 1000), 0,
            "then from the start")
        XCTAssertEqual(ProxyPriority.nextSlot(for: .init(), segments: segments([0...99]), busy: [], around: 60, slotCount: 1000), 100)
    }

    func testBusySlotsAreLeftToTheirMakerAndNothingPastTheEndIsMade() {
        XCTAssertEqual(
            ProxyPriority.nextSlot(for: .init(focus: [500]), segments: segments([]), busy: [450...600], around: 60, slotCount: 1000), 449,
            "the nearest slot outside another maker's stretch")
        XCTAssertEqual(ProxyPriority.nextSlot(for: .init(), segments: segments([0...599], end: 600), busy: [], around: 60, slotCount: 1000), nil)
        XCTAssertEqual(
            ProxyPriority.nextSlot(for: .init(focus: [5000]), segments: segments([]), busy: [], around: 0, slotCount: 1000), 999,
            "a focus past the end asks for the last frame")
    }

    func testSegmentsCoverTheirSlotsAndTheLastShowsPastTheEnd() {
        var s = segments([0...29, 60...89])
        XCTAssertEqual(s.segment(containing: 29)?.first, 0)
        XCTAssertNil(s.segment(containing: 30))
        XCTAssertEqual(s.firstUncovered(from: 0, before: 100), 30)
        XCTAssertFalse(s.insert(.init(first: 25, last: 40, start: .zero)), "overlaps are refused")
        XCTAssertTrue(s.insert(.init(first: 30, last: 59, start: .zero)))
        XCTAssertFalse(s.isComplete, "the end is not known yet")
        s.end = 90
        XCTAssertTrue(s.isComplete)
        XCTAssertEqual(s.segment(containing: 5000)?.first, 60)
        XCTAssertEqual(s.coveredSlots, 90)
        let named = ProxySegments.Segment(first: 30, last: 59, start: Time(ticks: 123))
        XCTAssertEqual(ProxySegments.Segment(name: named.name), named)
        XCTAssertNil(ProxySegments.Segment(name: ".maker0-30.mov"))
        XCTAssertNil(ProxySegments.Segment(name: "end-90"))
    }
}
