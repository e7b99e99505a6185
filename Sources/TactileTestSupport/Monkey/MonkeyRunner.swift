import Foundation
import TactileCore
import TactileStudy
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileUI
import TactileHeadless

/// What a monkey run did and found.
public struct MonkeyReport: Sendable {
    public var seed: UInt64
    /// Virtual time covered.
    public var virtualTime = Time.zero
    public var gestures = 0
    /// Input events delivered (touches, keys, focus losses).
    public var events = 0
    /// Touch events at a non-finite position or outside the viewport.
    public var wildEvents = 0
    /// Frames the editor ran (with input or scheduled).
    public var frames = 0
    /// Invariant checks: one after every frame, one after every gesture (no finger left held).
    public var checks = 0
    /// Edits, undos and redos the editor logged.
    public var edits = 0
    /// The most clips the project held at once.
    public var mostClips = 0
    /// How many times each action was done.
    public var actions: [Monkey.Action: Int] = [:]
    /// What the editor logged, by kind; edits by what they did ("edit.trim", "edit.split").
    public var logged: [String: Int] = [:]
    /// Broken invariants, in total, and the first few in full.
    public var violationCount = 0
    public var violations: [String] = []

    public init(seed: UInt64) { self.seed = seed }

    /// One line of figures.
    public var summary: String {
        "seed \(seed): \(String(format: "%.1f", virtualTime.seconds / 60)) virtual min, \(gestures) gestures, \(events) events (\(wildEvents) wild), "
            + "\(frames) frames, \(checks) checks, \(edits) edits, up to \(mostClips) clips, \(violationCount) violations"
    }
}

/// Drives a `HeadlessSession` on the demo project (over its generated media) with a `Monkey`:
/// each gesture's batches arrive in frames at their instants on the virtual clock, with the
/// frames scheduled in between (springs, flings, timers, playback) run as a window would run
/// them. `EditorInvariants` are checked after every frame, and after every gesture the editor
/// must hold no finger.
public final class MonkeyRunner {
    public let session: HeadlessSession
    public private(set) var monkey: Monkey
    public private(set) var report: MonkeyReport
    private var invariants: EditorInvariants
    private var gesture: (index: Int, action: Monkey.Action)?
    /// How many violations are kept in full.
    public var keptViolations = 20

    public var player: TracePlayer { session.player }

    /// A run of `seed` on the demo project (`project` to use another).
    public init(
        seed: UInt64, profile: Monkey.Profile = .everyday, project: Project? = nil,
        configuration: TactileConfiguration = TactileConfiguration()
    ) throws {
        MediaLog.quiet()
        session = try HeadlessSession(
            project: project ?? MediaProject.demo().project, viewport: configuration.layout.viewport, scale: 1,
            configuration: configuration, library: try MediaFolder.library(nil))
        monkey = Monkey(seed: seed, profile: profile)
        report = MonkeyReport(seed: seed)
        invariants = EditorInvariants(editing: session.host.editor.settings.editing, timeline: session.host.editor.settings.timeline)
        session.player.keepsHistory = false
        session.player.onFrame = { [unowned self] _, output in self.frameDidRun(output) }
    }

    /// Runs gestures until the virtual clock reaches `span` past where it is; `afterGesture` is
    /// called after each one (for progress, memory samples, or tests that meddle).
    @discardableResult
    public func run(for span: Time, afterGesture: ((MonkeyRunner) -> Void)? = nil) -> MonkeyReport {
        let d = player
        if d.lastOutput == nil { d.runFrame() }
        let end = d.clock.now + span
        while d.clock.now < end {
            let g = monkey.next(at: d.clock.now, elements: d.lastOutput?.elements ?? [], viewport: d.state.viewport)
            gesture = (report.gestures, g.action)
            report.gestures += 1
            report.actions[g.action, default: 0] += 1
            for batch in g.batches {
                let at = max(batch.at, d.clock.now)
                if at > d.clock.now { d.runDueFrames(through: at - Time(ticks: 1)) }
                d.clock.advance(to: at)
                report.events += batch.events.count
                report.wildEvents += batch.events.filter { isWild($0, viewport: d.state.viewport) }.count
                d.runFrame(events: batch.events)
            }
            d.runDueFrames(through: max(g.end, d.clock.now))
            checkNothingHeld(after: g)
            afterGesture?(self)
        }
        report.virtualTime = d.clock.now
        return report
    }

    // MARK: Checks

    private func frameDidRun(_ output: FrameOutput) {
        report.frames += 1
        report.checks += 1
        for e in output.log {
            switch e.event {
            case let .edit(edit):
                report.edits += 1
                report.logged["edit." + edit.edit.rawValue, default: 0] += 1
            case .undo, .redo:
                report.edits += 1
                report.logged[e.kind, default: 0] += 1
            default: report.logged[e.kind, default: 0] += 1
            }
        }
        let state = player.state
        report.mostClips = max(report.mostClips, state.project.tracks.reduce(0) { $0 + $1.clips.count })
        let media = session.host.editor.media
        record(invariants.violations(of: state, output: output) { media.status(of: $0).info?.duration })
    }

    /// Every storm and gesture lifts, cancels or loses focus on all its fingers.
    private func checkNothingHeld(after g: MonkeyGesture) {
        report.checks += 1
        let ui = player.state.ui
        var problems: [String] = []
        if !ui.fingers.isEmpty { problems.append("fingers \(ui.fingers.keys.sorted()) still held after every finger lifted") }
        if ui.arena.isEngaged { problems.append("the gesture arena still follows a finger after every finger lifted") }
        record(problems)
    }

    private func record(_ problems: [String]) {
        guard !problems.isEmpty else { return }
        report.violationCount += problems.count
        let at = String(format: "%.3f", player.clock.now.seconds)
        let context = gesture.map { "gesture \($0.index) (\($0.action.rawValue))" } ?? "start"
        for p in problems where report.violations.count < keptViolations { report.violations.append("t=\(at)s \(context): \(p)") }
    }

    private func isWild(_ e: InputEvent, viewport: Size) -> Bool {
        guard case let .touch(_, _, p) = e.kind else { return false }
        return !(p.x.isFinite && p.y.isFinite) || !Rect(origin: .zero, size: viewport).contains(p)
    }
}

/// This process's resident memory, from /proc/self/statm (Linux; 0 elsewhere).
public enum ResidentMemory {
    /// Resident set size in megabytes.
    public static func megabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
