import XCTest
@testable import TactileCore

final class ProjectFileTests: XCTestCase {
    let valid = """
    {"version":1,"name":"Trip","tracks":[
      {"id":"v","kind":"video","clips":[
        {"id":"a","kind":"video","media":"a.mp4","title":"A","start":0,"duration":2.5,"sourceStart":1,"sourceDuration":10},
        {"id":"b","kind":"image","media":null,"title":"B","start":2.5,"duration":3,"sourceStart":0,"sourceDuration":null}]},
      {"id":"o","kind":"overlay","clips":[{"id":"t","kind":"text","media":null,"title":"Hi","start":1,"duration":1}]}]}
    """

    func decodeError(_ json: String) -> ProjectFileError? {
        do { _ = try ProjectFile.decode(Data(json.utf8)); return nil } catch { return error as? ProjectFileError }
    }

    func testValidFileLoadsWithExactTimes() throws {
        let p = try ProjectFile.decode(Data(valid.utf8))
        XCTAssertEqual(p.name, "Trip")
        XCTAssertEqual(p.tracks.map(\.kind), [.video, .overlay])
        XCTAssertEqual(p.tracks[0].clips[1].start, .seconds(2.5))
        XCTAssertEqual(p.tracks[0].clips[0].sourceStart, .seconds(1))
        XCTAssertNil(p.tracks[0].clips[1].sourceDuration)
        XCTAssertEqual(p.duration, .seconds(5.5))
    }

    func testSaveAndLoadRoundTripsAndWritesAtomically() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("p.json")
        let p = try ProjectFile.decode(Data(valid.utf8))
        try ProjectFile.save(p, to: url)
        XCTAssertEqual(try ProjectFile.load(from: url), p)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(leftovers, ["p.json"], "no temporary files left behind")
    }

    func testErrorsNameTheField() {
        XCTAssertEqual(decodeError("{nope")?.path, "")
        XCTAssertTrue(decodeError("{nope")!.message.hasPrefix("not valid JSON"))
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"version\":1", with: "\"version\":7"))?.path, "version")
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"title\":\"B\",", with: ""))?.description,
                       "tracks[0].clips[1].title: missing")
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"duration\":3", with: "\"duration\":-3"))?.path,
                       "tracks[0].clips[1].duration")
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"duration\":3", with: "\"duration\":true"))?.message,
                       "expected a number")
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"start\":2.5", with: "\"start\":2"))?.path, "tracks[0]")
        XCTAssertTrue(decodeError(valid.replacingOccurrences(of: "\"start\":2.5", with: "\"start\":2"))!.message.contains("overlap"))
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"kind\":\"text\"", with: "\"kind\":\"audio\""))?.path,
                       "tracks[1].clips[0].kind")
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"sourceStart\":1,\"sourceDuration\":10", with: "\"sourceStart\":9,\"sourceDuration\":10"))?.path,
                       "tracks[0].clips[0]")
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"id\":\"t\"", with: "\"id\":\"a\""))?.path, "tracks[1].clips[0].id")
        XCTAssertEqual(decodeError("[1,2]")?.message, "expected a JSON object at the top level")
    }

    func testMissingFileAndFolderAreClearErrors() {
        XCTAssertThrowsError(try ProjectFile.load(from: URL(fileURLWithPath: "/nonexistent/p.json"))) { e in
            XCTAssertTrue("\(e)".contains("no such file"))
        }
        XCTAssertThrowsError(try ProjectFile.load(from: FileManager.default.temporaryDirectory)) { e in
            XCTAssertTrue("\(e)".contains("folder"))
        }
    }
}

final class ProjectEditTests: XCTestCase {
    func project() -> Project {
        Project(name: "P", tracks: [
            Track(id: "v", kind: .video, clips: [Clip(id: "a", kind: .video, title: "A", start: .zero, duration: .seconds(4), sourceDuration: .seconds(10))]),
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

final class ProjectFileExactnessTests: XCTestCase {
    func testOddFrameTimesRoundTripExactly() throws {
        let third = Time.frame(atRate: 30)
        let p = Project(name: "Frames", tracks: [Track(id: "v", kind: .video, clips: [
            Clip(id: "a", kind: .video, title: "A", start: third, duration: third * 7, sourceStart: third * 2, sourceDuration: third * 100),
        ])])
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(p)), p)
        let text = String(decoding: ProjectFile.encode(p), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"version\": 1,\n  \"name\": \"Frames\""), "documented key order: \(text.prefix(60))")
    }
}
