import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// The timeline's gestures, driven through the arena as fingers drive them.
final class TimelineGestureTests: XCTestCase {
    let pps = TactileConfiguration().timeline.pointsPerSecond

    func testScrollingScrubsWithoutAJumpAndCoastsAfterAFling() {
        let h = EditorHarness()
        let row = h.frameOf("track:overlay")
        // A slow drag 120 pt to the left: past the 18 pt slop the content follows the finger.
        h.drag(from: Point(x: 320, y: row.midY), to: Point(x: 200, y: row.midY))
        // The drag moves 10 pt a step: the slop (18 pt) is crossed at 20 pt, and from there on
        // the content follows the finger exactly.
        let expected = (120.0 - 20) / pps
        XCTAssertEqual(h.state.playhead.seconds, expected, accuracy: 0.05, "scrolling is scrubbing")
        XCTAssertNil(h.state.timeline.scrollX, "no fling: nothing coasts")
        // A fling coasts on, decelerating, then stops by itself.
        let before = h.state.playhead
        h.frame([.touch(.down, id: 2, at: Point(x: 300, y: row.midY), time: h.now)])
        for i in 1...6 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 2, at: Point(x: 300 - Double(i) * 15, y: row.midY), time: h.now)])
        }
        h.frame([.touch(.up, id: 2, at: Point(x: 210, y: row.midY), time: h.now)])
        XCTAssertEqual(h.loop.nextDue()?.reason, "timeline", "coasting asks for display-rate frames")
        let released = h.state.playhead
        h.run(until: h.now + .seconds(4))
        XCTAssertGreaterThan(h.state.playhead, released + .seconds(2), "momentum carried it on")
        XCTAssertGreaterThan(released, before)
        XCTAssertNil(h.loop.nextDue(), "and then it rests: no more frames")
        // The numbers a designer tunes the deceleration by: the speed it left the finger with, how
        // far and how long it coasted, and that it came to rest by itself.
        let ended = h.log.last { $0.kind == "gesture.ended" && $0.fields["gesture"] == .string("scroll") }
        guard case let .number(vx)? = ended?.fields["vx"] else { return XCTFail("no release velocity: \(String(describing: ended))") }
        XCTAssertEqual(vx, -900, accuracy: 60, "15 pt a frame at 60 Hz, leftwards")
        let coast = h.log.filter { $0.kind == "coast.ended" }
        XCTAssertEqual(coast.count, 1, "\(coast)")
        XCTAssertEqual(coast.first?.fields["end"], .string("edge"), "the demo is short: the fling reached its end")
        XCTAssertEqual(coast.first?.fields["speed"], .number(abs(vx)))
        guard case let .number(distance)? = coast.first?.fields["distance"] else { return XCTFail("\(coast)") }
        XCTAssertEqual(distance, (h.state.project.duration - released).seconds * pps, accuracy: 15, "from the lift to the end, within a frame's travel")

        // A slow fling back coasts to rest by itself, as far as the playhead went.
        h.frame([.touch(.down, id: 3, at: Point(x: 100, y: row.midY), time: h.now)])
        for i in 1...6 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 3, at: Point(x: 100 + Double(i) * 5, y: row.midY), time: h.now)])
        }
        h.frame([.touch(.up, id: 3, at: Point(x: 130, y: row.midY), time: h.now)])
        let lifted = h.state.playhead
        h.run(until: h.now + .seconds(4))
        let rest = h.log.filter { $0.kind == "coast.ended" }.last
        XCTAssertEqual(rest?.fields["end"], .string("rest"), "\(String(describing: rest))")
        guard case let .number(back)? = rest?.fields["distance"], case let .number(seconds)? = rest?.fields["seconds"] else {
            return XCTFail("\(String(describing: rest))")
        }
        XCTAssertEqual(back, (lifted - h.state.playhead).seconds * pps, accuracy: 0.2, "as far as the playhead went after the lift")
        XCTAssertGreaterThan(seconds, 0.5, "a fling at 300 pt/s coasts on for a while")
        XCTAssertLessThan(seconds, 4)
    }

    /// Flings the timeline to the left on the overlay row (a finger that moves 15 pt a frame for
    /// six frames, then lifts) and lets it coast for `coast` seconds.
    func fling(_ h: EditorHarness, coast: Double) {
        let row = h.frameOf("track:overlay")
        h.frame([.touch(.down, id: 2, at: Point(x: 300, y: row.midY), time: h.now)])
        for i in 1...6 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 2, at: Point(x: 300 - Double(i) * 15, y: row.midY), time: h.now)])
        }
        h.frame([.touch(.up, id: 2, at: Point(x: 210, y: row.midY), time: h.now)])
        h.run(until: h.now + .seconds(coast))
    }

    func testATouchOnACoastingTimelineStopsItAtOnceAndItsTapSelectsNothing() {
        let h = EditorHarness()
        fling(h, coast: 0.2)
        XCTAssertTrue(h.state.timeline.scrollX?.isAnimating ?? false, "still coasting")
        // A finger lands on a clip in the tracks while they coast.
        let rows = h.elements(role: "track").map(\.frame)
        guard let clip = h.elements(role: "clip").first(where: { c in rows.contains { $0.contains(c.hitFrame.center) } }) else {
            return XCTFail("no clip on screen")
        }
        h.frame([.touch(.down, id: 3, at: clip.hitFrame.center, time: h.now)])
        let caught = h.state.playhead
        XCTAssertNotEqual(h.loop.nextDue()?.reason, "timeline", "the timeline stopped: no animation frames while the finger rests")
        h.now += .milliseconds(80)
        h.frame([.touch(.up, id: 3, at: clip.hitFrame.center, time: h.now)])
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.state.playhead, caught, "it stays where the finger stopped it")
        XCTAssertNil(h.state.selection, "the tap that stopped it did not also select the clip")
        XCTAssertTrue(h.log.contains { $0.kind == "scrollCaught" })
        XCTAssertTrue(h.log.contains { $0.kind == "tapStoppedScroll" })
        XCTAssertEqual(h.log.filter { $0.kind == "coast.ended" }.map { $0.fields["end"] }, [.string("caught")], "the coast ended by a finger")
        // The next tap, on a timeline at rest, is a tap again.
        h.tap(h.frameOf(clip.id).center)
        XCTAssertEqual(h.state.selection.map { "clip:\($0)" }, clip.id)
    }

    /// Seen in a window: a tap on the ruler (which takes only double taps) that stopped the
    /// coast was logged as a miss.
    func testATapOnTheRulerThatStopsTheCoastIsNoMiss() {
        let h = EditorHarness()
        fling(h, coast: 0.2)
        let ruler = h.frameOf("ruler").center
        h.tap(ruler, finger: 3)
        h.run(until: h.now + .seconds(1))
        XCTAssertTrue(h.log.contains { $0.kind == "scrollCaught" })
        XCTAssertTrue(h.log.contains { $0.kind == "arena.decided" && $0.fields["target"] == .string("ruler") }, "the arena still says nobody won")
        XCTAssertFalse(h.log.contains { $0.kind == "miss" }, "but it is no miss: it stopped the timeline")
        // A tap on the ruler at rest is one.
        h.tap(ruler, finger: 4)
        h.run(until: h.now + .seconds(1))
        XCTAssertTrue(h.log.contains { $0.kind == "miss" })
    }

    /// From the review: a ruler's tap waits for a second one, and another finger landing in that
    /// wait decides it; the stopping tap must still be no miss, and a second tap on the ruler
    /// right after it no zoom to fit.
    func testTheStoppingTapStaysNoMissWhenAnotherFingerDecidesItAndMakesNoDoubleTap() {
        let h = EditorHarness()
        fling(h, coast: 0.2)
        let ruler = h.frameOf("ruler").center
        h.tap(ruler, finger: 3)
        h.now += .milliseconds(50)
        h.tap(h.frameOf("track:overlay").center, finger: 4)
        h.run(until: h.now + .seconds(1))
        XCTAssertFalse(h.log.contains { $0.kind == "miss" && $0.fields["target"] == .string("ruler") }, "\(h.log.map(\.kind))")
        let g = EditorHarness()
        fling(g, coast: 0.2)
        let pps = g.state.pointsPerSecond
        g.tap(ruler, finger: 3)
        g.now += .milliseconds(50)
        g.tap(ruler, finger: 4)
        g.run(until: g.now + .seconds(1))
        XCTAssertFalse(g.log.contains { $0.kind == "zoomToFit" }, "the first tap only stopped the timeline")
        XCTAssertEqual(g.state.pointsPerSecond, pps)
    }

    func testAFingerThatStopsTheTimelineScrollsOnFromThereWithoutAJump() {
        let h = EditorHarness()
        fling(h, coast: 0.2)
        let row = h.frameOf("track:overlay")
        h.frame([.touch(.down, id: 3, at: Point(x: 200, y: row.midY), time: h.now)])
        let caught = h.state.playhead
        h.run(until: h.now + .seconds(0.5))
        XCTAssertEqual(h.state.playhead, caught, "held still under the finger")
        // Dragging on 60 pt to the right (10 pt a frame, rest, lift): content follows the finger
        // back by what it moved past the slop.
        for i in 1...6 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 3, at: Point(x: 200 + Double(i) * 10, y: row.midY), time: h.now)])
        }
        h.run(until: h.now + .seconds(0.15))
        h.frame([.touch(.up, id: 3, at: Point(x: 260, y: row.midY), time: h.now)])
        h.run(until: h.now + .seconds(2))
        XCTAssertLessThan(h.state.playhead, caught, "scrolled back from where it stopped")
        XCTAssertGreaterThan(h.state.playhead.seconds, caught.seconds - 60 / pps - 1e-9, "no more than the finger moved")
    }

    func testAFingerThatCatchesTheSpringBackHoldsItPastTheEndUntilItLifts() {
        let h = EditorHarness()
        let row = h.frameOf("track:overlay")
        h.drag(from: Point(x: 100, y: row.midY), to: Point(x: 300, y: row.midY), rest: 0.05)
        h.run(until: h.now + .seconds(0.05))
        XCTAssertLessThan(h.state.playhead, .zero, "springing back")
        h.frame([.touch(.down, id: 2, at: Point(x: 250, y: row.midY), time: h.now)])
        let held = h.state.playhead
        h.run(until: h.now + .seconds(1))
        XCTAssertEqual(h.state.playhead, held, "held past the start while the finger rests")
        h.frame([.touch(.up, id: 2, at: Point(x: 250, y: row.midY), time: h.now)])
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.state.playhead, .zero, "springs back once it lifts")
        XCTAssertNil(h.state.timeline.scrollX)
    }

    func testScrollingPastTheStartRubberBandsAndSpringsBack() {
        let h = EditorHarness()
        let row = h.frameOf("track:overlay")
        h.drag(from: Point(x: 100, y: row.midY), to: Point(x: 300, y: row.midY), rest: 0, hold: true)
        XCTAssertLessThan(h.state.playhead, .zero)
        XCTAssertGreaterThan(h.state.playhead.seconds * pps, -(200 - 18), "resists the finger")
        XCTAssertTrue(h.cues.contains { $0.reason == "timelineEnd" }, "a cue on reaching the start")
        h.frame([.touch(.up, id: 1, at: Point(x: 300, y: row.midY), time: h.now)])
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.state.playhead, .zero)
    }

    func testTrailingHandleDragChangesTheDurationByDistanceOverZoom() {
        let h = EditorHarness()
        h.tap("clip:hello") // text, 1 s … 4 s: extends without limit
        let handle = h.element("clip:hello.trimHandle.trailing")!.hitFrame.center
        h.drag(from: handle, to: Point(x: handle.x + 30, y: handle.y))
        XCTAssertEqual(h.state.project.clip(withID: "hello")!.clip.duration.seconds, 3 + 30 / pps, accuracy: 1e-6)
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.last?.fields["edit"], .string("trim"))
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project.clip(withID: "hello")!.clip.duration, .seconds(3), "one drag, one undo step")
    }

    func testATrimEndingThreePointsFromAnEdgeSnapsExactlyOntoIt() {
        let h = EditorHarness()
        h.tap("clip:hello") // ends at 4 s; Beach/City meet at 4.5 s (12 pt away)
        let handle = h.element("clip:hello.trimHandle.trailing")!.hitFrame.center
        h.drag(from: handle, to: Point(x: handle.x + 12 - 3, y: handle.y), rest: 0, hold: true)
        XCTAssertEqual(h.state.timeline.snap?.time, .seconds(4.5))
        XCTAssertNotNil(h.element("snapGuide"), "the guide shows where it snapped")
        XCTAssertEqual(h.cues.filter { $0.reason == "snap" }.count, 1)
        // Staying in the snap does not cue again; moving past the threshold escapes.
        h.now += .frame(atRate: 60)
        h.frame([.touch(.move, id: 1, at: Point(x: handle.x + 12 - 1, y: handle.y), time: h.now)])
        XCTAssertEqual(h.cues.filter { $0.reason == "snap" }.count, 1)
        h.now += .frame(atRate: 60)
        h.frame([.touch(.move, id: 1, at: Point(x: handle.x + 12 + 8, y: handle.y), time: h.now)])
        XCTAssertNil(h.state.timeline.snap)
        h.now += .frame(atRate: 60)
        h.frame([.touch(.move, id: 1, at: Point(x: handle.x + 12 - 3, y: handle.y), time: h.now)])
        h.frame([.touch(.up, id: 1, at: Point(x: handle.x + 12 - 3, y: handle.y), time: h.now)])
        XCTAssertEqual(h.state.project.clip(withID: "hello")!.clip.end, .seconds(4.5), "lands exactly on the edge")
        XCTAssertEqual(h.cues.filter { $0.reason == "snap" }.count, 2, "re-entering cues again")
        // Logged with the distances a designer sets the snap threshold by: pulled in from 4.5 pt
        // (the drag's step that came within 5 pt), let go with the edge 8 pt past the point,
        // pulled in again from 3 pt (and kept).
        let snaps = h.log.filter { $0.kind == "snap" || $0.kind == "snap.escaped" }
        XCTAssertEqual(snaps.map(\.kind), ["snap", "snap.escaped", "snap"])
        XCTAssertEqual(snaps.map { $0.fields["distance"] }, [.number(4.5), .number(8), .number(3)])
    }

    func testFiniteClipsStopAtTheirSourceShowAGhostAndSpringBack() {
        let h = EditorHarness()
        h.tap("clip:music") // 0 … 14 s of a 30 s source; Birdsong starts at 14.5 s
        // Pull the leading handle left: the source starts at 0, so it cannot grow that way.
        let handle = h.element("clip:music.trimHandle.leading")!.hitFrame
        XCTAssertEqual(h.element("clip:music.trimHandle.leading")?.state["canGrow"], .bool(false))
        h.drag(from: handle.center, to: Point(x: handle.midX - 60, y: handle.midY), rest: 0, hold: true)
        XCTAssertNotNil(h.element("ghost:music"), "the whole source shows while trimming")
        XCTAssertEqual(h.state.project.clip(withID: "music")!.clip.start, .zero)
        XCTAssertTrue(h.cues.contains { $0.reason == "sourceLimit" })
        XCTAssertLessThan(h.frameOf("clip:music").minX, h.frameOf("playhead").midX - 1, "rubber-banded past the limit")
        h.frame([.touch(.up, id: 1, at: Point(x: handle.midX - 60, y: handle.midY), time: h.now)])
        XCTAssertTrue(h.cues.contains { $0.reason == "springBack" && $0.cue == .impactSoft })
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.frameOf("clip:music").minX, h.frameOf("playhead").midX, accuracy: 0.5, "sprang back")
        XCTAssertNil(h.element("ghost:music"))
    }

    func testShortestClipIsKept() {
        let h = EditorHarness()
        h.tap("clip:hello")
        let handle = h.element("clip:hello.trimHandle.trailing")!.hitFrame.center
        h.drag(from: handle, to: Point(x: handle.x - 200, y: handle.y))
        XCTAssertEqual(h.state.project.clip(withID: "hello")!.clip.duration.seconds, TactileConfiguration().editing.minimumClipDuration)
    }

    func testMovingASelectedClipBlocksAtNeighboursAndNeverOverlaps() throws {
        let h = EditorHarness()
        h.tap("clip:star") // overlay, 6 … 8.5 s; Hello ends at 4 s
        let star = h.frameOf("clip:star")
        // Drag 4 s to the left: Hello is in the way, so Star stops against it.
        h.drag(from: star.center, to: Point(x: star.midX - 4 * pps, y: star.midY))
        let moved = h.state.project.clip(withID: "star")!.clip
        XCTAssertEqual(moved.start, .seconds(4), "blocked at the neighbour's end")
        try ProjectFile.validate(h.state.project)
        XCTAssertEqual(h.log.filter { $0.kind == "edit" }.last?.fields["edit"], .string("move"))
    }

    func testMovingAcrossTracksOfACompatibleKindOnly() throws {
        let h = EditorHarness()
        h.state.playhead = .seconds(10)
        h.frame()
        h.tap("clip:title-card") // an image on the video track: may go to overlay
        let card = h.frameOf("clip:title-card")
        let overlay = h.frameOf("track:overlay")
        h.drag(from: card.center, to: Point(x: card.midX, y: overlay.midY))
        XCTAssertEqual(h.state.project.clip(withID: "title-card")?.trackIndex, 1)
        let audio = h.frameOf("track:audio")
        let moved = h.frameOf("clip:title-card")
        h.drag(from: moved.center, to: Point(x: moved.midX, y: audio.midY))
        XCTAssertEqual(h.state.project.clip(withID: "title-card")?.trackIndex, 1, "an image never lands on an audio track")
        try ProjectFile.validate(h.state.project)
    }

    func testLongPressPicksUpAnUnselectedClip() {
        let h = EditorHarness()
        let star = h.frameOf("clip:hello")
        h.frame([.touch(.down, id: 1, at: star.center, time: h.now)])
        XCTAssertEqual(h.loop.nextDue()?.reason, "gesture timer")
        h.run(until: h.now + .seconds(0.6))
        XCTAssertEqual(h.state.selection, "hello", "picked up")
        XCTAssertTrue(h.cues.contains { $0.reason == "pickUp" })
        for i in 1...10 {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 1, at: Point(x: star.midX + Double(i) * 2.4, y: star.midY), time: h.now)])
        }
        h.frame([.touch(.up, id: 1, at: Point(x: star.midX + 24, y: star.midY), time: h.now)])
        XCTAssertEqual(h.state.project.clip(withID: "hello")!.clip.start, .seconds(2))
    }

    func testPinchKeepsTheTimeUnderTheFingersAndZoomsWithinRange() {
        let h = EditorHarness()
        let row = h.frameOf("track:overlay")
        let a = Point(x: 250, y: row.midY), b = Point(x: 310, y: row.midY)
        let geometry = TimelineGeometry(pointsPerSecond: pps, playhead: .zero, playheadX: 195)
        let focal = geometry.time(atX: 280)
        h.frame([.touch(.down, id: 1, at: a, time: h.now), .touch(.down, id: 2, at: b, time: h.now)])
        for i in 1...10 {
            h.now += .frame(atRate: 60)
            h.frame([
                .touch(.move, id: 1, at: Point(x: a.x - Double(i) * 3, y: a.y), time: h.now),
                .touch(.move, id: 2, at: Point(x: b.x + Double(i) * 3, y: b.y), time: h.now),
            ])
        }
        XCTAssertEqual(h.state.pointsPerSecond, pps * 2, accuracy: 1e-9, "finger distance doubled: zoom doubled")
        let after = TimelineGeometry(pointsPerSecond: h.state.pointsPerSecond, playhead: h.state.playhead, playheadX: 195)
        XCTAssertEqual(after.time(atX: 280).seconds, focal.seconds, accuracy: 1e-6, "the focal time stays put")
        XCTAssertEqual(h.frameOf("clip:hello").width, 3 * pps * 2, accuracy: 1e-6, "3 s stays 3 s")
        for i in 11...60 {
            h.now += .frame(atRate: 60)
            h.frame([
                .touch(.move, id: 1, at: Point(x: a.x - Double(i) * 3, y: a.y), time: h.now),
                .touch(.move, id: 2, at: Point(x: b.x + Double(i) * 3, y: b.y), time: h.now),
            ])
        }
        XCTAssertEqual(h.state.pointsPerSecond, TactileConfiguration().timeline.maximumPointsPerSecond)
        h.frame([.touch(.up, id: 1, at: a, time: h.now), .touch(.up, id: 2, at: b, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make(), "zooming edits nothing")
    }

    func testASecondFingerDuringAMoveTurnsItIntoAPinchAndPutsTheClipBack() {
        let h = EditorHarness()
        h.tap("clip:star")
        let star = h.frameOf("clip:star")
        h.drag(from: star.center, to: Point(x: star.midX + 40, y: star.midY), rest: 0, hold: true)
        XCTAssertNotEqual(h.state.project.clip(withID: "star")!.clip.start, .seconds(6))
        h.frame([.touch(.down, id: 2, at: Point(x: 100, y: star.midY), time: h.now)])
        XCTAssertEqual(h.state.ui.arena.activeGesture, .pinch)
        XCTAssertEqual(h.state.project.clip(withID: "star")!.clip.start, .seconds(6), "the half-done move is undone")
        XCTAssertFalse(h.state.history.canUndo)
    }

    func testTrimsAreRefusedWhileScrolling() {
        let h = EditorHarness()
        h.tap("clip:hello")
        let handle = h.element("clip:hello.trimHandle.trailing")!.hitFrame.center
        let row = h.frameOf("track:audio")
        h.drag(from: Point(x: 300, y: row.midY), to: Point(x: 260, y: row.midY), finger: 1, rest: 0, hold: true)
        XCTAssertEqual(h.state.ui.arena.activeGesture, .scroll)
        h.frame([.touch(.down, id: 2, at: handle, time: h.now)])
        XCTAssertEqual(h.state.ui.arena.activeGesture, .pinch, "the second finger pinches; it never trims")
        XCTAssertEqual(h.state.project, DemoProject.make())
    }

    func testDoubleTapOnTheRulerFitsTheProject() {
        let h = EditorHarness()
        let ruler = h.frameOf("ruler")
        h.tap(Point(x: 300, y: ruler.midY))
        h.now += .milliseconds(120)
        h.tap(Point(x: 302, y: ruler.midY))
        XCTAssertEqual(h.state.playhead, .seconds(h.state.project.duration.seconds / 2))
        let width = h.state.project.duration.seconds * h.state.pointsPerSecond
        XCTAssertEqual(width, 390 * 0.9, accuracy: 1)
    }

    func testTracksGrowUpToTheirShareThenScrollVertically() throws {
        let h = EditorHarness()
        XCTAssertEqual(h.frameOf("track:audio").maxY + 8, h.element("track:audio")!.frame.maxY + 8)
        let area = h.frameOf("playhead").maxY
        for _ in 0..<4 {
            h.state.playhead = .seconds(30)
            h.frame()
            h.tap("toolbar.add.video") // beyond every clip: no room checks, new tracks only when full
        }
        h.state.project.tracks.append(contentsOf: (0..<4).map { Track(id: "extra\($0)", kind: .overlay) })
        h.frame()
        let layout = EditorLayout(viewport: h.state.viewport, sizes: .init(), timeline: .init(), trackCount: h.state.project.tracks.count)
        XCTAssertTrue(layout.tracksOverflow)
        XCTAssertLessThanOrEqual(layout.tracksArea.height, 844 * TactileConfiguration().timeline.maximumTracksShare + 0.5)
        _ = area
        let row = h.frameOf("track:overlay")
        h.drag(from: Point(x: 60, y: row.midY), to: Point(x: 62, y: row.midY - 80))
        XCTAssertGreaterThan(h.state.timeline.trackOffset, 0, "vertical drags scroll the tracks when they overflow")
        XCTAssertLessThanOrEqual(h.state.timeline.trackOffset, layout.maximumTrackOffset)
    }

    func testCollapseFoldsTheTimelineWithASpringAndGivesTheCanvasRoom() {
        let h = EditorHarness()
        let barBefore = h.frameOf("playerBar").minY
        h.tap("timelineToggle")
        XCTAssertEqual(h.loop.nextDue()?.reason, "timeline", "animates")
        h.run(until: h.now + .seconds(0.1))
        let midway = h.state.timeline.collapseProgress
        XCTAssertGreaterThan(midway, 0); XCTAssertLessThan(midway, 1)
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.state.timeline.collapseProgress, 1)
        XCTAssertTrue(h.elements(role: "clip").isEmpty)
        XCTAssertGreaterThan(h.frameOf("playerBar").minY, barBefore + 150, "the canvas gets the timeline's room")
        XCTAssertNil(h.loop.nextDue(), "settled: idle again")
        h.tap("timelineToggle")
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.state.timeline.collapseProgress, 0)
        XCTAssertFalse(h.elements(role: "clip").isEmpty)
    }

    func testEmptyTimelineFreeStartPolicy() {
        let others = [
            Clip(id: "a", kind: .text, title: "", start: .seconds(2), duration: .seconds(2)),
            Clip(id: "b", kind: .text, title: "", start: .seconds(5), duration: .seconds(2)),
        ]
        XCTAssertEqual(Project.nearestFreeStart(.seconds(3), duration: .seconds(1), among: others), .seconds(4))
        XCTAssertEqual(Project.nearestFreeStart(.seconds(3.5), duration: .seconds(3), among: others), .seconds(7))
        XCTAssertEqual(Project.nearestFreeStart(.seconds(1.5), duration: .seconds(1), among: others), .seconds(1))
        XCTAssertEqual(Project.nearestFreeStart(.seconds(0.5), duration: .seconds(3), among: others), .seconds(7))
    }

    func testPastTheStartIOSMovesTheContentAndAndroidStretchesItFromItsEnd() throws {
        func pulled(_ preset: FeelPreset) throws -> (start: Double, width: Double, rest: Double) {
            let h = EditorHarness(configuration: preset.configuration)
            let rest = try XCTUnwrap(h.element("clip:beach")).frame
            // Drag the timeline 150 pt right: past its start, and hold.
            h.drag(from: Point(x: 120, y: 700), to: Point(x: 270, y: 700), hold: true)
            let beach = try XCTUnwrap(h.element("clip:beach")).frame
            return (beach.minX - rest.minX, beach.width / rest.width, rest.minX)
        }
        let ios = try pulled(.ios), android = try pulled(.android)
        XCTAssertGreaterThan(ios.start, 20, "iOS: the content moves past its end on the rubber band")
        XCTAssertEqual(ios.width, 1, accuracy: 1e-9, "unstretched")
        XCTAssertEqual(android.start, 0, accuracy: 1e-9, "Android: the content's end stays under the playhead")
        XCTAssertGreaterThan(android.width, 1.03, "and the content stretches away from it")
        XCTAssertLessThan(android.width, 1.3)
    }

    func testAStretchSpringsBackWhenTheFingerLifts() throws {
        let h = EditorHarness(configuration: FeelPreset.android.configuration)
        let rest = try XCTUnwrap(h.element("clip:beach")).frame
        h.drag(from: Point(x: 120, y: 700), to: Point(x: 270, y: 700), rest: 0)
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(try XCTUnwrap(h.element("clip:beach")).frame, rest, "back as it was")
    }
}
