import CSDL2
import Foundation
import TactileAppTesting
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

    func testARotatedPanelsTouchLandsWhereTheFingerIs() throws {
        // The panel is mounted upside down: where it reports (1 - x, 1 - y), the finger is at (x, y).
        var c = TactileConfiguration()
        c.touchscreen.rotation = 180
        let (_, states) = try runHost(configuration: c) { frame in
            let w = WindowInput.windowSize(frame)
            // City Lights, as in the mouse test, in window fractions, then as the turned panel reports it.
            let x = (frame.screen.x + (195 + 108 + 30) * frame.scale) / w.width, y = (frame.screen.y + 606 * frame.scale) / w.height
            WindowInput.fingerTap(x: 1 - x, y: 1 - y)
            WindowInput.quit()
        }
        XCTAssertEqual(states.last?.selection, "city")
    }

    func testTouchesFromAnotherDeviceAreIgnored() throws {
        var c = TactileConfiguration()
        c.touchscreen.deviceName = "the kiosk's panel"
        let (_, states) = try runHost(configuration: c) { frame in
            let w = WindowInput.windowSize(frame)
            let x = (frame.screen.x + (195 + 108 + 30) * frame.scale) / w.width, y = (frame.screen.y + 606 * frame.scale) / w.height
            WindowInput.fingerTap(x: x, y: y)
            WindowInput.quit()
        }
        XCTAssertNil(states.last?.selection, "the pushed touches come from no device of that name")
    }

    func testIdleWindowRendersOnlyTheFirstFrame() throws {
        let (host, _) = try runHost { _ in
            WindowInput.pause(1.5)
            WindowInput.quit()
        }
        XCTAssertEqual(host.framesPresented, 1, "nothing moved: no frame after the first")
    }

    func testAMouseClickIsOneFingerThatSelectsAndTouchSynthesisedMouseIsDropped() throws {
        // "City Lights" starts at 4.5 s: 108 pt right of the centred playhead at the default zoom.
        let (_, states) = try runHost { frame in
            let p = Point(x: frame.screen.x + (195 + 108 + 30) * frame.scale, y: frame.screen.y + 606 * frame.scale)
            // A mouse event that SDL synthesised from a touch must be ignored.
            WindowInput.push(SDL_MOUSEBUTTONDOWN, x: p.x - 100, y: p.y, which: tactile_SDL_TOUCH_MOUSEID())
            WindowInput.push(SDL_MOUSEBUTTONUP, x: p.x - 100, y: p.y, which: tactile_SDL_TOUCH_MOUSEID())
            WindowInput.pause(0.1)
            WindowInput.click(at: p, hold: 0.05)
            WindowInput.quit()
        }
        XCTAssertEqual(states.last?.selection, "city")
        XCTAssertFalse(states.contains { $0.selection == "beach" }, "the synthesised click on Beach was dropped")
    }
}
