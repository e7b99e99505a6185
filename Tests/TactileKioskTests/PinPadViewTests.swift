import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileKiosk

/// The PIN pad as an ordinary UI pass: a key counts when the finger lifts on it; a press that
/// slides off types nothing; digits are refused while the pad is locked.
final class PinPadViewTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    var memory = UIMemory(input: TactileConfiguration.Input())

    func pass(_ pad: PinPad, _ touches: [InputEvent], at seconds: Double) -> [PinPad.Key] {
        let ui = UIContext(memory: memory, touches: touches, now: .seconds(seconds), viewport: viewport, measurer: FixedWidthTextMeasurer(), theme: Theme())
        let keys = PinPadView(ui: ui, pad: pad, settings: TactileConfiguration.Kiosk()).draw()
        memory = ui.finish()
        return keys
    }

    func touch(_ phase: TouchPhase, _ p: Point, _ seconds: Double) -> InputEvent { .touch(phase, id: 1, at: p, time: .seconds(seconds)) }

    func testATapOnAKeyTypesItAndAPressThatSlidesOffTypesNothing() {
        let pad = PinPad(verifier: PinVerifier(digits: 2) { $0 == "12" }, timeout: 20, openedAt: .zero)
        let one = PinPad.keys(in: viewport).first { $0.key == .digit(1) }!.frame.center
        XCTAssertEqual(pass(pad, [], at: 0), [], "the first pass lays the keys out")
        XCTAssertEqual(pass(pad, [touch(.down, one, 1)], at: 1), [])
        XCTAssertEqual(pass(pad, [touch(.move, Point(x: one.x, y: one.y + 200), 1.1)], at: 1.1), [])
        XCTAssertEqual(pass(pad, [touch(.up, Point(x: one.x, y: one.y + 200), 1.2)], at: 1.2), [], "lifted off the key: nothing")
        XCTAssertEqual(pass(pad, [touch(.down, one, 2)], at: 2), [])
        XCTAssertEqual(pass(pad, [touch(.up, one, 2.1)], at: 2.1), [.digit(1)])
    }

    func testDigitsAreRefusedWhileLockedButCancelWorks() {
        var pad = PinPad(verifier: PinVerifier(digits: 2) { $0 == "12" }, timeout: 20, openedAt: .zero)
        pad.lock(until: .seconds(60))
        let keys = Dictionary(uniqueKeysWithValues: PinPad.keys(in: viewport).map { ($0.key, $0.frame.center) })
        _ = pass(pad, [], at: 0)
        _ = pass(pad, [touch(.down, keys[.digit(1)]!, 1)], at: 1)
        XCTAssertEqual(pass(pad, [touch(.up, keys[.digit(1)]!, 1.1)], at: 1.1), [], "a disabled key does not tap")
        _ = pass(pad, [touch(.down, keys[.cancel]!, 2)], at: 2)
        XCTAssertEqual(pass(pad, [touch(.up, keys[.cancel]!, 2.1)], at: 2.1), [.cancel])
    }

    func testEveryKeyIsOnScreenInLandscapeAndOnASmallScreen() {
        for size in [Size(width: 844, height: 390), Size(width: 320, height: 480), Size(width: 390, height: 844)] {
            let keys = PinPad.keys(in: size)
            XCTAssertEqual(keys.count, 12)
            for (key, frame) in keys {
                XCTAssertTrue(Rect(origin: .zero, size: size).contains(Point(x: frame.maxX, y: frame.maxY)), "\(key) off screen at \(size)")
                XCTAssertGreaterThanOrEqual(frame.width, 44, "\(key) stays a finger's size at \(size)")
            }
        }
    }
}
