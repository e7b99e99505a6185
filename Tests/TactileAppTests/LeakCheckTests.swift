import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileInput
import TactileMedia
@testable import TactileApp

/// The `tactile` program under Valgrind's memcheck over every kind of troublesome media: probing
/// them, and a replayed scrub across a project whose clips use them (probe, decoders, filmstrips,
/// waveforms, the renderer). No block may be definitely lost and no freed memory touched.
final class LeakCheckTests: XCTestCase, ReplayTesting, StartsPrograms {
    var folder: URL!

    override func setUpWithError() throws { folder = try Self.makeTestFolder("tactile-leaks") }
    override func tearDown() { removeTestFolder() }

    func testProbingAndEditingBadMediaLeakNothing() throws {
        // Valgrind 3.19 cannot read the DWARF 5 that the server libraries bring into the debug
        // binary ("possibly corrupted debuginfo"): it checks a copy without the debug sections
        // (functions are still named from the symbol table).
        let binary = folder.appendingPathComponent("tactile-nodebug")
        let strip = Process()
        strip.executableURL = URL(fileURLWithPath: "/usr/bin/objcopy")
        strip.arguments = ["--strip-debug", try tactileBinary().path, binary.path]
        try strip.run()
        strip.waitUntilExit()
        XCTAssertEqual(strip.terminationStatus, 0, "objcopy (binutils) copies the binary without its debug sections")
        let valgrind = try XCTUnwrap(
            ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "valgrind is installed by Scripts/setup")
        let media = try AwkwardMedia.make(in: folder.appendingPathComponent("media"))
        let names = AwkwardMedia.names.keys.sorted().filter { $0 != "audio-only.m4a" }
        let clips = names.enumerated().map { i, name in
            Clip(
                id: "c\(i)", kind: name.hasSuffix(".png") ? .image : .video, media: media[name], title: name, start: .seconds(Double(i)),
                duration: .seconds(1), sourceDuration: name.hasSuffix(".png") ? nil : .seconds(1))
        }
        let sound = Clip(
            id: "sound", kind: .audio, media: media["audio-only.m4a"], title: "tone", start: .zero, duration: .seconds(1.5),
            sourceDuration: .seconds(1.5))
        let project = Project(name: "Awkward", tracks: [Track(id: "v", kind: .video, clips: clips), Track(id: "a", kind: .audio, clips: [sound])])
        try ProjectFile.save(project, to: folder.appendingPathComponent("p.json"))
        // A scrub along the ruler from the end to the start, over every clip.
        let ruler = try XCTUnwrap(inspect(after: [], project: path("p.json"))["ruler"]).frame
        try write(drag(Point(x: 40, y: ruler.midY), Point(x: 40 + Double(names.count) * 60, y: ruler.midY), at: 0.2, steps: 24), to: "scrub.jsonl")

        // Both at once, on the two cores (Valgrind's start alone takes seconds).
        let runs = try [
            ["probe"] + names.map { media[$0]! },
            ["replay", path("scrub.jsonl"), "--project", path("p.json"), "--snapshot", path("end.png"), "--scale", "0.5"],
        ].enumerated().map { i, arguments in (arguments, try memcheck(valgrind, binary, arguments, log: path("memcheck-\(i).txt"))) }
        for (arguments, run) in runs {
            run.process.waitUntilExit()
            let report = try String(contentsOfFile: run.log, encoding: .utf8)
            XCTAssertTrue(
                report.contains("definitely lost: 0 bytes") || report.contains("no leaks are possible"),
                "\(arguments[0]) leaked:\n\(report.suffix(3000))")
            XCTAssertTrue(report.contains("ERROR SUMMARY: 0 errors"), "\(arguments[0]) touched memory it should not:\n\(report.prefix(4000))")
        }
    }

    /// Starts `binary arguments` under memcheck, its report going to `log`.
    private func memcheck(_ valgrind: String, _ binary: URL, _ arguments: [String], log: String) throws -> (process: Process, log: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        // Uninitialised-value checks are off: FFmpeg's hand-written assembly trips them falsely.
        process.arguments =
            [
                "--leak-check=full", "--show-leak-kinds=definite", "--errors-for-leak-kinds=definite",
                "--undef-value-errors=no", "--log-file=\(log)", binary.path,
            ] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["SDL_AUDIODRIVER"] = "dummy"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, log)
    }
}
