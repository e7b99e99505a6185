import CSDL2
import Foundation
import XCTest
import TactileTestSupport
import TactileCore
import TactileEditor
import TactileHost
@testable import TactileSDL

/// The real window loop on SDL's dummy video driver: SDL events pushed from another thread, as
/// a touchscreen or mouse would deliver them.
final class WindowHostTests: XCTestCase, StartsPrograms {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// Runs the host until `script` has pushed its events and quit.
    func runHost(
        configuration: TactileConfiguration = TactileConfiguration(),
        _ script: @escaping @Sendable (DeviceFrame) -> Void
    ) throws -> (host: WindowHost, states: [EditorState]) {
        let window = WindowRun(configuration: configuration)
        var states: [EditorState] = []
        try window.run(onFrame: { states.append($0.state) }) { frame in script(frame()) }
        return (window.host, states)
    }

    static func push(_ type: SDL_EventType, x: Double, y: Double, which: UInt32 = 0) {
        var e = SDL_Event()
        e.type = type.rawValue
        if type == SDL_MOUSEMOTION {
            e.motion.x = Int32(x); e.motion.y = Int32(y); e.motion.which = which
        } else {
            e.button.x = Int32(x); e.button.y = Int32(y); e.button.button = UInt8(SDL_BUTTON_LEFT); e.button.which = which
        }
        SDL_PushEvent(&e)
    }

    static func quit() { SDLEvents.pushQuit() }

    /// The window's size in pixels: the phone's screen sits centred in it.
    static func windowSize(_ frame: DeviceFrame) -> Size {
        Size(width: frame.screen.x * 2 + frame.screen.width, height: frame.screen.y * 2 + frame.screen.height)
    }

    /// A touchscreen finger event at window fractions (x, y), from touch device `device`.
    static func finger(_ type: SDL_EventType, x: Double, y: Double, device: Int64 = 77, finger: Int64 = 1) {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.touchId = device; e.tfinger.fingerId = finger
        e.tfinger.x = Float(x); e.tfinger.y = Float(y); e.tfinger.pressure = 0.5
        SDL_PushEvent(&e)
    }

    func testARotatedPanelsTouchLandsWhereTheFingerIs() throws {
        // The panel is mounted upside down: where it reports (1 - x, 1 - y), the finger is at (x, y).
        var c = TactileConfiguration()
        c.touchscreen.rotation = 180
        let (_, states) = try runHost(configuration: c) { frame in
            let w = Self.windowSize(frame)
            // City Lights, as in the mouse test, in window fractions, then as the turned panel reports it.
            let x = (frame.screen.x + (195 + 108 + 30) * frame.scale) / w.width, y = (frame.screen.y + 606 * frame.scale) / w.height
            WindowInput.fingerTap(x: 1 - x, y: 1 - y)
            Self.quit()
        }
        XCTAssertEqual(states.last?.selection, "city")
    }

    func testTouchesFromAnotherDeviceAreIgnored() throws {
        var c = TactileConfiguration()
        c.touchscreen.deviceName = "the kiosk's panel"
        let (_, states) = try runHost(configuration: c) { frame in
            let w = Self.windowSize(frame)
            let x = (frame.screen.x + (195 + 108 + 30) * frame.scale) / w.width, y = (frame.screen.y + 606 * frame.scale) / w.height
            WindowInput.fingerTap(x: x, y: y)
            Self.quit()
        }
        XCTAssertNil(states.last?.selection, "the pushed touches come from no device of that name")
    }

    func testIdleWindowRendersOnlyTheFirstFrame() throws {
        let (host, _) = try runHost { _ in
            WindowInput.pause(1.5)
            Self.quit()
        }
        XCTAssertEqual(host.framesPresented, 1, "nothing moved: no frame after the first")
    }

    func testAMouseClickIsOneFingerThatSelectsAndTouchSynthesisedMouseIsDropped() throws {
        // "City Lights" starts at 4.5 s: 108 pt right of the centred playhead at the default zoom.
        let (_, states) = try runHost { frame in
            let p = Point(x: frame.screen.x + (195 + 108 + 30) * frame.scale, y: frame.screen.y + 606 * frame.scale)
            // A mouse event that SDL synthesised from a touch must be ignored.
            Self.push(SDL_MOUSEBUTTONDOWN, x: p.x - 100, y: p.y, which: tactile_SDL_TOUCH_MOUSEID())
            Self.push(SDL_MOUSEBUTTONUP, x: p.x - 100, y: p.y, which: tactile_SDL_TOUCH_MOUSEID())
            WindowInput.pause(0.1)
            WindowInput.click(at: p, hold: 0.05)
            Self.quit()
        }
        XCTAssertEqual(states.last?.selection, "city")
        XCTAssertFalse(states.contains { $0.selection == "beach" }, "the synthesised click on Beach was dropped")
    }
}
