import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// Overlays on the canvas under the fingers (issue 14): tap to select, drag, pinch and turn,
/// snapping with guides and cues, one undo step per touch sequence.
final class OverlayGestureTests: XCTestCase {
    /// The demo at 2 s, where the "Hello!" title is on the canvas.
    private func atHello() -> EditorHarness {
        let h = EditorHarness()
        h.state.playhead = .seconds(2)
        h.frame()
        return h
    }

    private func placement(_ h: EditorHarness, _ id: String = "hello") -> OverlayTransform {
        h.state.project.clip(withID: id)!.clip.placement
    }

    private var picture: (EditorHarness) -> Rect { { $0.frameOf("canvas") } }

    func testATapOnAnOverlaySelectsItsClipAndDrawsItsFrame() {
        let h = atHello()
        XCTAssertEqual(h.element("overlay:hello")?.state["selected"], .bool(false))
        let strokesBefore = h.output.drawList.commands.filter {
            if case .strokeRect = $0 { return true }; return false
        }.count
        h.tap("overlay:hello")
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.state.selection, "hello")
        XCTAssertEqual(h.element("overlay:hello")?.state["selected"], .bool(true), "inspect shows it selected")
        let strokesAfter = h.output.drawList.commands.filter {
            if case .strokeRect = $0 { return true }; return false
        }.count
        XCTAssertGreaterThan(strokesAfter, strokesBefore, "a frame is drawn around it")
        XCTAssertFalse(h.state.isPlaying, "a tap on an overlay does not start playback")
        XCTAssertTrue(h.log.contains { $0.kind == "select" && $0.fields["clip"] == .string("hello") })
    }

    func testSelectingAnOverlayScrollsItsTrackIntoView() {
        // Six tracks on a short timeline: the overlay track sits below the fold.
        var project = DemoProject.make()
        for i in 0..<5 { project.tracks.insert(Track(id: "extra\(i)", kind: .video, clips: []), at: 0) }
        let h = EditorHarness(project: project)
        h.state.playhead = .seconds(2)
        h.frame()
        XCTAssertNil(h.element("clip:hello"), "the title's clip is off screen to begin with")
        h.tap("overlay:hello")
        h.run(until: h.now + .seconds(0.5))
        XCTAssertNotNil(h.element("clip:hello"), "selecting it on the canvas brought its track into view")
    }

    func testADragMovesTheOverlayAsOneUndoableStep() {
        let h = atHello()
        let start = h.element("overlay:hello")!.hitFrame.center, before = placement(h), p = picture(h)
        h.drag(from: start, to: Point(x: start.x - 30, y: start.y - 40))
        let after = placement(h)
        XCTAssertEqual(after.x, before.x - 30 / p.width, accuracy: 0.002, "the title follows the finger")
        XCTAssertEqual(after.y, before.y - 40 / p.height, accuracy: 0.002)
        XCTAssertEqual(h.state.selection, "hello", "dragging an overlay selects it")
        let frame = h.frameOf("overlay:hello")
        XCTAssertEqual(frame.midX, start.x - 30, accuracy: 1, "inspect shows it where the finger left it")
        let edits = h.log.filter { $0.kind == "edit" && $0.fields["edit"] == .string("transform") }
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?.fields["afterX"], .number(after.x))
        XCTAssertEqual(h.state.playhead, .seconds(2), "a drag on an overlay does not scrub")
        h.state.history.undo(h.state.project).map { h.state.project = $0 }
        XCTAssertNil(h.state.project.clip(withID: "hello")?.clip.transform, "one undo puts it back")
    }

    func testTwoFingersScaleAndTurnTheOverlayAtOnce() {
        let h = atHello()
        let c = h.element("overlay:hello")!.hitFrame.center
        h.twoFingers(about: c, from: 60, to: 90, turn: 30, shift: Point(x: 0, y: -30))
        let t = placement(h)
        XCTAssertEqual(t.scale, 1.5, accuracy: 0.02, "fingers 60 → 90 pt apart grow it by half")
        XCTAssertEqual(t.rotation, 30, accuracy: 0.5, "the line between them turned 30°")
        XCTAssertEqual(t.y, 0.78 - 30 / picture(h).height, accuracy: 0.003, "and it went where their centre went")
        XCTAssertEqual(h.element("overlay:hello")?.state["rotation"], .number(t.rotation), "inspect shows the turn")
        XCTAssertEqual(h.log.filter { $0.kind == "edit" && $0.fields["edit"] == .string("transform") }.count, 1)
    }

    func testADragThatBecomesAPinchIsStillOneUndoStep() {
        let h = atHello()
        let c = h.element("overlay:hello")!.hitFrame.center
        h.frame([.touch(.down, id: 1, at: c, time: h.now)])
        for i in 1...6 { h.now += .frame(atRate: 60); h.frame([.touch(.move, id: 1, at: Point(x: c.x + Double(i) * 5, y: c.y), time: h.now)]) }
        let moved = placement(h).x
        XCTAssertGreaterThan(moved, 0.5 + 20 / picture(h).width, "the drag moved it")
        let second = Point(x: c.x + 30 + 80, y: c.y)
        h.now += .milliseconds(30)
        h.frame([.touch(.down, id: 2, at: second, time: h.now)])
        XCTAssertEqual(placement(h).x, moved, accuracy: 1e-9, "a second finger keeps it where the drag left it")
        for i in 1...6 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 2, at: Point(x: second.x + Double(i) * 10, y: second.y), time: h.now)])
        }
        XCTAssertGreaterThan(placement(h).scale, 1.3)
        h.now += .milliseconds(100)
        h.frame([.touch(.up, id: 2, at: Point(x: second.x + 60, y: second.y), time: h.now), .touch(.up, id: 1, at: Point(x: c.x + 30, y: c.y), time: h.now)])
        XCTAssertEqual(h.log.filter { $0.kind == "edit" && $0.fields["edit"] == .string("transform") }.count, 1, "one edit for the whole touch")
        h.state.history.undo(h.state.project).map { h.state.project = $0 }
        XCTAssertNil(h.state.project.clip(withID: "hello")?.clip.transform)
    }

    func testADragSnapsToTheCentreLineWithAGuideAndOneCue() {
        let h = atHello()
        // Move the title off centre first, then drag it back to within a few points of the middle.
        let c = h.element("overlay:hello")!.hitFrame.center
        h.drag(from: c, to: Point(x: c.x + 40, y: c.y - 30))
        XCTAssertEqual(placement(h).x, 0.5 + 40 / picture(h).width, accuracy: 0.002, "40 pt off centre does not snap")
        let cuesBefore = h.cues.filter { $0.reason == "snap" }.count
        XCTAssertFalse(h.log.contains { $0.kind == "snap" }, "nothing snapped on the way there")
        let from = h.element("overlay:hello")!.hitFrame.center
        h.drag(from: from, to: Point(x: from.x - 37, y: from.y), hold: true)
        XCTAssertEqual(placement(h).x, 0.5, "3 pt from the centre line, it sits exactly on it")
        XCTAssertNotNil(h.element("guide:centreX"), "a guide shows the line it snapped to")
        XCTAssertEqual(h.cues.filter { $0.reason == "snap" }.count, cuesBefore + 1, "one cue on entry, not one per frame")
        XCTAssertTrue(h.log.contains { $0.kind == "snap" && $0.fields["to"] == .string("centreX") })
        h.now += .milliseconds(150)
        h.frame([.touch(.up, id: 1, at: Point(x: from.x - 37, y: from.y), time: h.now)])
        XCTAssertNil(h.element("guide:centreX"), "the guide goes with the finger")
        XCTAssertEqual(placement(h).x, 0.5, "and the snapped place is what stays")
    }

    func testAnOverlaySnapsToTheSafeMarginAndTheEdge() {
        let h = atHello()
        let p = picture(h), c = h.element("overlay:hello")!.hitFrame.center
        let box = h.frameOf("overlay:hello")
        // Put the title's left edge 2 pt inside the safe margin.
        let margin = p.minX + 0.05 * p.width
        h.drag(from: c, to: Point(x: c.x - (box.minX - margin) - 2, y: c.y - 40), hold: true)
        XCTAssertNotNil(h.element("guide:safeMarginX"))
        XCTAssertEqual(h.frameOf("overlay:hello").minX, margin, accuracy: 0.01, "its edge sits on the safe margin")
    }

    func testATurnNearARightAngleSnapsToIt() {
        let h = atHello()
        let c = h.element("overlay:hello")!.hitFrame.center
        h.twoFingers(about: c, from: 50, to: 50, turn: 87, hold: true)
        XCTAssertEqual(placement(h).rotation, 90, "87° snaps to 90°")
        XCTAssertNotNil(h.element("guide:angle90"))
        XCTAssertTrue(h.cues.contains { $0.reason == "snap" })
    }

    func testAPinchAnywhereOnTheCanvasScalesAndTurnsTheSelectedOverlayShowingHowMuch() throws {
        // The star sticker at 7 s is small: fingers wide apart land beside it, not on it.
        let h = EditorHarness()
        h.state.playhead = .seconds(7)
        h.frame()
        h.tap("overlay:star")
        XCTAssertEqual(h.state.selection, "star")
        let star = h.frameOf("overlay:star"), p = picture(h), before = placement(h, "star")
        let centre = Point(x: p.midX, y: p.midY + p.height * 0.2)
        h.twoFingers(about: centre, from: 120, to: 180, turn: 30, hold: true)
        XCTAssertFalse(star.contains(centre), "the fingers are nowhere near the sticker")
        let now = placement(h, "star")
        XCTAssertEqual(now.scale, before.scale * 1.5, accuracy: 0.05, "the pinch scaled the selected sticker")
        XCTAssertEqual(OverlayTransform.normalised(now.rotation - before.rotation), 30, accuracy: 2, "and turned it")
        let readout = try XCTUnwrap(h.element("overlayReadout"), "its turn and size show while the fingers are down")
        XCTAssertEqual(readout.label, "\(Int(OverlayTransform.normalised(now.rotation).rounded()))° · \(Int((now.scale * 100).rounded()))%")
        XCTAssertTrue(h.log.contains { $0.kind == "arena.decided" && $0.fields["winner"] == .string("pinch") }, "no \"canvas offers no pinch\"")
        h.frame([.touch(.up, id: 1, at: centre, time: h.now), .touch(.up, id: 2, at: centre, time: h.now)])
        XCTAssertNil(h.element("overlayReadout"), "gone with the fingers")
        XCTAssertEqual(h.log.filter { $0.kind == "edit" && $0.fields["edit"] == .string("transform") }.count, 1, "one undo step")
        // One finger still scrubs, the sticker selected.
        let at = h.state.playhead
        h.drag(from: Point(x: p.minX + 20, y: p.maxY - 30), to: Point(x: p.minX + 100, y: p.maxY - 30))
        XCTAssertGreaterThan(h.state.playhead, at, "a pan beside it scrubs")
        // With nothing selected, two fingers on the canvas change no overlay.
        h.tap(Point(x: p.minX + 4, y: p.maxY - 4))
        h.state.selection = nil
        h.frame()
        let still = placement(h, "star")
        h.twoFingers(about: centre, from: 120, to: 180)
        XCTAssertEqual(placement(h, "star"), still)
    }

    func testATurnSnappedToARightAngleShowsASolidGuideUnlikeAPlacesDashedOne() throws {
        let h = atHello()
        let c = h.element("overlay:hello")!.hitFrame.center
        h.twoFingers(about: c, from: 50, to: 50, turn: 88, hold: true)
        let guide = try XCTUnwrap(h.element("guide:angle90"))
        XCTAssertEqual(guide.role, "angleGuide", "a role of its own, not a place's snapGuide")
        XCTAssertEqual(guide.label, "90°", "the angle written at its end")
        let lines = h.output.drawList.commands.compactMap { c -> Color? in
            if case let .line(_, _, colour, _) = c { return colour }; return nil
        }
        XCTAssertTrue(lines.contains(Theme().warning), "drawn solid, in the angle colour")
    }

    func testAPanBesideTheOverlaysStillScrubs() {
        let h = atHello()
        let p = picture(h)
        let from = Point(x: p.minX + 30, y: p.minY + 20)
        h.drag(from: from, to: Point(x: from.x + 80, y: from.y))
        XCTAssertGreaterThan(h.state.playhead, .seconds(2), "a pan on the video scrubs forward")
        XCTAssertNil(h.state.project.clip(withID: "hello")?.clip.transform, "and moves no overlay")
    }
}
