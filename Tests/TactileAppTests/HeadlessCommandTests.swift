import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileUI
@testable import TactileApp
import TactileHeadless

/// The headless commands, driven as a user drives them: files in, files out.
final class HeadlessCommandTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func inspect(_ args: (project: String?, replay: String?) = (nil, nil)) throws -> [String: Any] {
        let json = try Commands.inspect(project: args.project, replay: args.replay, size: nil, scale: nil, at: nil)
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    }

    func element(_ doc: [String: Any], _ id: String) -> [String: Any]? {
        (doc["elements"] as! [[String: Any]]).first { $0["id"] as? String == id }
    }

    func rect(_ e: [String: Any], _ key: String = "frame") -> Rect {
        let f = e[key] as! [String: Double]
        return Rect(x: f["x"]!, y: f["y"]!, width: f["w"]!, height: f["h"]!)
    }

    func testSnapshotHasTheAskedSizeAndRealContentWhereInspectSaysAClipIs() throws {
        try Commands.snapshot(out: path("shot.png"), project: nil, size: "390x844", scale: 2, at: nil)
        let image = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("shot.png")))
        XCTAssertEqual(image.width, 780)
        XCTAssertEqual(image.height, 1688)
        let doc = try inspect()
        XCTAssertEqual((doc["viewport"] as! [String: Double])["width"], 390)
        // The middle of the "Soundtrack" clip shows the audio colour, the empty left half of the
        // timeline (before 0 s) shows the background.
        let music = rect(element(doc, "clip:music")!)
        let px = image.pixel(x: Int(music.midX * 2), y: Int((music.maxY - 6) * 2))
        let audio = Theme().color(for: .audio)
        XCTAssertEqual([px.r, px.g, px.b], [audio.r, audio.g, audio.b])
        let empty = image.pixel(x: 40, y: Int(music.midY * 2))
        let bg = Theme().background
        XCTAssertEqual([empty.r, empty.g, empty.b], [bg.r, bg.g, bg.b])
        // Text was drawn: the title bar holds light pixels.
        var light = 0
        for y in 47 * 2..<91 * 2 { for x in 150..<630 where image.pixel(x: x, y: y).r > 200 { light += 1 } }
        XCTAssertGreaterThan(light, 100, "the project name is drawn")
    }

    func testSnapshotOfASmallerViewportAndAnotherScale() throws {
        try Commands.snapshot(out: path("small.png"), project: nil, size: "320x568", scale: 1, at: 5)
        let image = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("small.png")))
        XCTAssertEqual([image.width, image.height], [320, 568])
    }

    func testAReplayedTapSelectsTheClipUnderIt() throws {
        let city = rect(element(try inspect(), "clip:city")!, "hitFrame")
        let trace = Trace(
            viewport: Size(width: 390, height: 844),
            events: [
                .touch(.down, id: 1, at: city.center, time: .seconds(0.1)),
                .touch(.up, id: 1, at: city.center, time: .seconds(0.18)),
            ])
        try trace.serialized().write(toFile: path("tap.jsonl"), atomically: true, encoding: .utf8)
        let after = try inspect((nil, path("tap.jsonl")))
        XCTAssertEqual((element(after, "clip:city")!["state"] as! [String: Any])["selected"] as? Bool, true)
        XCTAssertNotNil(element(after, "clip:city.trimHandle.trailing"))

        let summary = try Commands.replay(
            trace: path("tap.jsonl"), project: nil, stateOut: path("out.json"),
            snapshot: path("final.png"), scale: 1, until: nil)
        XCTAssertTrue(summary.contains("2 events"), summary)
        XCTAssertEqual(try ProjectFile.load(from: URL(fileURLWithPath: path("out.json"))), MediaProject.demo().project)
        let image = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("final.png")))
        // The selection frame is drawn: the selection colour at the clip's top edge.
        let sel = Theme().selection
        let edge = image.pixel(x: Int(min(city.midX, 380)), y: Int(city.minY + 1))
        XCTAssertEqual([edge.r, edge.g, edge.b], [sel.r, sel.g, sel.b])
    }

    func testReplayIsDeterministic() throws {
        let trace = Trace(
            viewport: Size(width: 390, height: 844),
            events: [
                .key(.space, time: .seconds(0.5)), .key(.space, time: .seconds(2.25)),
            ])
        try trace.serialized().write(toFile: path("play.jsonl"), atomically: true, encoding: .utf8)
        let a = try Commands.inspect(project: nil, replay: path("play.jsonl"), size: nil, scale: nil, at: nil)
        let b = try Commands.inspect(project: nil, replay: path("play.jsonl"), size: nil, scale: nil, at: nil)
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.contains("\"label\": \"0:01 f22 / 0:21\""), "paused after 1.75 s of play: the frame, rounded down")
    }

    func testBadProjectIsExitCodeTwoAndNothingIsOverwritten() throws {
        try
            "{\"version\":1,\"name\":\"x\",\"tracks\":[{\"id\":\"v\",\"kind\":\"video\",\"clips\":[{\"id\":\"a\",\"kind\":\"video\",\"title\":\"A\",\"start\":0,\"duration\":-2}]}]}"
            .write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
        try "keep me".write(toFile: path("out.json"), atomically: true, encoding: .utf8)
        try Trace(viewport: Size(width: 390, height: 844), events: []).serialized().write(toFile: path("t.jsonl"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(
            try Commands.replay(
                trace: path("t.jsonl"), project: path("bad.json"), stateOut: path("out.json"),
                snapshot: nil, scale: nil, until: nil)
        ) { error in
            let e = error as! CommandError
            XCTAssertEqual(e.exitCode, 2)
            XCTAssertTrue(e.message.contains("tracks[0].clips[0].duration"), e.message)
        }
        XCTAssertEqual(try String(contentsOfFile: path("out.json"), encoding: .utf8), "keep me")
    }

    func testTheCommandLineExitsWithTwoOnABadProject() throws {
        let binary = try tactileBinary()
        try "not json".write(toFile: path("bad.json"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["snapshot", "--out", path("x.png"), "--project", path("bad.json")]
        let err = Pipe()
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(message.contains("not valid JSON"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
    }

    func testProbeReportsEveryFileAndSaysWhetherAnyFailed() throws {
        try TestPattern.writeClip(
            to: folder.appendingPathComponent("ok.mp4"),
            settings: .init(codec: .h264, width: 320, height: 180), frames: 10, style: 0)
        let (json, allOK) = Commands.probe([path("ok.mp4"), path("nope.mov")])
        XCTAssertFalse(allOK)
        let reports = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [[String: Any]]
        XCTAssertEqual(reports.count, 2, "every file is reported, even after a failure")
        XCTAssertEqual(reports[0]["ok"] as? Bool, true)
        XCTAssertEqual(reports[1]["error"] as? String, "No such file.")
        XCTAssertTrue(Commands.probe([path("ok.mp4")]).allOK)
    }

    func testIdleRendersNothingAfterTheFirstFrame() throws {
        let session = try HeadlessSession(project: DemoProject.make())
        session.player.runDueFrames(through: .seconds(5))
        XCTAssertEqual(session.player.framesRun, 1)
        XCTAssertEqual(session.player.framesRendered, 1)
    }
}
