import CSDL2
import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileSDL
import TactileUI
@testable import TactileApp
import TactileHeadless

/// `run --config FILE`: edits to the file apply while the window runs; a broken file shows a
/// banner naming the key and the settings in use stay.
final class LiveConfigurationTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        folder = try Self.makeTestFolder("live-config")
    }
    override func tearDown() { removeTestFolder() }

    func testEditsToTheFileApplyAtTheNextCheckAndMistakesAreNamed() throws {
        let file = folder.appendingPathComponent("tactile.json")
        try Data(#"{"layout": {"trackHeight": 48}}"#.utf8).write(to: file)
        let (configuration, watcher) = try Settings(file: file.path).loadWatching()
        // The host session on the virtual clock: it checks the file every half second.
        let session = HostSession(
            project: DemoProject.make(), configuration: configuration, measurer: FixedWidthTextMeasurer(),
            services: HostServices(configurationWatcher: watcher))
        let player = TracePlayer(session: session)
        func clipHeight() -> Double? { player.lastOutput?.elements.first { $0.id == "clip:beach" }?.frame.height }
        func step(at seconds: Double) -> ShellFrame {
            player.clock.advance(to: .seconds(seconds))
            return player.step()
        }
        _ = step(at: 0)
        XCTAssertEqual(clipHeight(), 48)
        XCTAssertEqual(session.nextDue(after: .seconds(0.1))?.reason, "configuration file", "the next check is what the session waits for")
        try Data(#"{"layout": {"trackHeight": 60}}"#.utf8).write(to: file)
        XCTAssertNil(step(at: 0.3).drawList, "not checked yet")
        let applied = step(at: 0.5)
        XCTAssertEqual(clipHeight(), 60, "the new track height shows at the next check")
        guard case .configurationChanged(let c)? = applied.commands.first else { return XCTFail("the shell is told: \(applied.commands)") }
        XCTAssertEqual(c.new.layout.trackHeight, 60)
        XCTAssertTrue(c.changed(TactileConfiguration.Layout.self), "the change names its section")
        XCTAssertFalse(c.changed(TactileConfiguration.Cues.self), "and no other")
        XCTAssertEqual(session.state.banner?.isError, false)
        XCTAssertTrue(session.state.banner?.message.hasPrefix("Settings reloaded") ?? false)
        try Data(#"{"layout": {"trackHeight": "tall"}}"#.utf8).write(to: file)
        let complained = step(at: 1.0)
        XCTAssertTrue(complained.commands.isEmpty, "nothing to adopt")
        let banner = try XCTUnwrap(session.state.banner)
        XCTAssertTrue(banner.isError && banner.message.contains("layout.trackHeight"), banner.message)
        XCTAssertEqual(clipHeight(), 60, "and the settings in use stay")
        try Data(#"{"input": {"longPressDuration": 1e308}}"#.utf8).write(to: file)
        _ = step(at: 1.5)
        XCTAssertTrue(session.state.banner?.message.contains("input.longPressDuration") == true, "a value out of range is refused live too")
        XCTAssertEqual(session.configuration.input.longPressDuration, 0.5)
    }
}
