import CSDL2
import Foundation
import TactileCore
@testable import TactileSDL

/// Input to the real window as a hand gives it, in real time: the window's own loop and clock are
/// what these tests look at, so a gesture keeps a finger's pace (a press held, a drag's steps a
/// frame apart) and then leaves the window the time a gesture takes to resolve (a tap waits out
/// the double-tap interval before it is a tap). Points are window pixels.
enum WindowInput {
    /// A click of the mouse (one finger): pressed `hold` seconds, then `settle` seconds left to the window.
    static func click(at p: Point, hold: Double = 0.06, settle: Double = 0.3) {
        WindowHostTests.push(SDL_MOUSEBUTTONDOWN, x: p.x, y: p.y)
        pause(hold)
        WindowHostTests.push(SDL_MOUSEBUTTONUP, x: p.x, y: p.y)
        pause(settle)
    }

    /// A mouse drag from `start` through `points`, a step every `step` seconds; held `rest`
    /// seconds at the last before it lifts, then `settle` seconds left to the window.
    static func drag(from start: Point, through points: [Point], step: Double = 0.016, rest: Double = 0, settle: Double = 0.3) {
        WindowHostTests.push(SDL_MOUSEBUTTONDOWN, x: start.x, y: start.y)
        pause(0.03)
        for p in points {
            WindowHostTests.push(SDL_MOUSEMOTION, x: p.x, y: p.y)
            pause(step)
        }
        pause(rest)
        let end = points.last ?? start
        WindowHostTests.push(SDL_MOUSEBUTTONUP, x: end.x, y: end.y)
        pause(settle)
    }

    /// A tap of a touchscreen finger at window fractions (x, y).
    static func fingerTap(x: Double, y: Double, finger: Int64 = 1, hold: Double = 0.05, settle: Double = 0.3) {
        WindowHostTests.finger(SDL_FINGERDOWN, x: x, y: y, finger: finger)
        pause(hold)
        WindowHostTests.finger(SDL_FINGERUP, x: x, y: y, finger: finger)
        pause(settle)
    }

    /// A key pressed (with Ctrl, Shift), then `settle` seconds left to the window.
    static func key(_ sym: SDL_KeyCode, ctrl: Bool = false, shift: Bool = false, settle: Double = 0.3) {
        SessionRecordingTests.key(sym, ctrl: ctrl, shift: shift)
        pause(settle)
    }

    /// Real time passing while the window runs on its own (an idle loop, an attract tour).
    static func pause(_ seconds: Double) {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}
