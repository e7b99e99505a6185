import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileMedia
import TactileEditor
@testable import TactileHost
import TactileInput
import TactileStudy
import TactileTestSupport
@testable import TactileApp
import TactileHeadless
@testable import TactileExport

/// The Export sheet end to end, as `tactile run` wires it: taps on the sheet, the real export
/// on its own thread while the session keeps stepping, the movie in the configured folder and
/// a banner with its path; a cancel leaves nothing behind.
final class ExportFlowTests: XCTestCase, StartsPrograms {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-export-flow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// Two seconds of stamped 640 × 360 video in a 16:9 project named "Flow".
    private func project() throws -> Project {
        let clip = folder.appendingPathComponent("clip.mp4")
        if !FileManager.default.fileExists(atPath: clip.path) {
            try TestPattern.writeClip(to: clip, settings: .init(codec: .h264, width: 640, height: 360, framesPerSecond: 30), frames: 60, style: 2)
        }
        return Project(
            name: "Flow", format: CompositionFormat(.landscape),
            tracks: [
                Track(
                    id: "v", kind: .video,
                    clips: [
                        Clip(
                            id: "c", kind: .video, media: clip.path, title: "Clip", start: .zero,
                            duration: .seconds(2), sourceDuration: .seconds(2))
                    ])
            ])
    }

    /// A session of the project, as the window wires it, recorded when `recording` is given.
    private func session(recording: Recording? = nil) throws -> (HeadlessSession, BackgroundMovieExport) {
        let exporter = BackgroundMovieExport(editor: EditorSettings())
        exporter.folder = folder.appendingPathComponent("Movies")
        let session = try HeadlessSession(
            project: try project(), viewport: Size(width: 390, height: 844), scale: 1,
            services: HostServices(exporter: exporter))
        recording?.attach(to: session.host, framesPerSecond: 60)
        session.player.runFrame()
        return (session, exporter)
    }

    private func tap(_ id: String, in session: HeadlessSession, file: StaticString = #filePath, line: UInt = #line) {
        let player = session.player
        guard let element = player.runFrame().elements.first(where: { $0.id == id }) else {
            return XCTFail("no \(id) on screen", file: file, line: line)
        }
        let p = element.hitFrame.center
        player.clock.advance(by: .milliseconds(100))
        // As a window delivers them: on the grid a trace keeps.
        player.runFrame(events: [InputEvent.touch(.down, id: 1, at: p, time: player.clock.now).roundedForTrace()])
        player.clock.advance(by: .milliseconds(80))
        player.runFrame(events: [InputEvent.touch(.up, id: 1, at: p, time: player.clock.now).roundedForTrace()])
    }

    /// Steps the session a quarter of a second at a time (as the window's loop does while an
    /// export runs) until the export has ended, for at most a minute of real time.
    private func waitForTheExport(_ session: HeadlessSession) -> [Double] {
        var seen: [Double] = []
        let deadline = Date().addingTimeInterval(60)
        while session.player.state.exportRun != nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            session.player.clock.advance(by: .seconds(0.25))
            session.player.runDueFrames(through: session.player.clock.now)
            if let fraction = session.player.state.exportRun?.fraction, seen.last != fraction { seen.append(fraction) }
        }
        return seen
    }

    func testTheSheetsExportWritesTheMovieIntoTheFolderAndSaysWhere() throws {
        let (session, _) = try session()
        tap("toolbar.export", in: session)
        tap("exportSheet.size.720p", in: session)
        tap("exportSheet.fps.25", in: session)
        tap("exportSheet.start", in: session)
        XCTAssertNotNil(session.player.state.exportRun, "it runs")
        let fractions = waitForTheExport(session)
        XCTAssertNil(session.player.state.exportRun, "and ends within a minute")
        XCTAssertEqual(fractions, fractions.sorted(), "progress only goes forward")
        let movies = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Movies").path)
        XCTAssertEqual(movies.count, 1, "\(movies)")
        let name = try XCTUnwrap(movies.first)
        XCTAssertTrue(name.hasPrefix("Flow 20") && name.hasSuffix(".mp4"), name)
        let path = folder.appendingPathComponent("Movies").appendingPathComponent(name).path
        let bytes = try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: path))[.size] as? NSNumber).int64Value
        let said = try XCTUnwrap(session.player.state.banner?.message)
        XCTAssertTrue(said.hasPrefix("“\(name)” is saved in \(folder.appendingPathComponent("Movies").path) ("), said)
        XCTAssertTrue(said.hasSuffix(String(format: "%.1f MB)", Double(bytes) / 1_000_000)), "its real size: \(said)")
        XCTAssertEqual(session.player.state.banner?.reveal?.path, path, "with a Show button for the file")
        XCTAssertEqual(session.player.state.banner?.isError, false)
        let report = MediaProbe.probe(path)
        XCTAssertEqual(report.video?.displayWidth, 1280)
        XCTAssertEqual(report.video?.displayHeight, 720)
        XCTAssertEqual(report.video?.frameRate ?? 0, 25, accuracy: 0.01)
        XCTAssertEqual(report.duration ?? 0, 2, accuracy: 0.05)
        XCTAssertNil(session.player.lastOutput?.elements.first { $0.id == "exportSheet" }, "the sheet closes when it is done")
    }

    /// A recorded session's export comes back in its replay frame for frame: the Export button,
    /// the sheet's progress at the same frames, the banner with the path, `exportEnd` in the
    /// log. The replay starts no export and writes no movie.
    func testARecordedExportReplaysFrameForFrameWithoutWritingAMovie() throws {
        let sessionFolder = folder.appendingPathComponent("session")
        let recording = try Recording(folder: sessionFolder, project: try project(), configuration: try RecordedConfiguration(TactileConfiguration()))
        let (session, _) = try session(recording: recording)
        var live: [String] = []
        session.player.onFrame = { time, _ in live.append(Self.exportLine(session.player.state, at: time)) }
        tap("toolbar.export", in: session)
        tap("exportSheet.size.720p", in: session)
        tap("exportSheet.start", in: session)
        _ = waitForTheExport(session)
        session.player.clock.advance(by: .seconds(0.5))
        session.player.runFrame()
        recording.finish(project: session.player.state.project)
        let banner = try XCTUnwrap(session.player.state.banner?.message)
        XCTAssertTrue(banner.hasPrefix("“Flow 20") && banner.contains(" is saved in \(folder.path)/Movies ("), banner)

        let trace = try Trace.load(from: sessionFolder.appendingPathComponent(SessionRecorder.FileName.trace))
        XCTAssertTrue(trace.offersExport, "the header says the session could export")
        XCTAssertGreaterThanOrEqual(trace.exportNews.count, 2, "progress, then the ending: \(trace.exportNews)")
        guard case .finished? = trace.exportNews.last?.news else { return XCTFail("\(trace.exportNews)") }
        let recordedLog = try String(contentsOf: sessionFolder.appendingPathComponent(SessionRecorder.FileName.log), encoding: .utf8)
        let end = try XCTUnwrap(recordedLog.split(separator: "\n").first { $0.contains("\"kind\":\"exportEnd\"") })
        XCTAssertTrue(end.contains("\"outcome\":\"finished\"") && end.contains("\"file\":\"Flow 20"), String(end))

        let recorded = try RecordedSession.open(sessionFolder.path, project: nil, settings: Settings())
        let replay = try HeadlessSession(project: recorded.project, viewport: recorded.trace.viewport, scale: 1, configuration: recorded.configuration)
        var replayed: [String] = []
        replay.player.onFrame = { time, _ in replayed.append(Self.exportLine(replay.player.state, at: time)) }
        replay.player.play(recorded.trace)
        XCTAssertEqual(Array(replayed.dropFirst()), live, "the same export state at every frame (the first ran before the test listened)")
        XCTAssertEqual(replay.player.state.banner?.message, banner)
        XCTAssertEqual(replay.player.log.map(\.jsonLine), recordedLog.split(separator: "\n").map(String.init), "the same log, line for line")
        XCTAssertEqual((replay.host.exporter as? ReplayedExports)?.started, 1, "the replay's Start reached its stand-in")
        let movies = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Movies").path)
        XCTAssertEqual(movies.count, 1, "only the recorded session wrote a movie: \(movies)")
    }

    /// A frame's export state as one line: the button, the sheet, the run's share, the banner.
    private static func exportLine(_ state: EditorState, at time: Time) -> String {
        "\(time.seconds) \(state.exportAvailable) \(state.exportSheet) \(state.exportRun.map { "\($0.fraction)" } ?? "-") \(state.banner?.message ?? "")"
    }

    func testCancelStopsTheExportAndLeavesNoFile() throws {
        let (session, _) = try session()
        tap("toolbar.export", in: session)
        tap("exportSheet.size.4K", in: session)
        tap("exportSheet.start", in: session)
        tap("exportSheet.cancel", in: session)
        _ = waitForTheExport(session)
        XCTAssertEqual(session.player.state.banner?.message, "Export cancelled")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Movies").path)) ?? []
        XCTAssertEqual(left, [], "no movie and no partial file")
    }

    /// The window closed with the export half done: the program finishes the movie before it
    /// ends (a signal cancels instead, leaving nothing). An old partial file a killed export
    /// left is cleared away when the next one starts; one being written is not.
    func testAnExportRunningAtQuitIsFinishedOrCancelledAndOldPartialFilesAreCleared() throws {
        let movies = folder.appendingPathComponent("Movies")
        try FileManager.default.createDirectory(at: movies, withIntermediateDirectories: true)
        let stale = movies.appendingPathComponent(".Flow 2026-01-01 10.00.00.mp4.partial.mp4")
        let fresh = movies.appendingPathComponent(".Other 2026-01-01 10.00.00.mp4.partial.mp4")
        // Old too, but not ours: another program's hidden file, and a folder named like a partial file.
        let foreign = movies.appendingPathComponent(".notes.partial.txt"), folderLike = movies.appendingPathComponent(".Keep.mp4.partial.mp4")
        for file in [stale, fresh, foreign] { try Data(repeating: 1, count: 1000).write(to: file) }
        try FileManager.default.createDirectory(at: folderLike, withIntermediateDirectories: false)
        for old in [stale, foreign, folderLike] {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-600)], ofItemAtPath: old.path)
        }
        let kept = [fresh, foreign, folderLike].map(\.lastPathComponent).sorted()

        let exporter = BackgroundMovieExport(editor: EditorSettings())
        exporter.folder = movies
        exporter.start(try project(), settings: MovieSettings(size: .p720, framesPerSecond: 25, quality: .draft))
        XCTAssertTrue(exporter.isRunning)
        // The window closed by the person: the movie is finished first.
        XCTAssertNil(Windowed.endExport(exporter, windowClosed: true))
        XCTAssertFalse(exporter.isRunning)
        var left = try FileManager.default.contentsOfDirectory(atPath: movies.path).sorted()
        let movie = try XCTUnwrap(left.first { !$0.hasPrefix(".") })
        XCTAssertEqual(
            left.filter { $0.hasPrefix(".") }, kept,
            "the stale partial file is gone; a fresh one (maybe another export's) and what is not ours stay")
        let path = movies.appendingPathComponent(movie).path
        XCTAssertEqual(MediaProbe.probe(path).video?.displayWidth, 1280, "the movie is whole")

        // Closed by a signal: cancelled, nothing of it left.
        try FileManager.default.removeItem(atPath: path)
        exporter.start(try project(), settings: MovieSettings(size: .p2160, framesPerSecond: 60, quality: .high))
        XCTAssertNil(Windowed.endExport(exporter, windowClosed: false))
        left = try FileManager.default.contentsOfDirectory(atPath: movies.path).sorted()
        XCTAssertEqual(left, kept, "no movie and no partial file of it")

        // Waiting by hand: progress only forward, and a cancel as soon as asked.
        var shares: [Double] = []
        exporter.start(try project(), settings: MovieSettings(size: .p720, framesPerSecond: 25, quality: .draft))
        guard case .finished? = exporter.waitForTheEnd(cancelWhen: { false }, progress: { shares.append($0) }) else { return XCTFail("finished") }
        XCTAssertEqual(shares, shares.sorted())
        exporter.start(try project(), settings: MovieSettings(size: .p2160, framesPerSecond: 60, quality: .high))
        XCTAssertEqual(exporter.waitForTheEnd(cancelWhen: { true }), .cancelled)
        XCTAssertNil(BackgroundMovieExport(editor: EditorSettings()).waitForTheEnd(cancelWhen: { false }), "none ran")
    }

    func testTheMovieIsNamedAfterTheProjectWithoutCharactersFilesRefuse() throws {
        let exporter = BackgroundMovieExport(editor: EditorSettings())
        exporter.folder = folder
        exporter.now = { Date(timeIntervalSince1970: 0) }
        exporter.timeZone = TimeZone(identifier: "UTC")!
        let url = try exporter.destination(for: Project(name: "A/B: \"c\"", tracks: []))
        XCTAssertEqual(url.lastPathComponent, "A-B- -c- 1970-01-01 00.00.00.mp4")
    }
}
