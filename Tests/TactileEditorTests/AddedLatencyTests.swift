import XCTest
import TactileCore
import TactileInput
import TactileUI
import TactileHeadless
import TactileTestSupport
@testable import TactileEditor

/// `feel.addedLatency` (issue 15): input is held back before the editor sees it, and the frame
/// loop wakes exactly when a held event is due.
final class AddedLatencyTests: XCTestCase {
    private func harness(latency: Double) -> EditorHarness {
        var c = TactileConfiguration()
        c.feel.addedLatency = latency
        return EditorHarness(configuration: c)
    }

    private func selectTime(_ h: EditorHarness) -> Double? {
        h.log.first { $0.kind == "select" }.map { $0.time.seconds }
    }

    func testATapIsSeenTheAddedLatencyLaterAndTheLoopWakesExactlyThen() {
        let h = harness(latency: 50)
        let clip = h.frameOf("clip:beach").center
        h.now = .seconds(1)
        h.frame([.touch(.down, id: 1, at: clip, time: h.now)])
        XCTAssertEqual(h.session.nextWork(after: h.now)?.time, .seconds(1.05), "the loop wakes when the touch is due")
        XCTAssertEqual(h.session.nextWork(after: h.now)?.reason, "added latency")
        h.now = .seconds(1.08)
        h.frame([.touch(.up, id: 1, at: clip, time: h.now)])
        XCTAssertNil(h.state.selection, "80 ms after the touch, the editor has seen only its first 30 ms")
        h.run(until: .seconds(1.2))
        XCTAssertEqual(h.state.selection, "beach")
        XCTAssertEqual(selectTime(h) ?? 0, 1.13, accuracy: 1e-9, "selected when the lift was due: 1.08 s + 50 ms")
        XCTAssertNil(h.session.nextWork(after: h.now).flatMap { $0.reason == "added latency" ? $0 : nil }, "nothing is held any more")

        let prompt = harness(latency: 0)
        prompt.now = .seconds(1)
        prompt.frame([.touch(.down, id: 1, at: clip, time: prompt.now)])
        prompt.now = .seconds(1.08)
        prompt.frame([.touch(.up, id: 1, at: clip, time: prompt.now)])
        XCTAssertEqual(selectTime(prompt) ?? 0, 1.08, accuracy: 1e-9, "without added latency the tap selects at once")
    }

    func testHeldEventsKeepTheirOrderAndTheirOwnTimes() {
        // A pan whose moves arrive faster than the latency: the editor gets them in order, late,
        // and the gesture is the same as without the latency (same distances, same velocity).
        func pan(latency: Double) -> (EditorHarness, [LogEvent]) {
            let h = harness(latency: latency)
            let start = h.frameOf("clip:beach").center
            h.drag(from: start, to: Point(x: start.x - 100, y: start.y), steps: 6, rest: 0.3)
            if latency > 0 { XCTAssertNil(h.log.first { $0.kind == "gesture.ended" }, "the lift is still held back") }
            h.run(until: h.now + .seconds(3))
            return (h, h.log.filter { $0.kind.hasPrefix("gesture.") })
        }
        let (late, held) = pan(latency: 100), (_, prompt) = pan(latency: 0)
        XCTAssertEqual(held.map(\.kind), ["gesture.began", "gesture.ended"])
        XCTAssertEqual(held.map(\.fields), prompt.map(\.fields), "the same pan")
        XCTAssertEqual(held.last!.time - prompt.last!.time, .milliseconds(100), "seen 100 ms later")
        XCTAssertGreaterThan(late.state.playhead, .zero)
    }
}

/// `feel.preset` changes how the same touches are read (issue 15).
final class FeelPresetBehaviourTests: XCTestCase {
    private func harness(_ preset: FeelPreset) -> EditorHarness {
        EditorHarness(configuration: preset.configuration)
    }

    func testAHoldOf450msIsALongPressOnAndroidButNotOnIOS() {
        for (preset, picksUp) in [(FeelPreset.android, true), (.ios, false)] {
            let h = harness(preset)
            let clip = h.frameOf("clip:city").center
            h.frame([.touch(.down, id: 1, at: clip, time: h.now)])
            h.run(until: h.now + .seconds(0.45))
            let longPress = h.log.contains { $0.kind == "gesture.began" && $0.fields["gesture"] == .string("longPress") }
            XCTAssertEqual(longPress, picksUp, "\(preset): a 450 ms hold")
        }
    }

    func testAnEightPointWobbleIsATapOnIOSButAScrollOnAndroid() {
        // 9 pt of drift: inside iOS's 10 pt slop, outside Android's 8 dp.
        for (preset, taps) in [(FeelPreset.ios, true), (.android, false)] {
            let h = harness(preset)
            let clip = h.frameOf("clip:city").center
            h.frame([.touch(.down, id: 1, at: clip, time: h.now)])
            h.now += .milliseconds(40)
            h.frame([.touch(.move, id: 1, at: Point(x: clip.x + 9, y: clip.y), time: h.now)])
            h.now += .milliseconds(40)
            h.frame([.touch(.up, id: 1, at: Point(x: clip.x + 9, y: clip.y), time: h.now)])
            XCTAssertEqual(h.state.selection == "city", taps, "\(preset): selected by a tap that drifted 9 pt")
        }
    }
}

/// `feel.maxFrameRate` (issue 15): animations ask for frames at most that often.
final class MaxFrameRateTests: XCTestCase {
    /// The frames a fling's coasting runs in its first half second at `rate`.
    private func coastingFrames(at rate: Int) -> [Time] {
        var c = TactileConfiguration()
        c.feel.maxFrameRate = rate
        let h = EditorHarness(configuration: c)
        let start = h.frameOf("clip:city").center
        h.drag(from: start, to: Point(x: start.x - 120, y: start.y), steps: 4, rest: 0) // a fling: lifted while moving
        var times: [Time] = []
        let end = h.now + .seconds(0.5)
        while let due = h.session.nextWork(after: h.now), due.time <= end {
            h.now = max(h.now, due.time)
            h.frame()
            times.append(h.now)
        }
        return times
    }

    func testAnimationsRunAtTheChosenRateAndNoFaster() {
        let thirty = coastingFrames(at: 30), sixty = coastingFrames(at: 60), oneTwenty = coastingFrames(at: 120)
        XCTAssertEqual(Double(thirty.count), 15, accuracy: 1.5, "30 fps: about 15 frames in half a second")
        XCTAssertEqual(Double(sixty.count), 30, accuracy: 1.5)
        XCTAssertEqual(Double(oneTwenty.count), 60, accuracy: 2)
        let gaps = zip(thirty.dropFirst(), thirty).map { $0 - $1 }
        XCTAssertTrue(gaps.allSatisfy { $0 >= .frame(atRate: 30) }, "never two frames closer than 1/30 s: \(gaps)")
    }
}

/// Low-frequency mode (issue 15): a hidden window asks for no animation frames at all.
final class HiddenWindowTests: XCTestCase {
    func testAHiddenWindowRunsNoAnimationFramesAndDrawsAgainWhenShown() {
        let h = EditorHarness()
        let start = h.frameOf("clip:city").center
        h.drag(from: start, to: Point(x: start.x - 120, y: start.y), steps: 4, rest: 0) // a fling, coasting
        XCTAssertNotNil(h.session.nextWork(after: h.now), "coasting asks for frames")
        h.session.setVisible(false)
        XCTAssertNil(h.session.nextWork(after: h.now), "hidden: nothing is due")
        XCTAssertNil(h.session.nextDue(after: h.now), "not even the overlays")
        let playhead = h.state.playhead
        h.session.setVisible(true)
        XCTAssertEqual(h.session.nextDue(after: h.now)?.time, h.now, "shown again: drawn at once")
        h.run(until: h.now + .seconds(0.2))
        XCTAssertNotEqual(h.state.playhead, playhead, "and the fling's animation goes on")
    }
}

/// The status bar's clock (issue 15): the time of day, redrawn on the `.everyMinute` schedule.
final class StatusBarClockTests: XCTestCase {
    private func texts(_ h: EditorHarness, at now: Time) -> [String] {
        h.session.picture(at: now).commands.compactMap {
            if case let .text(run) = $0 { return run.text }; return nil
        }
    }

    func testTheClockShowsTheTimeOfDayAndTheLoopWakesAtEachNewMinute() {
        let h = EditorHarness()
        XCTAssertFalse(texts(h, at: h.now).contains("9:41"), "no clock without a wall clock (headless, replays)")
        h.session.wallClockOrigin = .seconds(9 * 3600 + 41 * 60 + 30) // 9:41:30 at session time zero
        XCTAssertTrue(texts(h, at: h.now).contains("9:41"))
        XCTAssertEqual(h.session.nextDue(after: h.now)?.time, .seconds(30), "the next minute begins 30 s in")
        XCTAssertEqual(h.session.nextDue(after: h.now)?.reason, "status bar clock")
        XCTAssertTrue(texts(h, at: .seconds(30)).contains("9:42"))
        XCTAssertEqual(h.session.nextDue(after: .seconds(30))?.time, .seconds(90), "and every minute after")
        h.session.setVisible(false)
        XCTAssertNil(h.session.nextDue(after: .seconds(30)), "a hidden window does not wake for it")
    }

    func testTheClockCanBeTurnedOff() {
        var c = TactileConfiguration()
        c.overlays.statusBarClock = false
        let h = EditorHarness(configuration: c)
        h.session.wallClockOrigin = .seconds(9 * 3600 + 41 * 60)
        XCTAssertFalse(texts(h, at: h.now).contains("9:41"))
        XCTAssertNil(h.session.nextDue(after: h.now))
    }
}

/// The article's design choices as switches (issue 15), each shown by what a user would see.
final class DesignVariantTests: XCTestCase {
    private func harness(_ edit: (inout TactileConfiguration.Feel) -> Void) -> EditorHarness {
        var c = TactileConfiguration()
        edit(&c.feel)
        return EditorHarness(configuration: c)
    }

    func testTheTimecodeRoundsDownOrToTheNearestSecond() {
        for (rounding, shown) in [(TactileConfiguration.Feel.TimecodeRounding.down, "0:03 / 0:21"), (.nearest, "0:04 / 0:21")] {
            // (Whole seconds: the rounding is theirs; frames always count down.)
            let h = harness {
                $0.timecodeRounding = rounding; $0.timecodeFrames = false
            }
            h.state.playhead = .seconds(3.6)
            h.frame()
            XCTAssertEqual(h.element("timecode")?.label, shown, rounding.rawValue)
        }
        XCTAssertThrowsError(
            try ConfigurationFile.decode(
                Data(#"{"feel": {"timecodeRounding": "up"}}"#.utf8), schema: ConfigurationSchema(sections: [TactileConfiguration.Feel.self]))
        ) { error in
            XCTAssertEqual("\(error)", #"feel.timecodeRounding: must be "down" or "nearest", not "up""#)
        }
    }

    func testTheRulersDotsCanBeLeftOut() {
        func dots(_ on: Bool) -> Int {
            let h = harness { $0.rulerDots = on }
            let ruler = h.frameOf("ruler"), r = Theme().metrics.timeline.rulerDot
            return h.output.drawList.commands.filter {
                if case let .fillCircle(center, radius, _) = $0 { return radius == r && ruler.contains(center) }
                return false
            }.count
        }
        XCTAssertGreaterThan(dots(true), 5)
        XCTAssertEqual(dots(false), 0)
    }

    func testASnapCanComeWithoutItsGuideOrWithoutItsCue() {
        for (guide, cue) in [(false, true), (true, false)] {
            let h = harness {
                $0.snapGuide = guide; $0.snapCue = cue
            }
            h.state.playhead = .seconds(2)
            h.frame()
            let c = h.element("overlay:hello")!.hitFrame.center
            h.drag(from: c, to: Point(x: c.x + 40, y: c.y - 30))
            let from = h.element("overlay:hello")!.hitFrame.center
            h.drag(from: from, to: Point(x: from.x - 37, y: from.y), hold: true)
            XCTAssertEqual(h.state.project.clip(withID: "hello")?.clip.placement.x, 0.5, "it snaps either way")
            XCTAssertEqual(h.element("guide:centreX") != nil, guide, "guide \(guide)")
            XCTAssertEqual(h.cues.contains { $0.reason == "snap" }, cue, "cue \(cue)")
            XCTAssertTrue(h.log.contains { $0.kind == "snap" }, "the log counts the snap either way")
        }
    }
}

/// `feel.handlesInside` (issue 15): trim handles outside the clip (the article's choice) or inside it.
final class HandlePlacementTests: XCTestCase {
    func testHandlesSitOutsideOrInsideTheClipAndTrimEitherWay() {
        for inside in [false, true] {
            var c = TactileConfiguration()
            c.feel.handlesInside = inside
            let h = EditorHarness(configuration: c)
            h.tap("clip:hello")
            let clip = h.frameOf("clip:hello"), handle = h.frameOf("clip:hello.trimHandle.trailing")
            if inside {
                XCTAssertEqual(handle.maxX, clip.maxX, accuracy: 0.01, "inside: the handle's outer side is the clip's end")
            } else {
                XCTAssertEqual(handle.minX, clip.maxX, accuracy: 0.01, "outside: the handle starts where the clip ends")
            }
            let grip = h.element("clip:hello.trimHandle.trailing")!.hitFrame.center
            h.drag(from: grip, to: Point(x: grip.x + 24, y: grip.y))
            XCTAssertGreaterThan(h.state.project.clip(withID: "hello")!.clip.duration, .seconds(3), "dragging it trims, \(inside ? "inside" : "outside")")
        }
    }
}

/// Issue 48: the player bar's timecode counts frames where the user picks one — paused or
/// scrubbing — and whole seconds while playing (the review saw "0:02 f22" racing by).
final class CadenceTimecodeTests: XCTestCase {
    func timecode(_ h: EditorHarness) -> String { h.element("timecode")!.label }

    func testFramesShowWhilePausedOrScrubbingAndWholeSecondsWhilePlaying() {
        let h = EditorHarness()
        XCTAssertEqual(timecode(h), "0:00 f00 / 0:21", "paused: the frame")
        h.frame([.key(.space, time: h.now)]) // play
        h.run(until: h.now + .seconds(1.5))
        XCTAssertEqual(timecode(h), "0:01 / 0:21", "playing: whole seconds")
        h.session.setVisible(false) // low-frequency mode: seconds cadence
        h.run(until: h.now + .seconds(1))
        XCTAssertEqual(h.state.cadence, .seconds)
        XCTAssertEqual(timecode(h), "0:02 / 0:21", "hidden, still playing: whole seconds")
        h.session.setVisible(true)
        h.frame([.key(.space, time: h.now)]) // pause
        XCTAssertTrue(timecode(h).hasPrefix("0:02 f"), "paused: the frame again: \(timecode(h))")
        // A finger scrubbing the timeline: frames while it is down, and after it lifts (paused).
        h.drag(from: Point(x: 300, y: 700), to: Point(x: 280, y: 700), hold: true)
        XCTAssertTrue(timecode(h).contains(" f"), timecode(h))
        h.frame([.touch(.up, id: 1, at: Point(x: 280, y: 700), time: h.now)])
        XCTAssertTrue(timecode(h).contains(" f"), timecode(h))
    }

    func testTheSwitchKeepsWholeSecondsAlways() {
        var c = TactileConfiguration()
        c.feel.timecodeFrames = false
        let h = EditorHarness(configuration: c)
        h.frame([.key(.space, time: h.now)])
        h.run(until: h.now + .seconds(1.5))
        XCTAssertEqual(timecode(h), "0:01 / 0:21")
    }
}

/// Issue 47: a replay of a written trace delivers, at its end, the input added latency still holds.
final class AddedLatencyReplayTests: XCTestCase {
    func testAWrittenTraceThatEndsBeforeItsLastTouchIsDueStillDeliversIt() throws {
        var c = TactileConfiguration()
        c.feel.addedLatency = 100
        let session = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, configuration: c)
        let beach = try XCTUnwrap(session.player.runFrame().elements.first { $0.id == "clip:beach" }).hitFrame.center
        // The trace's last event, the lift, comes 80 ms after the touch: it is due 100 ms after that.
        let trace = try Trace.parse(
            [
                #"{"tactile_trace":1,"viewport":{"width":390,"height":844}}"#,
                #"{"t":1,"type":"down","id":1,"x":\#(beach.x),"y":\#(beach.y)}"#,
                #"{"t":1.08,"type":"up","id":1,"x":\#(beach.x),"y":\#(beach.y)}"#,
            ].joined(separator: "\n"))
        var selected: Double?
        session.player.onFrame = { time, output in
            if output.log.contains(where: { $0.kind == "select" }) { selected = selected ?? time.seconds }
        }
        session.player.play(trace)
        XCTAssertEqual(selected ?? 0, 1.18, accuracy: 1e-9, "the lift, held 100 ms, is delivered when due though the trace ended")
        XCTAssertEqual(session.host.state.selection, "beach")
    }
}
