import Foundation
import TactileApp
import TactileTestSupport
import TactileCore
import TactileStudy
import TactileInput
import TactileHeadless

/// A structure-aware fuzzer over every kind of file Tactile reads. Each case starts from a valid
/// file (the demo project, the attract tour, a configuration with variants, a test plan, a
/// recorded session folder), mutates it (`JSONMutator`; for traces and folders, line and file
/// mutations too), and runs the command that reads it. The contract: the command either works or
/// fails with exit code 2 and one line that names the file and the field; it never crashes,
/// never hangs, and never changes the file it read.
public final class Fuzzer {
    /// The kinds of file, and the command each is run through.
    public enum Kind: String, CaseIterable, Sendable {
        /// `snapshot --project F`.
        case project
        /// `replay F`.
        case trace
        /// `config --check F`, then `snapshot --config F` when it passes.
        case configuration
        /// `replay --plan F` over a short trace.
        case plan
        /// `replay DIR` and `report DIR` over a recorded session folder.
        case session
        /// `study check F`: a study file.
        case study
        /// `report DIR --csv` over a study's results folder whose answers, block log or study
        /// log was mutated.
        case results
    }

    /// What one case did.
    public enum Outcome: Equatable, Sendable {
        /// The command worked.
        case accepted
        /// Refused with exit 2 and a good message.
        case refused(String)
        /// A broken contract: a wrong exit code, a message of several lines or with control
        /// characters, a message that does not name the file, the input changed.
        case violation(String)
    }

    /// Counts per kind.
    public struct Tally: Sendable {
        public var cases = 0, accepted = 0, refused = 0, violations = 0
        public var slowest: Double = 0
    }

    public let folder: URL
    public let seeds: FuzzSeeds
    public private(set) var tallies: [Kind: Tally] = [:]
    /// Violations, each with the file that caused it (kept under `folder/failures`).
    public private(set) var failures: [String] = []
    /// Longest a case may take before it counts as a hang (the process ends, naming it).
    public var caseTimeout: Double = 60

    /// A fuzzer working in `folder` (made if missing; cases are written there and removed).
    public init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        seeds = try FuzzSeeds(folder: folder.appendingPathComponent("seeds"))
    }

    /// Runs `count` cases of `kind` from `seed`; `progress` hears each case's name before it runs
    /// (so a crash can be traced to it).
    public func run(_ kind: Kind, cases count: Int, seed: UInt64, progress: (String) -> Void = { _ in }) {
        var mutator = JSONMutator(seed: seed &* 0x9E37_79B9 &+ UInt64(Kind.allCases.firstIndex(of: kind)!))
        for n in 0..<count {
            let name = "\(kind.rawValue)-\(seed)-\(n)"
            let input = makeCase(kind, name: name, mutator: &mutator)
            progress(name)
            let outcome = check(kind, input: input, name: name)
            record(kind, outcome, input: input, name: name)
        }
    }

    /// Runs the regression cases kept in `corpus` (one file or folder per case, named `KIND-…`).
    public func replay(corpus: URL, progress: (String) -> Void = { _ in }) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()) ?? []
        for name in names {
            guard let kind = Kind.allCases.first(where: { name.hasPrefix($0.rawValue + "-") }) else { continue }
            let copy = folder.appendingPathComponent("regression-" + name)
            try? FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: corpus.appendingPathComponent(name), to: copy)
            progress(name)
            record(kind, check(kind, input: copy, name: name), input: copy, name: name)
        }
    }

    // MARK: Cases

    private func makeCase(_ kind: Kind, name: String, mutator: inout JSONMutator) -> URL {
        let fm = FileManager.default
        switch kind {
        case .project, .configuration, .plan, .study:
            let seedText = kind == .project ? seeds.project : kind == .configuration ? seeds.configuration : kind == .plan ? seeds.plan : seeds.study
            let url = folder.appendingPathComponent(name + ".json")
            try? mutator.mutate(seedText).write(to: url, atomically: true, encoding: .utf8)
            return url
        case .trace:
            let url = folder.appendingPathComponent(name + ".jsonl")
            try? mutateLines(seeds.trace, &mutator).write(to: url, atomically: true, encoding: .utf8)
            return url
        case .session:
            return mutatedFolder(
                copying: seeds.session, name: name, mutator: &mutator, missing: "[\"a notice\"]",
                files: ["trace.jsonl", "project-start.json", "config.json", "plan.json", "notices.json", "log.jsonl"])
        case .results:
            return mutatedFolder(
                copying: seeds.results, name: name, mutator: &mutator, missing: "{}",
                files: [
                    "P01/answers.json", "P01/answers.json", "P02/answers.json", "P01/block1-outside/log.jsonl", "P02/study-log.jsonl",
                    StudyManifest.fileName, "P01/block1-outside/audio.json",
                ])
        }
    }

    /// A copy of the folder `seed` with one of `files` removed, replaced by a folder, or mutated
    /// (as JSON Lines or as JSON; `missing` stands for a file the seed lacks).
    private func mutatedFolder(copying seed: URL, name: String, mutator: inout JSONMutator, missing: String, files: [String]) -> URL {
        let fm = FileManager.default
        let url = folder.appendingPathComponent(name)
        try? fm.removeItem(at: url)
        try? fm.copyItem(at: seed, to: url)
        let file = url.appendingPathComponent(mutator.random.pick(files))
        switch mutator.random.int(0...9) {
        case 0: try? fm.removeItem(at: file)
        case 1: try? fm.removeItem(at: file); try? fm.createDirectory(at: file, withIntermediateDirectories: true)
        default:
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? missing
            let mutated = file.pathExtension == "jsonl" ? mutateLines(text, &mutator) : mutator.mutate(text)
            try? mutated.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    /// A JSON Lines text mutated: lines changed as JSON, dropped, repeated, swapped or added.
    private func mutateLines(_ text: String, _ mutator: inout JSONMutator) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty else { return mutator.damage(text) }
        for _ in 0..<mutator.random.int(1...3) {
            let i = mutator.random.int(0...lines.count - 1)
            switch mutator.random.int(0...9) {
            case 0: lines.remove(at: i); if lines.isEmpty { return "" }
            case 1: lines.insert(contentsOf: Array(repeating: lines[i], count: mutator.random.int(1...500)), at: i)
            case 2: lines.swapAt(i, mutator.random.int(0...lines.count - 1))
            case 3: lines.insert(mutator.damage(lines[i]), at: i)
            default: lines[i] = mutator.mutate(lines[i])
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Running and checking

    /// Runs the command for `kind` on `input` and checks the contract.
    public func check(_ kind: Kind, input: URL, name: String) -> Outcome {
        let before = Self.fingerprint(input)
        let out = folder.appendingPathComponent(name + "-out")
        try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let started = Date()
        let done = HangWatchdog.start(name, seconds: caseTimeout)
        var outcome: Outcome = .accepted
        do {
            switch kind {
            case .project:
                try Commands.snapshot(out: out.appendingPathComponent("s.png").path, project: input.path, size: nil, scale: 0.5, at: nil)
            case .trace:
                _ = try Commands.replay(
                    trace: input.path, project: nil, stateOut: out.appendingPathComponent("p.json").path, snapshot: nil,
                    scale: 0.5, until: nil)
            case .configuration:
                _ = try Commands.config(check: input.path, variant: nil)
                try Commands.snapshot(
                    out: out.appendingPathComponent("s.png").path, project: nil, size: nil, scale: 0.5, at: nil,
                    settings: Settings(file: input.path))
            case .plan:
                _ = try Commands.replay(
                    trace: seeds.planTrace.path, project: nil,
                    outputs: .init(stateOut: out.appendingPathComponent("p.json").path, plan: input.path), scale: 0.5, until: nil)
            case .session:
                _ = try Commands.replay(
                    trace: input.path, project: nil, outputs: .init(logOut: out.appendingPathComponent("l.jsonl").path),
                    scale: 0.5, until: nil)
                _ = try Commands.report([input.path], out: nil, json: nil)
            case .study:
                _ = try StudyFile.load(input).designMarkdown(participants: 4)
            case .results:
                _ = try Commands.report(
                    [input.path], out: nil, json: out.appendingPathComponent("r.json").path,
                    csv: out.appendingPathComponent("csv").path)
                // What a resume reads (the block folders it renames), and what a withdrawal would
                // delete (listed only): names from the files never lead outside the folder.
                _ = try StudyAnswers.read(from: input.appendingPathComponent("P01"))
                if let plan = try? StudyWithdrawal.plan(1, in: input) {
                    for path in plan.paths where !path.standardizedFileURL.path.hasPrefix(input.standardizedFileURL.path + "/") {
                        outcome = .violation("a withdrawal would delete \(path.path), outside the results folder")
                    }
                }
            }
        } catch let error as CommandError {
            outcome = Self.judge(error, input: input)
        } catch {
            outcome = .violation("an error that is not a command error: \(error)")
        }
        done()
        let seconds = Date().timeIntervalSince(started)
        tallies[kind, default: Tally()].slowest = max(tallies[kind]?.slowest ?? 0, seconds)
        if !Self.unchanged(before, Self.fingerprint(input)) { outcome = .violation("the input was changed") }
        return outcome
    }

    /// Whether a refusal keeps the contract: exit 2, one line, no control characters, naming the input.
    static func judge(_ error: CommandError, input: URL) -> Outcome {
        let message = PrintableText.of(error.message, limit: 4000)
        guard error.exitCode == 2 else { return .violation("exit \(error.exitCode), not 2: \(message)") }
        guard !message.contains("\n") else { return .violation("more than one line: \(message)") }
        guard message.contains(input.lastPathComponent) else { return .violation("does not name the file: \(message)") }
        return .refused(message)
    }

    private func record(_ kind: Kind, _ outcome: Outcome, input: URL, name: String) {
        var t = tallies[kind] ?? Tally()
        t.cases += 1
        switch outcome {
        case .accepted: t.accepted += 1
        case .refused: t.refused += 1
        case let .violation(why):
            t.violations += 1
            let kept = folder.appendingPathComponent("failures").appendingPathComponent(input.lastPathComponent)
            try? FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: input, to: kept)
            failures.append("\(name): \(why) (kept in \(kept.path))")
        }
        tallies[kind] = t
        try? FileManager.default.removeItem(at: input)
    }

    /// A file's (or a folder's files') bytes, to tell whether a command changed them.
    /// Whether a folder's files are as they were: its record of what was made of it
    /// (`made.jsonl`) may only have grown by lines appended, as a report or heatmap notes its files.
    static func unchanged(_ before: [String: Data], _ after: [String: Data]) -> Bool {
        var before = before, after = after
        let record = StudyManifest.fileName
        if let new = after[record], before[record].map({ new.starts(with: $0) }) ?? true {
            before[record] = nil
            after[record] = nil
        }
        return before == after
    }

    static func fingerprint(_ url: URL) -> [String: Data] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [:] }
        guard isFolder.boolValue else { return [url.lastPathComponent: (try? Data(contentsOf: url)) ?? Data()] }
        var out: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
            out[name] = (try? Data(contentsOf: url.appendingPathComponent(name))) ?? Data("<folder>".utf8)
        }
        return out
    }
}
