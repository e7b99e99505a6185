import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileInput
import TactileMedia
@testable import TactileApp
import TactileHeadless

/// The editor over real media, driven through `tactile inspect` / `tactile replay` on the built-in
/// demo (its media are made by our encoder into the test cache): exact frames at the playhead,
/// filmstrips, waveforms, media files opened as a project, and media gone missing.
final class MediaEditorTests: XCTestCase, ReplayTesting {
    var folder: URL!

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-media-e2e") }
    override func tearDown() { removeTestFolder() }

    /// The frame of a 30 fps source shown at `seconds`: rounded down to its frame.
    func frameTime(_ seconds: Double) -> Double { (seconds * 30 + 1e-9).rounded(.down) / 30 }

    func testTheCanvasShowsTheExactFrameAtThePlayheadAfterAScrub() throws {
        let start = try inspect(after: [])
        XCTAssertEqual(start["canvas"]!.state["frameTime"] as? Double, 0)
        XCTAssertEqual(start["canvas"]!.state["exact"] as? Bool, true)
        let ruler = start["ruler"]!.frame
        let scrub = drag(Point(x: 300, y: ruler.midY), Point(x: 241, y: ruler.midY), at: 0.2, steps: 20)
        let after = try inspect(after: scrub)
        let playhead = try XCTUnwrap(after["canvas"]!.state["time"] as? Double)
        XCTAssertGreaterThan(playhead, 1.5, "the drag moved the playhead")
        XCTAssertEqual(after["canvas"]!.state["frameTime"] as! Double, frameTime(playhead), accuracy: 1e-6)
        XCTAssertEqual(after["canvas"]!.state["exact"] as? Bool, true)
    }

    func testTheCanvasFollowsTheClipsSourceOffset() throws {
        // Forest starts at 13.5 s on the timeline and 2 s into its source.
        let json = try Commands.inspect(project: nil, replay: nil, size: nil, scale: nil, at: 15.25)
        let canvas = try element("canvas", in: json)
        XCTAssertEqual(canvas["frameTime"] as! Double, frameTime(2 + 1.75), accuracy: 1e-6)
    }

    func testDraggingATrimHandleShowsTheEdgesFrameOverTheCanvasUntilRelease() throws {
        let start = try inspect(after: [])
        let select = tap(start["clip:beach"]!.hit.center, at: 0.1)
        let handle = try inspect(after: select)["clip:beach.trimHandle.trailing"]!.hit.center
        let held = select + drag(handle, Point(x: handle.x - 24, y: handle.y), at: 0.5, lift: false)
        let during = try inspect(after: held)
        let preview = try XCTUnwrap(during["scrubPreview"], "the overlay shows while the handle is held").state
        // The end moved from 4.5 s to 3.5 s: the clip's last frame is the one before 3.5 s.
        XCTAssertEqual(preview["frameTime"] as! Double, 104.0 / 30, accuracy: 1e-6)
        XCTAssertEqual(preview["exact"] as? Bool, true)
        XCTAssertEqual(preview["label"] as? String, "End 0:03 f14")
        XCTAssertEqual(during["canvas"]!.state["frameTime"] as? Double, 0, "the canvas keeps the playhead's frame")
        try write(held, to: "held.jsonl")
        _ = try Commands.replay(trace: path("held.jsonl"), project: nil, stateOut: nil, snapshot: path("preview.png"), scale: 1, until: nil)

        let released = held + [.touch(.up, id: 1, at: Point(x: handle.x - 24, y: handle.y), time: .seconds(2))]
        XCTAssertNil(try inspect(after: released)["scrubPreview"], "it goes on release")
    }

    func testFineScrubbingSlowsWithDistanceAndShowsTheSpeed() throws {
        let start = try inspect(after: [])
        let bar = start["scrubBar"]!.frame
        let duration = 21.0
        let trackWidth = bar.width - 2 * (16 + 8)
        let a = Point(x: bar.minX + 24, y: bar.midY) // the thumb at 0
        var events: [InputEvent] = [.touch(.down, id: 1, at: a, time: .seconds(0.2))]
        var t = 0.2
        func to(_ p: Point) { t += 1.0 / 60; events.append(.touch(.move, id: 1, at: p, time: .seconds(t))) }
        to(Point(x: a.x + 10, y: a.y)); to(Point(x: a.x + 40, y: a.y)) // full speed: 40 pt
        to(Point(x: a.x + 40, y: a.y - 170)) // up, past 150 pt: fine
        to(Point(x: a.x + 140, y: a.y - 170)) // 100 pt at 0.1: 10 pt
        let during = try inspect(after: events)
        XCTAssertEqual(during["scrubBar"]!.state["label"] as? String, "Fine Scrubbing")
        let playhead = during["canvas"]!.state["time"] as! Double
        XCTAssertEqual(playhead, duration * 50 / trackWidth, accuracy: 0.02)
        XCTAssertEqual(during["canvas"]!.state["frameTime"] as! Double, frameTime(playhead), accuracy: 1e-6)
        events.append(.touch(.up, id: 1, at: Point(x: a.x + 140, y: a.y - 170), time: .seconds(t + 0.1)))
        let after = try inspect(after: events)
        XCTAssertNil(after["scrubBar"]!.state["label"], "the label goes with the finger")
        XCTAssertEqual(after["canvas"]!.state["time"] as! Double, playhead, accuracy: 1e-9)
    }

    func testAPanOnTheCanvasScrubsRelativelyAndResumesPlayback() throws {
        let start = try inspect(after: [])
        let canvas = start["canvas"]!.frame
        let play = start["playButton"]!.hit.center
        // Play for a second, then pan right and hold; then pan on by a quarter of the width.
        let a = Point(x: canvas.midX - 120, y: canvas.midY), b = Point(x: a.x + 60, y: a.y)
        var events = tap(play, at: 0.1) + drag(a, b, at: 1.1, steps: 20, lift: false)
        let first = try inspect(after: events)
        XCTAssertEqual(first["playButton"]?.state["playing"] as? Bool, false, "paused while the finger is down")
        let quarter = (390.0 - 32) / 4
        for i in 1...10 { events.append(.touch(.move, id: 1, at: Point(x: b.x + quarter * Double(i) / 10, y: b.y), time: .seconds(1.5 + Double(i) / 60))) }
        let second = try inspect(after: events)
        let moved = (second["canvas"]!.state["time"] as! Double) - (first["canvas"]!.state["time"] as! Double)
        XCTAssertEqual(moved, 21.0 / 4, accuracy: 1e-6, "the canvas's width spans the whole project")
        XCTAssertEqual(second["canvas"]!.state["exact"] as? Bool, true)
        events.append(.touch(.up, id: 1, at: Point(x: b.x + quarter, y: b.y), time: .seconds(2)))
        let after = try inspect(after: events)
        XCTAssertEqual(after["playButton"]?.state["playing"] as? Bool, true, "resumes on release")
    }

    func testClipsShowFilmstripsAndWaveforms() throws {
        let start = try inspect(after: [])
        let beach = start["clip:beach"]!.state
        XCTAssertEqual(beach["media"] as? String, "ready")
        XCTAssertGreaterThan(beach["thumbnailSlots"] as! Double, 0)
        XCTAssertEqual(beach["thumbnails"] as? Double, beach["thumbnailSlots"] as? Double, "every slot has its picture (synchronous mode)")
        XCTAssertEqual(start["clip:music"]!.state["waveform"] as? Bool, true)
        XCTAssertEqual(start["clip:hello"]!.state["media"] as? String, "none", "text has no media")
        // The waveform follows the level: at −24 dB its bars stand lower.
        var quiet = MediaProject.demo().project
        let (_, track) = try XCTUnwrap(quiet.clip(withID: "music"))
        quiet.tracks[track].clips[0].sound.decibels = -24
        try ProjectFile.save(quiet, to: folder.appendingPathComponent("quiet.json"))
        let lowered = try inspect(after: [], project: path("quiet.json"))
        let full = try XCTUnwrap(start["clip:music"]!.state["waveTallest"] as? Double)
        let low = try XCTUnwrap(lowered["clip:music"]!.state["waveTallest"] as? Double)
        XCTAssertLessThan(low, full * 0.4, "−24 dB is a sixteenth of the amplitude: a quarter of the height on the square-root curve (\(low) against \(full))")
    }

    func testMediaGoneMissingOpenOfflineWithABanner() throws {
        var project = MediaProject.demo().project
        project.tracks[0].clips[0].media = folder.appendingPathComponent("moved-away.mp4").path
        try ProjectFile.save(project, to: folder.appendingPathComponent("p.json"))
        let shown = try inspect(after: [], project: path("p.json"))
        XCTAssertEqual(shown["clip:beach"]!.state["media"] as? String, "offline")
        XCTAssertEqual(shown["clip:city"]!.state["media"] as? String, "ready")
        XCTAssertEqual(shown["canvas"]!.state["media"] as? String, "offline")
        let banner = try XCTUnwrap(shown["banner"])
        XCTAssertEqual(banner.state["error"] as? Bool, true)
        // Still editable: a replayed tap selects the offline clip and the project saves.
        let saved = try replay(tap(shown["clip:beach"]!.hit.center, at: 0.3), project: path("p.json"))
        XCTAssertEqual(saved, project)
    }

    func testAProjectsClipsTakeTheirMediasRealLengthsWhenOpened() throws {
        var project = MediaProject.demo().project
        // Saved when city.mp4 was 20 s long; the file is 6 s now.
        let t = try XCTUnwrap(project.clip(withID: "city")).trackIndex
        let c = try XCTUnwrap(project.tracks[t].clips.firstIndex { $0.id == "city" })
        project.tracks[t].clips[c].sourceDuration = .seconds(20)
        project.tracks[t].clips[c].sourceStart = .seconds(1)
        XCTAssertNoThrow(try ProjectFile.validate(project))
        try ProjectFile.save(project, to: folder.appendingPathComponent("p.json"))
        let opened = try replay([], project: path("p.json"))
        let city = try XCTUnwrap(opened.clip(withID: "city")?.clip)
        XCTAssertEqual(city.sourceDuration, .seconds(6))
        XCTAssertEqual(city.sourceStart, .seconds(1))
        XCTAssertEqual(city.duration, .seconds(5), "cut back to the end of its media")
    }

    func testMediaFilesOpenAsAProjectAndBadOnesAreNamed() throws {
        let video = folder.appendingPathComponent("walk.mp4"), still = folder.appendingPathComponent("card.png")
        let sound = folder.appendingPathComponent("voice.wav"), broken = folder.appendingPathComponent("broken.mov")
        try TestPattern.writeClip(to: video, settings: .init(codec: .h264, width: 160, height: 90), frames: 45, style: 0)
        try ImageCodec.writePNG(TestPattern.frame(0, width: 160, height: 90, style: 1), to: still)
        try AudioEncoder.write(AudioEncoder.tone(hz: 300, seconds: 2, sampleRate: 48_000), sampleRate: 48_000, codec: .wav, to: sound)
        try Data(repeating: 0x42, count: 1000).write(to: broken)
        let (project, notices) = MediaProject.make(files: [video.path, broken.path, still.path, sound.path], stillDuration: .seconds(3))
        let clips = project.tracks[0].clips
        XCTAssertEqual(clips.map(\.kind), [.video, .image])
        XCTAssertEqual(clips[0].duration, .seconds(1.5), "a clip gets its media's real length")
        XCTAssertEqual(clips[0].sourceDuration, .seconds(1.5))
        XCTAssertEqual(clips[1].start, .seconds(1.5))
        XCTAssertEqual(clips[1].duration, .seconds(3))
        XCTAssertNil(clips[1].sourceDuration, "a still has no source limit")
        XCTAssertEqual(project.tracks[2].clips.first?.duration, .seconds(2))
        XCTAssertEqual(notices.count, 1)
        XCTAssertTrue(notices[0].hasPrefix("broken.mov:"), notices[0])
    }

    /// The review's case: `tactile run media/walk.mp4` from one folder, the autosave reopened
    /// from another, and every clip was offline.
    func testFilesNamedFromTheWorkingFolderAreKeptAsWholePaths() throws {
        let video = folder.appendingPathComponent("walk.mp4")
        try TestPattern.writeClip(to: video, settings: .init(codec: .h264, width: 160, height: 90), frames: 15, style: 0)
        let before = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(before) }
        FileManager.default.changeCurrentDirectoryPath(folder.deletingLastPathComponent().path)
        let (project, _) = MediaProject.make(files: ["\(folder.lastPathComponent)/./walk.mp4"], stillDuration: .seconds(3))
        XCTAssertEqual(project.tracks[0].clips.first?.media, video.standardizedFileURL.path)
    }

    private func element(_ id: String, in json: String) throws -> [String: Any] {
        let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let e = (doc["elements"] as! [[String: Any]]).first { $0["id"] as? String == id }
        return try XCTUnwrap(e?["state"] as? [String: Any])
    }
}
