import XCTest
import TactileCore
@testable import TactileLab
import TactileInput
import TactileUI
import TactileEditor

/// The pointer location overlay: what its header reads, its crosshairs and its paths.
final class PointerLocationTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let theme = Theme()

    func overlay(trailLength: Int = 300) -> PointerLocation {
        var c = TactileConfiguration.Overlays()
        c.pointerTrailLength = trailLength
        return PointerLocation(configuration: c, velocityWindow: .milliseconds(100))
    }

    func touch(_ phase: TouchPhase, _ id: PointerID, _ x: Double, _ y: Double, ms: Int, pressure: Double? = nil) -> InputEvent {
        var e = InputEvent.touch(phase, id: id, at: Point(x: x, y: y), time: .milliseconds(ms))
        e.pressure = pressure
        return e
    }

    func drawn(_ p: PointerLocation, atMs ms: Int, top: Double = 0) -> [DrawCommand] {
        var list = DrawList()
        p.draw(into: &list, now: .milliseconds(ms), viewport: viewport, top: top, theme: theme)
        XCTAssertEqual(list.commands(in: .topmost).count, list.count, "everything goes to the top layer")
        return list.commands
    }

    func texts(_ commands: [DrawCommand]) -> [String] {
        commands.compactMap {
            if case let .text(run) = $0 { return run.text }; return nil
        }
    }

    /// Lines as (from, to, alpha).
    func lines(_ commands: [DrawCommand]) -> [(from: Point, to: Point, alpha: UInt8)] {
        commands.compactMap {
            if case let .line(a, b, color, _) = $0 { return (a, b, color.a) }; return nil
        }
    }

    func crosshairs(_ commands: [DrawCommand]) -> [(from: Point, to: Point, alpha: UInt8)] {
        lines(commands).filter { $0.from.distance(to: $0.to) == viewport.width || $0.from.distance(to: $0.to) == viewport.height }
    }

    func testTheHeaderReadsCountPositionVelocityAndPressureOfTheLatestFinger() {
        var p = overlay()
        XCTAssertEqual(texts(drawn(p, atMs: 0)), ["P: 0/0", "X: –", "Y: –", "Xv: –", "Yv: –", "Prs: –"], "the header shows before any touch")
        // One finger moving right at 300 pt/s and up at 150 pt/s, a move every 10 ms for 0.2 s.
        var events = [touch(.down, 1, 100, 200, ms: 0, pressure: 0.5)]
        for k in 1...20 { events.append(touch(.move, 1, 100 + 3 * Double(k), 200 - 1.5 * Double(k), ms: 10 * k, pressure: 0.6)) }
        p.update(with: events)
        XCTAssertEqual(texts(drawn(p, atMs: 200)), ["P: 1/1", "X: 160.0", "Y: 170.0", "Xv: 300.0", "Yv: -150.0", "Prs: 0.60"])
        XCTAssertEqual(
            texts(drawn(p, atMs: 400)).filter { $0.hasPrefix("Xv") || $0.hasPrefix("Yv") }, ["Xv: 0.0", "Yv: 0.0"],
            "a finger held still reads no velocity once the window has passed")

        // A second finger without pressure: the header follows it.
        p.update(with: [touch(.down, 2, 50.25, 60, ms: 410)])
        XCTAssertEqual(texts(drawn(p, atMs: 410)), ["P: 2/2", "X: 50.3", "Y: 60.0", "Xv: 0.0", "Yv: 0.0", "Prs: –"])

        // The first finger flicks left and lifts: the header keeps the velocity it lifted with.
        p.update(with: [
            touch(.move, 1, 150, 170, ms: 420, pressure: 0.4), touch(.move, 1, 140, 170, ms: 430, pressure: 0.4),
            touch(.up, 1, 130, 170, ms: 440),
        ])
        XCTAssertEqual(texts(drawn(p, atMs: 900)), ["P: 1/2", "X: 130.0", "Y: 170.0", "Xv: -1000.0", "Yv: 0.0", "Prs: 0.40"])
        p.update(with: [touch(.up, 2, 50, 60, ms: 950)])
        XCTAssertEqual(texts(drawn(p, atMs: 950)).first, "P: 0/2", "the most fingers down stays until the next gesture")
        p.update(with: [touch(.down, 3, 10, 10, ms: 1000)])
        XCTAssertEqual(texts(drawn(p, atMs: 1000)).first, "P: 1/1", "a new gesture counts afresh")
    }

    func testTheHeaderIsADarkBarAcrossTheTopInTheStatusBarBand() {
        guard case let .fillRect(landscape, _, _) = drawn(overlay(), atMs: 0, top: 0).first else { return XCTFail("no header bar") }
        XCTAssertEqual(landscape.minY, 0, "at the top edge with no inset")
        let commands = drawn(overlay(), atMs: 0, top: 47)
        guard case let .fillRect(bar, color, _) = commands.first else { return XCTFail("no header bar: \(commands)") }
        XCTAssertEqual(bar.maxY, 47, "just above the safe area, covering none of the editor")
        XCTAssertGreaterThan(bar.height, 10)
        XCTAssertEqual(bar.width, viewport.width)
        XCTAssertLessThan(Int(color.r) + Int(color.g) + Int(color.b), 60, "dark")
        XCTAssertTrue(color.a > 0 && color.a < 255, "semi-opaque")
        let runs = commands.compactMap {
            if case let .text(run) = $0 { return run }; return nil
        }
        XCTAssertEqual(runs.count, 6)
        XCTAssertTrue(runs.allSatisfy { $0.frame.minY >= bar.minY && $0.frame.maxY <= bar.maxY && $0.font.size <= 12 }, "small text in the bar")
        XCTAssertEqual(Set(runs.map(\.frame.width)).count, 1, "fixed cells: fields stay put as their numbers change")
        XCTAssertEqual(runs.map(\.frame.minX), runs.map(\.frame.minX).sorted())
    }

    func testEachFingerDownHasACrosshairAcrossTheViewportAndADot() {
        var p = overlay()
        p.update(with: [touch(.down, 1, 120, 300, ms: 0), touch(.down, 2, 250, 600, ms: 5)])
        let commands = drawn(p, atMs: 5)
        let cross = crosshairs(commands)
        XCTAssertEqual(cross.count, 4)
        for (x, y) in [(120.0, 300.0), (250.0, 600.0)] {
            XCTAssertTrue(cross.contains { $0.from == Point(x: 0, y: y) && $0.to == Point(x: viewport.width, y: y) }, "horizontal through \(y)")
            XCTAssertTrue(cross.contains { $0.from == Point(x: x, y: 0) && $0.to == Point(x: x, y: viewport.height) }, "vertical through \(x)")
            XCTAssertTrue(
                commands.contains {
                    if case let .fillCircle(c, _, _) = $0 { return c == Point(x: x, y: y) }; return false
                }, "a dot")
        }
        p.update(with: [touch(.move, 1, 130, 310, ms: 20)])
        XCTAssertTrue(crosshairs(drawn(p, atMs: 20)).contains { $0.from == Point(x: 0, y: 310) }, "the crosshair follows the finger")
    }

    func testTheTrailKeepsAtMostTheConfiguredNumberOfPoints() {
        var p = overlay(trailLength: 5)
        p.update(with: [touch(.down, 1, 0, 100, ms: 0)] + (1...21).map { touch(.move, 1, Double($0) * 10, 100, ms: $0 * 8) })
        XCTAssertEqual(p.trail(of: 1), (17...21).map { Point(x: Double($0) * 10, y: 100) }, "the newest five points")
        let commands = drawn(p, atMs: 168)
        XCTAssertEqual(lines(commands).count - crosshairs(commands).count, 4, "four segments join five points")
    }

    func testALiftedGesturesTrailStaysDimmerUntilTheNextTouchDown() {
        var p = overlay()
        p.update(with: [touch(.down, 1, 100, 100, ms: 0), touch(.move, 1, 120, 140, ms: 16), touch(.move, 1, 140, 180, ms: 32)])
        let live = lines(drawn(p, atMs: 32)).filter { $0.from.distance(to: $0.to) < 100 }
        XCTAssertEqual(live.count, 2)
        p.update(with: [touch(.up, 1, 140, 180, ms: 40)])
        XCTAssertTrue(p.isShowing)
        let later = drawn(p, atMs: 60_000)
        XCTAssertTrue(crosshairs(later).isEmpty, "no crosshair once lifted")
        let lifted = lines(later)
        XCTAssertEqual(lifted.map(\.from), live.map(\.from), "the same path a minute later")
        XCTAssertTrue(zip(lifted, live).allSatisfy { $0.alpha < $1.alpha }, "dimmer than while down")

        // Another finger joining and leaving within a gesture keeps the first one's path.
        p.update(with: [touch(.down, 2, 300, 300, ms: 61_000)])
        XCTAssertTrue(p.trail(of: 1).isEmpty, "a touch-down after everything lifted starts a new gesture")
        p.update(with: [touch(.down, 3, 200, 500, ms: 61_100), touch(.move, 2, 310, 320, ms: 61_200), touch(.up, 2, 310, 320, ms: 61_300)])
        XCTAssertEqual(p.trail(of: 2).count, 2, "a finger lifted while another is down keeps its path")
        XCTAssertEqual(texts(drawn(p, atMs: 61_300)).first, "P: 1/2")
        p.update(with: [touch(.cancel, 3, 200, 500, ms: 61_400)])
        XCTAssertEqual(texts(drawn(p, atMs: 61_400)).first, "P: 0/2", "a cancelled finger counts as lifted")
        XCTAssertTrue(crosshairs(drawn(p, atMs: 61_400)).isEmpty)
    }

    func testLosingFocusLiftsEveryFinger() {
        var p = overlay()
        p.update(with: [touch(.down, 1, 100, 100, ms: 0), touch(.down, 2, 200, 200, ms: 0), InputEvent(time: .milliseconds(30), kind: .focusLost)])
        let commands = drawn(p, atMs: 30)
        XCTAssertEqual(texts(commands).first, "P: 0/2")
        XCTAssertTrue(crosshairs(commands).isEmpty)
        p.update(with: [touch(.move, 1, 150, 150, ms: 40)])
        XCTAssertEqual(p.trail(of: 1), [Point(x: 100, y: 100)], "moves of a lifted finger are ignored")
    }
}
