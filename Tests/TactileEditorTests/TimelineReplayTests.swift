import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileInput
import TactileMedia
import TactileUI
@testable import TactileApp
import TactileHeadless

/// End to end: traces built from `tactile inspect` frames, fed through `tactile replay`, with
/// assertions on the resulting project JSON and on snapshots of key states.
final class TimelineReplayTests: XCTestCase, ReplayTesting {
    var folder: URL!
    let pps = TactileConfiguration().timeline.pointsPerSecond

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-e2e") }
    override func tearDown() { removeTestFolder() }

    func testATrailingHandleDragOfNPointsAddsNOverZoomSeconds() throws {
        let start = try inspect(after: [])
        let selectHello = tap(start["clip:hello"]!.hit.center, at: 0.1)
        let handle = try inspect(after: selectHello)["clip:hello.trimHandle.trailing"]!.hit.center
        let project = try replay(selectHello + drag(handle, Point(x: handle.x + 30, y: handle.y), at: 0.5))
        XCTAssertEqual(project.clip(withID: "hello")!.clip.duration.seconds, 3 + 30 / pps, accuracy: 1e-6)
    }

    func testADragEndingThreePointsFromAnotherClipsEdgeLandsExactlyOnIt() throws {
        let start = try inspect(after: [])
        let selectHello = tap(start["clip:hello"]!.hit.center, at: 0.1)
        let after = try inspect(after: selectHello)
        let handle = after["clip:hello.trimHandle.trailing"]!.hit.center
        let helloEnd = after["clip:hello"]!.frame.maxX
        let cityStart = after["clip:city"]!.frame.minX // on another track
        let target = cityStart - 3
        let project = try replay(selectHello + drag(handle, Point(x: handle.x + (target - helloEnd), y: handle.y), at: 0.5))
        XCTAssertEqual(project.clip(withID: "hello")!.clip.end, project.clip(withID: "city")!.clip.start)
    }

    func testAPinchKeepsTheFocalTimeInPlace() throws {
        let start = try inspect(after: [])
        let row = start["track:overlay"]!.frame
        let focalX = 280.0
        let focalTime = 0 + (focalX - 195) / pps // the playhead is at 0
        var events: [InputEvent] = [
            .touch(.down, id: 1, at: Point(x: 250, y: row.midY), time: .seconds(0.1)),
            .touch(.down, id: 2, at: Point(x: 310, y: row.midY), time: .seconds(0.1)),
        ]
        for i in 1...20 {
            let t = Time.seconds(0.1 + Double(i) / 60)
            events.append(.touch(.move, id: 1, at: Point(x: 250 - Double(i) * 2, y: row.midY), time: t))
            events.append(.touch(.move, id: 2, at: Point(x: 310 + Double(i) * 2, y: row.midY), time: t))
        }
        events += [
            .touch(.up, id: 1, at: Point(x: 210, y: row.midY), time: .seconds(0.6)), .touch(.up, id: 2, at: Point(x: 350, y: row.midY), time: .seconds(0.6)),
        ]
        let after = try inspect(after: events)
        let newPPS = after["ruler"]!.state["pointsPerSecond"] as! Double
        XCTAssertEqual(newPPS, min(pps * 140 / 60, 60), accuracy: 1e-6, "fingers from 60 to 140 pt apart")
        let playhead = after["canvas"]!.state["time"] as! Double
        XCTAssertEqual(playhead + (focalX - 195) / newPPS, focalTime, accuracy: 1e-6)
        XCTAssertEqual(try replay(events), MediaProject.demo().project)
    }

    func testAMoveNeverCreatesAnOverlap() throws {
        let start = try inspect(after: [])
        let star = start["clip:star"]!.hit
        let select = tap(star.center, at: 0.1)
        // Drag Star right onto Hello's place and beyond, and down onto the video track (not
        // allowed for a sticker) and back: the file must load, which checks overlaps.
        var events = select + drag(star.center, Point(x: star.midX - 100, y: star.midY), at: 0.4)
        events += drag(Point(x: star.midX - 100, y: star.midY), Point(x: star.midX - 60, y: star.midY - 54), at: 1.2)
        let project = try replay(events)
        XCTAssertEqual(project.clip(withID: "star")?.trackIndex, 1)
        XCTAssertNoThrow(try ProjectFile.validate(project))
        let hello = project.clip(withID: "hello")!.clip, moved = project.clip(withID: "star")!.clip
        XCTAssertTrue(moved.end <= hello.start || moved.start >= hello.end)
    }

    func testSnapshotsShowTheGhostOutlineWhileTrimmingAndTheSnapGuide() throws {
        let start = try inspect(after: [])
        let select = tap(start["clip:music"]!.hit.center, at: 0.1)
        let handle = try inspect(after: select)["clip:music.trimHandle.leading"]!
        // Push Soundtrack's start right by 40 pt and hold: its 30 s source shows as a ghost.
        let holding = select + drag(handle.hit.center, Point(x: handle.hit.midX + 40, y: handle.hit.midY), at: 0.5, lift: false)
        let elements = try inspect(after: holding)
        let ghost = try XCTUnwrap(elements["ghost:music"])
        _ = try replay(holding, snapshot: "ghost.png")
        let image = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("ghost.png")))
        let clipStart = elements["clip:music"]!.frame.minX
        XCTAssertGreaterThan(clipStart - ghost.frame.minX, 30)
        let probe = image.pixel(x: Int((ghost.frame.minX + clipStart) / 2), y: Int(ghost.frame.midY))
        let bg = Theme().background
        XCTAssertNotEqual([probe.r, probe.g, probe.b], [bg.r, bg.g, bg.b], "the ghost fills the source beyond the clip")

        // Snap guide: Hello's end dragged 3 pt short of City's start and held.
        let selectHello = tap(start["clip:hello"]!.hit.center, at: 0.1)
        let after = try inspect(after: selectHello)
        let h = after["clip:hello.trimHandle.trailing"]!.hit.center
        let dx = after["clip:city"]!.frame.minX - 3 - after["clip:hello"]!.frame.maxX
        let snapping = selectHello + drag(h, Point(x: h.x + dx, y: h.y), at: 0.5, lift: false)
        let guide = try XCTUnwrap(try inspect(after: snapping)["snapGuide"])
        _ = try replay(snapping, snapshot: "snap.png")
        let shot = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("snap.png")))
        let sel = Theme().selection
        let column = (Int(guide.frame.minY)..<Int(guide.frame.maxY)).map { shot.pixel(x: Int(guide.frame.midX), y: $0) }
        func near(_ a: UInt8, _ b: UInt8) -> Bool { abs(Int(a) - Int(b)) < 50 }
        XCTAssertGreaterThan(
            column.filter { near($0.r, sel.r) && near($0.g, sel.g) && near($0.b, sel.b) }.count, 10,
            "a dotted guide in the selection's colour")
    }
}
