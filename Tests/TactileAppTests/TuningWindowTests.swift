import Foundation
import TactileAppTesting
import TactileCore
import TactileEditor
import TactileHeadless
import TactileHost
import TactileInput
import TactileStudy
import TactileTestSupport
import TactileUI
import XCTest

/// The tuning panel's variant picker and the A/B flip in a real X11 window under Xvfb, driven
/// by XTest's mouse and keyboard as a designer's hand drives them: F5 opens the panel, the pair
/// line the picker, B is chosen and F6 flips to it, it is renamed on the keyboard and another
/// variant deleted with two taps; the configuration file and the recorded trace say what happened.
final class TuningWindowTests: XCTestCase, ReplayTesting, RunsAlone {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("tuning-window") }
    override func tearDown() { removeTestFolder() }

    let original =
        "{\n    \"timeline\": { \"snapThreshold\": 8 },\n    \"variants\": {\n        \"tuned-1\": { \"input\": { \"tapSlop\": 12 } },\n"
        + "        \"tuned-2\": { \"input\": { \"tapSlop\": 24 } },\n        \"tuned-10\": { \"input\": { \"tapSlop\": 30 } }\n    }\n}\n"

    /// Where the picker's elements are on the screen: the same panel laid out headless (the
    /// window's drawer, 300 × 844 points over the right of a 390-point-wide screen at scale 1).
    func pickerPlaces(config: URL) throws -> [String: (x: Int, y: Int)] {
        let twin = folder.appendingPathComponent("twin.json")
        try original.write(to: twin, atomically: true, encoding: .utf8)
        var services = HostServices()
        services.variants = VariantStore(url: twin, schema: .tactile)
        services.labGestures = true
        let headless = try HeadlessSession(
            project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1,
            configuration: try ConfigurationFile.load(from: twin, schema: .tactile), services: services)
        let host = headless.host
        host.toggleTuning()
        host.placePanel(outside: true, width: 300)
        headless.player.runFrame()
        var places: [String: (x: Int, y: Int)] = [:]
        func note() { for e in host.tuningElements { places[e.id] = (Int(90 + e.hitFrame.midX), Int(e.hitFrame.midY)) } }
        note()
        let pair = try XCTUnwrap(host.tuningElements.first { $0.id == "tuning.pair" }).hitFrame.center
        for phase in [TouchPhase.down, .up] {
            headless.player.clock.advance(to: headless.player.clock.now + .seconds(0.1))
            _ = host.step(
                [], now: headless.player.clock.now, context: StepContext(outsideInput: [.touch(phase, id: 9, at: pair, time: headless.player.clock.now)]))
        }
        note()
        return places
    }

    func testInARealWindowThePickerChoosesBF6FlipsToItItIsRenamedOnTheKeyboardAndAnotherDeleted() throws {
        let config = folder.appendingPathComponent("tactile.json")
        try original.write(to: config, atomically: true, encoding: .utf8)
        let places = try pickerPlaces(config: config)
        func at(_ id: String) throws -> (x: Int, y: Int) { try XCTUnwrap(places[id], "no \(id) in the panel") }

        let xvfb = try XvfbServer(width: 390, height: 844)
        defer { xvfb.stop() }
        let recorded = folder.appendingPathComponent("session")
        let app = Process()
        app.executableURL = try tactileBinary()
        app.arguments = ["run", "--config", config.path, "--record", recorded.path, "--fullscreen", "--device", "fill", "--scale", "1"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = xvfb.display
        environment["SDL_VIDEODRIVER"] = "x11"
        environment["SDL_AUDIODRIVER"] = "dummy"
        environment["XDG_DATA_HOME"] = path("data")
        if environment["XDG_CACHE_HOME"] == nil { environment["XDG_CACHE_HOME"] = path("cache") }
        app.environment = environment
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { app.terminate(); app.waitUntilExit() } }
        let trace = recorded.appendingPathComponent("trace.jsonl")
        XCTAssertTrue(
            Readiness.wait(timeout: 120) { ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").contains("\"frame\"") || !app.isRunning },
            "the window's first frame")
        XCTAssertTrue(app.isRunning, "the window runs")

        let hand = try XInput(display: xvfb.display)
        defer { hand.close() }
        hand.key(XInput.Keysym.function(5), after: 500)
        let pair = try at("tuning.pair")
        hand.click(pair.x, pair.y, after: 600)
        let b = try at("tuning.variant.tuned-2.b")
        hand.click(b.x, b.y)
        hand.key(XInput.Keysym.function(6), after: 400)
        let rename = try at("tuning.variant.tuned-2.rename")
        hand.click(rename.x, rename.y)
        for _ in 0..<7 { hand.key(XInput.Keysym.backSpace) }
        hand.type("fast")
        hand.key(XInput.Keysym.returnKey)
        // A tap on the phone left of the drawer, under the renamed variant's settings.
        hand.click(45, 420, after: 400)
        let delete = try at("tuning.variant.tuned-10.delete")
        hand.click(delete.x, delete.y, after: 400)
        hand.click(delete.x, delete.y)
        let done = try at("tuning.picker.done")
        hand.click(done.x, done.y)
        hand.finish()

        let expected = original.replacingOccurrences(of: "\"tuned-2\"", with: "\"fast\"").replacingOccurrences(
            of: ",\n        \"tuned-10\": { \"input\": { \"tapSlop\": 30 } }", with: "")
        XCTAssertTrue(
            Readiness.wait(timeout: 15) { (try? String(contentsOf: config, encoding: .utf8)) == expected },
            "renamed and deleted, the rest of the file as written: \((try? String(contentsOf: config, encoding: .utf8)) ?? "")")
        app.terminate()
        app.waitUntilExit()
        XCTAssertEqual(app.terminationStatus, 0)

        // The trace says it: the flip to tuned-2, then its new name as a save of the same settings.
        let settings = try Trace.load(from: trace).settings.filter { $0.source != .start }
        XCTAssertEqual(settings.map(\.source), [.flip, .save], "\(settings)")
        XCTAssertEqual(settings.map(\.variant), ["tuned-2", "fast"])
        let report = try SessionReport.read([recorded.path])
        XCTAssertTrue(report.markdown.contains("tuned-2 = fast"), report.markdown)
    }
}
