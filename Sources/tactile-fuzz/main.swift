import ArgumentParser
import Foundation
import TactileCore
import TactileMedia
import TactileTestSupport

/// `tactile-fuzz`: the structure-aware fuzzer over every kind of file Tactile reads (see
/// Docs/Reliability.md). Exit 0 when every case kept the contract, 1 when one broke it (each is
/// kept under the work folder's `failures/`), 3 on a hang (the case is named).
struct TactileFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile-fuzz",
        abstract: "Fuzz every kind of file Tactile reads: exit 2 with one line naming the field, or success; never a crash, hang or changed input.")

    @Option(help: "Kinds to fuzz (project, trace, configuration, plan, session, study, results; default all).") var kind: [String] = []
    @Option(help: "Cases per kind.") var cases: Int = 100
    @Option(help: "Run for this many seconds instead, cycling through the kinds.") var seconds: Double?
    @Option(help: "The first seed (cases are numbered from it).") var seed: UInt64 = 1
    @Option(help: "Work folder (default: a new temporary one).") var folder: String?
    @Option(help: "Also replay the regression cases in this folder (one file or folder per case, named KIND-…).") var corpus: String?

    func run() throws {
        MediaLog.quiet()
        let kinds =
            try kind.isEmpty
            ? Fuzzer.Kind.allCases
            : kind.map { name in
                guard let k = Fuzzer.Kind(rawValue: name) else { throw ValidationError("unknown kind \(name)") }
                return k
            }
        let work = URL(fileURLWithPath: folder ?? NSTemporaryDirectory() + "tactile-fuzz-\(ProcessInfo.processInfo.processIdentifier)")
        let fuzzer = try Fuzzer(folder: work)
        let progress = work.appendingPathComponent("current-case.txt")
        let note: (String) -> Void = { try? $0.write(to: progress, atomically: false, encoding: .utf8) }
        let started = Date()
        if let corpus { try fuzzer.replay(corpus: URL(fileURLWithPath: corpus), progress: note) }
        if let seconds {
            var round: UInt64 = 0
            while Date().timeIntervalSince(started) < seconds {
                for k in kinds { fuzzer.run(k, cases: 10, seed: seed &+ round, progress: note) }
                round += 1
            }
        } else {
            for k in kinds { fuzzer.run(k, cases: cases, seed: seed, progress: note) }
        }
        let elapsed = Date().timeIntervalSince(started)
        for k in Fuzzer.Kind.allCases {
            guard let t = fuzzer.tallies[k] else { continue }
            print(
                "\(k.rawValue): \(t.cases) cases, \(t.accepted) accepted, \(t.refused) refused, \(t.violations) broke the contract; slowest \(String(format: "%.2f", t.slowest)) s"
            )
        }
        print(String(format: "%.1f s", elapsed))
        for f in fuzzer.failures { print("FAIL \(f)") }
        if folder == nil && fuzzer.failures.isEmpty { try? FileManager.default.removeItem(at: work) }
        if !fuzzer.failures.isEmpty { throw ExitCode(1) }
    }
}

TactileFuzz.main()
