import XCTest
import TactileCore
import TactileUI
import TactileInput
import TactileEditor
import TactileKiosk
@testable import TactileHost

/// A kiosk's week on the virtual clock: opening hours, a wake-up touch after hours, burn-in
/// shifts, the nightly restart — with the frames that ran counted.
final class KioskScheduleTests: XCTestCase {
    let hour = 3600.0, day = 86_400.0

    func session(_ edit: (inout TactileConfiguration.Kiosk) -> Void, weekStart: Double) -> HostSession {
        var c = TactileConfiguration()
        c.kiosk.attractPause = 60
        c.kiosk.invitationPulse = 30
        c.kiosk.dimAfter = 0
        edit(&c.kiosk)
        let tour = Trace(
            viewport: Size(width: 390, height: 844),
            events: [
                .touch(.down, id: 1, at: Point(x: 249, y: 606), time: .seconds(1)), .touch(.up, id: 1, at: Point(x: 249, y: 606), time: .seconds(1.08)),
            ])
        let demo = DemoProject.make()
        let s = HostSession(
            project: demo, configuration: c, measurer: FixedWidthTextMeasurer(), viewport: Size(width: 390, height: 844),
            kiosk: KioskSetup(attractTrace: tour, demo: demo))
        s.wallClockOrigin = .seconds(weekStart)
        return s
    }

    /// Steps every instant the session asks for until `end`; the session times of the steps that ran the editor.
    @discardableResult
    func run(_ s: HostSession, from start: Time, until end: Time) -> [Time] {
        var now = start, ran: [Time] = []
        while let due = s.nextDue(after: now), due.time <= end {
            now = max(now + Time(ticks: 1), due.time)
            let before = s.framesRun
            _ = s.step([], now: now)
            if s.framesRun > before { ran.append(now) }
            if s.exited { break }
        }
        return ran
    }

    func testAWeekOfOpeningHoursRunsFramesOnlyWhileOpen() {
        // Weekdays 09:00-18:00, Saturday 10:00-14:00, Sunday closed; starting Monday 08:00.
        let s = session(
            { k in
                for d in [\TactileConfiguration.Kiosk.schedule.monday, \.schedule.tuesday, \.schedule.wednesday, \.schedule.thursday, \.schedule.friday] {
                    k[keyPath: d] = "09:00-18:00"
                }
                k.schedule.saturday = "10:00-14:00"; k.schedule.sunday = "closed"
                k.attractPause = 600 // a tour every ten minutes: a week's frames stay few
            }, weekStart: 8 * hour)
        _ = s.step([], now: .zero)
        XCTAssertEqual(s.kiosk?.phase, .closed, "Monday 08:00: closed")
        XCTAssertTrue(s.isLowFrequency)
        XCTAssertEqual(s.nextDue(after: .zero)?.time, .seconds(hour), "the loop sleeps until 09:00")
        let ran = run(s, from: .zero, until: .seconds(7 * day))
        // Week clock of each frame: (start + t) since Monday 00:00.
        func isOpen(_ t: Time) -> Bool {
            let w = (8 * hour + t.seconds).truncatingRemainder(dividingBy: 7 * day)
            let d = Int(w / day), h = (w - Double(d) * day) / hour
            switch d {
            case 0...4: return h >= 9 && h < 18;
            case 5: return h >= 10 && h < 14;
            default: return false
            }
        }
        let strays = ran.filter { !isOpen($0) && !isOpen($0 - .seconds(1)) }
        XCTAssertTrue(strays.isEmpty, "no frames while closed (but the one that closes): \(strays.prefix(5).map { $0.seconds / hour })")
        XCTAssertGreaterThan(ran.count, 500, "the attract loop ran through the open hours: \(ran.count)")
        // Frames per day: five long days, a short Saturday, nothing on Sunday.
        var perDay = [Int](repeating: 0, count: 7)
        for t in ran { perDay[Int((8 * hour + t.seconds) / day) % 7] += 1 }
        XCTAssertEqual(perDay[6], 0, "Sunday: \(perDay)")
        XCTAssertGreaterThan(perDay[0], perDay[5] * 2 - 10, "a weekday runs about twice Saturday's four hours: \(perDay)")
    }

    func testATouchAfterHoursWakesItForAVisitorThenItSleepsAgain() {
        let s = session(
            {
                $0.schedule.sunday = "closed"; $0.closedWake = 60
            }, weekStart: 6 * day + 12 * hour) // Sunday noon
        _ = s.step([], now: .zero)
        XCTAssertEqual(s.kiosk?.phase, .closed)
        XCTAssertTrue(run(s, from: .zero, until: .seconds(hour)).isEmpty, "an hour of nothing")
        let t = Time.seconds(hour)
        _ = s.step([.touch(.down, id: 1, at: Point(x: 200, y: 400), time: t)], now: t)
        XCTAssertEqual(s.kiosk?.phase, .visitor, "a touch wakes it")
        _ = s.step([.touch(.up, id: 1, at: Point(x: 200, y: 400), time: t + .milliseconds(80))], now: t + .milliseconds(80))
        let after = run(s, from: t + .milliseconds(80), until: t + .seconds(3 * hour))
        XCTAssertEqual(s.kiosk?.phase, .closed, "asleep again after kiosk.closedWake without a touch")
        XCTAssertTrue(after.allSatisfy { $0 <= t + .seconds(61) }, "no frames once asleep: \(after.last?.seconds ?? 0)")
    }

    func testTheBurnInShiftMovesThePictureEveryIntervalButNeverUnderAVisitor() {
        let s = session(
            {
                $0.burnInShift = 4; $0.burnInInterval = 180
            }, weekStart: 10 * hour)
        var shifts: [Point] = []
        for minute in stride(from: 0, through: 12, by: 3) {
            let t = Time.seconds(Double(minute) * 60 + 1)
            shifts.append(s.step([], now: t).shift)
        }
        XCTAssertEqual(shifts, [.zero, Point(x: 4, y: 0), Point(x: 4, y: 4), Point(x: 0, y: 4), Point(x: -4, y: 4)])
        let t = Time.seconds(13 * 60)
        XCTAssertEqual(s.step([.touch(.down, id: 1, at: Point(x: 200, y: 400), time: t)], now: t).shift, .zero, "a visitor: the picture stays put")
    }

    func testWhileDimmedOnlyTheBurnInShiftsRunAFrameEveryInterval() {
        let s = session(
            {
                $0.dimAfter = 60; $0.burnInShift = 4; $0.burnInInterval = 180
            }, weekStart: 10 * hour)
        _ = s.step([], now: .zero)
        run(s, from: .zero, until: .seconds(61))
        XCTAssertEqual(s.kiosk?.phase, .dimmed)
        var now = Time.seconds(61), pictures: [Double] = [], steps = 0
        while let due = s.nextDue(after: now), due.time <= .seconds(61 + hour) {
            now = max(now + Time(ticks: 1), due.time)
            steps += 1
            if s.step([], now: now).drawList != nil { pictures.append(now.seconds) }
        }
        XCTAssertEqual(steps, 20, "woken once per 3-minute shift in an hour, never between")
        XCTAssertEqual(pictures.count, 20, "each time a picture, moved: \(pictures)")
    }

    func testTheNightlyRestartWaitsForTheVisitorToLeave() {
        // Monday 03:59:30, in the attract loop: at 04:00 it asks to restart.
        let s = session({ $0.restartAt = "04:00" }, weekStart: 3 * hour + 59 * 60 + 30)
        run(s, from: .zero, until: .seconds(60))
        XCTAssertTrue(s.exited)
        XCTAssertTrue(s.restartRequested)
        XCTAssertEqual(s.nextDue(after: .zero).map { _ in true }, s.nextDue(after: .zero).map { _ in true })

        // The same, with a visitor at the screen at 04:00: the restart waits until they leave.
        let busy = session(
            {
                $0.restartAt = "04:00"; $0.idleTimeout = 90
            }, weekStart: 3 * hour + 59 * 60 + 30)
        _ = busy.step([.touch(.down, id: 1, at: Point(x: 200, y: 400), time: .seconds(20))], now: .seconds(20))
        _ = busy.step([.touch(.up, id: 1, at: Point(x: 200, y: 400), time: .seconds(20.1))], now: .seconds(20.1))
        _ = busy.step([], now: .seconds(40))
        XCTAssertFalse(busy.exited, "04:00 came with a visitor there")
        run(busy, from: .seconds(40), until: .seconds(600))
        XCTAssertTrue(busy.restartRequested, "after they left (idle 90 s), it restarted")
    }
}

extension KioskScheduleTests {
    func testAVisitorsScreenLeftUntouchedShiftsTooButNotWhileTouched() {
        let s = session(
            {
                $0.burnInShift = 4; $0.burnInInterval = 30; $0.idleTimeout = 600
            }, weekStart: 10 * hour)
        _ = s.step([], now: .zero)
        let t = Time.seconds(5)
        XCTAssertEqual(s.step([.touch(.down, id: 1, at: Point(x: 20, y: 30), time: t)], now: t).shift, .zero)
        _ = s.step([.touch(.up, id: 1, at: Point(x: 20, y: 30), time: t + .milliseconds(80))], now: t + .milliseconds(80))
        XCTAssertEqual(s.kiosk?.phase, .visitor)
        XCTAssertEqual(s.step([], now: .seconds(20)).shift, .zero, "15 s untouched: still the visitor's")
        XCTAssertEqual(s.nextDue(after: .seconds(20))?.reason, "kiosk burn-in shift")
        XCTAssertEqual(s.step([], now: .seconds(36)).shift, Point(x: 4, y: 0), "a whole interval untouched: an idle screen, shifted")
        XCTAssertEqual(
            s.step([.touch(.down, id: 1, at: Point(x: 20, y: 30), time: .seconds(40))], now: .seconds(40)).shift, .zero,
            "touched again: back in place")
    }
}
