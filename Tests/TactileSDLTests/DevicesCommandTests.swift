import CSDL2
import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileSDL
@testable import TactileApp

/// `tactile devices`: what SDL sees, and a warning when mouse presses come with the touches.
final class DevicesCommandTests: XCTestCase, RunsAlone {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func testNoPanelIsSaidPlainly() throws {
        let text = try Commands.devices(seconds: 0.1)
        XCTAssertTrue(text.contains("touch devices: none"), text)
        XCTAssertThrowsError(try Commands.devices(seconds: -1))
    }

    func testAMousePressThatComesWithEachTouchIsFlaggedAsPointerEmulation() throws {
        Thread.detachNewThread {
            usleep(300_000)
            for i in 0..<3 {
                var finger = SDL_Event()
                finger.type = SDL_FINGERDOWN.rawValue
                finger.tfinger.touchId = 77; finger.tfinger.fingerId = Int64(i); finger.tfinger.x = 0.5; finger.tfinger.y = 0.5
                SDL_PushEvent(&finger)
                usleep(5_000)
                var mouse = SDL_Event()
                mouse.type = SDL_MOUSEBUTTONDOWN.rawValue
                mouse.button.button = UInt8(SDL_BUTTON_LEFT); mouse.button.x = 240; mouse.button.y = 160
                SDL_PushEvent(&mouse)
                usleep(200_000)
            }
        }
        let report = try DeviceReport.watch(seconds: 1.2)
        XCTAssertEqual(report.otherFingersDown, 3)
        XCTAssertEqual(report.mouseDowns, 3)
        XCTAssertEqual(report.emulatedMouseDowns, 3)
        XCTAssertTrue(report.text.contains("WARNING: 3 mouse presses came with finger presses"), report.text)
    }
}
