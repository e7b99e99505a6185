import XCTest
@testable import TactileCore

/// Transitions at cuts: only where two clips meet, within the footage they have, shortened with
/// a note (never silently), kept valid as clips move, and saved in the project file.
final class TransitionTests: XCTestCase {
    /// Two video clips meeting at 4 s: "a" has 1 s of footage after its end, "b" 0.3 s before its start.
    let project = Project(
        name: "p",
        tracks: [
            Track(
                id: "v", kind: .video,
                clips: [
                    Clip(
                        id: "a", kind: .video, media: "a.mp4", title: "Beach", start: .zero, duration: .seconds(4), sourceStart: .seconds(2),
                        sourceDuration: .seconds(7)),
                    Clip(
                        id: "b", kind: .video, media: "b.mp4", title: "Dune", start: .seconds(4), duration: .seconds(3), sourceStart: .seconds(0.3),
                        sourceDuration: .seconds(5)),
                    Clip(id: "c", kind: .image, media: "c.png", title: "Sky", start: .seconds(8), duration: .seconds(2)),
                ])
        ])

    func testATransitionGoesOnlyWhereTwoClipsMeet() throws {
        XCTAssertNotNil(project.cut(before: "b"))
        XCTAssertNil(project.cut(before: "a"), "nothing before the first clip")
        XCTAssertNil(project.cut(before: "c"), "a gap before it")
        XCTAssertThrowsError(try project.settingTransition(Transition(.crossDissolve, duration: .seconds(0.5)), atCutBefore: "c")) {
            XCTAssertEqual($0 as? EditError, .noCut("c"))
        }
    }

    func testATransitionLongerThanTheFootageIsShortenedWithANote() throws {
        let limit = try XCTUnwrap(project.transitionLimit(atCutBefore: "b"))
        XCTAssertEqual(limit.duration, .seconds(0.6), "half on each side: \"b\" has 0.3 s before its start")
        let (edited, note) = try project.settingTransition(Transition(.dipToBlack, duration: .seconds(2)), atCutBefore: "b")
        XCTAssertEqual(edited.clip(withID: "b")?.clip.transitionIn, Transition(.dipToBlack, duration: .seconds(0.6)))
        XCTAssertEqual(note?.description, "Transition shortened to 0.6 s: \"Dune\" has 0.3 s of footage before its start.")
        let (fits, none) = try project.settingTransition(Transition(.wipe, duration: .seconds(0.4)), atCutBefore: "b")
        XCTAssertNil(none, "no note when it fits")
        XCTAssertEqual(fits.clip(withID: "b")?.clip.transitionIn?.duration, .seconds(0.4))
        XCTAssertNil(try fits.settingTransition(nil, atCutBefore: "b").0.clip(withID: "b")?.clip.transitionIn, "nil makes a hard cut")
    }

    func testTransitionsFollowTheirClipsAsTheyAreMovedAndTrimmed() throws {
        var (p, _) = try project.settingTransition(Transition(.crossDissolve, duration: .seconds(0.6)), atCutBefore: "b")
        // "b" trimmed at its start: less footage before it, so the transition is shortened.
        p.tracks[0].clips[1].sourceStart = .seconds(0.1)
        var (kept, notes) = p.keepingTransitionsValid()
        XCTAssertEqual(kept.clip(withID: "b")?.clip.transitionIn?.duration, .seconds(0.2))
        XCTAssertEqual(notes.map(\.description), ["The transition before \"Dune\" was shortened to 0.2 s: \"Dune\" has 0.1 s of footage before its start."])
        // "b" moved away from "a": no cut, no transition.
        kept.tracks[0].clips[1].start = .seconds(4.5)
        (kept, notes) = kept.keepingTransitionsValid()
        XCTAssertNil(kept.clip(withID: "b")?.clip.transitionIn)
        XCTAssertEqual(notes.map(\.description), ["The transition before \"Dune\" was removed: no clip meets it there any more."])
    }

    func testProgressRunsAcrossTheCut() {
        let t = Transition(.slide, duration: .seconds(1))
        XCTAssertNil(t.progress(at: .seconds(3.4), cut: .seconds(4)))
        XCTAssertEqual(t.progress(at: .seconds(3.5), cut: .seconds(4)), 0)
        XCTAssertEqual(t.progress(at: .seconds(4), cut: .seconds(4)), 0.5)
        XCTAssertNil(t.progress(at: .seconds(4.5), cut: .seconds(4)), "over at its end")
    }

    func testTransitionsSoundAndMutingAreSavedInVersion3AndOlderFilesStillOpen() throws {
        var (p, _) = try project.settingTransition(Transition(.zoom, duration: .seconds(0.5)), atCutBefore: "b")
        p.tracks[0].clips[0].sound = ClipSound(decibels: -6, fadeIn: .seconds(0.5), fadeOut: .seconds(1))
        p.tracks[0].isMuted = true
        p.tracks.append(Track(id: "m", kind: .audio, ducksUnderOtherSound: true))
        let json = String(decoding: ProjectFile.encode(p), as: UTF8.self)
        XCTAssertTrue(json.contains("\"version\": 3"), json)
        XCTAssertEqual(try ProjectFile.decode(Data(json.utf8)), p)
        // A version 2 file has none of these: hard cuts, sound as recorded, nothing muted.
        let v2 = """
            {"version":2,"name":"Old","format":{"aspect":"9:16","width":1080,"height":1920},"tracks":[{"id":"v","kind":"video","clips":[
              {"id":"a","kind":"video","media":"a.mp4","title":"A","start":0,"duration":2,"sourceStart":0,"sourceDuration":4}]}]}
            """
        let old = try ProjectFile.decode(Data(v2.utf8))
        XCTAssertNil(old.tracks[0].clips[0].transitionIn)
        XCTAssertEqual(old.tracks[0].clips[0].sound, .standard)
        XCTAssertFalse(old.tracks[0].isMuted)
    }

    func testBadTransitionsAndSoundInAFileNameTheField() {
        func error(_ clipB: String, track: String = "") -> ProjectFileError? {
            let json = """
                {"version":3,"name":"p","format":{"aspect":"9:16","width":1080,"height":1920},"tracks":[{"id":"v","kind":"video"\(track),"clips":[
                  {"id":"a","kind":"video","media":"a.mp4","title":"A","start":0,"duration":4,"sourceStart":0,"sourceDuration":5},
                  \(clipB)]}]}
                """
            do { _ = try ProjectFile.decode(Data(json.utf8)); return nil } catch { return error as? ProjectFileError }
        }
        let b = #"{"id":"b","kind":"video","media":"b.mp4","title":"B","start":4,"duration":2,"sourceStart":1,"sourceDuration":5"#
        XCTAssertNil(error(b + #","transition":{"kind":"wipe","duration":1}}"#))
        XCTAssertEqual(error(b + #","transition":{"kind":"spin","duration":1}}"#)?.path, "tracks[0].clips[1].transition.kind")
        XCTAssertEqual(error(b + #","transition":{"kind":"wipe","duration":0}}"#)?.path, "tracks[0].clips[1].transition.duration")
        XCTAssertEqual(
            error(b + #","transition":{"kind":"wipe","duration":3}}"#)?.description,
            "tracks[0].clips[1].transition.duration: 3s is longer than this cut allows (2s): \"A\" has 1 s of footage after its end")
        XCTAssertEqual(
            error(b.replacingOccurrences(of: "\"start\":4", with: "\"start\":5") + #","transition":{"kind":"wipe","duration":1}}"#)?.path,
            "tracks[0].clips[1].transition")
        XCTAssertEqual(error(b + #","sound":{"decibels":30}}"#)?.path, "tracks[0].clips[1].sound.decibels")
        XCTAssertEqual(error(b + #","sound":{"fadeIn":1.5,"fadeOut":1}}"#)?.path, "tracks[0].clips[1].sound.fadeOut")
        XCTAssertEqual(error(b + "}", track: #","muted":"yes""#)?.path, "tracks[0].muted")
    }
}
