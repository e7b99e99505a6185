import XCTest
import TactileCore
import TactileUI
import TactileInput
import TactileEditor
import TactileKiosk
@testable import TactileHost

/// A kiosk left alone dims, and the frame loop then runs in low-frequency mode: on the virtual
/// clock, the frames that were due ran, and none after the screen went dark until a touch.
final class KioskDimmingTests: XCTestCase {
    func testADimmedKioskRunsNoFramesForAnHourAndATouchWakesIt() {
        var c = TactileConfiguration()
        c.kiosk.dimAfter = 5
        c.kiosk.burnInShift = 0 // no burn-in shifts either: nothing at all while dimmed
        c.kiosk.attractPause = 1
        let tour = Trace(
            viewport: Size(width: 390, height: 844),
            events: [
                .touch(.down, id: 1, at: Point(x: 300, y: 700), time: .seconds(0.5)),
                .touch(.move, id: 1, at: Point(x: 250, y: 700), time: .seconds(0.6)),
                .touch(.up, id: 1, at: Point(x: 250, y: 700), time: .seconds(0.7)),
            ])
        let demo = DemoProject.make()
        let s = HostSession(
            project: demo, configuration: c, measurer: FixedWidthTextMeasurer(), viewport: Size(width: 390, height: 844),
            kiosk: KioskSetup(attractTrace: tour, demo: demo))
        var now = Time.zero
        var presented = 0
        func step(_ input: [InputEvent] = []) { if s.step(input, now: now).drawList != nil { presented += 1 } }
        step()
        // Everything that is due, for an hour of virtual time.
        while let due = s.nextDue(after: now), due.time <= .seconds(3600) {
            now = max(now + Time(ticks: 1), due.time)
            step()
        }
        XCTAssertEqual(s.kiosk?.phase, .dimmed)
        XCTAssertTrue(s.isLowFrequency)
        XCTAssertLessThan(now, .seconds(5.1), "the last frame ran when the screen dimmed: \(now.seconds) s")
        XCTAssertNil(s.nextDue(after: now), "dimmed: no frames at all, no overlays, no clock")
        XCTAssertTrue(s.lastOutput.map { _ in true } ?? false)
        let dimmedPicture = s.picture(at: now)
        XCTAssertTrue(
            dimmedPicture.commands.contains {
                if case let .fillRect(r, color, _) = $0 { return r.size == Size(width: 390, height: 844) && color.a == UInt8((0.85 * 255).rounded()) };
                return false
            }, "the picture is laid under black at kiosk.dimOpacity")
        let framesBefore = s.framesRun
        now = .seconds(3600)
        step([.touch(.down, id: 1, at: Point(x: 200, y: 400), time: now)])
        XCTAssertEqual(s.kiosk?.phase, .visitor, "a touch wakes it: a visitor")
        XCTAssertFalse(s.isLowFrequency)
        XCTAssertGreaterThan(s.framesRun, framesBefore)
    }
}

extension KioskDimmingTests {
    func testTheAttractTourIsNotTimedAsInputButAVisitorIs() {
        var c = TactileConfiguration()
        c.kiosk.dimAfter = 0
        let tour = Trace(
            viewport: Size(width: 390, height: 844),
            events: [
                .touch(.down, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.5)), .touch(.up, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.58)),
            ])
        let demo = DemoProject.make()
        let s = HostSession(
            project: demo, configuration: c, measurer: FixedWidthTextMeasurer(), viewport: Size(width: 390, height: 844),
            kiosk: KioskSetup(attractTrace: tour, demo: demo))
        var timed: [String] = []
        s.add(SessionEvents(latency: { timed.append($0.gesture) }))
        func step(_ input: [InputEvent], at t: Double) {
            let now = Time.seconds(t)
            if s.step(input, now: now).drawList != nil { s.didPresent(PresentTiming(renderBegan: now, presentBegan: now, presented: now)) }
        }
        for t in stride(from: 0.0, through: 2, by: 0.05) { step([], at: t) }
        XCTAssertTrue(timed.isEmpty, "the tour's tap is no one's input: \(timed)")
        step([.touch(.down, id: 1, at: Point(x: 249, y: 606), time: .seconds(3))], at: 3)
        step([], at: 3.02)
        step([.touch(.up, id: 1, at: Point(x: 249, y: 606), time: .seconds(3.1))], at: 3.1)
        XCTAssertFalse(timed.isEmpty, "the visitor's tap is timed")
    }
}
