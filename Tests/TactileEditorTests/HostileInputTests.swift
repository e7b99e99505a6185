import XCTest
import TactileCore
import TactileInput
import TactileUI
@testable import TactileEditor

/// Hostile touch streams: unknown ids, ups without downs, double downs, far-away points,
/// focus loss mid-gesture, keys in between. Nothing crashes and the project stays valid.
final class HostileInputTests: XCTestCase {
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    func testRandomTouchStormsKeepTheEditorSound() throws {
        var rng = SeededRandom(state: 42)
        let h = EditorHarness()
        let phases: [TouchPhase] = [.down, .move, .move, .up, .cancel]
        for step in 0..<4000 {
            h.now += .milliseconds(Int.random(in: 0...40, using: &rng))
            var events: [InputEvent] = []
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                let p = Point(x: Double.random(in: -500...900, using: &rng), y: Double.random(in: -500...1400, using: &rng))
                if Int.random(in: 0..<50, using: &rng) == 0 {
                    events.append(.key(Key.allCases.randomElement(using: &rng)!, time: h.now))
                } else if Int.random(in: 0..<200, using: &rng) == 0 {
                    events.append(InputEvent(time: h.now, kind: .focusLost))
                } else {
                    events.append(.touch(phases.randomElement(using: &rng)!, id: Int.random(in: -2...9, using: &rng), at: p, time: h.now))
                }
            }
            h.frame(events)
            if step % 100 == 0 { XCTAssertNoThrow(try ProjectFile.validate(h.state.project), "step \(step)") }
        }
        XCTAssertNoThrow(try ProjectFile.validate(h.state.project))
        XCTAssertLessThanOrEqual(h.state.ui.fingers.count, 12, "fingers that lifted are forgotten")
    }
}
