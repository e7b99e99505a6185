import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileCore
import TactileHeadless
import TactileStudy
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// One writer per file, through two real processes at once: a second `run --record` into the
/// same folder, a second `study run` of the same participant and a second `export` to the same
/// movie are each refused at once (exit 4) with a message naming the file and the other process,
/// and the first writer finishes with everything it wrote.
final class OneWriterTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("one-writer") }
    override func tearDown() { removeTestFolder() }

    /// `tactile ARGS` started with its data in the test folder; its standard error collected.
    func start(_ arguments: [String]) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = try tactileBinary()
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging([
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
        ]) { $1 }
        let err = Pipe()
        p.standardError = err; p.standardOutput = FileHandle.nullDevice
        try p.run()
        return (p, err)
    }

    /// Runs `tactile ARGS` to its end: status and standard error.
    func finish(_ arguments: [String]) throws -> (Int32, String) {
        let (p, err) = try start(arguments)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    /// Ends a window with SIGTERM: its status and standard error.
    func terminate(_ p: Process, _ err: Pipe) -> (Int32, String) {
        kill(p.processIdentifier, SIGTERM)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (p.terminationStatus, text)
    }

    func testASecondRecordingIntoTheSameFolderIsRefusedAtOnceAndTheFirstKeepsItsSession() throws {
        let session = folder.appendingPathComponent("session")
        let (first, firstErr) = try start(["run", "--record", session.path])
        waitFor("the first window records") { FileManager.default.fileExists(atPath: session.appendingPathComponent("trace.jsonl").path) }
        let (status, message) = try finish(["run", "--record", session.path])
        XCTAssertEqual(status, 4, message)
        XCTAssertTrue(
            message.contains("\(session.path) is being written by another Tactile (process \(first.processIdentifier) (tactile run --record"), message)
        let (firstStatus, firstMessage) = terminate(first, firstErr)
        XCTAssertEqual(firstStatus, 0, firstMessage)
        XCTAssertTrue(firstMessage.contains("everything saved"), firstMessage)
        let names = try FileManager.default.contentsOfDirectory(atPath: session.path)
        XCTAssertTrue(names.contains("project-end.json"), "\(names)")
        XCTAssertFalse(names.contains(".tactile.lock"), "no lock is left in a folder made to be shared")
        XCTAssertNoThrow(try Commands.replay(trace: session.path, project: nil, outputs: .init(), scale: 1, until: nil), "the first session replays")
    }

    func testASecondRunOfTheSameParticipantIsRefusedAtOnce() throws {
        let study = folder.appendingPathComponent("study.json")
        try Data(#"{"variants": {"a": {"feel": {"handlesInside": false}}}}"#.utf8).write(to: folder.appendingPathComponent("variants.json"))
        try Data(
            #"{"title": "Delete", "consent": "You will edit a short video.", "configuration": "variants.json", "variants": ["a"], "tasks": [{"id": "delete", "prompt": "Delete the Star sticker", "done": [{"path": "clip:star", "exists": false}]}]}"#
                .utf8
        ).write(to: study)
        let results = folder.appendingPathComponent("results")
        let (first, firstErr) = try start(["study", "run", study.path, "--participant", "3", "--out", results.path])
        let lock = results.appendingPathComponent(".P03.lock")
        waitFor("the first run takes participant 3") { WriterLock.isHeld(lock) || !first.isRunning }
        let (status, message) = try finish(["study", "run", study.path, "--participant", "P03", "--out", results.path])
        XCTAssertEqual(status, 4, message)
        XCTAssertTrue(
            message.contains("\(results.appendingPathComponent("P03").path) is being written by another Tactile (process \(first.processIdentifier)"), message)
        // Another participant may run beside it.
        let (other, otherErr) = try start(["study", "run", study.path, "--participant", "4", "--out", results.path])
        waitFor("participant 4 runs beside participant 3") { WriterLock.isHeld(results.appendingPathComponent(".P04.lock")) }
        _ = terminate(other, otherErr)
        _ = terminate(first, firstErr)
        XCTAssertFalse(WriterLock.isHeld(lock), "the lock goes with its writer")
    }

    func testASecondExportToTheSameFileIsRefusedAtOnceAndTheFirstMovieIsWhole() throws {
        let movie = folder.appendingPathComponent("movie.mp4")
        // The demo's first clip alone: an export of a few seconds, long enough to be caught writing.
        var short = MediaProject.demo().project
        let beach = try XCTUnwrap(short.tracks.first { $0.kind == .video }?.clips.first)
        XCTAssertGreaterThanOrEqual(beach.duration, .seconds(4))
        short.tracks = [Track(id: "v", kind: .video, clips: [beach])]
        let project = folder.appendingPathComponent("short.json")
        try ProjectFile.save(short, to: project)
        let (first, firstErr) = try start(["export", "--project", project.path, "--out", movie.path, "--size", "720p"])
        let lock = WriterLock.lockURL(of: movie)
        waitFor("the first export takes the file") { WriterLock.isHeld(lock) || !first.isRunning }
        let (status, message) = try finish(["export", "--out", movie.path, "--size", "1080p"])
        XCTAssertEqual(status, 4, message)
        XCTAssertTrue(
            message.contains("\(movie.path) is being written by another Tactile (process \(first.processIdentifier) (tactile export --project"), message)
        let firstMessage = String(decoding: firstErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0, firstMessage)
        let probe = Commands.probe([movie.path]).json
        let info = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(probe.utf8)) as? [[String: Any]])?.first)
        XCTAssertEqual(info["ok"] as? Bool, true, probe)
        XCTAssertEqual((info["video"] as? [String: Any])?["codedHeight"] as? Int, 1280, "the first export's movie (720p, upright), whole: \(probe)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: lock.path), "no lock file is left beside the movie")
    }
}
