import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileCore
import TactileMedia
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// A first start opens its window at once on the demo and makes the demo's media behind it: the
/// window is ready (systemd's READY=1, sent at the first picture) while the media are still being
/// made; stopped then, it ends cleanly, every file it made whole and none half-made.
final class FirstStartTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("first-start") }
    override func tearDown() { removeTestFolder() }

    func testTheWindowIsReadyBeforeTheDemosMediaAreMadeAndAStopLeavesOnlyWholeFiles() throws {
        let systemd = try WatchdogTests.FakeSystemd()
        defer { systemd.close() }
        let app = Process()
        app.executableURL = try tactileBinary()
        app.arguments = ["run", "--device", "fill"]
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in [
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_CACHE_HOME": path("cache"), "XDG_DATA_HOME": path("data"),
            "NOTIFY_SOCKET": systemd.path,
        ] { environment[k] = v }
        app.environment = environment
        app.standardOutput = FileHandle.nullDevice
        app.standardError = FileHandle.nullDevice
        let started = Date()
        try app.run()
        defer { if app.isRunning { app.terminate() } }
        Readiness.wait(timeout: 30, poll: 0.02) { systemd.messages.contains { $0.message.contains("READY=1") } }
        let ready = try XCTUnwrap(systemd.messages.first { $0.message.contains("READY=1") }, "the window showed its first picture")
        let media = URL(fileURLWithPath: path("cache")).appendingPathComponent("tactile/demo-media-v\(DemoMedia.version)")
        let made = (try? FileManager.default.contentsOfDirectory(atPath: media.path))?.filter { !$0.hasPrefix(".") } ?? []
        XCTAssertLessThan(made.count, DemoMedia.Item.allCases.count, "the window came first, the media behind it (made: \(made))")
        XCTAssertLessThan(ready.time - started.timeIntervalSince1970, 15, "at once, not after the media")

        kill(app.processIdentifier, SIGTERM)
        app.waitUntilExit()
        XCTAssertEqual(app.terminationReason, .exit, "asked to stop, not killed")
        XCTAssertEqual(app.terminationStatus, 0)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []
        XCTAssertFalse(left.contains { $0.contains(".partial") }, "no half-made file left behind: \(left)")
        for name in left {
            XCTAssertTrue(MediaProbe.probe(media.appendingPathComponent(name).path).ok, "\(name) is whole")
        }
    }
}
