import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileInput
import TactileUI
@testable import TactileApp
import TactileHeadless

/// A selected clip moves under the finger (issue 48): on a selected clip with sound, no control
/// takes its body — the sound is set in the clip sheet — so a drag by its middle moves it, at 1×
/// and 2×, in Arabic and in landscape, through traces fed to `tactile inspect` and `tactile replay`
/// on the demo's own media; and no two controls' hit areas on the selected clip overlap.
final class SelectedClipDragTests: XCTestCase, ReplayTesting {
    var folder: URL!

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-selected-drag") }
    override func tearDown() { removeTestFolder() }

    private struct Cell {
        var name: String
        var viewport: Size
        var settings: Settings
    }

    private let cells = [
        Cell(name: "phone 1×", viewport: Size(width: 390, height: 844), settings: Settings(uiScale: 1, locale: "en")),
        Cell(name: "tablet 2×", viewport: Size(width: 1366, height: 1024), settings: Settings(uiScale: 2, locale: "en")),
        Cell(name: "phone Arabic", viewport: Size(width: 390, height: 844), settings: Settings(uiScale: 1, locale: "ar")),
        Cell(name: "landscape phone", viewport: Size(width: 844, height: 390), settings: Settings(uiScale: 1, locale: "en")),
        Cell(name: "landscape German 3×", viewport: Size(width: 844, height: 390), settings: Settings(uiScale: 3, locale: "de")),
    ]

    private typealias Elements = [String: (frame: Rect, hit: Rect, state: [String: Any])]

    private func inspect(_ events: [InputEvent], _ cell: Cell) throws -> Elements {
        try inspect(after: events, settle: 0.6, viewport: cell.viewport, settings: cell.settings)
    }

    private func replay(_ events: [InputEvent], _ cell: Cell) throws -> Project {
        try replay(events, viewport: cell.viewport, settings: cell.settings)
    }

    /// Double-taps the ruler (the whole project in view), then taps clip `id`: the events and what is on screen after.
    private func select(_ id: String, _ cell: Cell) throws -> (events: [InputEvent], elements: Elements) {
        let ruler = try XCTUnwrap(inspect([], cell)["ruler"], cell.name).hit
        let x = ruler.midX
        let fit = tap(Point(x: x, y: ruler.midY), at: 0.1) + tap(Point(x: x + 2, y: ruler.midY), at: 0.25)
        let clip = try XCTUnwrap(inspect(fit, cell)["clip:\(id)"], "\(cell.name): \(id) in view").hit
        let events = fit + tap(clip.center, at: 1.2)
        return (events, try inspect(events, cell))
    }

    func testADragByTheMiddleOfASelectedClipWithSoundMovesItInEveryCell() throws {
        for cell in cells {
            // The Birdsong (a sound clip) everywhere; the beach (a video with sound) in two cells.
            for id in ["birds", "beach"] where id == "birds" || cell.viewport.width < cell.viewport.height {
                let (events, shown) = try select(id, cell)
                let clip = try XCTUnwrap(shown["clip:\(id)"], "\(cell.name) \(id)")
                XCTAssertEqual(clip.state["selected"] as? Bool, true, "\(cell.name): \(id) selected")
                XCTAssertEqual(clip.state["role"] as? String, "clip")
                XCTAssertNotNil(shown["clip:\(id).soundLine"], "\(cell.name): \(id) has sound (its line is drawn)")
                // No sound control on the timeline; the selected clip's controls never overlap one another,
                // and none reaches into the middle third of its body.
                XCTAssertTrue(shown.values.allSatisfy { !["levelLine", "fadeHandle", "trackButton"].contains($0.state["role"] as? String ?? "") })
                XCTAssertNil(shown["clip:\(id).level"])
                let controls = shown.filter {
                    $0.key.hasPrefix("clip:\(id).trimHandle") || ($0.key.hasPrefix("junction:") && $0.value.hit.intersects(clip.hit))
                }
                XCTAssertEqual(controls.count, 2, "\(cell.name) \(id): its two trim handles, no junction at its edges: \(controls.keys.sorted())")
                let list = Array(controls.values)
                for (i, a) in list.enumerated() { for b in list[(i + 1)...] { XCTAssertFalse(a.hit.intersects(b.hit), "\(cell.name) \(id)") } }
                let middle = Rect(x: clip.hit.minX + clip.hit.width / 3, y: clip.hit.minY, width: clip.hit.width / 3, height: clip.hit.height)
                for (key, c) in controls { XCTAssertFalse(c.hit.intersects(middle), "\(cell.name) \(id): \(key) reaches the middle third") }
                // Dragged by its middle, half its width to the right (birds has room; the beach, blocked by
                // City Lights, is dragged onto nothing but its own place: it must stay a move, not a fade or level).
                let from = clip.hit.center, to = Point(x: from.x + clip.hit.width / 2, y: from.y)
                let before = try replay(events, cell)
                let after = try replay(events + drag(from, to, at: 2.0), cell)
                let was = try XCTUnwrap(before.clip(withID: id)?.clip), now = try XCTUnwrap(after.clip(withID: id)?.clip)
                XCTAssertEqual(now.sound, was.sound, "\(cell.name) \(id): the drag touched no sound setting")
                XCTAssertEqual(now.duration, was.duration, "\(cell.name) \(id): nor trimmed it")
                if id == "birds" {
                    XCTAssertGreaterThan(now.start.seconds, was.start.seconds + 1, "\(cell.name): the Birdsong moved with the finger")
                }
            }
        }
    }

    func testDetachSoundPutsAVideosSoundOnASoundTrackAndSilencesTheVideo() throws {
        let cell = cells[0]
        let start = try inspect([], cell)
        var events = tap(try XCTUnwrap(start["clip:beach"]).hit.center, at: 0.2)
        events += tap(try XCTUnwrap(inspect(events, cell)["clipChip"]).hit.center, at: 0.8)
        events += tap(try XCTUnwrap(inspect(events, cell)["clipSheet.section.volume"]).hit.center, at: 1.4)
        let sheet = try inspect(events, cell)
        XCTAssertEqual(sheet["clipSheet.detach"]?.state["role"] as? String, "clipSheetSwitch", "a video clip's Volume offers Detach sound")
        events += tap(try XCTUnwrap(sheet["clipSheet.detach"]).hit.center, at: 2.0)
        let project = try replay(events, cell)
        let beach = try XCTUnwrap(project.clip(withID: "beach")?.clip)
        XCTAssertEqual(beach.sound.decibels, ClipSound.minimumDecibels, "the video is silent now")
        let (sound, track) = try XCTUnwrap(
            project.tracks.enumerated().lazy.compactMap { t, track in
                track.clips.first { $0.kind == .audio && $0.media == beach.media }.map { ($0, t) }
            }.first)
        XCTAssertEqual(project.tracks[track].kind, .audio, "on a sound track")
        XCTAssertEqual(sound.title, "Beach sound")
        XCTAssertEqual(sound.start, beach.start)
        XCTAssertEqual(sound.duration, beach.duration)
        XCTAssertEqual(sound.sourceStart, beach.sourceStart)
        XCTAssertEqual(sound.sound.decibels, 0, "at the level the video had")
        for i in project.tracks[track].clips.indices.dropFirst() {
            XCTAssertLessThanOrEqual(project.tracks[track].clips[i - 1].end, project.tracks[track].clips[i].start, "no overlap on its track")
        }
        let after = try inspect(events, cell)
        XCTAssertNil(after["clipSheet"], "the sheet closed")
        XCTAssertEqual(after["clip:\(sound.id)"]?.state["selected"] as? Bool, true, "the new sound clip is selected")
    }
}
