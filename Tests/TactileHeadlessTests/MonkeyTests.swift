import XCTest
import TactileCore
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileUI
import TactileHeadless

/// The monkey (Docs/Reliability.md): seeded random gestures and touch storms drive the editor on the
/// demo project over its generated media, on the virtual clock; every invariant is checked after
/// every frame. Long runs live in `tactile-bench monkey`; these are short enough for every test run.
final class MonkeyTests: XCTestCase {
    override func setUp() { MediaLog.quiet() }

    /// Runs `seed` for `minutes` of virtual time and asserts that no invariant broke and that the
    /// run really did things (edits, frames, most kinds of gesture).
    @discardableResult
    func run(
        _ seed: UInt64, _ profile: Monkey.Profile = .everyday, minutes: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> MonkeyReport {
        let runner = try MonkeyRunner(seed: seed, profile: profile)
        let report = runner.run(for: .seconds(minutes * 60))
        print("monkey \(report.summary)")
        XCTAssertEqual(report.violationCount, 0, report.violations.joined(separator: "\n"), file: file, line: line)
        XCTAssertGreaterThanOrEqual(report.virtualTime, .seconds(minutes * 60), file: file, line: line)
        XCTAssertGreaterThan(report.edits, 5, "the monkey edits", file: file, line: line)
        XCTAssertGreaterThan(report.frames, report.gestures * 5, "frames run between and during gestures", file: file, line: line)
        XCTAssertEqual(report.checks, report.frames + report.gestures, file: file, line: line)
        return report
    }

    func testEverydaySeedsKeepEveryInvariant() throws {
        var actions: Set<Monkey.Action> = []
        for seed: UInt64 in [1, 2, 3] {
            actions.formUnion(try run(seed, minutes: 0.75).actions.keys)
        }
        XCTAssertEqual(actions, Set(Monkey.Action.allCases), "three seeds do everything the monkey knows")
    }

    func testTouchStormsKeepEveryInvariantAndLeaveNoFingerDown() throws {
        let report = try run(11, .storms, minutes: 1)
        XCTAssertGreaterThan(report.actions[.storm] ?? 0, 30)
        XCTAssertGreaterThan(report.wildEvents, 500, "positions outside the window, huge, infinite, NaN")
        XCTAssertGreaterThan(report.events, report.gestures * 20)
    }

    func testTheSameSeedGivesTheSameRun() throws {
        let a = try MonkeyRunner(seed: 5), b = try MonkeyRunner(seed: 5)
        let ra = a.run(for: .seconds(12)), rb = b.run(for: .seconds(12))
        XCTAssertEqual([ra.gestures, ra.events, ra.frames, ra.edits], [rb.gestures, rb.events, rb.frames, rb.edits])
        XCTAssertEqual(a.player.state.project, b.player.state.project)
        XCTAssertEqual(a.player.state.playhead, b.player.state.playhead)
        let rc = try MonkeyRunner(seed: 6).run(for: .seconds(12))
        XCTAssertNotEqual([ra.events, ra.frames], [rc.events, rc.frames], "another seed does something else")
    }

    func testTheMonkeyIsASeededPureFunctionOfWhatIsOnScreen() throws {
        let elements = try HeadlessSession(project: DemoProject.make(), scale: 1).player.runFrame().elements
        var one = Monkey(seed: 9), two = Monkey(seed: 9)
        for i in 0..<200 {
            let t = Time.seconds(Double(i))
            let a = one.next(at: t, elements: elements, viewport: Size(width: 390, height: 844))
            let b = two.next(at: t, elements: elements, viewport: Size(width: 390, height: 844))
            // NaN positions are not equal to themselves: compare the printed events.
            XCTAssertEqual("\(a.batches)", "\(b.batches)")
            XCTAssertEqual(a.end, b.end)
            XCTAssertTrue(a.batches.allSatisfy { $0.at >= t }, "a gesture starts when it is asked for")
        }
        var reference = SplitMix64(seed: 0)
        XCTAssertEqual(reference.next(), 0xE220_A839_7B1D_CDAF, "SplitMix64's published first output")

    }

    // MARK: The checker can fail

    func testTheCheckerReportsEachBrokenRule() {
        let minimum = Time.seconds(TactileConfiguration().editing.minimumClipDuration)
        var project = DemoProject.make()
        XCTAssertEqual(EditorInvariants.violations(of: project, minimumDuration: minimum, mediaLength: { _ in nil }), [])
        project.tracks[0].clips[1].start = .seconds(4) // City over Beach (0 … 4.5 s)
        project.tracks[1].clips[0].duration = .seconds(0.1) // Hello shorter than the minimum
        project.tracks[2].clips[1].sourceStart = .seconds(5) // Birdsong: 5 + 6.5 s of a 9 s source
        project.tracks[2].clips.append(Clip(id: "beach", kind: .video, title: "Twin", start: .seconds(30), duration: .seconds(1)))
        let found = EditorInvariants.violations(of: project, minimumDuration: minimum, mediaLength: { _ in nil })
        for words in ["overlaps beach", "lasts 0.1 s", "into a 9.0 s source", "used twice", "a video clip on a audio track"] {
            XCTAssertTrue(found.contains { $0.contains(words) }, "\(words) in \(found)")
        }
        var list = DrawList()
        list.add(.line(from: .zero, to: Point(x: .nan, y: 1), .black, width: 1))
        XCTAssertEqual(EditorInvariants.violations(of: list).count, 1)

        var state = EditorState(project: DemoProject.make())
        state.selection = "gone"
        state.pointsPerSecond = 1000
        var checker = EditorInvariants(editing: .init(), timeline: .init())
        let editorFound = checker.violations(of: state, output: nil, mediaLength: { _ in nil })
        XCTAssertTrue(editorFound.contains { $0.contains("selection \"gone\"") }, "\(editorFound)")
        XCTAssertTrue(editorFound.contains { $0.contains("zoom 1000") }, "\(editorFound)")
    }

    func testARunReportsAStateBrokenUnderIt() throws {
        let runner = try MonkeyRunner(seed: 3)
        runner.keptViolations = 10_000
        var meddled = false
        runner.run(for: .seconds(20)) { r in
            guard !meddled, r.report.gestures == 10 else { return }
            meddled = true
            // Two clips on one track made to overlap, and a finger put down that nobody lifts.
            var project = r.player.state.project
            let track = project.tracks.firstIndex { $0.clips.count >= 2 }!
            project.tracks[track].clips[1].start = project.tracks[track].clips[0].start
            r.player.state.project = project
            r.player.runFrame(events: [.touch(.down, id: 999, at: Point(x: 195, y: 300), time: r.player.clock.now)])
        }
        XCTAssertTrue(meddled)
        XCTAssertTrue(runner.report.violations.contains { $0.contains("overlaps") }, "\(runner.report.violations)")
        XCTAssertTrue(runner.report.violations.contains { $0.contains("fingers [999] still held") }, "\(runner.report.violations)")
    }
}
