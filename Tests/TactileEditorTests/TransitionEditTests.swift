import XCTest
import TactileCore
@testable import TactileEditor

/// Transitions and fades through the editor's own edits: moving, trimming and splitting clips
/// keep them valid, say what changed, and undo brings them back.
final class TransitionEditTests: XCTestCase {
    let pps = TactileConfiguration().timeline.pointsPerSecond

    /// The demo with a 1 s dissolve from the title card into Forest (13.5 s) and fades on Forest.
    func demoWithATransition() throws -> Project {
        var (project, note) = try DemoProject.make().settingTransition(Transition(.crossDissolve, duration: .seconds(1)), atCutBefore: "forest")
        XCTAssertNil(note)
        project.tracks[0].clips[3].sound = ClipSound(decibels: -3, fadeIn: .seconds(2), fadeOut: .seconds(3))
        return project
    }

    func testMovingAClipAwayFromItsNeighbourRemovesTheTransitionSaysSoAndUndoBringsItBack() throws {
        let h = EditorHarness(project: try demoWithATransition())
        h.state.playhead = .seconds(12)
        h.frame()
        h.tap("clip:forest")
        let forest = h.frameOf("clip:forest")
        h.drag(from: forest.center, to: Point(x: forest.midX + 1 * pps, y: forest.midY))
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.start, .seconds(14.5))
        XCTAssertNil(h.state.project.clip(withID: "forest")?.clip.transitionIn)
        XCTAssertEqual(h.element("banner")?.label, "The transition before \"Forest\" was removed: no clip meets it there any more.")
        XCTAssertEqual(h.log.filter { $0.kind == "transitionChanged" }.count, 1)
        try ProjectFile.validate(h.state.project)
        h.tap("toolbar.undo")
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.transitionIn, Transition(.crossDissolve, duration: .seconds(1)))
    }

    func testSplittingLeavesAHardCutBetweenThePiecesAndTheFadesAtTheEnds() throws {
        let h = EditorHarness(project: try demoWithATransition())
        h.state.playhead = .seconds(17)
        h.frame()
        h.tap("clip:forest")
        h.tap("toolbar.split")
        let clips = h.state.project.tracks[0].clips
        XCTAssertEqual(clips.count, 5)
        let (left, right) = (clips[3], clips[4])
        XCTAssertEqual(left.transitionIn?.kind, .crossDissolve, "the dissolve into Forest stays")
        XCTAssertNil(right.transitionIn, "a hard cut between the pieces")
        XCTAssertEqual(left.sound, ClipSound(decibels: -3, fadeIn: .seconds(2), fadeOut: .zero))
        XCTAssertEqual(right.sound, ClipSound(decibels: -3, fadeIn: .zero, fadeOut: .seconds(3)))
        XCTAssertNil(h.element("banner"), "nothing to say")
        try ProjectFile.validate(h.state.project)
    }
}

/// The canvas shows a transition while the playhead is in it: both clips, placed as
/// `TransitionLook` says, and inspect names the transition and how far it has got.
final class CanvasTransitionTests: XCTestCase {
    func testTheCanvasShowsBothClipsOfATransitionAndInspectNamesIt() throws {
        let (project, _) = try DemoProject.make().settingTransition(Transition(.wipe, duration: .seconds(1)), atCutBefore: "forest")
        let h = EditorHarness(project: project)
        for (time, progress, shown) in [(13.25, 0.25, "title-card"), (13.5, 0.5, "forest"), (13.75, 0.75, "forest")] {
            h.state.playhead = .seconds(time)
            h.frame()
            let canvas = try XCTUnwrap(h.element("canvas"))
            XCTAssertEqual(canvas.state["transition"], .string("wipe"))
            XCTAssertEqual(canvas.state["transitionProgress"], .number(progress))
            XCTAssertEqual(canvas.state["transitionClips"], .string("title-card,forest"))
            XCTAssertEqual(canvas.state["clip"], .string(shown), "the clip that shows more")
        }
        h.state.playhead = .seconds(14.1)
        h.frame()
        XCTAssertNil(h.element("canvas")?.state["transition"], "over after half its length past the cut")
        XCTAssertEqual(h.element("canvas")?.state["clip"], .string("forest"))
    }

    func testEachKindPlacesItsPictures() {
        let zoom = TactileConfiguration().editing.transitionZoom
        XCTAssertEqual(TransitionLook.of(.crossDissolve, progress: 0.25, zoom: zoom).incoming.opacity, 0.25)
        let dip = TransitionLook.of(.dipToBlack, progress: 0.25, zoom: zoom)
        XCTAssertEqual(dip.black, 0.5)
        XCTAssertEqual(dip.incoming.opacity, 0, "black first, then the incoming picture")
        XCTAssertEqual(TransitionLook.of(.dipToBlack, progress: 0.75, zoom: zoom).outgoing.opacity, 0)
        XCTAssertEqual(TransitionLook.of(.wipe, progress: 0.4, zoom: zoom).incoming.reveal, 0...0.4)
        let slide = TransitionLook.of(.slide, progress: 0.25, zoom: zoom)
        XCTAssertEqual(slide.outgoing.offset, -0.25)
        XCTAssertEqual(slide.incoming.offset, 0.75)
        let zoomed = TransitionLook.of(.zoom, progress: 0.5, zoom: zoom)
        XCTAssertEqual(zoomed.outgoing.scale, 1 + zoom / 2)
        XCTAssertFalse(zoomed.incomingOnTop, "the growing picture fades over the incoming one")
    }
}
