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
        XCTAssertEqual(
            decodeError(valid.replacingOccurrences(of: "\"title\":\"B\",", with: ""))?.description,
            "tracks[0].clips[1].title: missing")
        XCTAssertEqual(
            decodeError(valid.replacingOccurrences(of: "\"duration\":3", with: "\"duration\":-3"))?.path,
            "tracks[0].clips[1].duration")
        XCTAssertEqual(
            decodeError(valid.replacingOccurrences(of: "\"duration\":3", with: "\"duration\":true"))?.message,
            "expected a number")
        XCTAssertEqual(decodeError(valid.replacingOccurrences(of: "\"start\":2.5", with: "\"start\":2"))?.path, "tracks[0]")
        XCTAssertTrue(decodeError(valid.replacingOccurrences(of: "\"start\":2.5", with: "\"start\":2"))!.message.contains("overlap"))
        XCTAssertEqual(
            decodeError(valid.replacingOccurrences(of: "\"kind\":\"text\"", with: "\"kind\":\"audio\""))?.path,
            "tracks[1].clips[0].kind")
        XCTAssertEqual(
            decodeError(valid.replacingOccurrences(of: "\"sourceStart\":1,\"sourceDuration\":10", with: "\"sourceStart\":9,\"sourceDuration\":10"))?.path,
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
