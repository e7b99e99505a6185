import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

final class EditorTests: XCTestCase {
    func testTheDemoShowsEveryPartOfTheScreen() {
        let h = EditorHarness()
        for role in ["canvas", "playerBar", "playButton", "timecode", "ruler", "playhead", "track", "clip", "toolbarButton"] {
            XCTAssertFalse(h.elements(role: role).isEmpty, "no \(role) on screen")
        }
        XCTAssertEqual(h.elements(role: "track").count, 3)
        XCTAssertEqual(h.elements(role: "track").map { $0.state["kind"] }, [.string("video"), .string("overlay"), .string("audio")])
        XCTAssertEqual(h.element("timecode")?.label, "0:00 f00 / 0:21", "paused: the frame")
        XCTAssertTrue(h.elements(role: "trimHandle.leading").isEmpty)
        let playhead = h.element("playhead")!
        XCTAssertEqual(playhead.frame.midX, 195, accuracy: 0.5, "the playhead is fixed at the centre")
    }

    func testTappingAClipSelectsItAndShowsHandles() {
        let h = EditorHarness()
        h.tap("clip:beach")
        XCTAssertEqual(h.state.selection, "beach")
        XCTAssertEqual(h.element("clip:beach")?.state["selected"], .bool(true))
        let leading = h.elements(role: "trimHandle.leading").first!, trailing = h.elements(role: "trimHandle.trailing").first!
        let clip = h.element("clip:beach")!.frame
        XCTAssertEqual(leading.frame.maxX, clip.minX, accuracy: 0.01, "handles sit outside the clip")
        XCTAssertEqual(trailing.frame.minX, clip.maxX, accuracy: 0.01)
        XCTAssertGreaterThanOrEqual(trailing.hitFrame.width, 2 * trailing.frame.width, "hit area at least twice as wide")
        XCTAssertEqual(h.cues.map(\.cue), [.selection])
        XCTAssertEqual(h.log.last?.kind, "select")
        // Its duration label shows.
        XCTAssertTrue(
            h.output.drawList.commands.contains {
                if case let .text(run) = $0 { return run.text == "4.5s" }; return false
            })
    }

    func testTappingEmptyTimelineDeselectsAndEscapeToo() {
        let h = EditorHarness()
        h.tap("clip:beach")
        let row = h.element("track:overlay")!.frame
        h.tap(Point(x: 200, y: row.midY)) // under the playhead, before "Hello!" starts at 1 s
        XCTAssertNil(h.state.selection)
        h.tap("clip:hello")
        XCTAssertEqual(h.state.selection, "hello")
        h.frame([.key(.escape, time: h.now)])
        XCTAssertNil(h.state.selection)
    }

    func testAWholeTapInOneFrameStillSelects() {
        let h = EditorHarness()
        let p = h.element("clip:city")!.hitFrame.center
        h.frame([.touch(.down, id: 3, at: p, time: .zero), .touch(.up, id: 3, at: p, time: .milliseconds(50))])
        XCTAssertEqual(h.state.selection, "city")
    }

    func testADraggedFingerIsNoTap() {
        let h = EditorHarness()
        let p = h.element("clip:beach")!.hitFrame.center
        h.frame([.touch(.down, id: 1, at: p, time: .zero)])
        h.frame([.touch(.move, id: 1, at: Point(x: p.x + 40, y: p.y), time: .milliseconds(40))])
        h.frame([.touch(.up, id: 1, at: Point(x: p.x + 40, y: p.y), time: .milliseconds(80))])
        XCTAssertNil(h.state.selection)
    }

    func testPlaybackRequestsPeriodicFramesAndIdleRequestsNone() {
        let h = EditorHarness()
        XCTAssertTrue(h.output.requests.isEmpty, "idle: nothing scheduled")
        h.tap("playButton")
        XCTAssertTrue(h.state.isPlaying)
        XCTAssertEqual(h.loop.nextDue()?.reason, "playback")
        XCTAssertEqual(h.element("playButton")?.label, "Pause")
        h.run(until: h.now + .seconds(2))
        XCTAssertEqual(h.element("timecode")?.label, "0:02 / 0:21", "playing: whole seconds, no frames racing by")
        h.run(until: .seconds(30))
        XCTAssertFalse(h.state.isPlaying, "pauses at the end")
        XCTAssertEqual(h.state.playhead, h.state.project.duration)
        XCTAssertTrue(h.output.requests.isEmpty)
        XCTAssertEqual(h.element("playButton")?.label, "Play")
        XCTAssertEqual(h.log.map(\.kind).suffix(1), ["playbackEnded"])
    }

    func testTheTimecodeNeverJumpsWhenPlaybackStartsOrItsDigitsChange() throws {
        let h = EditorHarness()
        func slash() -> Double? {
            h.output.drawList.commands.compactMap { c -> Double? in
                if case let .text(run) = c, run.text == " / " { return run.frame.x }; return nil
            }.first
        }
        let rest = try XCTUnwrap(h.element("timecode")).frame, restSlash = try XCTUnwrap(slash())
        h.tap("playButton")
        var xs: Set<Double> = []
        for i in 1...20 {
            h.run(until: h.now + .milliseconds(37 * i))
            XCTAssertEqual(h.element("timecode")?.frame, rest, "the field keeps its place and width")
            XCTAssertEqual(slash(), restSlash, "the / stays put")
            // The playhead's last digit cell never moves, whatever the digits.
            let cells = h.output.drawList.commands.compactMap { c -> Double? in
                if case let .text(run) = c, run.frame.maxX <= restSlash, run.frame.minX > rest.minX { return run.frame.maxX }; return nil
            }
            xs.insert(try XCTUnwrap(cells.max()))
        }
        XCTAssertEqual(xs.count, 1, "the playhead's last cell stays put: \(xs)")
        // Every digit is drawn in a cell of one width.
        let digitCells = Set(
            h.output.drawList.commands.compactMap { c -> Double? in
                if case let .text(run) = c, run.text.count == 1, run.text.first!.isNumber, run.frame.minY == rest.minY { return run.frame.width }
                return nil
            })
        XCTAssertEqual(digitCells.count, 1, "tabular digits: \(digitCells)")
    }

    func testSpacePausesWhereThePlayheadIs() {
        let h = EditorHarness()
        h.frame([.key(.space, time: h.now)])
        h.run(until: .seconds(1.25))
        h.frame([.key(.space, time: h.now)])
        XCTAssertFalse(h.state.isPlaying)
        XCTAssertEqual(h.state.playhead, .seconds(1.25))
        XCTAssertEqual(h.element("canvas")?.state["time"], .number(1.25))
    }

    func testToolbarEditsAreUndoable() {
        let h = EditorHarness()
        XCTAssertEqual(h.element("toolbar.split")?.state["enabled"], .bool(false))
        h.tap("toolbar.add.text")
        h.frame([.key(.escape, time: h.now)]) // its keyboard, opened at once, put away
        XCTAssertEqual(h.state.project.tracks.count, 4, "no room on the overlay track at 0 s? then a new one")
        let added = h.state.selection!
        XCTAssertEqual(h.state.project.clip(withID: added)?.clip.kind, .text)
        h.tap("toolbar.undo")
        XCTAssertNil(h.state.project.clip(withID: added))
        XCTAssertNil(h.state.selection)
        h.tap("toolbar.redo")
        XCTAssertNotNil(h.state.project.clip(withID: added))
        h.frame([.key(.undo, time: h.now)])
        XCTAssertEqual(h.state.project, DemoProject.make())
        XCTAssertEqual(h.cues.filter { $0.reason == "undo" }.count, 2)
    }

    func testSplitAndDeleteTheSelection() {
        let h = EditorHarness()
        h.state.playhead = .seconds(2)
        h.frame()
        h.tap("clip:beach")
        h.tap("toolbar.split")
        XCTAssertEqual(h.state.project.tracks[0].clips.count, 5)
        XCTAssertEqual(h.state.project.clip(withID: "beach")?.clip.duration, .seconds(2))
        h.tap("toolbar.delete")
        XCTAssertNil(h.state.project.clip(withID: "beach"))
        XCTAssertEqual(h.state.project.tracks[0].clips.count, 4)
    }

    func testSplittingOutsideTheClipShowsABanner() {
        let h = EditorHarness()
        h.tap("clip:city") // 4.5 s – 10.5 s; the playhead is at 0
        h.tap("toolbar.split")
        XCTAssertEqual(h.element("banner")?.state["error"], .bool(true))
        XCTAssertEqual(h.loop.nextDue()?.reason, "banner")
        h.run(until: h.now + .seconds(5))
        XCTAssertNil(h.element("banner"), "the banner goes by itself")
    }

    func testOnlyVisibleClipsAreLaidOut() {
        var tracks: [Track] = []
        for t in 0..<8 {
            let kind: TrackKind = t == 0 ? .video : (t == 7 ? .audio : .overlay)
            let clipKind: ClipKind = kind == .video ? .video : (kind == .audio ? .audio : .text)
            tracks.append(
                Track(
                    id: "t\(t)", kind: kind,
                    clips: (0..<125).map {
                        Clip(id: "t\(t)c\($0)", kind: clipKind, title: "Clip \($0)", start: .seconds($0 * 4), duration: .seconds(3))
                    }))
        }
        let h = EditorHarness(project: Project(name: "Big", tracks: tracks))
        let clips = h.elements(role: "clip")
        XCTAssertGreaterThan(clips.count, 0)
        XCTAssertLessThan(clips.count, 40, "a thousand clips, but only the visible ones")
        XCTAssertTrue(clips.allSatisfy { $0.frame.maxX >= 0 && $0.frame.minX <= 390 })
    }

    func testRotateSwapsTheViewportAndRelaysOut() {
        let h = EditorHarness()
        h.frame([.key(.rotate, time: h.now)])
        XCTAssertEqual(h.state.viewport, Size(width: 844, height: 390))
        let timeline = h.frameOf("track:video")
        XCTAssertEqual(h.element("playhead")!.frame.midX, timeline.midX, accuracy: 0.5, "the playhead stands mid-timeline, now beside the canvas")
        XCTAssertLessThanOrEqual(h.frameOf("canvas").maxX, timeline.minX)
    }

    func testTapsOnNothingAreLoggedAsMisses() {
        let h = EditorHarness(project: Project(name: "Empty", tracks: []))
        h.tap(Point(x: 200, y: 20)) // the status-bar area holds no widget
        XCTAssertEqual(h.log.filter { $0.kind == "miss" }.count, 1)
    }
}
