import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileEditor

/// The magnetic main track over random edit sequences (issue 48): whatever is trimmed, split,
/// deleted, moved, sped up or given a transition, in any order, the main track never has a gap,
/// every transition left sits on a cut and within what its clips allow, no overlay overlaps
/// another, and undoing every step gives back the very project it began from.
final class MagneticTrackPropertyTests: XCTestCase {
    /// One edit as the editor makes it, on the project's clips chosen by `rng`; nil when it does not apply.
    private func randomEdit(_ p: Project, _ rng: inout SplitMix64) -> Project? {
        let clips = p.tracks.flatMap(\.clips)
        guard !clips.isEmpty else { return nil }
        let clip = clips[Int(rng.next() % UInt64(clips.count))]
        let minimum = Time.seconds(0.5)
        func seconds(_ range: ClosedRange<Double>) -> Time { .seconds(range.lowerBound + rng.unit() * (range.upperBound - range.lowerBound)) }
        switch rng.next() % 7 {
        case 0: // trim the end: within the clip's footage, never shorter than the shortest clip (off the main track, nor past the next clip)
            var q = p
            guard let (_, t) = p.clip(withID: clip.id), let i = q.tracks[t].clips.firstIndex(where: { $0.id == clip.id }) else { return nil }
            var end = clip.end + seconds(-3...3)
            if let footageEnd = clip.footageEnd { end = min(end, footageEnd) }
            if t != p.mainTrackIndex, i + 1 < q.tracks[t].clips.count { end = min(end, q.tracks[t].clips[i + 1].start) }
            q.tracks[t].clips[i].duration = max(minimum, end - clip.start)
            return q
        case 1: // trim the start: the clip keeps its place on the main track, its footage starts later or earlier
            var q = p
            guard let (_, t) = p.clip(withID: clip.id), let i = q.tracks[t].clips.firstIndex(where: { $0.id == clip.id }) else { return nil }
            var shift = seconds(-2...2)
            if clip.kind.hasFiniteSource { shift = max(shift, clip.footageOrigin - clip.start) }
            if t != p.mainTrackIndex, i > 0 { shift = max(shift, q.tracks[t].clips[i - 1].end - clip.start) }
            shift = min(shift, clip.duration - minimum)
            q.tracks[t].clips[i].start = max(.zero, clip.start + shift)
            q.tracks[t].clips[i].duration = clip.end - q.tracks[t].clips[i].start
            if clip.kind.hasFiniteSource {
                q.tracks[t].clips[i].sourceStart = max(.zero, clip.sourceStart + clip.footageSpan(ofTimeline: q.tracks[t].clips[i].start - clip.start))
            }
            return q
        case 2:
            return try? p.removingClip(clip.id)
        case 3:
            return try? p.splittingClip(clip.id, at: clip.start + seconds(0...clip.duration.seconds), minimumDuration: minimum).0
        case 4: // a move: along the main track it is inserted where it lands
            guard let (_, t) = p.clip(withID: clip.id) else { return nil }
            let policy: MovePolicy = t == p.mainTrackIndex ? .ripple : .block
            return p.moving(clip: clip.id, toTrack: t, start: max(.zero, clip.start + seconds(-8...8)), policy: policy)
        case 5:
            return try? p.settingSpeed([0.5, 1.5, 2, 4][Int(rng.next() % 4)], ofClip: clip.id).0
        default:
            let kinds = Transition.Kind.allCases
            return try? p.settingTransition(Transition(kinds[Int(rng.next() % UInt64(kinds.count))], duration: seconds(0.2...1.5)), atCutBefore: clip.id).0
        }
    }

    private func check(_ p: Project, _ context: @autoclosure () -> String) {
        XCTAssertTrue(p.mainTrackIsGapless, "a gap on the main track: \(context())")
        for (ti, track) in p.tracks.enumerated() {
            for (i, clip) in track.clips.enumerated() {
                if i > 0 { XCTAssertLessThanOrEqual(track.clips[i - 1].end, clip.start, "clips overlap on \(track.id): \(context())") }
                guard let t = clip.transitionIn else { continue }
                XCTAssertNotNil(p.cut(before: clip.id), "the transition before \(clip.id) sits on no cut: \(context())")
                XCTAssertGreaterThanOrEqual(t.duration, Transition.minimumDuration, context())
                if let reach = p.transitionReach(atCutBefore: clip.id) {
                    XCTAssertLessThanOrEqual(
                        t.duration, reach.duration + Transition.roundingSlack, "track \(ti) \(clip.id): longer than its clips allow: \(context())")
                }
            }
        }
    }

    func testRandomEditsNeverLeaveAGapKeepEveryTransitionValidAndUndoAllTheWayBack() {
        var rng = SplitMix64(seed: 48)
        var applied = 0, withTransitions = 0
        defer {
            // The sequences did edit, and met transitions on the way (not a run of refusals).
            XCTAssertGreaterThan(applied, 1500)
            XCTAssertGreaterThan(withTransitions, 300)
        }
        for run in 0..<250 {
            let start = DemoProject.make()
            var project = start
            var history = EditHistory()
            var steps: [Project] = [start]
            for step in 0..<12 {
                guard let edited = randomEdit(project, &rng) else { continue }
                // As the editor commits an edit: the main track closed up, then transitions and fades kept valid.
                let kept = edited.magnetised(from: project).project
                let valid = kept.keepingTransitionsValid().0.keepingFadesWithinClips()
                guard valid != project else { continue }
                history.record(project)
                project = valid
                steps.append(project)
                applied += 1
                if project.tracks.contains(where: { $0.clips.contains { $0.transitionIn != nil } }) { withTransitions += 1 }
                check(project, "run \(run) step \(step)")
            }
            // Undo each step: each gives back exactly the project before it.
            for expected in steps.dropLast().reversed() {
                guard let back = history.undo(project) else { return XCTFail("run \(run): an undo step is missing") }
                XCTAssertEqual(back, expected, "run \(run)")
                project = back
            }
            XCTAssertEqual(project, start, "run \(run): undone to the start")
        }
    }
}
