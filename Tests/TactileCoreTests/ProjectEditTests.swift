import XCTest
@testable import TactileCore

final class ProjectEditTests: XCTestCase {
    func project() -> Project {
        Project(
            name: "P",
            tracks: [
                Track(
                    id: "v", kind: .video, clips: [Clip(id: "a", kind: .video, title: "A", start: .zero, duration: .seconds(4), sourceDuration: .seconds(10))]),
                Track(id: "au", kind: .audio),
            ])
    }

    func testAddGoesToAFittingTrackOrANewOne() {
        let (p1, id1) = project().addingClip(kind: .audio, title: "Music", at: .seconds(1), duration: .seconds(3))
        XCTAssertEqual(p1.clip(withID: id1)?.trackIndex, 1)
        let (p2, id2) = project().addingClip(kind: .video, title: "V", at: .seconds(2), duration: .seconds(3))
        XCTAssertEqual(p2.tracks.count, 3, "no room on the video track: a new video track")
        XCTAssertEqual(p2.tracks[1].kind, .video)
        XCTAssertEqual(p2.clip(withID: id2)?.trackIndex, 1)
        XCTAssertNoThrow(try ProjectFile.validate(p2))
        let (p3, _) = project().addingClip(kind: .text, title: "T", at: .zero, duration: .seconds(1))
        XCTAssertEqual(p3.tracks.first?.kind, .overlay)
    }

    func testClipsTakeTheirMediasRealLengths() {
        var p = project()
        p.tracks[0].clips[0].media = "/m/a.mp4"
        p.tracks[0].clips[0].sourceStart = .seconds(3)
        // The file is 5 s, not 10: the clip (3 s … 7 s of its source) is cut back to end at 5 s.
        let fitted = p.fittingSources(["/m/a.mp4": .seconds(5)], minimumDuration: .seconds(0.5)).tracks[0].clips[0]
        XCTAssertEqual(fitted.sourceDuration, .seconds(5))
        XCTAssertEqual(fitted.sourceStart, .seconds(3))
        XCTAssertEqual(fitted.duration, .seconds(2))
        // Starting past the end of a shorter file: it keeps the shortest clip at the end.
        let late = p.fittingSources(["/m/a.mp4": .seconds(2)], minimumDuration: .seconds(0.5)).tracks[0].clips[0]
        XCTAssertEqual(late.sourceStart, .seconds(1.5))
        XCTAssertEqual(late.duration, .seconds(0.5))
        // A longer file only raises the limit; unknown files change nothing.
        let longer = p.fittingSources(["/m/a.mp4": .seconds(60)], minimumDuration: .seconds(0.5)).tracks[0].clips[0]
        XCTAssertEqual(longer.duration, .seconds(4))
        XCTAssertEqual(longer.sourceDuration, .seconds(60))
        XCTAssertEqual(p.fittingSources(["/m/b.mp4": .seconds(1)], minimumDuration: .seconds(0.5)), p)
    }

    func testSplitKeepsSourceContinuity() throws {
        let (p, right) = try project().splittingClip("a", at: .seconds(1.5), minimumDuration: .seconds(0.5))
        let l = p.clip(withID: "a")!.clip, r = p.clip(withID: right)!.clip
        XCTAssertEqual(l.duration, .seconds(1.5))
        XCTAssertEqual(r.start, .seconds(1.5))
        XCTAssertEqual(r.sourceStart, .seconds(1.5))
        XCTAssertEqual(r.duration, .seconds(2.5))
        XCTAssertThrowsError(try project().splittingClip("a", at: .seconds(0.2), minimumDuration: .seconds(0.5)))
        XCTAssertThrowsError(try project().splittingClip("a", at: .seconds(5), minimumDuration: .seconds(0.5)))
    }

    func testHistoryUndoesAndRedoes() throws {
        var history = EditHistory(limit: 2)
        let p0 = project()
        let p1 = try p0.removingClip("a")
        history.record(p0)
        XCTAssertEqual(history.undo(p1), p0)
        XCTAssertEqual(history.redo(p0), p1)
        XCTAssertNil(history.redo(p1))
        history.record(p1); history.record(p1); history.record(p1)
        XCTAssertEqual(history.undoStack.count, 2, "the limit holds")
    }

    func testVisibleClipsAreFoundByBinarySearch() {
        let clips = (0..<1000).map { Clip(id: "c\($0)", kind: .text, title: "", start: .seconds($0 * 2), duration: .seconds(1)) }
        let track = Track(id: "t", kind: .overlay, clips: clips)
        XCTAssertEqual(track.clips(overlapping: Time.seconds(10.5)...Time.seconds(14)).map(\.id), ["c5", "c6", "c7"])
        XCTAssertEqual(track.clips(overlapping: Time.seconds(9.5)...Time.seconds(10)).map(\.id), ["c5"])
        XCTAssertEqual(track.clips(overlapping: Time.seconds(5000)...Time.seconds(6000)).count, 0)
    }
}
