import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileHost
import TactileInput
import TactileStudy
import TactileUI
@testable import TactileApp
import TactileHeadless

/// `tactile calibrate` against a simulated panel that is turned a quarter, shrunk, shifted and a
/// little noisy: the wizard's taps, replayed as a trace, give a map under which taps land within
/// 2 pt of their targets, written into the configuration file with a backup.
final class CalibrationTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("calibrate") }
    override func tearDown() { removeTestFolder() }

    let viewport = Size(width: 390, height: 844)

    /// Where the mis-calibrated panel reports a touch at `t` (fractions of the screen): turned
    /// 90°, at 90 % of its size, 5 % off, with up to ±0.0006 of noise (half a point).
    func panel(_ t: Point, noise: Int = 0) -> Point {
        let turned = Point(x: t.y, y: 1 - t.x)
        let jitter = Double((noise * 7919) % 9 - 4) * 0.00015
        return Point(x: turned.x * 0.9 + 0.05 + jitter, y: turned.y * 0.9 + 0.05 - jitter)
    }

    func screen(_ f: Point) -> Point { Point(x: f.x * viewport.width, y: f.y * viewport.height) }

    /// A trace of taps, as the panel reports them, on each of `points` on screen (fractions).
    func trace(tapping points: [Point], from start: Double) -> Trace {
        var events: [InputEvent] = []
        for (i, p) in points.enumerated() {
            let at = screen(panel(p, noise: i)), t = start + Double(i)
            events += [.touch(.down, id: 1, at: at, time: .seconds(t)), .touch(.up, id: 1, at: at, time: .seconds(t + 0.08))]
        }
        return Trace(viewport: viewport, events: events)
    }

    func replay(_ trace: Trace, into wizard: CalibrationSession) {
        for e in trace.events { _ = wizard.step([e], now: e.time, context: StepContext()) }
    }

    func testAMiscalibratedTurnedPanelIsFittedSavedAndTapsLandWithinTwoPoints() throws {
        for points in [4, 9] {
            let wizard = CalibrationSession(viewport: viewport, points: points, appearance: .init(), input: .init(), measurer: FixedWidthTextMeasurer())
            _ = wizard.step([], now: .zero, context: StepContext())
            XCTAssertEqual(wizard.elements.first { $0.id == "calibrate.target" }?.label, "Target 1 of \(points)")
            replay(trace(tapping: wizard.targets, from: 1), into: wizard)
            let fit = try XCTUnwrap(wizard.fit, "fitted after \(points) taps")
            XCTAssertLessThan(try XCTUnwrap(wizard.largestError), 2)
            // Save, tapped on the test screen through the panel.
            let save = try XCTUnwrap(wizard.elements.first { $0.id == "calibrate.save" })
            let saveFraction = Point(x: save.frame.midX / viewport.width, y: save.frame.midY / viewport.height)
            replay(trace(tapping: [saveFraction], from: 20), into: wizard)
            XCTAssertEqual(wizard.result, .saved(fit))

            // Written into a configuration that has other settings: they stay, the old file is kept.
            let file = folder.appendingPathComponent("config-\(points).json")
            try Data(#"{"timeline": {"snapThreshold": 8}, "touchscreen": {"rotation": 180, "deviceName": "eGalax"}}"#.utf8).write(to: file)
            try Calibrate.write(fit, to: file)
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path + ".bak"))
            let c = try Settings(file: file.path).load()
            XCTAssertEqual(c.timeline.snapThreshold, 8)
            XCTAssertEqual(c.touchscreen.deviceName, "eGalax")
            XCTAssertEqual(c.touchscreen.rotation, 0, "the matrix holds the turn now")
            let mapping = TouchscreenMapping(settings: c.touchscreen)
            for i in 0..<50 {
                let t = Point(x: 0.05 + 0.9 * Double((i * 37) % 50) / 50, y: 0.05 + 0.9 * Double((i * 13) % 50) / 50)
                let landed = screen(mapping.windowFraction(ofPanel: panel(t, noise: i)))
                XCTAssertLessThan(landed.distance(to: screen(t)), 2, "a tap at \(screen(t)) lands at \(landed) (\(points) targets)")
            }
            XCTAssertTrue(fit.udevRule.hasPrefix("ENV{LIBINPUT_CALIBRATION_MATRIX}=\""), fit.udevRule)
        }
    }

    func testTapsOnALineAskAgainAndEscapeCancelsWithoutWriting() {
        let wizard = CalibrationSession(viewport: viewport, points: 4, appearance: .init(), input: .init(), measurer: FixedWidthTextMeasurer())
        replay(
            trace(
                tapping: [Point(x: 0.1, y: 0.5), Point(x: 0.3, y: 0.5), Point(x: 0.6, y: 0.5), Point(x: 0.9, y: 0.5)].map {
                    // All four on one line of the panel.
                    Point(x: $0.x, y: 0.5)
                }, from: 1), into: wizard)
        XCTAssertNil(wizard.fit)
        XCTAssertEqual(wizard.reported.count, 0, "collecting again")
        XCTAssertNotNil(wizard.notice)
        let frame = wizard.step([.key(.escape, time: .seconds(9))], now: .seconds(9), context: StepContext())
        XCTAssertEqual(wizard.result, .cancelled)
        XCTAssertTrue(
            frame.commands.contains {
                if case .exit = $0 { return true }; return false
            })
    }

    func testABadMatrixInTheFileIsRefusedNamingTheKey() {
        XCTAssertThrowsError(try ConfigurationFile.decode(Data(#"{"touchscreen": {"calibrationMatrix": [1, 0, 0]}}"#.utf8), schema: .tactile)) {
            XCTAssertTrue("\($0)".contains("touchscreen.calibrationMatrix"), "\($0)")
        }
        XCTAssertThrowsError(try ConfigurationFile.decode(Data(#"{"touchscreen": {"calibrationMatrix": [1, 2, 0, 2, 4, 0]}}"#.utf8), schema: .tactile)) {
            XCTAssertTrue("\($0)".contains("folds the panel onto a line"), "\($0)")
        }
    }

    /// libinput's own rules for `LIBINPUT_CALIBRATION_MATRIX` (udev-seat / `parse_calibration_property`):
    /// six values split on spaces, each read by `safe_atod`, which takes only digits, '+', '-' and
    /// '.' (no exponent, no "nan") — one bad value and the whole matrix is ignored.
    static func libinputReads(_ rule: String) -> [Double]? {
        guard let open = rule.range(of: "=\""), rule.hasSuffix("\"") else { return nil }
        let values = rule[open.upperBound..<rule.index(before: rule.endIndex)].split(separator: " ")
        guard values.count == 6 else { return nil }
        var out: [Double] = []
        for v in values {
            guard v.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }), let d = Double(v) else { return nil }
            out.append(d)
        }
        return out
    }

    func testTheUdevRuleIsPrintedSoLibinputAcceptsIt() {
        // A tiny shear (9.8e-05) and values that print with exponents in Swift.
        let matrices: [[Double]] = [
            [1.02, 0.000098, -0.0101, -0.0000012, 0.98, 0.00003], [1, 0, 0, 0, 1, 0], [-1, 0, 1, 0, -1, 1],
            [1.0000004, 1e-7, -0.0, 2.5e-6, 0.9999995, -1e-12],
        ]
        for m in matrices {
            let rule = AffineCalibration(matrix: m).udevRule
            let read = Self.libinputReads(rule)
            XCTAssertNotNil(read, "libinput would ignore \(rule)")
            for (a, b) in zip(read ?? [], m) { XCTAssertEqual(a, b, accuracy: 1e-6, rule) }
        }
        XCTAssertNil(Self.libinputReads("ENV{LIBINPUT_CALIBRATION_MATRIX}=\"1 9.8e-05 0 0 1 0\""), "the checker refuses what libinput refuses")
    }
}
