import XCTest
import TactileCore
import TactileInput
@testable import TactileUI

/// A scroll view driven as the editor drives it: ten 60-pt rows, each a button, in a 200-pt
/// window, one pass per phase change.
final class ScrollViewTests: XCTestCase {
    var memory = UIMemory(input: TactileConfiguration().input)
    let window = Rect(x: 20, y: 100, width: 200, height: 200)

    struct Pass {
        var ui: UIContext
        var tapped: [Int]
        var offset: Double
    }

    /// One pass: the scroll view with its rows; `drawn`: false for a pass that leaves it out.
    @discardableResult
    func pass(_ events: [InputEvent], at t: Double = 0, drawn: Bool = true, slider: Bool = false) -> Pass {
        let ui = UIContext(
            memory: memory, touches: events, now: .seconds(t), viewport: Size(width: 390, height: 844), measurer: FixedWidthTextMeasurer(), theme: Theme())
        var tapped: [Int] = []
        var offset = -1.0
        if drawn {
            offset = ui.scrolling("list", window: window, contentHeight: 600) {
                for i in 0..<10 {
                    let row = Rect(x: window.x, y: window.y + Double(i) * 60, width: window.width, height: 60)
                    if ui.button("row\(i)", label: "Row \(i)", frame: row, draw: { _ in ui.fill(row, .white) }) { tapped.append(i) }
                }
            }
        }
        memory = ui.finish()
        return Pass(ui: ui, tapped: tapped, offset: offset)
    }

    func drag(from: Point, to: Point, start: Double = 0) {
        pass([.touch(.down, id: 1, at: from, time: .seconds(start))], at: start)
        for k in 1...6 {
            let t = start + Double(k) * 0.016
            let p = Point(x: from.x + (to.x - from.x) * Double(k) / 6, y: from.y + (to.y - from.y) * Double(k) / 6)
            pass([.touch(.move, id: 1, at: p, time: .seconds(t))], at: t)
        }
        pass([.touch(.up, id: 1, at: to, time: .seconds(start + 0.2))], at: start + 0.2)
    }

    func testOnlyWhatTheWindowShowsTakesTouchesAndIsDrawn() {
        let first = pass([])
        let targets = first.ui.touchTargets
        XCTAssertEqual(targets.first { $0.id == "row0" }?.frame, Rect(x: 20, y: 100, width: 200, height: 60))
        XCTAssertEqual(targets.first { $0.id == "row3" }?.frame, Rect(x: 20, y: 280, width: 200, height: 20), "cut at the window's foot")
        XCTAssertEqual(targets.first { $0.id == "row5" }?.frame.isEmpty, true, "below the window: no touch")
        let commands = first.ui.draw.commands
        XCTAssertEqual(commands.first, .pushClip(window), "its drawing is cut to the window")
        XCTAssertEqual(commands.last, .popClip)
        XCTAssertEqual(first.ui.scrollViews, [ScrollView(id: "list", window: window, contentHeight: 600, offset: 0)])
    }

    func testAnUpwardDragOnAButtonScrollsAndDoesNotTapIt() {
        pass([])
        drag(from: Point(x: 100, y: 280), to: Point(x: 100, y: 130))
        let after = pass([], at: 0.3)
        // It took hold at the first step past the tap slop (25 pt up), and followed the finger from there.
        XCTAssertEqual(after.offset, 150 - 25, accuracy: 0.5)
        XCTAssertEqual(after.ui.elements.first { $0.id == "row5" }?.frame.y ?? 0, 100 + 300 - 125, accuracy: 0.5, "its rows moved with it")
        XCTAssertEqual(after.tapped, [])
        // A tap now lands on what is drawn under the finger: 10 pt into the window is 135 pt into the rows, row 2.
        pass([.touch(.down, id: 2, at: Point(x: 100, y: 110), time: .seconds(1))], at: 1)
        XCTAssertEqual(pass([.touch(.up, id: 2, at: Point(x: 100, y: 110), time: .seconds(1.08))], at: 1.08).tapped, [2])
    }

    func testTheScrollStopsAtEitherEnd() {
        pass([])
        drag(from: Point(x: 100, y: 290), to: Point(x: 100, y: -500))
        XCTAssertEqual(pass([], at: 0.3).offset, 400, "no further than the content's foot")
        drag(from: Point(x: 100, y: 110), to: Point(x: 100, y: 900), start: 1)
        XCTAssertEqual(pass([], at: 1.3).offset, 0)
    }

    func testASidewaysDragStaysWithWhatItLandedOn() {
        pass([])
        drag(from: Point(x: 40, y: 200), to: Point(x: 200, y: 200))
        XCTAssertEqual(pass([], at: 0.3).offset, 0)
        // Once it went sideways, turning up or down does not scroll either (a slider's thumb).
        pass([.touch(.down, id: 1, at: Point(x: 40, y: 200), time: .seconds(1))], at: 1)
        pass([.touch(.move, id: 1, at: Point(x: 80, y: 200), time: .seconds(1.02))], at: 1.02)
        XCTAssertEqual(pass([.touch(.move, id: 1, at: Point(x: 80, y: 20), time: .seconds(1.04))], at: 1.04).offset, 0)
    }

    func testAViewLeftOutOfAPassForgetsItsScroll() {
        pass([])
        drag(from: Point(x: 100, y: 280), to: Point(x: 100, y: 130))
        pass([], at: 0.3, drawn: false)
        XCTAssertEqual(pass([], at: 0.4).offset, 0, "opened again, a sheet starts at its top")
    }

    func testContentThatFitsDoesNotScroll() {
        let ui = UIContext(memory: memory, touches: [], now: .zero, viewport: Size(width: 390, height: 844), measurer: FixedWidthTextMeasurer(), theme: Theme())
        XCTAssertEqual(ui.scrolling("short", window: window, contentHeight: 150) {}, 0)
        XCTAssertEqual(ui.scrollViews.first?.maximumOffset, 0)
    }

    func testAFlickCoastsOnSlowingToAStopAndARestBeforeLiftingDoesNot() {
        pass([])
        // A flick up: 150 pt in six moves 16 ms apart, lifted at once (about 1,560 pt/s).
        pass([.touch(.down, id: 1, at: Point(x: 100, y: 280), time: .zero)])
        for k in 1...6 {
            let t = Double(k) * 0.016
            pass([.touch(.move, id: 1, at: Point(x: 100, y: 280 - 25 * Double(k)), time: .seconds(t))], at: t)
        }
        let lifted = pass([.touch(.up, id: 1, at: Point(x: 100, y: 130), time: .seconds(0.1))], at: 0.1)
        XCTAssertEqual(lifted.offset, 125, accuracy: 0.5)
        XCTAssertFalse(lifted.ui.requests.isEmpty, "it asks for frames while it coasts")
        let later = pass([], at: 0.2)
        XCTAssertGreaterThan(later.offset, 125 + 50, "it coasted on after the finger lifted")
        let stopped = pass([], at: 3)
        XCTAssertEqual(pass([], at: 3.5).offset, stopped.offset, "and stopped")
        XCTAssertLessThanOrEqual(stopped.offset, 400)
        XCTAssertGreaterThan(stopped.offset, later.offset)
        // The same move, held still a moment before lifting: it stays where it was let go.
        pass([], at: 4)
        drag(from: Point(x: 100, y: 280), to: Point(x: 100, y: 200), start: 5)
        let rested = pass([], at: 5.3).offset
        XCTAssertEqual(pass([], at: 6).offset, rested)
    }
}
