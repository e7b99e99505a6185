import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileInput
import TactileMedia
import TactileUI
@testable import TactileApp
import TactileHeadless

/// The media browser sheet behind the add buttons, driven through `tactile inspect` /
/// `tactile replay`: it lists the media folder's files of the button's kind with their real
/// lengths, adds a tapped file at the playhead, scrolls, and closes without a trace.
final class MediaBrowserTests: XCTestCase, ReplayTesting {
    var folder: URL!

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-browser-e2e") }
    override func tearDown() { removeTestFolder() }

    private func button(_ kind: String) throws -> Point { try XCTUnwrap(inspect(after: [])["toolbar.add.\(kind)"]).hit.center }

    private func tiles(_ elements: [String: (frame: Rect, hit: Rect, state: [String: Any])]) -> [(name: String, frame: Rect, state: [String: Any])] {
        elements.filter { $0.key.hasPrefix("mediaBrowser.tile:") }
            .map { (($0.key as NSString).lastPathComponent, $0.value.frame, $0.value.state) }
            .sorted { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
    }

    func testTheVideoButtonOpensASheetOfTheFoldersVideosWithTheirLengths() throws {
        let open = tap(try button("video"), at: 0.1)
        let shown = try inspect(after: open, settle: 0.5)
        let sheet = try XCTUnwrap(shown["mediaBrowser"], "the sheet is open")
        XCTAssertEqual(sheet.state["kind"] as? String, "video")
        XCTAssertEqual(sheet.frame.maxY, 844, accuracy: 0.5, "it slid up from the bottom")
        XCTAssertEqual(sheet.state["folderName"] as? String, "Demo media", "not the cache folder's name")
        let listed = tiles(shown)
        let lastTile = try XCTUnwrap(listed.map(\.frame.maxY).max())
        XCTAssertLessThan(sheet.frame.maxY - lastTile, 0.25 * sheet.frame.height, "three videos leave no empty half")
        let cancel = try XCTUnwrap(shown["mediaBrowser.cancel"]).frame
        let b = Theme().metrics.browser
        XCTAssertEqual(cancel.midY, sheet.frame.y + b.titleTop + 56 * b.titleShare / 2, accuracy: 0.5, "Cancel stands level with the title")
        XCTAssertEqual(listed.map(\.name), ["beach.mp4", "city.mp4", "forest.mp4"], "videos only, by name")
        XCTAssertEqual(listed.map { $0.state["duration"] as? Double }, [8, 6, 12])
        XCTAssertTrue(listed.allSatisfy { $0.state["poster"] as? Bool == true }, "each shows a picture")
        XCTAssertTrue(listed.allSatisfy { $0.frame.width >= 44 && $0.frame.height >= 44 }, "touch-sized tiles")

        let audio = tiles(try inspect(after: tap(try button("audio"), at: 0.1), settle: 0.5)).map(\.name)
        XCTAssertEqual(audio, ["beach.mp4", "birdsong.wav", "soundtrack.m4a"], "the sound files, and the video with sound (its sound alone)")
        let images = tiles(try inspect(after: tap(try button("image"), at: 0.1), settle: 0.5)).map(\.name)
        XCTAssertEqual(images, ["title-card.png"])
    }

    func testTappingATileAddsThatFileAtThePlayheadAtItsFullLength() throws {
        let open = tap(try button("video"), at: 0.1)
        let city = try XCTUnwrap(tiles(try inspect(after: open, settle: 0.5)).first { $0.name == "city.mp4" })
        let events = open + tap(city.frame.center, at: 0.8)
        let project = try replay(events)
        let added = try XCTUnwrap(project.tracks.flatMap(\.clips).first { $0.media?.hasSuffix("/city.mp4") == true && $0.title == "city" })
        XCTAssertEqual(added.kind, .video)
        XCTAssertEqual(added.duration, .seconds(6), "its real length")
        XCTAssertEqual(added.sourceDuration, .seconds(6))
        XCTAssertEqual(added.start, .zero, "at the playhead")
        // Into the magnetic main track, at the cut at the playhead: the clips after it slid along.
        let main = try XCTUnwrap(project.mainTrackIndex)
        XCTAssertEqual(project.tracks[main].clips.first?.id, added.id)
        XCTAssertEqual(project.clip(withID: "beach")?.clip.start, .seconds(6), "the beach after it")
        XCTAssertTrue(project.mainTrackIsGapless)
        let after = try inspect(after: events)
        XCTAssertNil(after["mediaBrowser"], "the sheet closed")
        XCTAssertEqual(after["clip:\(added.id)"]?.state["selected"] as? Bool, true, "the new clip is selected")
    }

    /// CapCut's "extract audio": the Audio sheet offers a video's sound, and adds it as an audio
    /// clip of the video's file on a sound track, at the playhead, its whole length.
    func testTheAudioSheetOffersAVideosSoundAndAddsItAsASoundClip() throws {
        let open = tap(try button("audio"), at: 0.1)
        let shown = tiles(try inspect(after: open, settle: 0.5))
        let beach = try XCTUnwrap(shown.first { $0.name == "beach.mp4" })
        XCTAssertEqual(beach.state["duration"] as? Double, 8)
        let project = try replay(open + tap(beach.frame.center, at: 0.8))
        let track = try XCTUnwrap(project.tracks.first { $0.clips.contains { $0.media?.hasSuffix("/beach.mp4") == true && $0.kind == .audio } })
        XCTAssertEqual(track.kind, .audio, "on a sound track")
        let added = try XCTUnwrap(track.clips.first { $0.media?.hasSuffix("/beach.mp4") == true })
        XCTAssertEqual(added.title, "beach")
        XCTAssertEqual(added.duration, .seconds(8), "the video's whole length")
        XCTAssertEqual(added.start, .zero, "at the playhead")
        // The sound is there to hear: the video's file decodes to sound.
        let decoder = try AudioDecoder(path: try XCTUnwrap(added.media), sampleRate: 48_000, channels: 1)
        var samples: [Float] = []
        while try decoder.read(into: &samples), samples.count < 48_000 {}
        XCTAssertGreaterThan(samples.map { abs($0) }.max() ?? 0, 0.01, "not silence")
    }

    func testCancelTheDimmedEditorAndEscapeCloseTheSheetWithoutAnEdit() throws {
        let open = tap(try button("video"), at: 0.1)
        let shown = try inspect(after: open, settle: 0.5)
        let cancel = try XCTUnwrap(shown["mediaBrowser.cancel"]).hit.center
        let before = try replay([])
        for close in [tap(cancel, at: 0.8), tap(Point(x: 195, y: 40), at: 0.8), [InputEvent(time: .seconds(0.8), kind: .key(.escape))]] {
            XCTAssertNil(try inspect(after: open + close)["mediaBrowser"])
            XCTAssertEqual(try replay(open + close), before)
        }
    }

    func testAFullFolderScrollsAndStopsAtItsEnd() throws {
        let media = folder.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let source = try XCTUnwrap(try MediaFolder.library(nil).files.first { $0.hasSuffix("city.mp4") })
        for i in 1...12 { try FileManager.default.createSymbolicLink(atPath: media.appendingPathComponent("take \(i).mp4").path, withDestinationPath: source) }
        try Data("not a video".utf8).write(to: media.appendingPathComponent("broken.mov"))
        try Data("notes".utf8).write(to: media.appendingPathComponent("notes.txt"))
        let open = tap(try button("video"), at: 0.1)
        let shown = try inspect(after: open, mediaDir: media.path, settle: 0.5)
        let sheet = try XCTUnwrap(shown["mediaBrowser"])
        XCTAssertEqual(sheet.state["files"] as? Double, 13, "twelve videos and the broken file; not the notes")
        let maxScroll = try XCTUnwrap(sheet.state["maxScroll"] as? Double)
        XCTAssertGreaterThan(maxScroll, 200)
        XCTAssertEqual(tiles(shown).first?.name, "take 1.mp4", "sorted as people count")
        // A long upward fling scrolls to the end and no further; the broken file is last, saying why.
        let flick = drag(Point(x: 195, y: 700), Point(x: 195, y: 150), at: 0.8, steps: 20)
        let flicked = try inspect(
            after: open + flick + drag(Point(x: 195, y: 700), Point(x: 195, y: 150), at: 1.6, steps: 20),
            mediaDir: media.path, settle: 0.3)
        XCTAssertEqual(flicked["mediaBrowser"]?.state["scroll"] as? Double, maxScroll)
        let broken = try XCTUnwrap(tiles(flicked).last)
        XCTAssertEqual(broken.name, "broken.mov")
        XCTAssertEqual(broken.state["media"] as? String, "offline")
        // Tapping it explains instead of adding.
        let tapped = open + flick + drag(Point(x: 195, y: 700), Point(x: 195, y: 150), at: 1.6, steps: 20) + tap(broken.frame.center, at: 2.5)
        let project = try replay(tapped, mediaDir: media.path)
        XCTAssertFalse(project.tracks.flatMap(\.clips).contains { $0.media?.hasSuffix("broken.mov") == true })
        let banner = try XCTUnwrap(try inspect(after: tapped, mediaDir: media.path)["banner"])
        XCTAssertEqual(banner.state["error"] as? Bool, true)
    }

    func testAMissingMediaFolderIsABadInput() {
        XCTAssertThrowsError(try Commands.inspect(project: nil, replay: nil, size: nil, scale: nil, at: nil, mediaDir: "/nonexistent/media")) { error in
            XCTAssertEqual((error as? CommandError)?.exitCode, 2)
            XCTAssertTrue("\(error)".contains("/nonexistent/media"))
        }
    }
}
