import XCTest
import TactileCore
import TactileInput
import TactileUI
import TactileEditor
@testable import TactileHost

/// Frustration signals found in the frames a person's touches make: rage taps, dead taps, near
/// misses and drags that did nothing — and none where the editor answered.
final class FrustrationSignalTests: XCTestCase {
    var session: HostSession!
    var now = Time.zero

    override func setUp() {
        session = HostSession(project: DemoProject.make(), configuration: TactileConfiguration(), measurer: FixedWidthTextMeasurer())
        _ = session.step([], now: now)
    }

    var log: [LogEvent] = []
    func step(_ events: [InputEvent]) {
        _ = session.step(events, now: now)
        log += session.lastOutput?.log ?? []
        // Frames the editor asks for (animations) until it rests, at most a second's worth.
        var n = 0
        while let due = session.nextDue(after: now), due.time <= now + .seconds(0.02), n < 60 {
            now = max(now + .seconds(0.001), due.time)
            let before = session.framesRun
            _ = session.step([], now: now)
            if session.framesRun > before { log += session.lastOutput?.log ?? [] }
            n += 1
        }
    }

    func element(_ id: String) -> UIElement? { session.lastOutput?.elements.first { $0.id == id } }

    func tap(_ p: Point, hold: Double = 0.06) {
        now = now + .seconds(0.01)
        step([.touch(.down, id: 1, at: p, time: now)])
        now = now + .seconds(hold)
        step([.touch(.up, id: 1, at: p, time: now)])
    }

    func signals(_ kind: String) -> [LogEvent] { log.filter { $0.kind == "signal" && $0.fields["signal"] == .string(kind) } }

    func testThreeQuickTapsOnADisabledButtonAreARageTapAndEachIsDead() throws {
        let delete = try XCTUnwrap(element("toolbar.delete"))
        XCTAssertEqual(delete.state["enabled"], .bool(false), "nothing selected: Delete does nothing")
        let p = Point(x: delete.hitFrame.midX, y: delete.hitFrame.midY)
        for _ in 0..<4 { tap(p); now = now + .seconds(0.15) }
        XCTAssertEqual(signals("rage").count, 1, "one burst, one signal")
        XCTAssertEqual(signals("rage").first?.fields["taps"], .number(3))
        XCTAssertEqual(signals("dead").count, 4, "\(log.map(\.kind))")
        XCTAssertEqual(signals("dead").first?.fields["target"], .string("toolbar.delete"))
    }

    func testQuickTapsOnTheScrubBarsMarginReachTheLogAsMissesARageTapAndDeadTaps() throws {
        // The scrub bar takes drags only: a tap on its margin used to leave no trace at all.
        let bar = try XCTUnwrap(element("scrubBar"))
        let p = Point(x: bar.hitFrame.minX + 4, y: bar.hitFrame.midY)
        for _ in 0..<5 { tap(p); now = now + .seconds(0.15) }
        let misses = log.filter { $0.kind == "miss" }
        XCTAssertEqual(misses.count, 5, "every tap reaches the log: \(log.map(\.kind))")
        XCTAssertEqual(misses.first?.fields["reason"], .string("unanswered"))
        XCTAssertEqual(misses.first?.fields["target"], .string("scrubBar"))
        XCTAssertEqual(log.filter { $0.kind == "arena.decided" && $0.fields["winner"] == .string("none") }.count, 5, "each with the arena's reason")
        XCTAssertEqual(signals("rage").count, 1, "a burst")
        XCTAssertEqual(signals("rage").first?.fields["target"], .string("scrubBar"))
        XCTAssertEqual(signals("dead").count, 5, "each did nothing")
    }

    func testSlowTapsAreNoRageTapAndATapThatSelectsIsNotDead() throws {
        let clip = try XCTUnwrap(element("clip:beach"))
        let p = Point(x: clip.hitFrame.midX, y: clip.hitFrame.midY)
        tap(p)
        now = now + .seconds(1)
        let delete = try XCTUnwrap(element("toolbar.delete"))
        for _ in 0..<3 { tap(Point(x: delete.hitFrame.midX + 200, y: 300)); now = now + .seconds(0.5) }
        XCTAssertTrue(signals("rage").isEmpty, "half a second apart: not rage")
        XCTAssertFalse(signals("dead").contains { $0.fields["target"] == .string("clip:beach") }, "selecting the clip changed the picture")
    }

    func testAMissJustBesideAButtonIsANearMissOfIt() throws {
        // Just left of the toolbar's first button, in the bar's margin.
        let first = try XCTUnwrap(session.lastOutput?.elements.filter { $0.role == "toolbarButton" }.min { $0.hitFrame.minX < $1.hitFrame.minX })
        tap(Point(x: first.hitFrame.minX - 6, y: first.hitFrame.midY))
        let near = try XCTUnwrap(signals("nearMiss").first, "\(log.map(\.kind))")
        XCTAssertEqual(near.fields["target"], .string(first.id))
        XCTAssertEqual(near.fields["distance"], .number(6))
    }

    func testADragOverTheTitleBarThatMovesNothingIsUnresponsive() throws {
        var p = Point(x: 120, y: 20)
        now = now + .seconds(0.01)
        step([.touch(.down, id: 1, at: p, time: now)])
        for _ in 0..<10 {
            now = now + .seconds(0.016); p.x += 12
            step([.touch(.move, id: 1, at: p, time: now)])
        }
        now = now + .seconds(0.016)
        step([.touch(.up, id: 1, at: p, time: now)])
        XCTAssertEqual(signals("unresponsive").count, 1, "\(log.map(\.kind))")
        XCTAssertEqual(signals("unresponsive").first?.fields["dx"], .number(120))
    }

    func testAScrollOfTheTimelineIsNotUnresponsive() throws {
        let clip = try XCTUnwrap(element("clip:city"))
        var p = Point(x: clip.hitFrame.midX, y: clip.hitFrame.midY)
        now = now + .seconds(0.01)
        step([.touch(.down, id: 1, at: p, time: now)])
        for _ in 0..<10 {
            now = now + .seconds(0.016); p.x -= 15
            step([.touch(.move, id: 1, at: p, time: now)])
        }
        now = now + .seconds(0.016)
        step([.touch(.up, id: 1, at: p, time: now)])
        XCTAssertTrue(signals("unresponsive").isEmpty, "the timeline scrolled")
    }
}
