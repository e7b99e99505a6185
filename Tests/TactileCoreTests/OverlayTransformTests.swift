import XCTest
@testable import TactileCore

final class OverlayTransformTests: XCTestCase {
    func project(transform: String, track: String = "overlay", kind: String = "text") -> String {
        """
        {"version":2,"name":"T","format":{"aspect":"9:16","width":1080,"height":1920},"tracks":[
          {"id":"o","kind":"\(track)","clips":[{"id":"t","kind":"\(kind)","title":"Hi","start":0,"duration":2,"transform":\(transform)}]}]}
        """
    }

    func decodeError(_ json: String) -> ProjectFileError? {
        do { _ = try ProjectFile.decode(Data(json.utf8)); return nil } catch { return error as? ProjectFileError }
    }

    func testATransformIsKeptInTheFileAndReadBack() throws {
        let read = try ProjectFile.decode(Data(project(transform: #"{"x":0.25,"y":0.1,"scale":1.5,"rotation":-30}"#).utf8))
        let clip = read.tracks[0].clips[0]
        XCTAssertEqual(clip.transform, OverlayTransform(x: 0.25, y: 0.1, scale: 1.5, rotation: -30))
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(read)), read, "saved and read again, nothing changes")
    }

    func testAClipWithoutATransformSitsAtItsKindsPlaceAndSavesNone() throws {
        let clip = Clip(id: "s", kind: .sticker, title: "Star", start: .zero, duration: .seconds(1))
        XCTAssertNil(clip.transform)
        XCTAssertEqual(clip.placement, OverlayTransform.placement(for: .sticker))
        let project = Project(name: "p", tracks: [Track(id: "o", kind: .overlay, clips: [clip])])
        let saved = try XCTUnwrap(String(data: ProjectFile.encode(project), encoding: .utf8))
        XCTAssertFalse(saved.contains("transform"), "untouched overlays keep the file as it was")
    }

    func testScaleAndRotationMayBeLeftOutAndTurnsAreNormalised() throws {
        let read = try ProjectFile.decode(Data(project(transform: #"{"x":0.5,"y":0.5,"rotation":450}"#).utf8))
        XCTAssertEqual(read.tracks[0].clips[0].transform?.scale, 1)
        XCTAssertEqual(read.tracks[0].clips[0].transform?.rotation, 90)
        XCTAssertEqual(OverlayTransform.normalised(-190), 170)
        XCTAssertEqual(OverlayTransform.normalised(180), -180)
    }

    func testBadTransformsNameTheField() {
        let base = "tracks[0].clips[0].transform"
        XCTAssertEqual(decodeError(project(transform: "7"))?.path, base)
        XCTAssertEqual(decodeError(project(transform: #"{"y":0.5}"#))?.path, base + ".x")
        XCTAssertEqual(decodeError(project(transform: #"{"x":"left","y":0.5}"#))?.path, base + ".x")
        XCTAssertEqual(decodeError(project(transform: #"{"x":0.5,"y":9}"#))?.path, base + ".y")
        XCTAssertEqual(decodeError(project(transform: #"{"x":0.5,"y":0.5,"scale":0}"#))?.path, base + ".scale")
        XCTAssertEqual(decodeError(project(transform: #"{"x":0.5,"y":0.5,"scale":1,"rotation":1e9}"#))?.path, base + ".rotation")
        let onVideo = decodeError(project(transform: #"{"x":0.5,"y":0.5}"#, track: "video", kind: "video"))
        XCTAssertEqual(onVideo?.path, base)
        XCTAssertTrue(onVideo?.message.contains("overlay track") == true, onVideo?.message ?? "")
        XCTAssertNil(decodeError(project(transform: "null")))
    }
}

final class OverlayPlacementTests: XCTestCase {
    func testFiveTextsAddedAtOneTimeDoNotStack() {
        var project = Project(name: "p", tracks: [])
        for _ in 0..<5 { project = project.addingClip(kind: .text, title: "Text", at: .seconds(1), duration: .seconds(3)).0 }
        let places = project.tracks.flatMap(\.clips).map(\.placement)
        XCTAssertEqual(places.count, 5)
        for (i, a) in places.enumerated() {
            for b in places[(i + 1)...] { XCTAssertFalse(abs(a.x - b.x) < 0.05 && abs(a.y - b.y) < 0.05, "\(a) and \(b) on one spot") }
        }
        XCTAssertNil(project.tracks.flatMap(\.clips).first { $0.id == "text" }?.transform, "the first keeps the usual place")
        XCTAssertTrue(places.allSatisfy { (0.05...0.95).contains($0.y) }, "all inside the picture")
    }

    func testATextAtAnotherTimeTakesTheUsualPlace() {
        var project = Project(name: "p", tracks: [])
        project = project.addingClip(kind: .text, title: "A", at: .zero, duration: .seconds(2)).0
        project = project.addingClip(kind: .text, title: "B", at: .seconds(5), duration: .seconds(2)).0
        XCTAssertTrue(project.tracks.flatMap(\.clips).allSatisfy { $0.transform == nil })
    }
}

final class StickerFileTests: XCTestCase {
    func file(_ sticker: String, kind: String = "sticker") -> String {
        """
        {"version":2,"name":"S","format":{"aspect":"1:1","width":1080,"height":1080},"tracks":[
          {"id":"o","kind":"overlay","clips":[{"id":"s","kind":"\(kind)","title":"S","start":0,"duration":2,"sticker":\(sticker)}]}]}
        """
    }

    func testAStickersShapeIsKeptAndOldStickersAreStars() throws {
        let read = try ProjectFile.decode(Data(file("\"heart\"").utf8))
        XCTAssertEqual(read.tracks[0].clips[0].stickerShape, .heart)
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(read)), read)
        XCTAssertEqual(try ProjectFile.decode(Data(file("null").utf8)).tracks[0].clips[0].stickerShape, .star)
    }

    func testAnUnknownShapeOrAShapeOnAnotherKindNamesTheField() {
        func error(_ json: String) -> ProjectFileError? {
            do { _ = try ProjectFile.decode(Data(json.utf8)); return nil } catch { return error as? ProjectFileError }
        }
        let unknown = error(file("\"unicorn\""))
        XCTAssertEqual(unknown?.path, "tracks[0].clips[0].sticker")
        XCTAssertTrue(unknown?.message.contains("heart") == true, unknown?.message ?? "")
        XCTAssertEqual(error(file("\"star\"", kind: "text"))?.path, "tracks[0].clips[0].sticker")
        XCTAssertEqual(error(file("7"))?.path, "tracks[0].clips[0].sticker")
    }
}
