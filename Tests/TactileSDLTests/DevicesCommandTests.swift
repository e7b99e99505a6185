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
        // A panel whose driver sends a mouse press 5 ms after each finger's, three times.
        Thread.detachNewThread {
            WindowInput.play(
                [.init(then: 0.3)]
                    + (0..<3).flatMap { i in
                        [
                            WindowInput.Step({ WindowInput.finger(SDL_FINGERDOWN, x: 0.5, y: 0.5, finger: Int64(i)) }, then: 0.005),
                            WindowInput.Step({ WindowInput.push(SDL_MOUSEBUTTONDOWN, x: 240, y: 160) }, then: 0.2),
                        ]
                    })
        }
        let report = try DeviceReport.watch(seconds: 1.2)
        XCTAssertEqual(report.otherFingersDown, 3)
        XCTAssertEqual(report.mouseDowns, 3)
        XCTAssertEqual(report.emulatedMouseDowns, 3)
        XCTAssertTrue(report.text.contains("WARNING: 3 mouse presses came with finger presses"), report.text)
    }
}
