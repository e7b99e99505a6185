import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// The magnetic main track by touch (issue 48), on the demo: its video track is the main track
/// (Beach 0–4.5 s, City Lights 4.5–10.5, Title Card 10.5–13.5, Forest 13.5–21); the overlay track
/// holds "Hello!" over the beach, the star over City Lights and "The End" over the forest.
final class MagneticTrackTests: XCTestCase {
    private func clip(_ h: EditorHarness, _ id: String) -> Clip { h.state.project.clip(withID: id)!.clip }

    private func select(_ h: EditorHarness, _ id: String, playhead: Double) {
        h.state.playhead = .seconds(playhead)
        h.frame()
        h.tap(h.frameOf("clip:\(id)").center)
        XCTAssertEqual(h.state.selection, id)
    }

    func testTrimmingAMainClipsEndPullsTheClipsAfterItInAndTheOverlaysOverThemFollow() {
        let h = EditorHarness()
        select(h, "city", playhead: 8)
        let handle = h.element("clip:city.trimHandle.trailing")!.hitFrame.center
        h.drag(from: handle, to: Point(x: handle.x - 2 * h.state.pointsPerSecond, y: handle.y))
        XCTAssertEqual(clip(h, "city").duration.seconds, 4, accuracy: 0.02)
        XCTAssertTrue(h.state.project.mainTrackIsGapless, "no black gap")
        XCTAssertEqual(clip(h, "title-card").start, clip(h, "city").end)
        XCTAssertEqual(clip(h, "forest").start, clip(h, "title-card").end)
        XCTAssertEqual(clip(h, "caption").start.seconds, 16 - (6 - clip(h, "city").duration.seconds), accuracy: 1e-9, "The End stays over the forest")
        XCTAssertEqual(clip(h, "star").start.seconds, 6, "the star sits over City Lights, whose start did not move")
        XCTAssertEqual(clip(h, "music").start.seconds, 0, "the sound tracks stay free")
        let edit = h.log.last { $0.kind == "edit" }
        XCTAssertEqual(edit?.fields["edit"], .string("trim"))
        XCTAssertEqual(edit?.fields["rippled"], .number(3), "Title Card, Forest and The End moved with it")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make(), "one undo step")
    }

    func testTrimmingAMainClipsStartKeepsItsPlaceAndPullsTheRestIn() {
        let h = EditorHarness()
        select(h, "forest", playhead: 16)
        let handle = h.element("clip:forest.trimHandle.leading")!.hitFrame.center
        h.drag(from: handle, to: Point(x: handle.x + 1.5 * h.state.pointsPerSecond, y: handle.y))
        let forest = clip(h, "forest")
        XCTAssertEqual(forest.start.seconds, 13.5, accuracy: 1e-9, "the clip starts where the one before ends")
        XCTAssertEqual(forest.duration.seconds, 6, accuracy: 0.02)
        XCTAssertEqual(forest.sourceStart.seconds, 3.5, accuracy: 0.02, "its footage starts 1.5 s later")
        XCTAssertTrue(h.state.project.mainTrackIsGapless)
    }

    func testDeletingAMainClipClosesItsHoleAndTheTransitionAfterItMeetsTheClipBefore() throws {
        let h = EditorHarness()
        // A dissolve into the title card, from City Lights.
        h.state.project = try h.state.project.settingTransition(Transition(.crossDissolve, duration: .seconds(0.5)), atCutBefore: "title-card").0
        let withDissolve = h.state.project
        select(h, "city", playhead: 7)
        h.tap("toolbar.delete")
        XCTAssertNil(h.state.project.clip(withID: "city"))
        XCTAssertTrue(h.state.project.mainTrackIsGapless, "no 6 s hole")
        XCTAssertEqual(clip(h, "title-card").start.seconds, 4.5, accuracy: 1e-9)
        XCTAssertEqual(clip(h, "title-card").transitionIn?.kind, .crossDissolve, "kept: it now leads from the beach")
        XCTAssertNotNil(h.state.project.cut(before: "title-card"))
        XCTAssertEqual(clip(h, "caption").start.seconds, 10, accuracy: 1e-9, "The End moved with the forest")
        XCTAssertEqual(h.state.project.clip(withID: "star")?.clip.start.seconds, 6, "the star over the deleted clip stays where it was")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, withDissolve, "one undo step gives back the clip, the hole and the dissolve as they were")
    }

    func testDraggingAClipPastItsNeighbourSwapsThemInOneMoveAndTheOverlaysGoWithThem() {
        let h = EditorHarness()
        select(h, "beach", playhead: 4)
        let body = h.element("clip:beach")!.hitFrame
        let from = Point(x: body.midX, y: body.midY)
        // 2.5 s on: the beach's middle (4.75 s) passes City Lights' (3 s, the others closed up while it is held).
        h.drag(from: from, to: Point(x: from.x + 2.5 * h.state.pointsPerSecond, y: from.y), steps: 20)
        let main = h.state.project.tracks[h.state.project.mainTrackIndex!].clips.map(\.id)
        XCTAssertEqual(main, ["city", "beach", "title-card", "forest"], "swapped, the others slid aside")
        XCTAssertEqual(clip(h, "city").start, .zero)
        XCTAssertEqual(clip(h, "beach").start.seconds, 6, accuracy: 1e-9)
        XCTAssertEqual(clip(h, "hello").start.seconds, 7, accuracy: 1e-9, "Hello! stays over the beach")
        XCTAssertEqual(clip(h, "star").start.seconds, 1.5, accuracy: 1e-9, "the star stays over City Lights")
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.count, 1, "one move")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make())
    }

    func testTheSettingLeavesTheMainTrackFreeForStudiesThatCompare() {
        var c = TactileConfiguration()
        c.editing.magneticMainTrack = false
        let h = EditorHarness(configuration: c)
        select(h, "city", playhead: 8)
        let handle = h.element("clip:city.trimHandle.trailing")!.hitFrame.center
        h.drag(from: handle, to: Point(x: handle.x - 2 * h.state.pointsPerSecond, y: handle.y))
        XCTAssertEqual(clip(h, "city").duration.seconds, 4, accuracy: 0.02)
        XCTAssertEqual(clip(h, "title-card").start.seconds, 10.5, "a gap is left, as before")
        XCTAssertFalse(h.state.project.mainTrackIsGapless)
    }
}
