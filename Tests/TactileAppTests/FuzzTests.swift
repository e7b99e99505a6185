import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
@testable import TactileApp

/// The structure-aware fuzzer (`tactile-fuzz`, see Docs/Reliability.md) run briefly on every kind of
/// file Tactile reads, plus every regression case it or a person ever found
/// (`Tests/Fixtures/Fuzz`): each case works or is refused with exit 2 and one line naming the
/// field; nothing crashes, hangs or changes its input. `Scripts/fuzz` runs it for longer.
final class FuzzTests: XCTestCase, StartsPrograms {
    /// Cases per kind: enough to reach every field of every kind from this seed; `Scripts/fuzz`
    /// runs thousands with fresh seeds.
    let cases = 30

    /// The kinds each of the two fuzzer processes runs (the machine's two cores, about even).
    /// Split so the two processes take about as long (a trace case replays the attract tour:
    /// trace alone costs about what configuration, plan and session cost together).
    static let halves: [[String]] = [["trace", "project", "study", "results"], ["configuration", "plan", "session"]]

    func testEveryKindOfFileKeepsTheContractUnderFuzzing() throws {
        let fuzzer = try tactileBinary().deletingLastPathComponent().appendingPathComponent("tactile-fuzz")
        guard FileManager.default.isExecutableFile(atPath: fuzzer.path) else { throw XCTSkip("tactile-fuzz is built by Scripts/test") }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        // Two processes at once, each its own kinds and folder (the regression cases with the second).
        var runs: [(process: Process, folder: URL, output: URL)] = []
        for (i, kinds) in Self.halves.enumerated() {
            let folder = work.appendingPathComponent("half-\(i)"), output = work.appendingPathComponent("output-\(i).txt")
            FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = fuzzer
            process.arguments =
                ["--cases", "\(cases)", "--seed", "20261123", "--folder", folder.path] + kinds.flatMap { ["--kind", $0] }
                + (i == 1 ? ["--corpus", corpus.path] : [])
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            runs.append((process, folder, output))
        }
        var output = ""
        for run in runs {
            run.process.waitUntilExit()
            let text = (try? String(contentsOf: run.output, encoding: .utf8)) ?? ""
            output += text
            let last = (try? String(contentsOf: run.folder.appendingPathComponent("current-case.txt"), encoding: .utf8)) ?? "?"
            XCTAssertEqual(run.process.terminationReason, .exit, "the fuzzer crashed in case \(last):\n\(text)")
            XCTAssertEqual(run.process.terminationStatus, 0, "a case broke the contract (last case \(last)):\n\(text)")
        }
        for kind in Self.halves.flatMap({ $0 }) {
            // Both processes tally a kind the regression cases hold: add them up.
            let count = output.split(separator: "\n").filter { $0.hasPrefix("\(kind): ") }
                .compactMap { Int($0.dropFirst(kind.count + 2).prefix { $0.isNumber }) }.reduce(0, +)
            XCTAssertGreaterThanOrEqual(count, cases, "\(kind) cases ran:\n\(output)")
        }
    }
}
