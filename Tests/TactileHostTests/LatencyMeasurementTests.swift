import XCTest
import TactileCore
@testable import TactileLab
import TactileUI
import TactileInput
import TactileEditor
@testable import TactileHost

/// Input-to-present latency: each input frame's oldest arrival to the moment the shell said its
/// picture was presented, split into waiting, UI pass, rendering and present, named by the
/// gesture it served, and shown by the frame monitor.
final class LatencyMeasurementTests: XCTestCase {
    let clock = VirtualClock()
    var samples: [LatencySample] = []

    func session(_ adjust: (inout TactileConfiguration) -> Void = { _ in }) -> HostSession {
        var configuration = TactileConfiguration()
        adjust(&configuration)
        let s = HostSession(
            project: DemoProject.make(), configuration: configuration, measurer: FixedWidthTextMeasurer(),
            viewport: Size(width: 390, height: 844), services: HostServices(stopwatch: clock))
        s.add(SessionEvents(latency: { self.samples.append($0) }))
        return s
    }

    /// One step at `now` (ms) with `events`, the UI pass taking `ui` ms; presented (when there is
    /// a picture) with `render` ms of drawing and `present` ms of present.
    @discardableResult
    func step(_ s: HostSession, _ events: [InputEvent], at now: Double, ui: Double = 3, render: Double = 2, present: Double = 1) -> Bool {
        clock.advance(to: .seconds(now / 1000))
        let t = clock.now
        clock.advance(to: t + .seconds(ui / 1000))
        let frame = s.step(events, now: t)
        guard frame.drawList != nil else { return false }
        let began = clock.now
        clock.advance(by: .seconds(render / 1000))
        let presentBegan = clock.now
        clock.advance(by: .seconds(present / 1000))
        s.didPresent(PresentTiming(renderBegan: began, presentBegan: presentBegan, presented: clock.now))
        return true
    }

    func touch(_ phase: TouchPhase, x: Double, at ms: Double) -> InputEvent {
        .touch(phase, id: 1, at: Point(x: x, y: 606), time: .seconds(ms / 1000))
    }

    func testAnInputFramesLatencyRunsFromItsOldestEventToThePresentAndItsPartsAddUp() throws {
        let s = session()
        step(s, [], at: 0)
        XCTAssertTrue(samples.isEmpty, "a frame without input has no latency")
        // A tap on Beach (it selects the clip): down and up arrive 4 and 1 ms before the frame's work begins.
        step(s, [touch(.down, x: 249, at: 996), touch(.up, x: 249, at: 999)], at: 1000, ui: 3, render: 2, present: 1)
        let sample = try XCTUnwrap(samples.last)
        XCTAssertEqual(sample.events, 2)
        XCTAssertEqual(sample.total.seconds * 1000, 10, accuracy: 0.001, "4 waiting + 3 UI + 2 rendering + 1 present")
        XCTAssertEqual(sample.waiting.seconds * 1000, 4, accuracy: 0.001)
        XCTAssertEqual(sample.uiPass.seconds * 1000, 3, accuracy: 0.001)
        XCTAssertEqual(sample.rendering.seconds * 1000, 2, accuracy: 0.001)
        XCTAssertEqual(sample.present.seconds * 1000, 1, accuracy: 0.001)
        XCTAssertEqual(sample.gesture, "tap")
        let line = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sample.jsonLine.utf8)) as? [String: Any])
        XCTAssertEqual(line["total"] as? Double, 10)
        XCTAssertEqual(line["gesture"] as? String, "tap")
    }

    func testEachInputFrameIsNamedByTheGestureItServed() {
        let s = session()
        step(s, [], at: 0)
        step(s, [touch(.down, x: 250, at: 1000)], at: 1002)
        for i in 1...6 { step(s, [touch(.move, x: 250 - Double(i) * 8, at: 1000 + Double(i) * 16)], at: 1002 + Double(i) * 16) }
        step(s, [touch(.up, x: 202, at: 1120)], at: 1122)
        // (The touch down changes nothing on screen — the paused timecode already counts frames —
        // so its frame presents nothing and has no latency to measure.)
        XCTAssertFalse(samples.isEmpty)
        XCTAssertTrue(samples.allSatisfy { $0.gesture == "scroll" }, "a horizontal pan on the timeline scrolls: \(samples.map(\.gesture))")
        step(s, [.key(.undo, time: .seconds(2))], at: 2001)
        XCTAssertEqual(samples.last?.gesture, "keyboard")
    }

    /// The review's case: a drag on the scrub bar (the trim recogniser's precise drag) was
    /// counted among the trims.
    func testAScrubBarDragIsCountedAsAScrubNotATrim() throws {
        let s = session()
        step(s, [], at: 0)
        let bar = try XCTUnwrap(s.lastOutput?.elements.first { $0.id == "scrubBar" }).frame
        func at(_ phase: TouchPhase, _ x: Double, _ ms: Double) -> InputEvent { .touch(phase, id: 1, at: Point(x: x, y: bar.midY), time: .seconds(ms / 1000)) }
        step(s, [at(.down, 100, 1000)], at: 1002)
        for i in 1...6 { step(s, [at(.move, 100 + Double(i) * 8, 1000 + Double(i) * 16)], at: 1002 + Double(i) * 16) }
        step(s, [at(.up, 148, 1120)], at: 1122)
        XCTAssertGreaterThan(samples.count, 4)
        XCTAssertTrue(samples.dropFirst().allSatisfy { $0.gesture == "scrub" }, "\(samples.map(\.gesture))")
        XCTAssertEqual(GestureOfFrame.served("trim", on: "clip:a.trimHandle.trailing"), "trim", "a trim handle's drag is a trim")
        XCTAssertEqual(GestureOfFrame.served("trim", on: "clip:a.fadeIn"), "fade")
        XCTAssertEqual(GestureOfFrame.served("scroll", on: "scrubBar"), "scroll")
    }

    func testAddedLatencyIsPartOfTheWaiting() throws {
        let s = session { $0.feel.addedLatency = 50 }
        step(s, [], at: 0)
        // A tap on Beach: down and up, each seen 50 ms after it arrived.
        step(s, [touch(.down, x: 249, at: 1000)], at: 1000)
        step(s, [touch(.up, x: 249, at: 1040)], at: 1040)
        XCTAssertTrue(samples.isEmpty, "the touches are held back: no input frame yet")
        step(s, [], at: 1050)
        step(s, [], at: 1090)
        let sample = try XCTUnwrap(samples.last)
        XCTAssertEqual(sample.gesture, "tap")
        XCTAssertEqual(sample.waiting.seconds * 1000, 50, accuracy: 0.001)
        XCTAssertEqual(sample.total.seconds * 1000, 56, accuracy: 0.001)
    }

    /// The photon patch's colour at `rect` in the session's picture, when it is there.
    func patch(_ s: HostSession, at rect: Rect) -> Color? {
        s.picture(at: clock.now).commands.compactMap { c -> Color? in
            if case let .fillRect(r, color, _) = c, r == rect { return color }; return nil
        }.last
    }

    func testPhotonModeFlipsAPatchOnEachTouchDownAndTheFrameThatShowedItKeepsItsPresentTime() throws {
        let s = session {
            $0.overlays.photon = true; $0.overlays.photonPlace = .topRight; $0.overlays.photonSize = 50
        }
        let corner = Rect(x: 340, y: 0, width: 50, height: 50)
        step(s, [], at: 0)
        XCTAssertEqual(patch(s, at: corner), .black, "black until the first touch")
        step(s, [touch(.down, x: 249, at: 998)], at: 1000)
        XCTAssertEqual(patch(s, at: corner), .white, "the first touch-down flips it white")
        let flip = try XCTUnwrap(samples.last)
        XCTAssertEqual(flip.photonFlip, 1)
        let line = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(flip.jsonLine.utf8)) as? [String: Any])
        XCTAssertEqual(line["photonFlip"] as? Double, 1)
        XCTAssertEqual(line["photonColor"] as? String, "white")
        XCTAssertEqual(line["presented"] as? Double, flip.presentation.presented.seconds, "the flip's present time, to line up with the outside measurement")
        step(s, [touch(.up, x: 249, at: 1060)], at: 1062)
        XCTAssertNil(samples.last?.photonFlip, "a lift flips nothing")
        XCTAssertEqual(patch(s, at: corner), .white)
        step(s, [touch(.down, x: 100, at: 1500)], at: 1502)
        XCTAssertEqual(patch(s, at: corner), .black, "the next touch-down flips it back")
        XCTAssertEqual(samples.last?.photonFlip, 2)
    }

    func testTwoFingersLandingInOneFrameFlipThePatchOnce() throws {
        let s = session {
            $0.overlays.photon = true; $0.overlays.photonPlace = .topLeft
        }
        step(s, [], at: 0)
        step(s, [touch(.down, x: 100, at: 998), .touch(.down, id: 2, at: Point(x: 200, y: 606), time: .seconds(0.998))], at: 1000)
        XCTAssertEqual(samples.last?.photonFlip, 1, "one change of colour, one flip")
        XCTAssertEqual(patch(s, at: Rect(x: 0, y: 0, width: 60, height: 60)), .white)
    }

    func testThePhotonPatchFollowsTheFingerWhereItWentDown() {
        let s = session {
            $0.overlays.photon = true; $0.overlays.photonSize = 40
        }
        step(s, [], at: 0)
        step(s, [touch(.down, x: 249, at: 998)], at: 1000)
        XCTAssertEqual(patch(s, at: Rect(x: 229, y: 586, width: 40, height: 40)), .white, "centred on the finger")
    }

    func testTheFrameMonitorGraphsLatencyWithItsP50AndP99() {
        let s = session { $0.overlays.monitor = true }
        step(s, [], at: 0)
        XCTAssertTrue(texts(s.picture(at: clock.now)).contains("in-app: no input yet"))
        step(s, [touch(.down, x: 250, at: 1000)], at: 1000, ui: 2) // 5 ms
        for i in 1...9 { step(s, [touch(.move, x: 250, at: 1000 + Double(i) * 16)], at: 1000 + Double(i) * 16, ui: 2) }
        step(s, [touch(.up, x: 250, at: 1200)], at: 1200, ui: 30) // 33 ms
        let shown = texts(s.picture(at: clock.now))
        XCTAssertTrue(shown.contains("in-app p50 5.0 · p99 33.0 ms"), "\(shown)")
        XCTAssertTrue(shown.contains("33.0 ms"), "the last input frame's latency beside the graph: \(shown)")
    }

    /// The feel lab's review: after a flip the monitor kept pooling (a base stretch after four
    /// drags at +50 ms read p50 79.1 while base's own frames were p50 31.7). A flip starts the
    /// figures afresh, the added latency is not counted, and A and B are read side by side.
    func testAFlipStartsTheMonitorAfreshAndTheLabPanelReadsAAndBSideBySide() throws {
        var configuration = TactileConfiguration()
        configuration.overlays.monitor = true
        var services = HostServices(stopwatch: clock)
        // (The feel section is all a flip here changes; TactileHeadless holds the whole schema.)
        services.schema = ConfigurationSchema(sections: [TactileConfiguration.Feel.self, TactileConfiguration.Overlays.self])
        let s = HostSession(
            project: DemoProject.make(), configuration: configuration, measurer: FixedWidthTextMeasurer(),
            viewport: Size(width: 390, height: 844), services: services)
        s.startVariants(live: nil, other: "lat50")
        s.placePanel(outside: true)
        step(s, [], at: 0)
        // Steps whenever the session asks to (what is held back by added latency comes out when due), up to `t` ms.
        func run(until t: Double) {
            while let due = s.nextWork(after: clock.now), due.time.seconds * 1000 < t - 0.001 {
                step(s, [], at: max(clock.now.seconds * 1000, due.time.seconds * 1000))
            }
        }
        func drag(at t: Double) {
            let events =
                [touch(.down, x: 250, at: t)] + (1...3).map { touch(.move, x: 250 - Double($0) * 20, at: t + Double($0) * 16) } + [
                    touch(.up, x: 190, at: t + 64)
                ]
            for e in events {
                run(until: e.time.seconds * 1000)
                step(s, [e], at: e.time.seconds * 1000)
            }
            run(until: t + 200)
        }
        drag(at: 1000)
        s.replay(
            SettingsChange(
                time: .seconds(1.5), source: .flip, variant: "lat50", changes: .object([("feel", .object([("addedLatency", .number(50))]))])))
        step(s, [], at: 1500)
        XCTAssertEqual(s.configuration.feel.addedLatency, 50)
        drag(at: 2000)
        let panel = texts(try XCTUnwrap(s.panelPicture(at: clock.now)))
        let a = try XCTUnwrap(panel.first { $0.hasPrefix("A base") }, "\(panel)")
        XCTAssertTrue(a.hasPrefix("A base: p50 6.0 · p99 6.0 ms ("), a)
        // lat50's own frames, less the 50 ms added on purpose (never base's, never the 50 ms).
        let b = try XCTUnwrap(panel.first { $0.hasPrefix("B lat50") }, "\(panel)")
        XCTAssertTrue(b.hasPrefix("B lat50: p50 6.0 · p99 "), b)
        let p99 = try XCTUnwrap(Double(b.dropFirst("B lat50: p50 6.0 · p99 ".count).prefix { $0 != " " }))
        XCTAssertLessThan(p99, 20, b)
        XCTAssertTrue(panel.contains { $0.hasPrefix("in-app p50 6.0 · p99 ") && $0.hasSuffix("ms (+50 not counted)") }, "\(panel)")
        XCTAssertTrue(panel.contains("under lat50; +50 ms added on purpose, not counted"), "\(panel)")
    }

    func texts(_ list: DrawList) -> [String] {
        list.commands.compactMap {
            if case let .text(run) = $0 { return run.text }; return nil
        }
    }
}
