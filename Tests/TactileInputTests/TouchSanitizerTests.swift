import XCTest
import TactileCore
@testable import TactileInput

final class TouchSanitizerTests: XCTestCase {
    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    func testOrdinaryEventsPassUntouched() {
        let events: [InputEvent] = [
            .touch(.down, id: 1, at: p(10, 20), time: .zero), .key(.undo, time: .zero),
            .touch(.up, id: 1, at: p(-40, 900), time: .seconds(0.1)),
        ]
        XCTAssertEqual(TouchSanitizer.sanitize(events, fingers: [:]), events)
    }

    func testNonFinitePositionsTakeTheFingersLastPositionOrAreDropped() {
        let events: [InputEvent] = [
            .touch(.move, id: 1, at: p(.nan, 5), time: .zero), // finger 1 is down at (3, 4)
            .touch(.down, id: 2, at: p(.infinity, 5), time: .zero), // lands nowhere: dropped
            .touch(.move, id: 2, at: p(.nan, .nan), time: .zero), // not down: dropped
            .touch(.down, id: 3, at: p(50, 60), time: .zero),
            .touch(.up, id: 3, at: p(-.infinity, 0), time: .zero), // lifts where it was
            .touch(.up, id: 3, at: p(.nan, 0), time: .zero), // already up: dropped
        ]
        let out = TouchSanitizer.sanitize(events, fingers: [1: p(3, 4)])
        XCTAssertEqual(
            out,
            [
                .touch(.move, id: 1, at: p(3, 4), time: .zero), .touch(.down, id: 3, at: p(50, 60), time: .zero),
                .touch(.up, id: 3, at: p(50, 60), time: .zero),
            ])
    }

    func testHugePositionsAreClampedAndBadPressureDropped() {
        var e = InputEvent.touch(.down, id: 1, at: p(1e300, -.greatestFiniteMagnitude), time: .zero)
        e.pressure = .nan
        let out = TouchSanitizer.sanitize([e], fingers: [:])
        XCTAssertEqual(out, [.touch(.down, id: 1, at: p(TouchSanitizer.limit, -TouchSanitizer.limit), time: .zero)])
        XCTAssertNil(out[0].pressure)
    }
}
