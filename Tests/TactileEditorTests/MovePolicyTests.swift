import XCTest
import TactileCore
import TactileEditor
import TactileInput
import Foundation

/// `feel.movePolicy` and `feel.snapVisibleOnly`: the same replayed drag, a different result.
final class MovePolicyTests: XCTestCase {
    /// Selects "Hello!" (1 … 4 s on the overlay track, 24 pt a second) and drags it 60 pt right,
    /// onto the sticker (6 … 8.5 s): where do the two clips end up?
    func moveHello(_ policy: MovePolicy) -> (hello: Clip, star: Clip, log: [LogEvent]) {
        var c = TactileConfiguration()
        c.feel.movePolicy = policy
        let h = EditorHarness(configuration: c)
        h.tap(Point(x: 255, y: 660))
        h.now += .seconds(0.5)
        h.drag(from: Point(x: 255, y: 660), to: Point(x: 315, y: 660))
        let p = h.state.project
        return (p.clip(withID: "hello")!.clip, p.clip(withID: "star")!.clip, h.log)
    }

    func testBlockStopsTheClipAtItsNeighbour() {
        let r = moveHello(.block)
        XCTAssertEqual(r.hello.start, .seconds(3), "it stops where it meets the sticker")
        XCTAssertEqual(r.star.start, .seconds(6), "nothing else moves")
    }

    func testPushMovesTheNeighbourOutOfTheWay() {
        let r = moveHello(.push)
        XCTAssertEqual(r.hello.start, .seconds(3.5), "it goes where the finger put it")
        XCTAssertEqual(r.star.start, .seconds(6.5), "the sticker is pushed to its end")
        XCTAssertTrue(r.log.contains { $0.kind == "edit" && $0.fields["edit"] == .string("move") })
    }

    func testRippleClosesTheGapAndInsertsTheClipWhereItLands() {
        let r = moveHello(.ripple)
        XCTAssertEqual(r.star.start, .seconds(3), "the sticker closed up the gap Hello! left (6 − 3 s)")
        XCTAssertEqual(r.hello.start, .seconds(5.5), "Hello! is inserted after it (its middle passed the sticker's)")
    }

    func testAnUnknownPolicyIsRefusedNamingTheKey() {
        XCTAssertThrowsError(
            try ConfigurationFile.decode(
                Data(#"{"feel": {"movePolicy": "shove"}}"#.utf8), schema: ConfigurationSchema(sections: [TactileConfiguration.Feel.self]))
        ) { error in
            XCTAssertTrue("\(error)".contains("feel.movePolicy"), "\(error)")
        }
    }

    /// A long clip (0 … 20 s) and, on the track below, a clip starting at 21.2 s, far off screen.
    /// The long clip is dragged 1 s right: its end comes 0.2 s (4.8 pt) from that start.
    func dragLongClip(visibleOnly: Bool) -> (start: Time, snaps: Int) {
        let project = Project(
            name: "snap",
            tracks: [
                Track(id: "v", kind: .video, clips: [Clip(id: "long", kind: .image, title: "Long", start: .zero, duration: .seconds(20))]),
                Track(id: "o", kind: .overlay, clips: [Clip(id: "far", kind: .text, title: "Far", start: .seconds(21.2), duration: .seconds(2))]),
            ])
        var c = TactileConfiguration()
        c.feel.snapVisibleOnly = visibleOnly
        c.editing.magneticMainTrack = false // the long clip is the main track's only one: magnetic, it stays at zero
        let h = EditorHarness(project: project, configuration: c)
        let y = h.element("clip:long")!.frame.midY
        h.tap(Point(x: 250, y: y))
        h.now += .seconds(0.5)
        h.drag(from: Point(x: 250, y: y), to: Point(x: 274, y: y))
        return (h.state.project.clip(withID: "long")!.clip.start, h.log.filter { $0.kind == "snap" }.count)
    }

    func testSnappingToVisiblePointsOnlyIgnoresAnEdgeOffScreen() {
        let visible = dragLongClip(visibleOnly: true), all = dragLongClip(visibleOnly: false)
        XCTAssertEqual(visible.start, .seconds(1), "no snap: the other clip's start is off screen")
        XCTAssertEqual(visible.snaps, 0)
        XCTAssertEqual(all.start, .seconds(1.2), "its end jumped to the far clip's start, out of sight")
        XCTAssertEqual(all.snaps, 1)
    }
}

extension MovePolicyTests {
    func testAPushThatWouldShoveAClipPastADayBlocksInstead() {
        let project = Project(
            name: "long",
            tracks: [
                Track(
                    id: "o", kind: .overlay,
                    clips: [
                        Clip(id: "a", kind: .text, title: "A", start: .zero, duration: .seconds(10)),
                        Clip(id: "b", kind: .text, title: "B", start: .seconds(86_395), duration: .seconds(5)),
                    ])
            ])
        let pushed = project.moving(clip: "a", toTrack: 0, start: .seconds(86_391), policy: .push) // b would go to 86,401 s
        XCTAssertLessThanOrEqual(pushed.clip(withID: "b")!.clip.start, Project.latestStart, "b stays where a file can hold it")
        XCTAssertEqual(pushed.clip(withID: "b")!.clip.start, .seconds(86_395), "nothing was pushed: a blocked")
        XCTAssertEqual(pushed.clip(withID: "a")!.clip.start, .seconds(86_385), "a stopped at b")
    }
}
