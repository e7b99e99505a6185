import Foundation
import TactileAppTesting
import TactileTestSupport
import XCTest

@testable import TactileApp

/// `tactile videos` and `tactile clips --shard K/N`: N machines each make one part of a study's
/// sessions, every machine and run agreeing on which, and the parts together are every session
/// once.
final class ShardTests: XCTestCase, ReplayTesting {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("shard") }
    override func tearDown() { removeTestFolder() }

    let names = (1...20).flatMap { p in ["block1-outside", "block2-inside"].map { String(format: "P%02d-", p) + $0 } }

    func testThePartsOfAStudysSessionsAreDisjointAndTogetherTheWhole() throws {
        for n in 1...5 {
            let parts = (1...n).map { k in Set(names.filter { Shard(part: k, count: n).holds($0) }) }
            XCTAssertEqual(parts.reduce(Set<String>()) { $0.union($1) }, Set(names), "\(n) parts make the whole")
            XCTAssertEqual(parts.map(\.count).reduce(0, +), names.count, "\(n) parts: none twice")
            if n == 4 { XCTAssertTrue(parts.allSatisfy { $0.count >= 5 }, "forty sessions over four machines: each has work: \(parts.map(\.count))") }
        }
        // Fixed by the name alone, the same on every machine: FNV-1a of the name, worked out
        // apart from our code (Python): 0x1d98c19fb0cd9099 and 0x809b881c26a8fe88.
        XCTAssertEqual(Shard.part(of: "P01-block1-outside", among: 4), 2)
        XCTAssertEqual(Shard.part(of: "P02-block2-inside", among: 4), 1)
    }

    func testAShardIsReadAsKOfNAndAnythingElseIsRefusedWithASentence() throws {
        XCTAssertEqual(try Shard(parsing: "2/4"), Shard(part: 2, count: 4))
        for bad in ["0/3", "4/3", "a/b", "3", "1/0", "-1/2", "1/2/3"] {
            XCTAssertThrowsError(try Shard(parsing: bad)) { XCTAssertTrue("\($0)".contains("--shard must be K/N"), "\(bad): \($0)") }
        }
        let session = folder.appendingPathComponent("session")
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        let (status, output) = try runTool(
            try tactileBinary().path, ["videos", session.path, "--out", path("v"), "--shard", "5/4"],
            environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])
        XCTAssertEqual(status, 2, output)
        XCTAssertTrue(output.contains("--shard must be K/N with 1 ≤ K ≤ N ≤ 10000 (2/4: the second of four parts), not 5/4"), output)
    }

    func testAPartWithNoneOfTheSessionsSaysSoAndMakesNothing() throws {
        // The corpus's task-run session falls in part 1 of 2 (FNV-1a 0x82f2a8c55f1ba874 is even).
        let session = folder.appendingPathComponent("task-run")
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Corpus/task-run")
        try FileManager.default.copyItem(at: corpus, to: session)
        // Its log (where the tasks are) as the session recorded it.
        try FileManager.default.copyItem(at: session.appendingPathComponent("expected/log.jsonl"), to: session.appendingPathComponent("log.jsonl"))
        for command in ["videos", "clips"] {
            let (status, output) = try runTool(
                try tactileBinary().path, [command, session.path, "--out", path(command), "--shard", "2/2"] + (command == "clips" ? ["--tasks"] : []),
                environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])
            XCTAssertEqual(status, 0, output)
            XCTAssertTrue(output.hasPrefix("shard 2/2: none of the"), output)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(command)), "nothing made")
        }
    }
}
