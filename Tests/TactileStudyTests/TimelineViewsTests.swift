import Foundation
import XCTest
import TactileCore
import TactileHeadless
import TactileStudy
@testable import TactileApp

/// Issue 46: heatmaps draw a timeline touch at its timeline time, over the timeline of their
/// picture — a tap made with the timeline scrolled lands on the clip it touched, not on whatever
/// sat at that spot of the screen when the picture was taken.
final class TimelineViewsTests: XCTestCase {
    func testATapMadeWithTheTimelineScrolledIsDrawnOnTheClipItTouched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The timeline dragged 100 pt to the left on the overlay track (held before the lift: no
        // coast), then a tap on the video track at x = 250.
        var lines = [#"{"tactile_trace":1,"viewport":{"width":390,"height":844}}"#, #"{"t":0.5,"type":"down","id":1,"x":300,"y":660}"#]
        for i in 1...20 { lines.append(#"{"t":\#(0.5 + Double(i) * 0.016),"type":"move","id":1,"x":\#(300 - Double(i) * 5),"y":660}"#) }
        lines += [
            #"{"t":1.2,"type":"up","id":1,"x":200,"y":660}"#, #"{"t":2,"type":"down","id":1,"x":250,"y":606}"#,
            #"{"t":2.08,"type":"up","id":1,"x":250,"y":606}"#,
        ]
        let trace = folder.appendingPathComponent("trace.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: trace, atomically: true, encoding: .utf8)
        let session = try RecordedSession.open(trace.path, project: nil, settings: Settings())
        let views = try TimelineViews(replaying: session, mediaDir: nil)
        let start = try XCTUnwrap(views.view(at: 0)), then = try XCTUnwrap(views.view(at: 2.05))
        XCTAssertGreaterThan(then.geometry.playhead.seconds, 3, "the drag scrolled the timeline")
        // What the tap touched, by the replay's own log.
        let headless = try HeadlessSession(project: session.project, viewport: session.trace.viewport, scale: 1)
        var touched: String?
        headless.player.onFrame = { _, output in
            for e in output.log { if case let .gesture(g) = e.event, g.isTap, g.y == 606 { touched = g.target } }
        }
        headless.player.play(session.trace)
        let target = try XCTUnwrap(touched)
        XCTAssertTrue(target.hasPrefix("clip:"), target)
        // Where the clip is in the picture taken at the start, and where the tap is drawn.
        let picture = try HeadlessSession(project: session.project, viewport: session.trace.viewport, scale: 1)
        let frame = try XCTUnwrap(picture.player.runFrame().elements.first { $0.id == target }).frame
        // As the heatmap draws it: its timeline time, placed on the start's timeline.
        let time = try XCTUnwrap(views.time(of: Point(x: 250, y: 606), at: 2.05))
        let drawn = Point(x: try XCTUnwrap(start.x(of: time)), y: 606)
        XCTAssertTrue(frame.contains(drawn), "\(drawn) on \(target) at \(frame), not at x = 250 where another clip stood")
        XCTAssertFalse(frame.contains(Point(x: 250, y: 606)), "the screen spot itself showed something else at the start")
        // A touch off the timeline has no timeline time: it is drawn where it was.
        XCTAssertNil(views.time(of: Point(x: 100, y: 300), at: 2.05))
    }
}
