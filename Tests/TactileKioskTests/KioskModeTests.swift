import XCTest
import TactileCore
import TactileInput
@testable import TactileKiosk

/// Kiosk mode's rules, driven by touches and a clock as a visitor and staff would.
final class KioskModeTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let tour = Trace(
        viewport: Size(width: 390, height: 844),
        events: [
            .touch(.down, id: 1, at: Point(x: 249, y: 606), time: .seconds(1)),
            .touch(.up, id: 1, at: Point(x: 249, y: 606), time: .seconds(1.08)),
        ])

    func kiosk(_ edit: (inout TactileConfiguration.Kiosk) -> Void = { _ in }) -> KioskMode {
        var s = TactileConfiguration.Kiosk()
        s.attractPause = 2
        edit(&s)
        return KioskMode(settings: s, attractTrace: tour, now: .zero)
    }

    func t(_ s: Double) -> Time { .seconds(s) }
    func down(_ id: PointerID, _ x: Double, _ y: Double, at s: Double) -> InputEvent { .touch(.down, id: id, at: Point(x: x, y: y), time: t(s)) }
    func up(_ id: PointerID, _ x: Double, _ y: Double, at s: Double) -> InputEvent { .touch(.up, id: id, at: Point(x: x, y: y), time: t(s)) }

    func testTheInvitationPulsesOnACyclicScheduleAndTheLoopWakesOnlyAtItsChanges() {
        var k = kiosk { $0.invitationPulse = 0.4 }
        XCTAssertTrue(k.invitationIsBright(at: t(0.1)))
        XCTAssertFalse(k.invitationIsBright(at: t(0.5)), "dim in the second 0.4 s")
        XCTAssertTrue(k.invitationIsBright(at: t(0.85)))
        XCTAssertEqual(k.nextDue(after: t(0.1))?.time, t(0.4), "the loop wakes when the pulse changes")
        XCTAssertEqual(k.nextDue(after: t(0.1))?.reason, "kiosk invitation pulse")
        XCTAssertEqual(k.nextDue(after: t(0.85))?.time, t(1), "the tour's touch comes before the next change")
        // After the tour's touches, between rounds, only the pulse wakes it.
        _ = k.step([], viewport: viewport, now: t(1.1))
        XCTAssertEqual(k.nextDue(after: t(1.3))?.time, t(1.6))
        // A visitor ends the attract loop; the pulse starts over with the next one.
        _ = k.step([down(1, 100, 100, at: 1.7)], viewport: viewport, now: t(1.7))
        XCTAssertNotEqual(k.nextDue(after: t(1.8))?.reason, "kiosk invitation pulse")
    }

    func testAfterPlayingUntouchedForDimAfterTheScreenDimsAndOnlyATouchWakesIt() {
        var k = kiosk {
            $0.dimAfter = 10; $0.burnInShift = 0
        }
        XCTAssertEqual(k.step([], viewport: viewport, now: t(9)).commands, [.resetToDemo], "rounds go on until then")
        XCTAssertEqual(k.nextDue(after: t(9.5))?.reason, "kiosk dims")
        XCTAssertEqual(k.nextDue(after: t(9.5))?.time, t(10))
        let dim = k.step([], viewport: viewport, now: t(10))
        XCTAssertEqual(k.phase, .dimmed)
        XCTAssertEqual(dim.commands, [.resetToDemo], "the tour stops where a visitor would begin")
        XCTAssertEqual(dim.events, [])
        XCTAssertNil(k.nextDue(after: t(11)), "dimmed: nothing is due at all")
        XCTAssertEqual(k.step([.key(.space, time: t(50))], viewport: viewport, now: t(50)).commands, [], "a key does not wake it")
        let touch = down(1, 100, 300, at: 3600)
        let wake = k.step([touch], viewport: viewport, now: t(3600))
        XCTAssertEqual(wake.commands, [.resetToDemo, .visitorArrived])
        XCTAssertEqual(wake.events, [touch])
        XCTAssertEqual(k.phase, .visitor)
    }

    func testTheAttractLoopPlaysTheTourOnTheWindowsClockAndStartsOverAfterItsPause() {
        var k = kiosk()
        XCTAssertEqual(k.phase, .attract)
        XCTAssertEqual(k.step([], viewport: viewport, now: t(0.5)).events, [])
        XCTAssertEqual(k.nextDue()?.time, t(1), "it wakes for the tour's next touch")
        let first = k.step([], viewport: viewport, now: t(1.1))
        XCTAssertEqual(first.events.map(\.time), [t(1), t(1.08)])
        XCTAssertEqual(first.commands, [])
        XCTAssertEqual(k.nextDue()?.time, t(1.08 + 2), "then for the round's end, after the pause")
        let next = k.step([], viewport: viewport, now: t(3.08))
        XCTAssertEqual(next.commands, [.resetToDemo], "a new round starts from the demo")
        XCTAssertEqual(k.step([], viewport: viewport, now: t(4.2)).events.map(\.time), [t(4.08), t(4.16)])
    }

    func testAnyTouchStopsTheLoopAtOnceAndTheVisitorGetsAFreshDemoAndTheirTouch() {
        var k = kiosk()
        let touch = down(5, 100, 300, at: 0.9)
        let step = k.step([touch], viewport: viewport, now: t(0.9))
        XCTAssertEqual(step.commands, [.resetToDemo, .visitorArrived])
        XCTAssertEqual(step.events, [touch], "the visitor's touch, and none of the tour's")
        XCTAssertEqual(k.phase, .visitor)
        XCTAssertEqual(k.step([], viewport: viewport, now: t(1.5)).events, [], "the tour does not go on under the visitor")
    }

    func testAfterTheIdleTimeoutTheVisitorsSessionEndsAndTheLoopComesBack() {
        var k = kiosk { $0.idleTimeout = 90 }
        _ = k.step([down(1, 100, 300, at: 1)], viewport: viewport, now: t(1))
        _ = k.step([up(1, 100, 300, at: 1.1)], viewport: viewport, now: t(1.1))
        XCTAssertEqual(k.nextDue()?.time, t(91.1), "90 s after the last touch")
        XCTAssertEqual(k.step([], viewport: viewport, now: t(91)).commands, [], "not a moment early")
        let step = k.step([], viewport: viewport, now: t(91.1))
        XCTAssertEqual(step.commands, [.visitorLeft, .resetToDemo])
        XCTAssertEqual(k.phase, .attract)
        XCTAssertEqual(k.step([], viewport: viewport, now: t(92.2)).events.count, 2, "the tour plays again from its start")
    }

    func testFiveFingersHeldForThreeSecondsCloseTheKiosk() {
        var k = kiosk()
        let fingers = (1...5).map { down($0, Double($0) * 60, 400, at: 10) }
        XCTAssertEqual(k.step(fingers, viewport: viewport, now: t(10)).commands, [.resetToDemo, .visitorArrived])
        XCTAssertEqual(k.nextDue()?.time, t(13), "it wakes when the hold would complete")
        XCTAssertEqual(k.step([], viewport: viewport, now: t(12.9)).commands, [])
        XCTAssertTrue(k.isAnimating, "the ring fills while they hold")
        let step = k.step([], viewport: viewport, now: t(13))
        XCTAssertEqual(step.commands, [.exit])
        XCTAssertEqual(step.events.last?.kind, .focusLost, "the editor lets go of the five fingers")
    }

    func testLiftingAFingerBeforeTheEndStopsTheHold() {
        var k = kiosk()
        _ = k.step((1...5).map { down($0, Double($0) * 60, 400, at: 10) }, viewport: viewport, now: t(10))
        _ = k.step([up(3, 180, 400, at: 11)], viewport: viewport, now: t(11))
        XCTAssertEqual(k.step([], viewport: viewport, now: t(14)).commands, [])
        XCTAssertFalse(k.isAnimating)
        _ = k.step([down(6, 180, 400, at: 14)], viewport: viewport, now: t(14))
        XCTAssertEqual(k.step([], viewport: viewport, now: t(16.9)).commands, [], "a new hold starts from zero")
        XCTAssertEqual(k.step([], viewport: viewport, now: t(17)).commands, [.exit])
    }

    func testTheCornerSequenceOpensTheWayOutOnlyInOrderAndInTime() {
        var k = kiosk {
            $0.exitCornerSequence = [.topLeft, .topRight, .bottomRight]; $0.exitFingers = 0
        }
        func tap(_ x: Double, _ y: Double, _ s: Double) -> [KioskMode.Command] {
            k.step([down(1, x, y, at: s), up(1, x, y, at: s + 0.05)], viewport: viewport, now: t(s + 0.05)).commands
        }
        _ = tap(200, 400, 1)
        XCTAssertEqual(tap(10, 10, 2), [])
        XCTAssertEqual(tap(380, 834, 3), [], "out of order: bottom right before top right")
        XCTAssertEqual(tap(10, 10, 4), []); XCTAssertEqual(tap(380, 10, 5), [])
        XCTAssertEqual(tap(380, 834, 6), [.exit])
        var slow = kiosk {
            $0.exitCornerSequence = [.topLeft, .topRight, .bottomRight]; $0.exitCornerTimeout = 6
        }
        for (x, y, s) in [(10.0, 10.0, 1.0), (380.0, 10.0, 4.0), (380.0, 834.0, 7.5)] {
            XCTAssertEqual(
                slow.step([down(1, x, y, at: s), up(1, x, y, at: s + 0.05)], viewport: viewport, now: t(s + 0.05)).commands
                    .filter { $0 == .exit }, [], "6.5 s is too slow")
        }
    }

    func testWithAPinTheWayOutAsksForItAndTouchesGoToThePadNotTheEditor() {
        var k = kiosk {
            $0.pin = "2580"; $0.pinTimeout = 20
        }
        _ = k.step((1...5).map { down($0, Double($0) * 60, 400, at: 10) }, viewport: viewport, now: t(10))
        let opened = k.step([], viewport: viewport, now: t(13))
        XCTAssertEqual(opened.commands, [])
        XCTAssertEqual(k.phase, .pin)
        var clock = 14.0
        func type(_ digits: [Int]) -> [KioskMode.Command] {
            var commands: [KioskMode.Command] = []
            for d in digits {
                let p = Point(x: 100, y: 500)
                let step = k.step(
                    [down(9, p.x, p.y, at: clock), up(9, p.x, p.y, at: clock + 0.05)], viewport: viewport, now: t(clock + 0.05),
                    pinKeys: [.digit(d)])
                XCTAssertEqual(step.events, [], "the editor sees nothing of the PIN")
                commands += step.commands
                clock += 0.3
            }
            return commands
        }
        XCTAssertEqual(type([1, 2, 3, 4]), [], "a wrong PIN keeps the kiosk closed")
        XCTAssertEqual(k.pinPad?.failures, 1)
        XCTAssertEqual(k.pinPad?.entered, "")
        XCTAssertEqual(type([2, 5, 8, 0]), [.exit])
    }

    func testThePinPadClosesOnCancelOrAfterItsTimeoutAndTheVisitorCarriesOn() {
        var k = kiosk {
            $0.pin = "1"; $0.pinTimeout = 20
        }
        _ = k.step((1...5).map { down($0, Double($0) * 60, 400, at: 10) }, viewport: viewport, now: t(10))
        _ = k.step([], viewport: viewport, now: t(13))
        _ = k.step([], viewport: viewport, now: t(14.1), pinKeys: [.cancel])
        XCTAssertEqual(k.phase, .visitor)
        _ = k.step((1...5).map { down($0 + 10, Double($0) * 60, 400, at: 20) }, viewport: viewport, now: t(20))
        _ = k.step([], viewport: viewport, now: t(23))
        XCTAssertEqual(k.phase, .pin)
        XCTAssertEqual(k.nextDue()?.time, t(43))
        _ = k.step([], viewport: viewport, now: t(43))
        XCTAssertEqual(k.phase, .visitor, "an abandoned pad closes by itself")
    }

    func testAKeyDuringTheAttractLoopStartsNoVisitor() {
        var k = kiosk()
        let step = k.step([.key(.escape, time: t(0.5)), .key(.space, time: t(0.5))], viewport: viewport, now: t(0.5))
        XCTAssertEqual(step.commands, [], "no visitor session with no touch")
        XCTAssertEqual(k.phase, .attract)
        XCTAssertEqual(k.step([down(1, 100, 100, at: 0.7)], viewport: viewport, now: t(0.7)).commands, [.resetToDemo, .visitorArrived])
    }

    func testWrongPinsLockThePadForAWhileEvenWhenItIsClosedAndOpenedAgain() {
        var k = kiosk {
            $0.pin = "2580"; $0.pinAttempts = 3; $0.pinLockoutDuration = 60
        }
        var clock = 10.0
        func openPad() {
            let ids = (1...5).map { $0 + Int(clock) * 10 }
            _ = k.step(ids.map { down($0, Double($0 % 10) * 60, 400, at: clock) }, viewport: viewport, now: t(clock))
            _ = k.step([], viewport: viewport, now: t(clock + 3))
            _ = k.step(ids.map { up($0, Double($0 % 10) * 60, 400, at: clock + 3.2) }, viewport: viewport, now: t(clock + 3.2))
            clock += 3.5
        }
        func type(_ digits: [Int]) -> [KioskMode.Command] {
            var commands: [KioskMode.Command] = []
            for d in digits {
                commands += k.step([], viewport: viewport, now: t(clock + 0.05), pinKeys: [.digit(d)]).commands
                clock += 0.3
            }
            return commands
        }
        openPad()
        XCTAssertEqual(k.phase, .pin)
        for _ in 0..<3 { XCTAssertEqual(type([1, 1, 1, 1]), []) }
        guard let locked = k.pinLockedUntil else { return XCTFail("three wrong PINs lock the pad") }
        XCTAssertEqual(locked.seconds, clock - 0.3 + 0.05 + 60, accuracy: 0.01, "locked for a minute from the third wrong PIN")
        XCTAssertEqual(type([2, 5, 8, 0]), [], "the right PIN does nothing while locked")
        XCTAssertEqual(k.pinPad?.entered, "", "digits are refused, not typed")
        XCTAssertEqual(k.nextDue(after: t(clock))?.reason, "kiosk PIN lockout", "the countdown ticks")
        // Cancel and open again: still locked.
        _ = k.step([], viewport: viewport, now: t(clock + 0.1), pinKeys: [.cancel])
        XCTAssertEqual(k.phase, .visitor)
        clock += 1
        openPad()
        XCTAssertEqual(type([2, 5, 8, 0]), [], "still locked after closing and opening the pad")
        // After the lockout, the right PIN opens the way out.
        clock = locked.seconds + 1
        _ = k.step([], viewport: viewport, now: t(clock))
        if k.phase != .pin { openPad() }
        XCTAssertEqual(type([2, 5, 8, 0]), [.exit])
    }
}
