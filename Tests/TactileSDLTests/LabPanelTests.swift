import CSDL2
import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileCore
import TactileEditor
import TactileHost
import TactileSDL
import TactileUI
import TactileHeadless
@testable import TactileApp

/// The lab panel (issue 32): the frame monitor, the arena's words and pointer location drawn in
/// the window beside the phone when there is room, never over the UI under test; in a drawer
/// F2 opens when the phone fills the window.
final class LabPanelTests: XCTestCase, StartsPrograms {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func texts(_ list: DrawList?) -> [String] {
        (list?.commands ?? []).compactMap {
            if case let .text(run) = $0 { return run.text }; return nil
        }
    }

    func testThePanelStandsBesideThePhoneAndTheArenasWordsLeaveThePhonesPicture() throws {
        var c = TactileConfiguration()
        c.overlays.arena = true
        c.overlays.monitor = true
        let width = Theme(appearance: c.theme).metrics.overlays.panelWidth
        let window = WindowRun(configuration: c, panel: width)
        nonisolated(unsafe) var device: DeviceFrame?
        nonisolated(unsafe) var panelPixels = 0
        window.host.wantsCapture = { device != nil && panelPixels == 0 }
        window.host.onCapture = { image in
            guard let panel = device?.panel else { return }
            // Text is drawn in the panel: pixels there are not all its background.
            var seen = Set<UInt32>()
            for y in stride(from: Int(panel.minY), to: Int(panel.maxY), by: 3) {
                for x in stride(from: Int(panel.minX), to: Int(panel.maxX), by: 3) {
                    let i = (y * image.width + x) * 4
                    seen.insert(UInt32(image.pixels[i]) << 16 | UInt32(image.pixels[i + 1]) << 8 | UInt32(image.pixels[i + 2]))
                }
            }
            panelPixels = seen.count
        }
        try window.run { frameNow in
            let frame = frameNow()
            device = frame
            func at(_ x: Double, _ y: Double) -> Point { Point(x: frame.screen.x + x * frame.scale, y: frame.screen.y + y * frame.scale) }
            // A vertical drag on Beach that nobody wins, held so the picture shows it.
            WindowInput.drag(from: at(249, 606), through: [5.0, 12, 20].map { at(249, 606 + $0) })
            WindowInput.quit()
        }
        let frame = try XCTUnwrap(device)
        let panel = try XCTUnwrap(frame.panel, "a window opened for the panel has room for it")
        XCTAssertGreaterThanOrEqual(panel.minX, frame.screen.maxX + 1, "beside the phone, not over it")
        XCTAssertEqual(panel.width, width * frame.scale)
        XCTAssertGreaterThan(panelPixels, 3, "the panel was drawn")
        let session = try XCTUnwrap(window.session)
        let onPhone = texts(session.picture(at: .seconds(1e6)))
        XCTAssertFalse(onPhone.contains { $0.contains("nobody") || $0.hasPrefix("in-app") }, "no words over the UI under test: \(onPhone)")
        let beside = texts(session.panelPicture(at: .seconds(1e6)))
        XCTAssertTrue(beside.contains { $0.hasPrefix("✗ nobody won") }, "\(beside)")
        XCTAssertTrue(beside.contains { $0.hasPrefix("✗ scroll: vertical scroll not offered on clip:beach") }, "\(beside)")
        XCTAssertTrue(beside.contains("in-app = event queue → present"), "the monitor too: \(beside)")
    }

    func testAWindowWithoutRoomDrawsOverThePhoneUntilF2OpensTheDrawer() throws {
        var c = TactileConfiguration()
        c.overlays.arena = true
        let window = WindowRun(configuration: c, fill: true)
        nonisolated(unsafe) var before: DeviceFrame?, after: DeviceFrame?
        try window.run { frameNow in
            before = frameNow()
            WindowInput.key(SDLK_F2, settle: 0.2)
            after = frameNow()
            WindowInput.quit()
        }
        XCTAssertNil(before?.panel, "filling the window: no room beside")
        let drawer = try XCTUnwrap(after?.panel, "F2 opens the drawer")
        let screen = try XCTUnwrap(after?.screen)
        XCTAssertEqual(drawer.maxX, screen.maxX, "over the phone's right side")
        XCTAssertEqual(drawer.height, screen.height)
    }

    func testF5OpensTheTuningPanelBesideThePhoneItsSliderTunesAtOnceAndF6FlipsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-tuning-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tactile.json")
        try "{\n  \"timeline\": { \"snapThreshold\": 8 }\n}\n".write(to: file, atomically: true, encoding: .utf8)
        let window = WindowRun(configuration: try ConfigurationFile.load(from: file, schema: .tactile))
        window.variants = VariantStore(url: file, schema: .tactile)
        nonisolated(unsafe) var before: DeviceFrame?, opened: DeviceFrame?
        nonisolated(unsafe) var tuned: Double?, editorTouched = false, flipped: (String, Double)?, flippedBack: String?
        nonisolated(unsafe) var session: HostSession?
        try window.run(
            configure: { session = $0 },
            onFrame: { record in
                if record.released.contains(where: {
                    if case .touch = $0.kind { return true }; return false
                }) {
                    editorTouched = true
                }
            },
            script: { frameNow in
                before = frameNow()
                WindowInput.key(SDLK_F5, settle: 0.4)
                opened = frameNow()
                guard let panel = opened?.panel, let scale = opened?.scale,
                    let slider = session?.tuningElements.first(where: { $0.id == "tuning.input.tapSlop" })
                else {
                    WindowInput.quit(); return
                }
                // A mouse drag along the tap slop's slider, in the panel.
                let y = panel.y + slider.frame.midY * scale, x = panel.x + slider.frame.midX * scale
                WindowInput.drag(
                    from: Point(x: x, y: y), through: stride(from: 20.0, through: 100, by: 20).map { Point(x: x + $0 * scale, y: y) }, settle: 0.2)
                tuned = session?.configuration.input.tapSlop
                // F6 saves the tuning as a variant first, then flips to the file's own settings.
                WindowInput.key(SDLK_F6)
                flipped = session.map { ($0.liveVariant, $0.configuration.input.tapSlop) }
                // Two fingers tapping together on the desk left of the phone flip back.
                if let f = opened {
                    let size = WindowInput.windowSize(f)
                    let w = f.panel.map { $0.maxX + f.screen.x } ?? size.width
                    let x = f.screen.x / 2 / w, y1 = 0.4, y2 = 0.5
                    WindowInput.play([
                        .init({ for (finger, y) in [(1, y1), (2, y2)] { WindowInput.finger(SDL_FINGERDOWN, x: x, y: y, finger: Int64(finger)) } }, then: 0.06),
                        .init({ for (finger, y) in [(1, y1), (2, y2)] { WindowInput.finger(SDL_FINGERUP, x: x, y: y, finger: Int64(finger)) } }, then: 0.3),
                    ])
                }
                flippedBack = session?.liveVariant
                WindowInput.quit()
            })
        XCTAssertNil(before?.panel, "no panel until F5")
        let panel = try XCTUnwrap(opened?.panel, "F5 made room beside the phone")
        XCTAssertGreaterThan(panel.minX, try XCTUnwrap(opened?.screen.maxX))
        XCTAssertGreaterThan(try XCTUnwrap(tuned), 30, "the slider changed the tap slop at once")
        XCTAssertFalse(editorTouched, "the drag on the panel and the taps on the desk never reached the editor")
        XCTAssertEqual(flipped?.0, "base")
        XCTAssertEqual(flipped?.1, 18)
        XCTAssertEqual(VariantFile.names(at: file), ["tuned-1"], "the tuning was saved before the flip")
        XCTAssertEqual(flippedBack, "tuned-1", "a two-finger tap outside the phone flips too")
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).hasPrefix("{\n  \"timeline\": { \"snapThreshold\": 8 }"))
    }
}
