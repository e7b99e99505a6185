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

    func testWithinTheFootageBeyondTheCutATransitionKeepsTheTracksLength() throws {
        let limit = try XCTUnwrap(project.transitionLimit(atCutBefore: "b"))
        XCTAssertEqual(limit.duration, .seconds(0.6), "half on each side: \"b\" has 0.3 s before its start")
        let (fits, none) = try project.settingTransition(Transition(.wipe, duration: .seconds(0.4)), atCutBefore: "b")
        XCTAssertNil(none, "no note when it fits")
        XCTAssertEqual(fits.clip(withID: "b")?.clip.transitionIn, Transition(.wipe, duration: .seconds(0.4)), "no overlap")
        XCTAssertEqual(fits.tracks[0].clips.map(\.start), project.tracks[0].clips.map(\.start), "nothing moved")
        XCTAssertNil(try fits.settingTransition(nil, atCutBefore: "b").0.clip(withID: "b")?.clip.transitionIn, "nil makes a hard cut")
    }

    func testWhereTheFootageRunsShortTheClipsOverlapAndTheTrackGetsShorterUntilItIsTakenAway() throws {
        // 2 s: "a" has 1 s after its end (enough for its half), "b" only 0.3 s before its start.
        let (p, note) = try project.settingTransition(Transition(.dipToBlack, duration: .seconds(2)), atCutBefore: "b")
        let b = try XCTUnwrap(p.clip(withID: "b")?.clip)
        XCTAssertEqual(b.transitionIn?.duration, .seconds(2), "not shortened")
        XCTAssertEqual(b.transitionIn?.overlap, Transition.Overlap(outgoing: .zero, incoming: .seconds(0.7), everyTrack: true))
        XCTAssertEqual(p.clip(withID: "a")?.clip.duration, .seconds(4), "the outgoing clip's own footage sufficed")
        XCTAssertEqual(b.start, .seconds(4))
        XCTAssertEqual(b.sourceStart, .seconds(1), "the incoming clip gave up its first 0.7 s")
        XCTAssertEqual(b.duration, .seconds(2.3))
        XCTAssertEqual(p.clip(withID: "c")?.clip.start, .seconds(7.3), "the rest of the track moved 0.7 s earlier")
        XCTAssertEqual(note, .overlapped(by: .seconds(0.7)))
        XCTAssertEqual(note?.description, "The clips overlap by 0.7 s for the transition: the track after the cut moved that much earlier.")
        XCTAssertNotNil(p.transitionLimit(atCutBefore: "b").map { $0.duration >= .seconds(2) }, "now within the footage beyond the cut")
        XCTAssertEqual(p.keepingTransitionsValid().notes, [], "and valid as it stands")
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(p)), p, "saved with what it took")

        // Another kind keeps the overlap (no note); another length takes what it needs; none gives it all back.
        let (wipe, again) = try p.settingTransition(Transition(.wipe, duration: .seconds(2)), atCutBefore: "b")
        XCTAssertNil(again)
        XCTAssertEqual(wipe.clip(withID: "c")?.clip.start, .seconds(7.3))
        let (longer, _) = try p.settingTransition(Transition(.wipe, duration: .seconds(3)), atCutBefore: "b")
        XCTAssertEqual(
            longer.clip(withID: "b")?.clip.transitionIn?.overlap, Transition.Overlap(outgoing: .seconds(0.5), incoming: .seconds(1.2), everyTrack: true))
        XCTAssertEqual(longer.clip(withID: "c")?.clip.start, .seconds(6.3))
        XCTAssertEqual(try longer.settingTransition(nil, atCutBefore: "b").0, project, "taken away, the clips get their ends back")
    }

    func testTheOtherTracksMoveWithTheOverlapWhenAllOfThemCanAndNoneGivesEverythingBack() throws {
        // Beach into City Lights at 4.5 s: City Lights has no footage before its start.
        let demo = Self.demo
        func starts(_ p: Project) -> [String: Double] {
            Dictionary(uniqueKeysWithValues: p.tracks.flatMap(\.clips).map { ($0.id, $0.start.seconds) })
        }
        let (short, _) = try demo.settingTransition(Transition(.crossDissolve, duration: .seconds(0.5)), atCutBefore: "city")
        XCTAssertEqual(short.clip(withID: "city")?.clip.transitionIn?.overlap, Transition.Overlap(outgoing: .zero, incoming: .seconds(0.25), everyTrack: true))
        let moved = starts(short)
        XCTAssertEqual(moved["star"], 5.75, "an overlay after the cut stays over its pictures")
        XCTAssertEqual(moved["birds"], 14.25, "and so does the sound")
        XCTAssertEqual(moved["music"], 0, "a clip across the cut stays")
        XCTAssertEqual(moved["hello"], 1)
        XCTAssertEqual(short.duration, demo.duration - .seconds(0.25), "the project is shorter by the overlap")
        XCTAssertEqual(try short.settingTransition(nil, atCutBefore: "city").0, demo)

        // 2 s would take 1 s: Birdsong (0.5 s after the Soundtrack's end) cannot move that far, so no other track moves.
        let (long, _) = try demo.settingTransition(Transition(.crossDissolve, duration: .seconds(2)), atCutBefore: "city")
        XCTAssertEqual(long.clip(withID: "city")?.clip.transitionIn?.overlap.everyTrack, false)
        XCTAssertEqual(starts(long)["birds"], 14.5)
        XCTAssertEqual(starts(long)["star"], 6)
        XCTAssertEqual(starts(long)["title-card"], 9.5, "its own track still moves")
        XCTAssertEqual(try long.settingTransition(nil, atCutBefore: "city").0, demo)
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(long)), long)
    }

    func testAnOverlapAtAnOddLengthStaysValidAndIsGivenBackWhole() throws {
        // "b" is 0.3 s and a tick long with no footage before it: the most it can hold is odd.
        let odd = Time(ticks: Time.seconds(0.3).ticks + 1)
        let p = Project(
            name: "p",
            tracks: [
                Track(
                    id: "v", kind: .video,
                    clips: [
                        Clip(id: "a", kind: .video, media: "a.mp4", title: "A", start: .zero, duration: .seconds(1), sourceDuration: .seconds(1)),
                        Clip(id: "b", kind: .video, media: "b.mp4", title: "B", start: .seconds(1), duration: odd, sourceDuration: odd),
                    ]),
                Track(id: "o", kind: .overlay, clips: [Clip(id: "s", kind: .sticker, title: "S", start: .seconds(1), duration: .seconds(1))]),
            ])
        let (set, _) = try p.settingTransition(Transition(.wipe, duration: .seconds(1)), atCutBefore: "b")
        let t = try XCTUnwrap(set.clip(withID: "b")?.clip.transitionIn)
        XCTAssertEqual(t.duration.ticks % 2, 0, "whole pairs of ticks: both halves equal")
        XCTAssertEqual(t.overlap.outgoing, t.overlap.incoming)
        XCTAssertEqual(set.keepingTransitionsValid().notes, [], "valid as made: no tick shaved off in the next frame")
        XCTAssertEqual(set.clip(withID: "s")?.clip.start, .seconds(1) - t.overlap.total, "the sticker at the cut moved with it")
        XCTAssertEqual(try set.settingTransition(nil, atCutBefore: "b").0, p, "and taken away, all given back")
    }

    /// The demo's layout (as `DemoProject` makes it), without media.
    static let demo = Project(
        name: "Demo",
        tracks: [
            Track(
                id: "video", kind: .video,
                clips: [
                    Clip(id: "beach", kind: .video, media: "b.mp4", title: "Beach", start: .zero, duration: .seconds(4.5), sourceDuration: .seconds(8)),
                    Clip(
                        id: "city", kind: .video, media: "c.mp4", title: "City Lights", start: .seconds(4.5), duration: .seconds(6), sourceDuration: .seconds(6)
                    ),
                    Clip(id: "title-card", kind: .image, media: "t.png", title: "Title Card", start: .seconds(10.5), duration: .seconds(3)),
                ]),
            Track(
                id: "overlay", kind: .overlay,
                clips: [
                    Clip(id: "hello", kind: .text, title: "Hello!", start: .seconds(1), duration: .seconds(3)),
                    Clip(id: "star", kind: .sticker, title: "Star", start: .seconds(6), duration: .seconds(2.5)),
                ]),
            Track(
                id: "audio", kind: .audio,
                clips: [
                    Clip(id: "music", kind: .audio, media: "m.m4a", title: "Soundtrack", start: .zero, duration: .seconds(14), sourceDuration: .seconds(30)),
                    Clip(
                        id: "birds", kind: .audio, media: "w.wav", title: "Birdsong", start: .seconds(14.5), duration: .seconds(6.5),
                        sourceDuration: .seconds(9)),
                ]),
        ])

    func testATransitionLongerThanTheClipsHoldIsShortenedWithANoteAndTooShortClipsAreRefused() throws {
        let reach = try XCTUnwrap(project.transitionReach(atCutBefore: "b"))
        XCTAssertEqual(reach.duration, .seconds(3.3), "\"b\" is 3 s long with 0.3 s before it")
        let (p, note) = try project.settingTransition(Transition(.zoom, duration: .seconds(10)), atCutBefore: "b")
        XCTAssertEqual(p.clip(withID: "b")?.clip.transitionIn?.duration, .seconds(3.3))
        XCTAssertEqual(note?.description, "Transition shortened to 3.3 s: \"Dune\" is 3 s long.")
        XCTAssertEqual(p.clip(withID: "b")?.clip.duration, .seconds(1.65), "half the transition still on the incoming clip's side")

        var tiny = project
        tiny.tracks[0].clips[1].sourceStart = .zero
        tiny.tracks[0].clips[1].duration = .seconds(0.04)
        XCTAssertThrowsError(try tiny.settingTransition(Transition(.crossDissolve, duration: .seconds(0.5)), atCutBefore: "b")) {
            XCTAssertEqual($0 as? EditError, .noRoomForTransition(.clipLength(clip: "Dune", length: .seconds(0.04))))
            XCTAssertEqual("\($0)", "Too short for a transition: \"Dune\" is 0 s long.")
        }
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

    func testTransitionsSoundAndMutingAreSavedInTheCurrentVersionAndOlderFilesStillOpen() throws {
        var (p, _) = try project.settingTransition(Transition(.zoom, duration: .seconds(0.5)), atCutBefore: "b")
        p.tracks[0].clips[0].sound = ClipSound(decibels: -6, fadeIn: .seconds(0.5), fadeOut: .seconds(1))
        p.tracks[0].isMuted = true
        p.tracks.append(Track(id: "m", kind: .audio, ducksUnderOtherSound: true))
        let json = String(decoding: ProjectFile.encode(p), as: UTF8.self)
        XCTAssertTrue(json.contains("\"version\": \(Project.formatVersion)"), json)
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
        XCTAssertNil(error(b + #","transition":{"kind":"wipe","duration":1,"overlap":{"outgoing":0.2,"incoming":0}}}"#))
        XCTAssertEqual(
            error(b + #","transition":{"kind":"wipe","duration":1,"overlap":{"outgoing":-1}}}"#)?.path, "tracks[0].clips[1].transition.overlap.outgoing")
        XCTAssertEqual(error(b + #","transition":{"kind":"wipe","duration":1,"overlap":3}}"#)?.path, "tracks[0].clips[1].transition.overlap")
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
