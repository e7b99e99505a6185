import XCTest
@testable import TactileCore

final class CompositionFormatTests: XCTestCase {
    let version1 = """
        {"version":1,"name":"Old","tracks":[{"id":"v","kind":"video","clips":[
          {"id":"a","kind":"video","media":"a.mp4","title":"A","start":0,"duration":2,"sourceStart":0,"sourceDuration":4}]}]}
        """

    func version2(_ format: String) -> String {
        """
        {"version":2,"name":"New","format":\(format),"tracks":[]}
        """
    }

    func decodeError(_ json: String) -> ProjectFileError? {
        do { _ = try ProjectFile.decode(Data(json.utf8)); return nil } catch { return error as? ProjectFileError }
    }

    func testANewProjectIsNineBySixteenAtTenEightyByNineteenTwenty() {
        let project = Project(name: "Fresh", tracks: [])
        XCTAssertEqual(project.format.aspect, .portrait)
        XCTAssertEqual(project.format.width, 1080)
        XCTAssertEqual(project.format.height, 1920)
    }

    func testAVersionOneFileOpensAsSixteenByNineAndSavesAsTheCurrentVersion() throws {
        let old = try ProjectFile.decode(Data(version1.utf8))
        XCTAssertEqual(old.format, CompositionFormat(.landscape))
        XCTAssertEqual(old.tracks[0].clips[0].duration, .seconds(2), "the clips come through the migration unchanged")
        let saved = try XCTUnwrap(try JSONSerialization.jsonObject(with: ProjectFile.encode(old)) as? [String: Any])
        XCTAssertEqual(saved["version"] as? Int, Project.formatVersion)
        let format = try XCTUnwrap(saved["format"] as? [String: Any])
        XCTAssertEqual(format["aspect"] as? String, "16:9")
        XCTAssertEqual(format["width"] as? Int, 1920)
        XCTAssertEqual(format["height"] as? Int, 1080)
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(old)), old, "and reads back the same")
    }

    func testEveryPresetRoundTripsThroughTheFile() throws {
        for aspect in CompositionFormat.Aspect.allCases {
            let project = Project(name: aspect.rawValue, format: CompositionFormat(aspect), tracks: [])
            XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(project)).format, CompositionFormat(aspect), aspect.rawValue)
        }
        let small = try XCTUnwrap(CompositionFormat(.square, width: 720, height: 720))
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(Project(name: "s", format: small, tracks: []))).format, small)
    }

    func testBadFormatsNameTheField() {
        XCTAssertEqual(decodeError("{\"version\":2,\"name\":\"x\",\"tracks\":[]}")?.description, "format: missing")
        XCTAssertEqual(decodeError(version2("\"9:16\""))?.description, "format: expected an object")
        let unknown = decodeError(version2("{\"aspect\":\"21:9\",\"width\":2560,\"height\":1080}"))
        XCTAssertEqual(unknown?.path, "format.aspect")
        XCTAssertTrue(unknown?.message.contains("9:16, 16:9, 1:1, 4:5") == true, unknown?.message ?? "")
        let wrongShape = decodeError(version2("{\"aspect\":\"9:16\",\"width\":1920,\"height\":1080}"))
        XCTAssertEqual(wrongShape?.path, "format")
        XCTAssertTrue(wrongShape?.message.contains("is not 9:16") == true, wrongShape?.message ?? "")
        XCTAssertTrue(decodeError(version2("{\"aspect\":\"1:1\",\"width\":1081,\"height\":1081}"))?.message.contains("odd") == true)
        XCTAssertTrue(decodeError(version2("{\"aspect\":\"1:1\",\"width\":100000,\"height\":100000}"))?.message.contains("outside") == true)
        XCTAssertEqual(decodeError(version2("{\"aspect\":\"1:1\",\"width\":1080.5,\"height\":1080}"))?.path, "format.width")
        XCTAssertEqual(decodeError(version2("{\"aspect\":\"1:1\",\"width\":1080,\"height\":1080}")), nil)
        XCTAssertEqual(decodeError("{\"version\":\(Project.formatVersion + 1),\"name\":\"x\",\"tracks\":[]}")?.path, "version")
    }

    func testAProjectMadeFromAVideoStartsAtThePresetNearestItsShape() {
        XCTAssertEqual(CompositionFormat.nearest(width: 1920, height: 1080).aspect, .landscape)
        XCTAssertEqual(CompositionFormat.nearest(width: 720, height: 1280).aspect, .portrait)
        XCTAssertEqual(CompositionFormat.nearest(width: 1280, height: 1024).aspect, .square, "5:4 is nearer 1:1 than 16:9")
        XCTAssertEqual(CompositionFormat.nearest(width: 1080, height: 1350).aspect, .tall)
        XCTAssertEqual(CompositionFormat.nearest(width: 0, height: 0), .default)
    }
}
