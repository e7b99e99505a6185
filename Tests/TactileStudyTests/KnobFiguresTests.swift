import Foundation
import TactileCore
import TactileEditor
import TactileHeadless
import TactileHost
import TactileInput
import XCTest

@testable import TactileStudy

/// `tactile report` gives a number for every feel knob, under the settings in force: touches'
/// hold times against the tap limit, their movement against the tap slop, flings and snaps.
final class KnobFiguresTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)

    /// A one-finger touch at `x`, `y` from `t`, held `held` seconds, moved `moved` points to the right.
    func touch(at t: Double, x: Double = 200, y: Double = 250, held: Double, moved: Double = 0) -> [InputEvent] {
        [
            .touch(.down, id: 1, at: Point(x: x, y: y), time: .seconds(t)),
            .touch(.move, id: 1, at: Point(x: x + moved, y: y), time: .seconds(t + held / 2)),
            .touch(.up, id: 1, at: Point(x: x + moved, y: y), time: .seconds(t + held)),
        ]
    }

    func testTheReportGivesTapTimesAndMovesAgainstTheThresholdsInForceAndEveryFlingsCoast() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-knobs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (headless, recording, session) = try LatencyReportTests.recordedSession(in: folder, predicting: .off)
        func play(_ events: [InputEvent]) {
            let end = events.map(\.time).max() ?? headless.player.clock.now
            headless.player.play(Trace(viewport: viewport, events: events), until: end + .seconds(0.6))
        }
        // Base (tap limit 0.5 s, slop 18 pt): touches on the canvas held 0.1, 0.45 (in the
        // limit's last fifth) and 0.7 s (over it); quick touches that moved 2, 16 (in the slop's
        // last fifth) and 30 pt (past it).
        var t = 0.2
        for (held, moved) in [(0.1, 0.0), (0.45, 0.0), (0.7, 0.0), (0.1, 2.0), (0.1, 16.0), (0.1, 30.0)] {
            play(touch(at: t, held: held, moved: moved))
            t += 1.5
        }
        // Tuned to a slop of 10 pt: the same 16 pt movement is past it now.
        headless.host.replay(
            SettingsChange(
                time: headless.player.clock.now, source: .tuning, variant: "base", changes: .object([("input", .object([("tapSlop", .number(10))]))])))
        headless.player.step()
        t = headless.player.clock.now.seconds + 0.5
        play(touch(at: t, held: 0.1, moved: 16))
        // A fling on the timeline's overlay row: 15 pt a frame, then a lift.
        t += 1.5
        let row = 700.0
        var fling: [InputEvent] = [.touch(.down, id: 2, at: Point(x: 300, y: row), time: .seconds(t))]
        for i in 1...6 { fling.append(.touch(.move, id: 2, at: Point(x: 300 - Double(i) * 15, y: row), time: .seconds(t + Double(i) / 60))) }
        fling.append(.touch(.up, id: 2, at: Point(x: 210, y: row), time: .seconds(t + 6.0 / 60)))
        headless.player.play(Trace(viewport: viewport, events: fling), until: .seconds(t + 5))
        recording.finish(project: headless.host.state.project)

        let report = try SessionReport.read([session.path])
        let s = try XCTUnwrap(report.sessions.first)
        XCTAssertEqual(s.variants.map(\.name), ["base", "base (tuned, unsaved)"])
        let base = s.knobs[0], tuned = s.knobs[1]
        XCTAssertEqual(base.tapLimit, 0.5)
        XCTAssertEqual([base.tapSlop, tuned.tapSlop], [18, 10], "each set with its own threshold")
        XCTAssertEqual(base.stillHolds.map { ($0 * 100).rounded() / 100 }, [0.1, 0.45, 0.7, 0.1, 0.1], "the touches that stayed within 18 pt (16 pt did)")
        XCTAssertEqual([base.holdsOver, base.holdsNear], [1, 1], "0.7 s lost its tap; 0.45 s nearly did")
        XCTAssertEqual(base.quickMoves, [0, 0, 2, 16, 30], "the touches lifted within 0.5 s")
        XCTAssertEqual([base.movesPast, base.movesNear], [1, 1], "30 pt became a drag; 16 pt nearly did")
        XCTAssertEqual(tuned.quickMoves.prefix(1), [16])
        XCTAssertEqual(tuned.movesPast, 2, "16 pt is past a 10 pt slop, as is the fling")
        XCTAssertEqual(tuned.flings.count, 1)
        let coast = try XCTUnwrap(tuned.flings.first)
        XCTAssertEqual(coast.speed, 900, accuracy: 60)
        XCTAssertGreaterThan(coast.distance, 100)

        let markdown = report.markdown
        XCTAssertTrue(markdown.contains("### The knobs in numbers"), markdown)
        XCTAssertTrue(markdown.contains("| base | 0.50 | 5 | 0.10 / 0.70 | 1 | 1 | 18 | 5 | 2.0 / 30.0 | 1 | 1 |"), markdown)
        XCTAssertTrue(markdown.contains("| base (tuned, unsaved) | 0.50 | "), markdown)
        XCTAssertTrue(markdown.contains("| 0.9980 | 1 | "), "the fling's row, with the deceleration in force: \(markdown)")
        // The same as a page for a browser (`tactile report SESSION --html`): the tables as tables.
        let page = MarkdownPage.html(markdown, title: "Session report: s")
        XCTAssertTrue(page.contains("<h3>The knobs in numbers</h3>"), page)
        XCTAssertTrue(page.contains("<th>Tap limit (s)</th>"), page)
        XCTAssertTrue(page.contains("<td>base</td><td class=\"n\">0.50</td><td class=\"n\">5</td><td class=\"n\">0.10 / 0.70</td>"), page)
        XCTAssertTrue(page.contains("<h3>Settings compared in this session</h3>"), page)
        XCTAssertTrue(page.contains("input.tapSlop 18 → 10 pt"), "what the tuned set changed: \(page)")
        XCTAssertFalse(page.contains("|---"), "no Markdown left over")
        let json = report.json.serialized()
        XCTAssertTrue(json.contains(#""overTapLimit":1,"nearTapLimit":1"#), json)
        XCTAssertTrue(json.contains(#""coastEnds":{"rest":"#), json)
    }
}
