import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileMedia
import TactileExport
@testable import TactileApp

/// `tactile export`: the movie written with the options given, and bad options refused by name
/// before any work (MovieExportTests in TactileExportTests checks the movie itself).
final class ExportCommandTests: XCTestCase {
    var folder: URL!
    /// A two-second clip of stamped frames.
    var project: Project!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-export-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clip = folder.appendingPathComponent("a.mp4")
        try TestPattern.writeClip(to: clip, settings: .init(codec: .h264, width: 320, height: 180, framesPerSecond: 30), frames: 60, style: 0)
        project = Project(
            name: "Export command", format: CompositionFormat(.landscape),
            tracks: [
                Track(
                    id: "v", kind: .video,
                    clips: [
                        Clip(
                            id: "A", kind: .video, media: clip.path, title: "A", start: .zero,
                            duration: .seconds(2), sourceDuration: .seconds(2))
                    ])
            ])
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func testTheCommandWritesTheMovieAndNamesBadOptions() throws {
        let file = folder.appendingPathComponent("project.json")
        try ProjectFile.save(project, to: file)
        let out = folder.appendingPathComponent("cli/short.mp4").path
        let line = try Commands.export(project: file.path, out: out, size: "720p", framesPerSecond: 24, quality: "draft")
        XCTAssertTrue(line.hasPrefix("Wrote \(out): 1280×720, 24 fps"), line)
        XCTAssertEqual(MediaProbe.probe(out).video?.frameRate ?? 0, 24, accuracy: 0.01)
        for (size, fps, quality, named) in [("8K", 30, "standard", "--size"), ("1080p", 29, "standard", "--fps"), ("1080p", 30, "best", "--quality")] {
            XCTAssertThrowsError(try Commands.export(project: file.path, out: out, size: size, framesPerSecond: fps, quality: quality)) { error in
                XCTAssertTrue("\(error)".contains(named), "\(error)")
            }
        }
        XCTAssertThrowsError(
            try Commands.export(project: file.path, out: folder.appendingPathComponent("x.gif").path, size: nil, framesPerSecond: nil, quality: nil)
        ) {
            XCTAssertTrue("\($0)".contains("--out"), "\($0)")
        }
        // A folder named like a movie is refused at once, before minutes of exporting.
        let folderLike = folder.appendingPathComponent("cli/folder.mp4")
        try FileManager.default.createDirectory(at: folderLike, withIntermediateDirectories: true)
        XCTAssertThrowsError(try Commands.export(project: file.path, out: folderLike.path, size: nil, framesPerSecond: nil, quality: nil)) {
            XCTAssertTrue("\($0)".contains("is a folder"), "\($0)")
        }
    }

    func testTheProgressBarShowsShareTimesAndTimeLeft() {
        let line = TerminalProgressBar.line(MovieExport.Progress(done: .seconds(30), total: .seconds(60), elapsed: 10))
        XCTAssertTrue(line.hasPrefix("[" + String(repeating: "█", count: 15) + String(repeating: "░", count: 15) + "]"), line)
        XCTAssertTrue(line.contains(" 50 %  0:30 / 1:00  0:10 left"), line)
        let start = TerminalProgressBar.line(MovieExport.Progress(done: .zero, total: .seconds(60), elapsed: 0.1))
        XCTAssertFalse(start.contains("left"), "no guess before anything is done")
    }
}
