import XCTest
import TactileCore
import TactileUI
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
        // A free main track (magnetic, the forest would close up again: MagneticTrackTests).
        var c = TactileConfiguration()
        c.editing.magneticMainTrack = false
        let h = EditorHarness(project: try demoWithATransition(), configuration: c)
        h.state.playhead = .seconds(12)
        h.frame()
        h.tap("clip:forest")
        let forest = h.frameOf("clip:forest")
        h.drag(from: forest.center, to: Point(x: forest.midX + 1 * pps, y: forest.midY))
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.start, .seconds(14.5))
        XCTAssertNil(h.state.project.clip(withID: "forest")?.clip.transitionIn)
        XCTAssertEqual(h.element("banner")?.label, "The transition before “Forest” was removed: no clip meets it there any more.")
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

/// Adding a transition by touch: the junction button at a cut opens the picker, a tap on a kind
/// puts it there (shortened, with a banner, where the footage is short), None takes it away.
final class TransitionPickerTests: XCTestCase {
    /// The demo with the timeline at 12 s: the cut from the title card into Forest (13.5 s) on screen.
    private func nearTheForestCut(_ configuration: TactileConfiguration = TactileConfiguration()) -> EditorHarness {
        let h = EditorHarness(configuration: configuration)
        h.state.playhead = .seconds(12)
        h.frame()
        return h
    }

    func testATapOnAJunctionOpensThePickerAndAKindGoesOnTheCut() throws {
        let h = nearTheForestCut()
        let junction = try XCTUnwrap(h.element("junction:forest"), "a junction at the cut from the title card into Forest")
        XCTAssertEqual(junction.state["kind"], .string("none"))
        h.tap("junction:forest")
        XCTAssertEqual(h.element("transitionPicker")?.state["clip"], .string("forest"))
        XCTAssertEqual(h.state.playhead, .seconds(13.5), "the canvas moves to the cut")
        XCTAssertEqual(h.elements(role: "transitionOption").count, 6, "None and five kinds")
        h.tap("transitionPicker.slide")
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.transitionIn, Transition(.slide, duration: .seconds(0.5)))
        XCTAssertEqual(h.element("transitionPicker.slide")?.state["chosen"], .bool(true))
        XCTAssertEqual(h.element("canvas")?.state["transition"], .string("slide"), "the canvas shows it at the cut")
        let edit = try XCTUnwrap(h.log.filter { $0.kind == "edit" }.last)
        XCTAssertEqual(edit.fields["edit"], .string("transition"))
        XCTAssertEqual(edit.fields["beforeTransition"], .string("none"))
        XCTAssertEqual(edit.fields["afterTransition"], .string("slide"), "the log says which")
        XCTAssertEqual(edit.fields["afterTransitionDuration"], .number(0.5))
        h.tap("transitionPicker.none")
        XCTAssertNil(h.state.project.clip(withID: "forest")?.clip.transitionIn)
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.transitionIn?.kind, .slide, "undo brings it back")
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.element("transitionPicker"), "Escape closes the picker")
    }

    func testAKindTooLongForTheClipsIsShortenedAndTheBannerSaysSo() throws {
        var configuration = TactileConfiguration()
        configuration.editing.transitionDuration = 8
        let h = nearTheForestCut(configuration)
        h.tap("junction:forest")
        h.tap("transitionPicker.crossDissolve")
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.transitionIn?.duration, .seconds(6))
        XCTAssertEqual(h.element("banner")?.label, "Transition shortened to 6s: “Title Card” is 3s long.")
    }

    func testTheBannerSpeaksTheChromesLanguageAndTheLogStaysEnglish() throws {
        var configuration = TactileConfiguration()
        configuration.editing.transitionDuration = 8
        configuration.theme.locale = "de_DE"
        let h = nearTheForestCut(configuration)
        h.tap("junction:forest")
        h.tap("transitionPicker.crossDissolve")
        XCTAssertEqual(h.element("banner")?.label, "Übergang auf 6 s gekürzt: „Title Card“ ist 3 s lang.")
        configuration.theme.locale = "ar_EG"
        let a = nearTheForestCut(configuration)
        a.tap("junction:forest")
        a.tap("transitionPicker.crossDissolve")
        XCTAssertEqual(a.element("banner")?.label.contains("٦"), true, "Arabic digits: \(a.element("banner")?.label ?? "")")
    }

    func testACutWithoutFootageBeyondItTakesATransitionByOverlappingTheClips() throws {
        // Beach into City Lights: City Lights has no footage before its start (the demo's first cut).
        let h = EditorHarness()
        let before = h.state.project
        h.tap("junction:city")
        XCTAssertTrue(h.elements(role: "transitionOption").allSatisfy { $0.state["enabled"] == .bool(true) }, "every kind on offer")
        h.tap("transitionPicker.crossDissolve")
        let city = try XCTUnwrap(h.state.project.clip(withID: "city")?.clip)
        XCTAssertEqual(city.transitionIn?.kind, .crossDissolve, "made, not refused")
        XCTAssertEqual(city.transitionIn?.overlap.total, .seconds(0.25), "half of 0.5 s from City Lights' own start")
        XCTAssertEqual(city.sourceStart, .seconds(0.25))
        XCTAssertEqual(h.state.project.duration, before.duration - .seconds(0.25), "the project is shorter by the overlap")
        XCTAssertEqual(h.element("banner")?.label, "The clips overlap by 0.25s for the transition: the track after the cut moved that much earlier.")
        h.frame()
        let pps = TactileConfiguration().timeline.pointsPerSecond
        let shown = try XCTUnwrap(h.element("clip:city")).frame
        XCTAssertEqual(shown.width, 5.75 * pps, accuracy: 0.5, "the timeline shows City Lights shorter")
        h.tap("transitionPicker.none")
        XCTAssertEqual(h.state.project, before, "None gives the overlap back")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project.clip(withID: "city")?.clip.sourceStart, .seconds(0.25), "undo brings the overlap back")
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, before)
    }

    func testClipsTooShortForAnyTransitionOfferOnlyNoneAndSayWhy() throws {
        var project = DemoProject.make()
        project.tracks[0].clips[1].duration = .seconds(0.06) // City Lights, no footage before it
        project.tracks[0].clips[2].start = .seconds(4.56)
        let h = EditorHarness(project: project)
        h.state.transitionPicker = "city"
        h.frame()
        let options = h.elements(role: "transitionOption")
        XCTAssertEqual(options.filter { $0.state["enabled"] == .bool(true) }.map(\.id), ["transitionPicker.none"])
        XCTAssertEqual(h.element("transitionPicker.reason")?.label, "Too short for a transition: “City Lights” is 0s long.")
        h.tap("transitionPicker.wipe")
        XCTAssertNil(h.state.project.clip(withID: "city")?.clip.transitionIn)
        XCTAssertEqual(h.element("banner")?.label, "Too short for a transition: “City Lights” is 0s long.")
    }

    func testInLandscapeThePickerStandsBesideTheCanvasAndDimsTheRestEvenly() throws {
        let h = EditorHarness(viewport: Size(width: 844, height: 390))
        h.tap("junction:city")
        let panel = try XCTUnwrap(h.element("transitionPicker")).frame
        let canvas = try XCTUnwrap(h.element("canvas")).frame
        XCTAssertFalse(panel.intersects(canvas), "the canvas that loops the transition stays in sight: \(panel) \(canvas)")
        let dims = h.output.drawList.commands(in: .topmost).compactMap { c -> (Rect, Color)? in
            if case let .fillRect(r, color, _) = c, color.r == 0, color.a > 0, color.a < 255 { return (r, color) }
            return nil
        }
        XCTAssertEqual(Set(dims.map(\.1)).count, 1, "one even dim")
        XCTAssertFalse(dims.contains { $0.0.intersects(canvas) }, "never over the canvas")
        XCTAssertGreaterThan(dims.reduce(0) { $0 + $1.0.width * $1.0.height }, 0.75 * 844 * 390, "the rest of the screen, title bar and toolbar too")
    }

    func testTheSelectedClipsEdgesShowTrimHandlesNotJunctions() {
        let h = nearTheForestCut()
        XCTAssertNotNil(h.element("junction:forest"))
        h.tap("clip:forest")
        XCTAssertNil(h.element("junction:forest"), "the selected clip's leading edge is its trim handle")
    }

    /// The review's case: zoomed out, a short clip between two cuts was all junction: a tap on
    /// its middle opened the next cut's transitions.
    func testAShortClipBetweenTwoCutsIsStillTappable() throws {
        let h = EditorHarness()
        h.state.pointsPerSecond = 29.0 / 3 // the 3 s Title Card is 29 pt wide
        h.state.playhead = .seconds(12)
        h.frame()
        let card = try XCTUnwrap(h.element("clip:title-card"))
        XCTAssertNotNil(h.element("junction:title-card"), "the cuts either side still have their buttons")
        XCTAssertNotNil(h.element("junction:forest"))
        for id in ["junction:title-card", "junction:forest"] {
            let hit = try XCTUnwrap(h.element(id)).hitFrame
            XCTAssertFalse(hit.contains(card.frame.center), "\(id)'s reach stops short of the clip's middle")
            XCTAssertGreaterThanOrEqual(hit.width, 20, "never less than the button drawn")
        }
        h.tap(card.frame.center)
        XCTAssertEqual(h.state.selection, "title-card")
        XCTAssertNil(h.element("transitionPicker"))
    }

    func testAPanStartingOnAJunctionScrollsTheTimeline() throws {
        let h = nearTheForestCut()
        let junction = try XCTUnwrap(h.element("junction:forest")).hitFrame.center
        h.drag(from: junction, to: Point(x: junction.x - 120, y: junction.y))
        XCTAssertGreaterThan(h.state.playhead.seconds, 12.5, "the timeline scrolled under the finger")
        XCTAssertNil(h.element("transitionPicker"), "and no picker opened")
    }

    func testDraggingTheLengthSetsItInTenthsWithACueEachUpToTheFootagesLimit() throws {
        let h = nearTheForestCut()
        h.tap("junction:forest")
        h.tap("transitionPicker.crossDissolve")
        let length = try XCTUnwrap(h.element("transitionPicker.duration"))
        XCTAssertEqual(length.state["limit"], .number(6), "the Title Card is 3 s long: 6 s at most")
        let cuesBefore = h.cues.count
        // From the short end to the long end and past it.
        h.drag(from: Point(x: length.frame.minX, y: length.frame.midY), to: Point(x: length.frame.maxX + 40, y: length.frame.midY), steps: 40)
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.transitionIn?.duration, .seconds(6))
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.transitionIn?.overlap.total, .seconds(1), "Forest's 2 s before its start were not enough")
        let tenths = h.cues.dropFirst(cuesBefore).filter { $0.reason == "transitionTenth" }.count
        XCTAssertGreaterThan(tenths, 20, "a cue at each tenth on the way")
        XCTAssertEqual(h.cues.dropFirst(cuesBefore).filter { $0.reason == "transitionLimit" }.count, 1, "a firmer one at the limit")
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.last?.fields["edit"], .string("transitionDuration"))
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.last?.fields["afterTransitionDuration"], .number(6))
        // Half way along: about 3 s, in whole tenths.
        let now = try XCTUnwrap(h.element("transitionPicker.duration"))
        h.drag(from: Point(x: now.frame.maxX, y: now.frame.midY), to: Point(x: now.frame.midX, y: now.frame.midY))
        let half = try XCTUnwrap(h.state.project.clip(withID: "forest")?.clip.transitionIn?.duration)
        XCTAssertEqual(half.seconds, 3, accuracy: 0.11)
        XCTAssertEqual(half.ticks % (Time.ticksPerSecond / 10), 0, "whole tenths")
        // Each drag is one undo step.
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project.clip(withID: "forest")?.clip.transitionIn?.duration, .seconds(6))
    }
}

extension TransitionPickerTests {
    func testWhileThePickerIsOpenTheCanvasPlaysTheTransitionOverAndOver() throws {
        let h = nearTheForestCut()
        h.tap("junction:forest")
        h.tap("transitionPicker.wipe") // 0.5 s, centred on 13.5 s; 0.5 s lead either side
        var seen: Set<String> = []
        var progress: [Double] = []
        for _ in 0..<200 { // 2 s of the loop's frames at most
            guard let due = h.loop.nextDue() else { break }
            h.run(until: due.time)
            let canvas = try XCTUnwrap(h.element("canvas"))
            seen.insert(canvas.state["clip"].map { "\($0)" } ?? "")
            if case let .number(p)? = canvas.state["transitionProgress"] { progress.append(p) }
            if h.now > .seconds(3) { break }
        }
        XCTAssertTrue(progress.contains { $0 < 0.3 } && progress.contains { $0 > 0.7 }, "the wipe runs through: \(progress)")
        XCTAssertGreaterThan(seen.count, 1, "both clips show in turn")
        XCTAssertTrue(h.state.playhead >= .seconds(12.75) && h.state.playhead < .seconds(14.25), "always within the loop")
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.loop.nextDue().flatMap { $0.reason == "transitionPreview" ? $0 : nil }, "closing the picker stops the loop")
    }
}
