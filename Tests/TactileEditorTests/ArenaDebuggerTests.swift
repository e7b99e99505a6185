import XCTest
import TactileCore
@testable import TactileLab
import TactileUI
import TactileInput
import TactileEditor
@testable import TactileHost

/// The gesture-arena debugger and the `arena.decided` log: what competed for a finger, what won,
/// the rule that decided, drawn over the picture (never into it) and logged whether or not it
/// is drawn.
final class ArenaDebuggerTests: XCTestCase {
    let timeline = Point(x: 120, y: 700) // the soundtrack's row, left of the playhead
    let beach = Point(x: 249, y: 606)

    func harness(arena: Bool) -> EditorHarness {
        var c = TactileConfiguration()
        c.overlays.arena = arena
        return EditorHarness(configuration: c)
    }

    func texts(_ list: DrawList) -> [String] {
        list.commands.compactMap {
            if case let .text(run) = $0 { return run.text }; return nil
        }
    }

    func decisions(_ log: [LogEvent]) -> [[String: ElementValue]] { log.filter { $0.kind == "arena.decided" }.map(\.fields) }

    func testEveryDecisionIsLoggedWithTheRuleThatMadeIt() {
        let h = harness(arena: false)
        h.tap(beach)
        h.drag(from: Point(x: 300, y: 700), to: Point(x: 200, y: 700))
        let logged = decisions(h.log)
        XCTAssertEqual(logged.count, 2, "\(logged)")
        XCTAssertEqual(logged.first?["winner"], .string("tap"))
        XCTAssertEqual(logged.first?["target"], .string("clip:beach"))
        XCTAssertEqual(logged.last?["winner"], .string("scroll"))
        guard case let .string(rule)? = logged.last?["rule"], case let .string(candidates)? = logged.last?["candidates"] else {
            return XCTFail("rule and candidates are strings")
        }
        XCTAssertTrue(rule.hasPrefix("tapSlop: moved"), rule)
        XCTAssertTrue(candidates.contains("scroll"), candidates)
        XCTAssertNotNil(logged.last?["sinceDown"])
    }

    /// The feel lab's review: taps in the status bar, at the top corners and in the player bar's
    /// gap logged only a miss, and the debugger did not change. Every touch has a decision.
    func testATouchWhereNothingTakesOneHasADecisionSayingSoAndTheDebuggerShowsIt() throws {
        let h = harness(arena: true)
        let playerBar = try XCTUnwrap(h.element("playerBar")).frame
        let places = [Point(x: 195, y: 8), Point(x: 386, y: 4), Point(x: playerBar.midX + 40, y: playerBar.midY)]
        for p in places {
            let before = decisions(h.log).count
            h.tap(p)
            let mine = Array(decisions(h.log).dropFirst(before))
            XCTAssertEqual(mine.count, 1, "one decision for the touch at \(p): \(mine)")
            XCTAssertEqual(mine.first?["winner"], .string("none"))
            guard case let .string(rule)? = mine.first?["rule"] else { return XCTFail("a rule") }
            XCTAssertTrue(rule.hasPrefix("nobody: "), rule)
            XCTAssertEqual(mine.first?["x"], .number(p.x))
            h.now += .milliseconds(400)
        }
        XCTAssertEqual(h.log.filter { $0.kind == "miss" }.count, 3, "each still a miss, as a researcher counts one")
        let shown = texts(h.session.picture(at: h.now)).joined(separator: " ")
        XCTAssertTrue(shown.contains("nobody"), shown)
    }

    func testWhileDecidingTheCompetitorsShowAndOnceDecidedTheWinnerRuleAndLosers() throws {
        let h = harness(arena: true)
        let start = Point(x: 300, y: 700)
        h.frame([.touch(.down, id: 1, at: start, time: h.now)])
        h.now += .milliseconds(16)
        h.frame([.touch(.move, id: 1, at: Point(x: 296, y: 700), time: h.now)])
        let deciding = texts(h.session.picture(at: h.now))
        let chip = try XCTUnwrap(deciding.first { $0.hasPrefix("? ") }, "\(deciding)")
        XCTAssertTrue(chip.contains("scroll") && chip.contains("tap"), chip)
        XCTAssertTrue(
            h.session.picture(at: h.now).commands.contains {
                if case let .strokeCircle(c, r, _, _) = $0 { return c == start && r == TactileConfiguration().input.tapSlop }; return false
            }, "the slop circle where the finger landed")

        for i in 1...4 {
            h.now += .milliseconds(16)
            h.frame([.touch(.move, id: 1, at: Point(x: 300 - Double(i) * 8, y: 700), time: h.now)])
        }
        let decided = texts(h.session.picture(at: h.now))
        XCTAssertTrue(decided.contains("✓ scroll"), "\(decided)")
        XCTAssertTrue(decided.contains { $0.hasPrefix("tapSlop: moved") }, "the rule beside the finger: \(decided)")
        XCTAssertTrue(decided.contains { $0.hasPrefix("✗ ") && $0.contains("tap") }, "the losers: \(decided)")
        XCTAssertTrue(decided.contains { $0.hasPrefix("scroll ← tapSlop: moved") }, "the panel: \(decided)")

        // The editor's own picture never has it: recordings and replays are the same either way.
        XCTAssertFalse(texts(h.output.drawList).contains("✓ scroll"))
        // Once faded, the rule leaves the finger; the panel keeps the line.
        let later = h.now + .seconds(TactileConfiguration().overlays.arenaFade + 0.1)
        let faded = texts(h.session.picture(at: later))
        XCTAssertFalse(faded.contains { $0.hasPrefix("tapSlop: moved") }, "\(faded)")
        XCTAssertTrue(faded.contains { $0.hasPrefix("scroll ← tapSlop: moved") }, "\(faded)")
        XCTAssertEqual(h.session.nextDue(after: h.now)?.reason, "overlays", "a decision fading asks for frames")
    }

    func testAVerticalDragOnAClipThatNobodyWinsIsLoggedAndDrawnWithEveryReasonNeverCutOff() throws {
        let h = harness(arena: true)
        h.drag(from: beach, to: Point(x: beach.x, y: beach.y + 20), steps: 4)
        let logged = decisions(h.log)
        XCTAssertEqual(logged.count, 1, "the touch ends in one decision: \(logged)")
        let d = try XCTUnwrap(logged.first)
        XCTAssertEqual(d["winner"], .string("none"))
        XCTAssertEqual(d["rule"], .string("nobody: lifted after moving 20 pt before any recogniser accepted"))
        XCTAssertEqual(d["why.scroll"], .string("vertical scroll not offered on clip:beach"))
        XCTAssertEqual(d["why.pinch"], .string("no second finger came"))
        XCTAssertNotNil(d["why.tap"])
        XCTAssertNotNil(d["offered"])
        XCTAssertFalse(h.log.contains { $0.kind == "miss" }, "a drag nobody took is no missed tap")
        // Drawn where it happened: nobody won, the rule, each recogniser with its reason, whole.
        let drawn = texts(h.session.picture(at: h.now))
        XCTAssertTrue(drawn.contains("✗ nobody won"), "\(drawn)")
        XCTAssertTrue(drawn.contains { $0.hasPrefix("✗ scroll: vertical scroll not offered") }, "\(drawn)")
        XCTAssertFalse(drawn.contains { $0.contains("…") }, "nothing cut off: \(drawn)")
    }

    func testGestureEventsLogWhereTheFingerWentDownAsWellAsWhereItWasRecognised() throws {
        let h = harness(arena: false)
        h.drag(from: Point(x: 250, y: 700), to: Point(x: 150, y: 700), steps: 10)
        let began = try XCTUnwrap(h.log.first { $0.kind == "gesture.began" }?.fields)
        let ended = try XCTUnwrap(h.log.first { $0.kind == "gesture.ended" }?.fields)
        XCTAssertEqual(began["downX"], .number(250))
        XCTAssertEqual(ended["downX"], .number(250))
        XCTAssertEqual(ended["downDx"], .number(-100), "the whole way from where the finger went down")
        guard case let .number(x)? = began["x"], case let .number(dx)? = ended["dx"] else { return XCTFail("\(began) \(ended)") }
        XCTAssertLessThan(x, 250, "recognised past the slop")
        XCTAssertEqual(dx, 150 - x, accuracy: 0.05, "dx from where it was recognised")
    }

    func testThePanelsTouchTimelineShowsEachFingerAndEachRecognisersFateAndStepsBackThroughTouches() throws {
        let h = harness(arena: true)
        h.session.placePanel(outside: true)
        h.drag(from: beach, to: Point(x: beach.x, y: beach.y + 20), steps: 4)
        var words = texts(try XCTUnwrap(h.session.panelPicture(at: h.now)))
        XCTAssertTrue(words.contains { $0.hasPrefix("Touch 1 of 1") }, "\(words)")
        for row in ["finger 1", "scroll", "pinch", "longPress", "tap"] { XCTAssertTrue(words.contains(row), "\(row): \(words)") }
        h.now += .seconds(1)
        h.tap(beach)
        words = texts(try XCTUnwrap(h.session.panelPicture(at: h.now)))
        XCTAssertTrue(words.contains { $0.hasPrefix("Touch 2 of 2") }, "the newest: \(words)")
        h.session.showTouch(back: 1)
        words = texts(try XCTUnwrap(h.session.panelPicture(at: h.now)))
        XCTAssertTrue(words.contains { $0.hasPrefix("Touch 1 of 2") && $0.contains("F3 older, F4 newer") }, "back one: \(words)")
        h.session.showTouch(back: 5)
        XCTAssertTrue(texts(try XCTUnwrap(h.session.panelPicture(at: h.now))).contains { $0.hasPrefix("Touch 1 of 2") }, "no further than the oldest")
    }

    func testATouchTimelineRecordsWhenEachRecogniserDroppedOutAndWhichWon() throws {
        var timeline = TouchTimeline(history: 3)
        var arena = GestureArena(thresholds: GestureArena.Thresholds(TactileConfiguration().input))
        let clip = GestureTarget(id: "clip:beach", gestures: [.tap, .longPress, .scroll, .pinch], scrollAxes: [.horizontal])
        func feed(_ phase: TouchPhase, _ x: Double, at t: Double) {
            let e = InputEvent.touch(phase, id: 1, at: Point(x: x, y: 100), time: .seconds(t))
            _ = arena.handle(id: 1, phase: phase, location: Point(x: x, y: 100), time: .seconds(t), target: phase == .down ? clip : nil)
            timeline.record(events: [e], arena: arena.snapshot, decisions: arena.takeDecisions(), now: .seconds(t))
        }
        feed(.down, 100, at: 1)
        feed(.move, 130, at: 1.05)
        feed(.up, 130, at: 1.2)
        let touch = try XCTUnwrap(timeline.touches.last)
        XCTAssertEqual(touch.start, .seconds(1))
        XCTAssertEqual(touch.end, .seconds(1.2))
        XCTAssertEqual(touch.fingers[1]?.moves, [.seconds(1.05)])
        XCTAssertEqual(touch.recognisers[.scroll]?.won, .seconds(1.05), "scroll won past the slop")
        XCTAssertEqual(touch.recognisers[.tap]?.dropped, .seconds(1.05))
        XCTAssertEqual(touch.recognisers[.pinch]?.dropped, .seconds(1.05))
        XCTAssertEqual(touch.decisions.count, 1)
    }

    func testALostFocusEndsTheTouchInTheTimelineSoTheNextTouchIsANewOne() throws {
        var timeline = TouchTimeline(history: 3)
        let down = InputEvent.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .seconds(1))
        timeline.record(events: [down], arena: .empty, decisions: [], now: .seconds(1))
        timeline.record(events: [InputEvent(time: .seconds(2), kind: .focusLost)], arena: .empty, decisions: [], now: .seconds(2))
        XCTAssertEqual(timeline.touches.last?.end, .seconds(2), "over when the window lost its fingers")
        let next = InputEvent.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .seconds(3))
        timeline.record(events: [next], arena: .empty, decisions: [], now: .seconds(3))
        XCTAssertEqual(timeline.touches.count, 2)
    }

    func testAPanelTooShortForEverySectionSaysWhatHasNoRoomAndCutsNothingOff() throws {
        var c = TactileConfiguration()
        c.overlays.arena = true
        c.overlays.monitor = true
        c.overlays.pointerLocation = true
        c.overlays.arenaHistory = 10
        let h = EditorHarness(configuration: c, viewport: Size(width: 844, height: 390))
        h.session.placePanel(outside: true, width: nil)
        for i in 0..<8 {
            h.drag(from: Point(x: 500 + Double(i), y: 300), to: Point(x: 400, y: 300), steps: 6)
            h.now += .seconds(0.5)
        }
        let panel = try XCTUnwrap(h.session.panelPicture(at: h.now))
        for c in panel.commands {
            if case let .text(run) = c { XCTAssertLessThanOrEqual(run.frame.maxY, 390, "inside the panel: \(run.text)") }
        }
        XCTAssertTrue(texts(panel).contains { $0.hasSuffix("no room (a taller window)") || $0.hasSuffix("(no room)") }, "\(texts(panel))")
    }

    func testALongPressTimerShrinksAsItsDeadlineComes() {
        let h = harness(arena: true)
        // An unselected clip offers a long press (to pick it up and move it).
        h.now += .seconds(1)
        h.frame([.touch(.down, id: 1, at: beach, time: h.now)])
        func ring(at t: Time) -> Double? {
            h.session.picture(at: t).commands.compactMap { c -> Double? in
                if case let .strokeCircle(center, r, color, _) = c, center == beach, color == Theme().warning { return r }; return nil
            }.first
        }
        let early = ring(at: h.now + .milliseconds(100)), late = ring(at: h.now + .milliseconds(400))
        XCTAssertNotNil(early, "\(h.session.picture(at: h.now).commands.filter { if case .strokeCircle = $0 { return true }; return false }) \(h.output.arena)")
        XCTAssertNotNil(late)
        XCTAssertLessThan(late ?? 99, early ?? 0, "the ring shrinks towards the long press")
    }

    func testTheLogIsTheSameWithTheDebuggerOnOrOff() {
        var logs: [[String]] = []
        for on in [false, true] {
            let h = harness(arena: on)
            h.tap(beach)
            h.drag(from: Point(x: 300, y: 700), to: Point(x: 220, y: 700))
            logs.append(h.log.map(\.jsonLine))
        }
        XCTAssertEqual(logs[0], logs[1])
    }
}
