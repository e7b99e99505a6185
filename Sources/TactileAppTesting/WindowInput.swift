import CSDL2
import Foundation
import TactileCore
@testable import TactileSDL

/// Input to the real window as a hand gives it, in real time: the window's own loop and clock are
/// what these tests look at, so a gesture keeps a finger's pace (a press held, a drag's steps a
/// frame apart) and then leaves the window the time a gesture takes to resolve (a tap waits out
/// the double-tap interval before it is a tap). Points are window pixels.
public enum WindowInput {
    /// One step of a hand's gesture: an event given to the window, then time left to it.
    public struct Step {
        public var give: () -> Void
        public var wait: Double
        public init(_ give: @escaping () -> Void = {}, then wait: Double) { self.give = give; self.wait = wait }
    }

    /// Plays a gesture at a hand's pace: each step's event, then its time (the one place these
    /// tests let real time pass while the window runs: the window's own clock is their subject).
    public static func play(_ steps: [Step]) {
        for step in steps {
            step.give()
            if step.wait > 0 { Thread.sleep(forTimeInterval: step.wait) }
        }
    }

    /// A click of the mouse (one finger): pressed `hold` seconds, then `settle` seconds left to the window.
    public static func click(at p: Point, hold: Double = 0.06, settle: Double = 0.3) {
        play([
            Step({ push(SDL_MOUSEBUTTONDOWN, x: p.x, y: p.y) }, then: hold),
            Step({ push(SDL_MOUSEBUTTONUP, x: p.x, y: p.y) }, then: settle),
        ])
    }

    /// A mouse drag from `start` through `points`, a step every `step` seconds; held `rest`
    /// seconds at the last before it lifts, then `settle` seconds left to the window.
    public static func drag(from start: Point, through points: [Point], step: Double = 0.016, rest: Double = 0, settle: Double = 0.3) {
        let end = points.last ?? start
        play(
            [Step({ push(SDL_MOUSEBUTTONDOWN, x: start.x, y: start.y) }, then: 0.03)]
                + points.map { p in Step({ push(SDL_MOUSEMOTION, x: p.x, y: p.y) }, then: step) }
                + [Step(then: rest), Step({ push(SDL_MOUSEBUTTONUP, x: end.x, y: end.y) }, then: settle)])
    }

    /// A tap of a touchscreen finger at window fractions (x, y).
    public static func fingerTap(x: Double, y: Double, finger: Int64 = 1, hold: Double = 0.05, settle: Double = 0.3) {
        play([
            Step({ Self.finger(SDL_FINGERDOWN, x: x, y: y, finger: finger) }, then: hold),
            Step({ Self.finger(SDL_FINGERUP, x: x, y: y, finger: finger) }, then: settle),
        ])
    }

    /// A key pressed (with Ctrl, Shift), then `settle` seconds left to the window.
    public static func key(_ sym: SDL_KeyCode, ctrl: Bool = false, shift: Bool = false, settle: Double = 0.3) {
        play([Step({ pressKey(sym, ctrl: ctrl, shift: shift) }, then: settle)])
    }

    public static func push(_ type: SDL_EventType, x: Double, y: Double, which: UInt32 = 0) {
        var e = SDL_Event()
        e.type = type.rawValue
        if type == SDL_MOUSEMOTION {
            e.motion.x = Int32(x); e.motion.y = Int32(y); e.motion.which = which
        } else {
            e.button.x = Int32(x); e.button.y = Int32(y); e.button.button = UInt8(SDL_BUTTON_LEFT); e.button.which = which
        }
        SDL_PushEvent(&e)
    }

    public static func quit() { SDLEvents.pushQuit() }

    /// The window's size in pixels: the phone's screen sits centred in it.
    public static func windowSize(_ frame: DeviceFrame) -> Size {
        Size(width: frame.screen.x * 2 + frame.screen.width, height: frame.screen.y * 2 + frame.screen.height)
    }

    /// A touchscreen finger event at window fractions (x, y), from touch device `device`.
    public static func finger(_ type: SDL_EventType, x: Double, y: Double, device: Int64 = 77, finger: Int64 = 1) {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.touchId = device; e.tfinger.fingerId = finger
        e.tfinger.x = Float(x); e.tfinger.y = Float(y); e.tfinger.pressure = 0.5
        SDL_PushEvent(&e)
    }

    public static func pressKey(_ sym: SDL_KeyCode, ctrl: Bool = false, shift: Bool = false) {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(sym.rawValue)
        e.key.keysym.mod = UInt16((ctrl ? KMOD_LCTRL.rawValue : 0) | (shift ? KMOD_LSHIFT.rawValue : 0))
        SDL_PushEvent(&e)
    }

    /// Real time passing while the window runs on its own (an idle loop, an attract tour).
    public static func pause(_ seconds: Double) { play([Step(then: seconds)]) }
}
