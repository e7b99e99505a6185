import Foundation
import TactileApp
import TactileCore
import TactileStudy
import TactileTestSupport

/// `tactile-bench monkey [--minutes M] [--seed N]… [--profile everyday|storms]`: long monkey runs
/// (see Docs/Reliability.md). For each seed, M minutes of virtual time on the demo project; prints the
/// figures (gestures, events, frames, invariant checks, violations, wall time) and the resident
/// memory before the run, after a one-minute warm-up, at the middle and at the end. Exits 1 when
/// an invariant broke.
func runMonkey(_ arguments: [String]) throws {
    var minutes = 30.0
    var seeds: [UInt64] = []
    var profile = Monkey.Profile.everyday
    var profileName = "everyday"
    var args = arguments[...]
    while let flag = args.popFirst() {
        guard let value = args.popFirst() else { throw MonkeyUsage("\(flag) needs a value") }
        switch flag {
        case "--minutes":
            guard let m = Double(value), m > 0 else { throw MonkeyUsage("--minutes takes a positive number") }
            minutes = m
        case "--seed":
            guard let s = UInt64(value) else { throw MonkeyUsage("--seed takes a whole number ≥ 0") }
            seeds.append(s)
        case "--profile":
            guard ["everyday", "storms"].contains(value) else { throw MonkeyUsage("--profile is everyday or storms") }
            profile = value == "storms" ? .storms : .everyday
            profileName = value
        default:
            throw MonkeyUsage("unknown option \(flag)")
        }
    }
    if seeds.isEmpty { seeds = [1] }
    print(
        "| seed | profile | virtual min | gestures | events (wild) | frames | checks | edits | most clips | violations | wall s | RSS MB: before / after 1 min / middle / end |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    var broken = false
    for seed in seeds {
        let before = ResidentMemory.megabytes()
        let runner = try MonkeyRunner(seed: seed, profile: profile)
        let start = DispatchTime.now().uptimeNanoseconds
        let total = Time.seconds(minutes * 60)
        var warm = 0.0, middle = 0.0
        var nextProgress = Time.seconds(60)
        runner.run(for: total) { r in
            let now = r.player.clock.now
            if warm == 0, now >= .seconds(60) { warm = ResidentMemory.megabytes() }
            if middle == 0, now >= total.seconds(fraction: 0.5) { middle = ResidentMemory.megabytes() }
            if now >= nextProgress {
                nextProgress += .seconds(60)
                FileHandle.standardError.write(
                    Data(
                        String(
                            format: "  seed %llu: %.0f virtual min, %.0f s wall, %d frames, RSS %.1f MB\n", seed,
                            now.seconds / 60, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, r.report.frames, ResidentMemory.megabytes()
                        ).utf8))
            }
        }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let end = ResidentMemory.megabytes()
        let r = runner.report
        print(
            String(
                format: "| %llu | %@ | %.1f | %d | %d (%d) | %d | %d | %d | %d | %d | %.1f | %.1f / %.1f / %.1f / %.1f |", seed, profileName,
                r.virtualTime.seconds / 60, r.gestures, r.events, r.wildEvents, r.frames, r.checks, r.edits, r.mostClips, r.violationCount,
                wall, before, warm, middle, end))
        let counts = Monkey.Action.allCases.map { "\($0.rawValue) \(r.actions[$0] ?? 0)" }.joined(separator: ", ")
        FileHandle.standardError.write(Data("  seed \(seed) actions: \(counts)\n".utf8))
        let logged = r.logged.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        FileHandle.standardError.write(Data("  seed \(seed) logged: \(logged)\n".utf8))
        for v in r.violations { FileHandle.standardError.write(Data("  VIOLATION \(v)\n".utf8)) }
        broken = broken || r.violationCount > 0
    }
    if broken { exit(1) }
}

struct MonkeyUsage: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = "tactile-bench monkey: \(message)" }
}

extension Time {
    /// `fraction` of this span.
    func seconds(fraction: Double) -> Time { .seconds(seconds * fraction) }
}
