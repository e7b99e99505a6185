import Foundation
import XCTest
@testable import TactileCore

/// A clip's speed: its length follows (same footage), the track after it moves, its transitions
/// are kept where the footage allows, and the project file saves it (version 4) and reads
/// earlier versions at speed 1.
final class ClipSpeedTests: XCTestCase {
    /// "a" 0–4 s using 2…6 s of a 7 s source, "b" 4–7 s (with a 0.4 s dissolve before it), "c" a
    /// picture 8–10 s; a sound track beside them.
    let project: Project = {
        var b = Clip(
            id: "b", kind: .video, media: "b.mp4", title: "Dune", start: .seconds(4), duration: .seconds(3), sourceStart: .seconds(1),
            sourceDuration: .seconds(5))
        b.transitionIn = Transition(.crossDissolve, duration: .seconds(0.4))
        return Project(
            name: "p",
            tracks: [
                Track(
                    id: "v", kind: .video,
                    clips: [
                        Clip(
                            id: "a", kind: .video, media: "a.mp4", title: "Beach", start: .zero, duration: .seconds(4), sourceStart: .seconds(2),
                            sourceDuration: .seconds(7)),
                        b,
                        Clip(id: "c", kind: .image, media: "c.png", title: "Sky", start: .seconds(8), duration: .seconds(2)),
                    ]),
                Track(
                    id: "m", kind: .audio,
                    clips: [Clip(id: "m1", kind: .audio, media: "m.m4a", title: "Music", start: .zero, duration: .seconds(10), sourceDuration: .seconds(30))]),
            ])
    }()

    func testTwiceAsFastPlaysTheSameFootageInHalfTheTimeAndTheTrackFollows() throws {
        let (fast, notes) = try project.settingSpeed(2, ofClip: "a")
        XCTAssertEqual(notes, [], "the dissolve still fits")
        let a = try XCTUnwrap(fast.clip(withID: "a")?.clip)
        XCTAssertEqual(a.speed, 2)
        XCTAssertEqual(a.duration, .seconds(2), "4 s of footage at 2×")
        XCTAssertEqual(a.footageUsed, .seconds(4), "the same footage")
        XCTAssertEqual(a.sourceTime(at: .seconds(1)), .seconds(4), "1 s in plays footage 2 + 1 × 2 s")
        XCTAssertEqual(fast.tracks[0].clips.map(\.start), [.zero, .seconds(2), .seconds(6)], "the clips after it move with its end")
        XCTAssertEqual(fast.clip(withID: "b")?.clip.transitionIn, Transition(.crossDissolve, duration: .seconds(0.4)), "its cut keeps its dissolve")
        XCTAssertEqual(fast.tracks[1], project.tracks[1], "other tracks keep their times")
        XCTAssertEqual(fast.duration, .seconds(10), "the music is still the longest")

        let (back, _) = try fast.settingSpeed(1, ofClip: "a")
        XCTAssertEqual(back, project, "back at 1×, the very project")
    }

    func testSlowerMakesTheClipLongerAndRoundsToHundredthsWithinTheRange() throws {
        let (slow, _) = try project.settingSpeed(0.5, ofClip: "b")
        XCTAssertEqual(slow.clip(withID: "b")?.clip.duration, .seconds(6))
        XCTAssertEqual(slow.clip(withID: "c")?.clip.start, .seconds(11))
        XCTAssertEqual(try project.settingSpeed(0.1, ofClip: "a").0.clip(withID: "a")?.clip.speed, 0.25, "no slower than ¼")
        XCTAssertEqual(try project.settingSpeed(9, ofClip: "a").0.clip(withID: "a")?.clip.speed, 4, "no faster than 4×")
        XCTAssertEqual(try project.settingSpeed(1.333, ofClip: "a").0.clip(withID: "a")?.clip.speed, 1.33)
        XCTAssertEqual(try project.settingSpeed(.nan, ofClip: "a").0, project, "not a number: as it was")
        XCTAssertThrowsError(try project.settingSpeed(2, ofClip: "c")) { XCTAssertEqual($0 as? EditError, .noSpeed("Sky")) }
        XCTAssertThrowsError(try project.settingSpeed(2, ofClip: "zz")) { XCTAssertEqual($0 as? EditError, .noSuchClip("zz")) }
    }

    func testATransitionThatNoLongerFitsIsShortenedWithANote() throws {
        // At 4× "b" has 0.25 s of footage before its start (1 s of source), so 0.5 s at most.
        var p = project
        p.tracks[0].clips[1].transitionIn = Transition(.crossDissolve, duration: .seconds(1.6))
        let (fast, notes) = try p.settingSpeed(4, ofClip: "b")
        let t = try XCTUnwrap(fast.clip(withID: "b")?.clip.transitionIn)
        XCTAssertLessThan(t.duration, .seconds(1.6))
        XCTAssertFalse(notes.isEmpty, "never silently")
        XCTAssertNoThrow(try ProjectFile.validate(fast))
    }

    func testSplittingAndTrimmingASpedUpClipCountFootageAtItsSpeed() throws {
        let (fast, _) = try project.settingSpeed(2, ofClip: "a")
        let (split, right) = try fast.splittingClip("a", at: .seconds(1), minimumDuration: .seconds(0.1))
        let r = try XCTUnwrap(split.clip(withID: right)?.clip)
        XCTAssertEqual(r.sourceStart, .seconds(4), "1 s in at 2× is 2 s of footage on from 2 s")
        XCTAssertEqual(r.speed, 2)
        XCTAssertEqual(r.footageUsed, .seconds(2))
        // 1 s of footage is left after "a"'s end (6 … 7 s): half a second at 2×.
        var alone = fast
        alone.tracks[0].clips.removeSubrange(1...)
        XCTAssertEqual(alone.growRoom(ofClip: "a")?.trailing, .seconds(0.5))
        XCTAssertEqual(alone.growRoom(ofClip: "a")?.leading, .zero, "at the timeline's start")
    }

    func testSpeedAndFitAreSavedInVersion4AndOlderFilesOpenAtSpeed1Fitted() throws {
        var (p, _) = try project.settingSpeed(1.5, ofClip: "a")
        p.tracks[0].clips[2].fit = .blur
        let json = String(decoding: ProjectFile.encode(p), as: UTF8.self)
        XCTAssertTrue(json.contains("\"version\": 4"))
        XCTAssertTrue(json.contains("\"speed\": 1.5"), json)
        XCTAssertTrue(json.contains("\"fit\": \"blur\""), json)
        XCTAssertEqual(try ProjectFile.decode(Data(json.utf8)), p)
        let v3 = """
            {"version":3,"name":"Old","format":{"aspect":"9:16","width":1080,"height":1920},"tracks":[{"id":"v","kind":"video","clips":[
              {"id":"a","kind":"video","media":"a.mp4","title":"A","start":0,"duration":2,"sourceStart":0,"sourceDuration":4}]}]}
            """
        let old = try ProjectFile.decode(Data(v3.utf8)).tracks[0].clips[0]
        XCTAssertEqual(old.speed, 1)
        XCTAssertEqual(old.fit, .fit)
    }

    func testBadSpeedsAndFitsInAFileNameTheField() {
        func error(_ fields: String, track: String = "video", kind: String = "video") -> String? {
            let json = """
                {"version":4,"name":"p","format":{"aspect":"9:16","width":1080,"height":1920},"tracks":[{"id":"v","kind":"\(track)","clips":[
                  {"id":"a","kind":"\(kind)","media":"a.mp4","title":"A","start":0,"duration":2,"sourceStart":0,"sourceDuration":4\(fields)}]}]}
                """
            do { _ = try ProjectFile.decode(Data(json.utf8)); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(error(",\"speed\":5"), "tracks[0].clips[0].speed: must be from 0.25 to 4.0 (found 5.0)")
        XCTAssertEqual(error(",\"speed\":\"fast\""), "tracks[0].clips[0].speed: expected a number")
        XCTAssertEqual(error(",\"speed\":0.1"), "tracks[0].clips[0].speed: must be from 0.25 to 4.0 (found 0.1)")
        XCTAssertEqual(
            error(",\"speed\":3"), "tracks[0].clips[0]: sourceStart + duration × speed (6.0s) runs past the source's 4.0s",
            "2 s at 3× needs 6 s of footage")
        XCTAssertEqual(error(",\"speed\":2", kind: "image").map { $0.contains("speed") }, true, "a picture has no speed")
        XCTAssertEqual(error(",\"fit\":\"stretch\""), "tracks[0].clips[0].fit: unknown fit \"stretch\" (expected one of fit, fill, blur)")
        XCTAssertEqual(error(",\"fit\":\"fill\"", track: "overlay"), "tracks[0].clips[0].fit: only clips on a video track have a fit")
        XCTAssertNil(error(",\"speed\":2,\"fit\":\"fill\""))
    }

    func testAClipTrimmedToTheEndOfItsFootageAtAnySpeedNeverReadsPastItAndItsFileReopens() throws {
        for speed in [0.25, 0.33, 0.5, 1.5, 2, 3, 3.7, 4] {
            var p = try project.settingSpeed(speed, ofClip: "a").0
            // Trim "a"'s end to its footage's end, as the trailing handle stops there.
            var a = p.tracks[0].clips[0]
            p.tracks[0].clips.removeSubrange(1...)
            a.duration = try XCTUnwrap(a.footageEnd) - a.start
            p.tracks[0].clips[0] = a
            XCTAssertLessThanOrEqual(a.sourceStart + a.footageUsed, .seconds(7), "\(speed)×")
            XCTAssertNoThrow(try ProjectFile.decode(ProjectFile.encode(p)), "\(speed)×")
        }
    }

    func testAClipMovedOffTheVideoTrackLeavesItsFitThere() throws {
        var p = project
        p.tracks[0].clips[0].fit = .fill
        p.tracks.append(Track(id: "o", kind: .overlay))
        // As the editor moves it: the transitions it leaves behind are tidied after the move.
        let moved = p.moving(clip: "a", toTrack: 2, start: .seconds(20), policy: .block).keepingTransitionsValid().0
        XCTAssertEqual(moved.clip(withID: "a")?.clip.fit, .fit)
        XCTAssertNoThrow(try ProjectFile.decode(ProjectFile.encode(moved)), "its file reopens")
    }

    func testAFilesSpeedOfOneIsNotWrittenSoOldProjectsSaveAsBefore() {
        let json = String(decoding: ProjectFile.encode(project), as: UTF8.self)
        XCTAssertFalse(json.contains("\"speed\""))
        XCTAssertFalse(json.contains("\"fit\""))
    }
}
