import CSDL2
import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileInput
import TactileSDL
@testable import TactileApp
import TactileHeadless

/// Disks that fill or refuse, made real: a small tmpfs mounted for the test (a read-only one,
/// one with a few kilobytes left); the session runs through the host on the virtual clock. A folder that cannot be written is refused at the start; a
/// disk that fills stops the recording with a banner and keeps what was written; autosave
/// failures show a banner, are never reported as saved, and the exit status says so.
final class FullDiskTests: XCTestCase, ReplayTesting, RunsAlone {
    var folder: URL!
    var mounts: [URL] = []
    override func setUpWithError() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        folder = try Self.makeTestFolder("disk")
    }
    override func tearDown() {
        for m in mounts.reversed() { _ = try? runTool("/bin/umount", [m.path]) }
        removeTestFolder()
    }

    /// A tmpfs of `kilobytes` at a new folder (read-only when asked), unmounted after the test.
    func smallDisk(kilobytes: Int, readOnly: Bool = false) throws -> URL {
        guard getuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root (as in CI)") }
        let url = folder.appendingPathComponent("disk\(mounts.count)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let (status, output) = try runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k\(readOnly ? ",ro" : "")", "tmpfs", url.path])
        guard status == 0 else { throw XCTSkip("cannot mount a tmpfs here: \(output)") }
        mounts.append(url)
        return url
    }

    /// Fills `disk` until `leaving` bytes are free.
    func fill(_ disk: URL, leaving: Int) throws {
        let attributes = try FileManager.default.attributesOfFileSystem(forPath: disk.path)
        let free = (attributes[.systemFreeSize] as? NSNumber)?.intValue ?? 0
        try Data(count: max(0, free - leaving)).write(to: disk.appendingPathComponent("filler"))
    }

    func testEveryCommandWritingIntoAReadOnlyFolderNamesTheFileAndSaysWhyInWords() throws {
        let readOnly = try smallDisk(kilobytes: 64, readOnly: true)
        let tactile = try tactileBinary().path
        let environment = ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": folder.appendingPathComponent("data").path]
        let results = folder.appendingPathComponent("results").path, study = exampleStudy
        let pilot = study.deletingLastPathComponent().appendingPathComponent("pilot/P01.jsonl").path
        let (ran, runOutput) = try runTool(
            tactile, ["study", "run", study.path, "--participant", "1", "--out", results, "--script", pilot, "--headless"], environment: environment)
        XCTAssertEqual(ran, 0, runOutput)
        let session = results + "/P01/block1-outside"
        for (arguments, file) in [
            (["snapshot", "--out", readOnly.path + "/x.png"], "/x.png"),
            (["report", results, "--out", readOnly.path + "/r.md"], "/r.md"),
            (["report", results, "--json", readOnly.path + "/r.json"], "/r.json"),
            (["report", results, "--csv", readOnly.path + "/csv"], "/csv"),
            (["heatmap", session, "--out", readOnly.path + "/h.png"], "/h.png"),
            (["replay", session, "--video", readOnly.path + "/v.mp4"], "/v.mp4"),
            (["study", "run", study.path, "--participant", "2", "--out", readOnly.path + "/res", "--script", pilot, "--headless"], "/res"),
        ] {
            let (status, output) = try runTool(tactile, arguments, environment: environment)
            XCTAssertNotEqual(status, 0, output)
            XCTAssertTrue(output.contains(readOnly.path + file), "names the file: \(output)")
            XCTAssertTrue(output.contains("Read-only file system"), "says why in words: \(output)")
            for raw in ["Error Domain", "NSCocoaErrorDomain", "Code=", "CommandError", ".tmp"] {
                XCTAssertFalse(output.contains(raw), "no \(raw) in what a person reads: \(output)")
            }
        }
    }

    func testARecordFolderThatCannotBeWrittenIsRefusedAtTheStart() throws {
        let readOnly = try smallDisk(kilobytes: 64, readOnly: true)
        XCTAssertThrowsError(
            try Recording(
                folder: readOnly.appendingPathComponent("session"), project: DemoProject.make(),
                configuration: RecordedConfiguration(TactileConfiguration()))
        ) { error in
            XCTAssertEqual((error as? CommandError)?.exitCode, 2)
            XCTAssertTrue("\(error)".contains("Read-only file system"), "\(error)")
        }
        let full = try smallDisk(kilobytes: 64)
        try fill(full, leaving: 0)
        XCTAssertThrowsError(try Recording(folder: full, project: DemoProject.make(), configuration: try RecordedConfiguration(TactileConfiguration()))) {
            XCTAssertTrue("\($0)".contains("No space left on device"), "\($0)")
        }
        // The program itself: exit 2, one line, before any window opens.
        let (status, output) = try runTool(try tactileBinary().path, ["run", "--record", readOnly.appendingPathComponent("s").path])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("cannot record a session there (Read-only file system)"), output)
    }

    func testADiskThatFillsStopsTheRecordingWithABannerAndKeepsWhatWasWritten() throws {
        let disk = try smallDisk(kilobytes: 64)
        let session = disk.appendingPathComponent("session")
        let headless = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1)
        let recording = try Recording(folder: session, project: DemoProject.make(), configuration: try RecordedConfiguration(TactileConfiguration()))
        recording.attach(to: headless.host, framesPerSecond: 60)
        var banners: [String] = []
        headless.host.add(
            SessionEvents(frame: { record in
                if let b = record.state.banner?.message, b != banners.last { banners.append(b) }
            }))
        let player = headless.player
        player.play(Trace(viewport: Size(width: 390, height: 844), events: tap(Point(x: 249, y: 606), at: 0.2)), until: .seconds(0.6))
        // Someone else fills the disk while the session runs.
        let filler = disk.appendingPathComponent("filler")
        try fill(disk, leaving: 2048)
        // Scroll the timeline back and forth: every move is a line in the trace.
        var events: [InputEvent] = []
        for round in 0..<6 {
            let t = 1.0 + Double(round) * 0.8
            events += drag(Point(x: round % 2 == 0 ? 200 : 80, y: 700), Point(x: round % 2 == 0 ? 80 : 200, y: 700), at: t, steps: 30)
        }
        var cursor = TraceCursor(Trace(viewport: Size(width: 390, height: 844), events: events))
        player.advance(&cursor, through: .seconds(7))
        player.runDueFrames(through: .seconds(8))
        let recorder = try XCTUnwrap(recording.finish(project: headless.host.state.project))
        XCTAssertTrue(recorder.stopped?.contains("No space left on device") == true, "stopped: \(recorder.stopped ?? "no")")
        XCTAssertTrue(banners.contains { $0.hasPrefix("Recording stopped: No space left on device") }, "banners: \(banners)")
        XCTAssertGreaterThan(recorder.framesWritten, 2)
        XCTAssertLessThan(recorder.framesWritten, headless.host.framesRun, "the frames after the disk filled are not there")
        // What was written before stays, and replays.
        try FileManager.default.removeItem(at: filler)
        let summary = try Commands.replay(trace: session.path, project: nil, outputs: .init(stateOut: path("replayed.json")), scale: 1, until: nil)
        XCTAssertTrue(summary.hasPrefix("replayed"), summary)
        let log = try String(contentsOf: session.appendingPathComponent("log.jsonl"), encoding: .utf8)
        XCTAssertTrue(log.contains("\"select\""), "the selection before the disk filled is in the log")
    }

    func testAutosaveOnAFullDiskShowsABannerIsNeverReportedAsSavedAndTheExitStatusSaysSo() throws {
        let disk = try smallDisk(kilobytes: 64)
        let autosave = try Autosave(folder: disk.appendingPathComponent("autosave"), project: DemoProject.make())
        try fill(disk, leaving: 0)
        var changed = DemoProject.make(); changed.name = "Changed"
        guard case let .failed(reason) = autosave.save(changed) else { return XCTFail("a failed save is reported") }
        XCTAssertEqual(reason, "No space left on device")
        changed.name = "Changed again"
        XCTAssertEqual(autosave.save(changed), .none, "reported once, not every frame")
        XCTAssertEqual(autosave.finish(project: changed), "No space left on device", "a clean close that could not save says so")
        try FileManager.default.removeItem(at: disk.appendingPathComponent("filler"))
        changed.name = "Once there is room"
        XCTAssertEqual(autosave.save(changed), .recovered, "and once it works again, that too")

        // The program, on a disk with no room for its autosave: a banner says so from the start,
        // and SIGTERM exits 3, never saying "everything saved".
        let data = try smallDisk(kilobytes: 128)
        try fill(data, leaving: 0)
        let binary = try tactileBinary()
        let p = Process()
        p.executableURL = binary
        p.arguments = ["run"]
        p.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": data.path, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"]) { $1 }
        let pipe = Pipe()
        p.standardError = pipe; p.standardOutput = FileHandle.nullDevice
        try p.run()
        usleep(1_500_000) // the window comes up (it says nothing until it ends)
        kill(p.processIdentifier, SIGTERM)
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 3, output)
        XCTAssertTrue(output.contains("not everything could be saved: the project could not be autosaved (No space left on device)"), output)
        XCTAssertFalse(output.contains("everything saved\n"), output)
    }
}
