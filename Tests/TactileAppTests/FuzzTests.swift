import Foundation
import XCTest
@testable import TactileApp

/// The structure-aware fuzzer (`tactile-fuzz`, see Docs/Reliability.md) run briefly on every kind of
/// file Tactile reads, plus every regression case it or a person ever found
/// (`Tests/Fixtures/Fuzz`): each case works or is refused with exit 2 and one line naming the
/// field; nothing crashes, hangs or changes its input. `Scripts/fuzz` runs it for longer.
final class FuzzTests: XCTestCase {
    /// Cases per kind: enough to reach every field of every kind from this seed; `Scripts/fuzz`
    /// runs thousands with fresh seeds.
    let cases = 30

    func testEveryKindOfFileKeepsTheContractUnderFuzzing() throws {
        let fuzzer = try tactileBinary().deletingLastPathComponent().appendingPathComponent("tactile-fuzz")
        guard FileManager.default.isExecutableFile(atPath: fuzzer.path) else { throw XCTSkip("tactile-fuzz is built by Scripts/test") }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let process = Process()
        process.executableURL = fuzzer
        process.arguments = ["--cases", "\(cases)", "--seed", "20261123", "--folder", work.path, "--corpus", corpus.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let last = (try? String(contentsOf: work.appendingPathComponent("current-case.txt"), encoding: .utf8)) ?? "?"
        XCTAssertEqual(process.terminationReason, .exit, "the fuzzer crashed in case \(last):\n\(output)")
        XCTAssertEqual(process.terminationStatus, 0, "a case broke the contract (last case \(last)):\n\(output)")
        for kind in ["project", "trace", "configuration", "plan", "session", "study", "results"] {
            let line = output.split(separator: "\n").first { $0.hasPrefix("\(kind): ") }
            let count = line.flatMap { Int($0.dropFirst(kind.count + 2).prefix { $0.isNumber }) } ?? 0
            XCTAssertGreaterThanOrEqual(count, cases, "\(kind) cases ran:\n\(output)")
        }
    }
}
