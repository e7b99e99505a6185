import XCTest
@testable import TactileCore

final class SnappingTests: XCTestCase {
    let project = Project(
        name: "P",
        tracks: [
            Track(id: "a", kind: .video, clips: [Clip(id: "x", kind: .video, title: "", start: .seconds(2), duration: .seconds(3))]),
            Track(id: "b", kind: .overlay, clips: [Clip(id: "y", kind: .text, title: "", start: .seconds(10), duration: .seconds(2))]),
        ])

    func testThresholdIsInPointsAtEveryZoom() {
        let points = Snapping.points(in: project, excluding: ["y"], playhead: .seconds(8))
        // 5.1 s is 0.1 s from x's end: 2.4 pt at 24 pt/s (snaps), 6 pt at 60 pt/s (does not).
        XCTAssertEqual(
            Snapping.snap(edges: [.seconds(5.1)], to: points, pointsPerSecond: 24, threshold: 5, visible: .zero...Time.seconds(100))?.offset,
            .seconds(-0.1))
        XCTAssertNil(Snapping.snap(edges: [.seconds(5.1)], to: points, pointsPerSecond: 60, threshold: 5, visible: .zero...Time.seconds(100)))
    }

    func testOnlyVisiblePointsCount() {
        let points = Snapping.points(in: project, excluding: ["y"], playhead: .seconds(30))
        XCTAssertNil(Snapping.snap(edges: [.seconds(5.1)], to: points, pointsPerSecond: 24, threshold: 5, visible: .seconds(6)...Time.seconds(20)))
    }

    func testNearestWinsAndTiesGoToThePlayhead() {
        let points = Snapping.points(in: project, excluding: ["y"], playhead: .seconds(5))
        let snap = Snapping.snap(edges: [.seconds(4.95), .seconds(1.9)], to: points, pointsPerSecond: 24, threshold: 5, visible: .zero...Time.seconds(100))
        XCTAssertEqual(snap?.point.kind, .playhead, "x ends at 5 s too: the playhead wins the tie")
        XCTAssertEqual(snap?.edgeIndex, 0)
        let nearer = Snapping.snap(edges: [.seconds(4.95), .seconds(1.98)], to: points, pointsPerSecond: 24, threshold: 5, visible: .zero...Time.seconds(100))
        XCTAssertEqual(nearer?.point, SnapPoint(time: .seconds(2), kind: .clipEdge, clipID: "x"))
        XCTAssertEqual(nearer?.edgeIndex, 1)
    }

    func testTimelineEndsAndExcludedClips() {
        let points = Snapping.points(in: project, excluding: ["x"], playhead: .seconds(50))
        XCTAssertTrue(points.contains(SnapPoint(time: .zero, kind: .timelineStart)))
        XCTAssertTrue(points.contains(SnapPoint(time: .seconds(12), kind: .timelineEnd)))
        XCTAssertFalse(points.contains { $0.clipID == "x" })
    }
}
