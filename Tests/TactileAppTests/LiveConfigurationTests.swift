import CSDL2
import Foundation
import XCTest
import TactileCore
import TactileEditor
import TactileSDL
import TactileUI
@testable import TactileApp

/// `run --config FILE`: edits to the file apply while the window runs; a broken file shows a
/// banner naming the key and the settings in use stay.
final class LiveConfigurationTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        folder = try Self.makeTestFolder("live-config")
    }
    override func tearDown() { removeTestFolder() }

    func testEditsToTheFileApplyWithinASecondAndMistakesAreNamed() throws {
        let file = folder.appendingPathComponent("tactile.json")
        try Data(#"{"layout": {"trackHeight": 48}}"#.utf8).write(to: file)
        let (configuration, watcher) = try Settings(file: file.path).loadWatching()
        let host = WindowHost(options: WindowOptions(viewport: Size(width: 390, height: 844), scale: 1, fill: false, fullscreen: false),
                              configuration: configuration)
        host.configurationWatcher = watcher
        final class Seen: @unchecked Sendable {
            var records: [(time: Double, banner: Banner?, clipHeight: Double?)] = []
            var changedAt: Double?, brokenAt: Double?
        }
        let seen = Seen()
        var started = false
        host.onFrame = { record in
            let clip = record.output.elements.first { $0.id == "clip:beach" }
            seen.records.append((record.time.seconds, record.state.banner, clip?.frame.height))
            guard !started else { return }
            started = true
            Thread.detachNewThread {
                usleep(300_000)
                try? Data(#"{"layout": {"trackHeight": 60}}"#.utf8).write(to: file)
                seen.changedAt = seen.records.last?.time
                usleep(1_200_000)
                try? Data(#"{"layout": {"trackHeight": "tall"}}"#.utf8).write(to: file)
                seen.brokenAt = seen.records.last?.time
                usleep(1_200_000)
                SDLEvents.pushQuit()
            }
        }
        try host.run(project: DemoProject.make())

        let changedAt = try XCTUnwrap(seen.changedAt), brokenAt = try XCTUnwrap(seen.brokenAt)
        let applied = try XCTUnwrap(seen.records.first { $0.clipHeight == 60 }, "the new track height shows")
        XCTAssertLessThan(applied.time - changedAt, 1.0, "within a second of the edit")
        XCTAssertEqual(applied.banner?.isError, false)
        XCTAssertTrue(applied.banner?.message.hasPrefix("Settings reloaded") ?? false)
        let complaint = try XCTUnwrap(seen.records.first { $0.time > brokenAt && $0.banner?.isError == true }, "the mistake is shown")
        XCTAssertTrue(complaint.banner!.message.contains("layout.trackHeight"), complaint.banner!.message)
        XCTAssertEqual(seen.records.last?.clipHeight, 60, "and the settings in use stay")
    }
}
