import XCTest
import TactileCore
@testable import TactileInput

/// A panel mounted turned, mis-calibrated and noisy still puts a touch where the finger is.
final class TouchscreenMappingTests: XCTestCase {
    func mapping(_ change: (inout TactileConfiguration.Touchscreen) -> Void) -> TouchscreenMapping {
        var s = TactileConfiguration.Touchscreen()
        change(&s)
        return TouchscreenMapping(settings: s)
    }

    func testRotationTurnsThePanelsCornersOntoTheDisplays() {
        let topLeftOfPanel = Point(x: 0.1, y: 0.2)
        XCTAssertEqual(mapping { _ in }.windowFraction(ofPanel: topLeftOfPanel), Point(x: 0.1, y: 0.2))
        XCTAssertEqual(mapping { $0.rotation = 90 }.windowFraction(ofPanel: topLeftOfPanel), Point(x: 0.8, y: 0.1))
        XCTAssertEqual(mapping { $0.rotation = 180 }.windowFraction(ofPanel: topLeftOfPanel), Point(x: 0.9, y: 0.8))
        XCTAssertEqual(mapping { $0.rotation = 270 }.windowFraction(ofPanel: topLeftOfPanel), Point(x: 0.2, y: 0.9))
    }

    func testCalibrationScalesAndShiftsAfterRotation() {
        let m = mapping {
            $0.rotation = 180; $0.scaleX = 0.5; $0.offsetX = 0.25; $0.scaleY = 2; $0.offsetY = -0.5
        }
        let p = m.windowFraction(ofPanel: Point(x: 0.25, y: 0.5))
        XCTAssertEqual(p.x, 0.625, accuracy: 1e-12)
        XCTAssertEqual(p.y, 0.5, accuracy: 1e-12)
    }

    func testAFingerLandingInAnIgnoredRegionIsDroppedForItsWholeLife() {
        var m = mapping { $0.ignoreRegions = [.init(x: 0, y: 0, width: 0.05, height: 1)] }
        XCTAssertFalse(m.admits(1, .down, panel: Point(x: 0.02, y: 0.5), point: Point(x: 5, y: 400)))
        XCTAssertFalse(m.admits(1, .move, panel: Point(x: 0.2, y: 0.5), point: Point(x: 80, y: 400)), "even once it leaves the bezel")
        XCTAssertFalse(m.admits(1, .up, panel: Point(x: 0.2, y: 0.5), point: Point(x: 80, y: 400)))
        XCTAssertTrue(m.admits(1, .down, panel: Point(x: 0.5, y: 0.5), point: Point(x: 195, y: 400)), "the next finger with that id is fine")
    }

    func testTheJitterFilterDropsMovesShorterThanItsThreshold() {
        var m = mapping { $0.jitterThreshold = 2 }
        XCTAssertTrue(m.admits(1, .down, panel: .zero, point: Point(x: 100, y: 100)))
        XCTAssertFalse(m.admits(1, .move, panel: .zero, point: Point(x: 101, y: 101)))
        XCTAssertFalse(m.admits(1, .move, panel: .zero, point: Point(x: 101.5, y: 100.5)))
        XCTAssertTrue(m.admits(1, .move, panel: .zero, point: Point(x: 102.5, y: 100)), "2.5 pt from the last reported point")
        XCTAssertFalse(m.admits(1, .move, panel: .zero, point: Point(x: 103, y: 101)))
        XCTAssertTrue(m.admits(1, .up, panel: .zero, point: Point(x: 103, y: 101)), "lifts always arrive")
        var off = mapping { _ in }
        XCTAssertTrue(off.admits(1, .down, panel: .zero, point: .zero))
        XCTAssertTrue(off.admits(1, .move, panel: .zero, point: Point(x: 0.01, y: 0)))
    }

    func testDevicesAreChosenByPartOfTheirName() {
        XCTAssertTrue(mapping { _ in }.accepts(deviceNamed: "anything"))
        let m = mapping { $0.deviceName = "ilitek" }
        XCTAssertTrue(m.accepts(deviceNamed: "ILITEK ILITEK-TP"))
        XCTAssertFalse(m.accepts(deviceNamed: "Wacom Pen"))
        XCTAssertFalse(m.accepts(deviceNamed: ""))
    }
}
