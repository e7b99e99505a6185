import XCTest
@testable import TactileCore

final class ProjectFileExactnessTests: XCTestCase {
    func testOddFrameTimesRoundTripExactly() throws {
        let third = Time.frame(atRate: 30)
        let p = Project(
            name: "Frames",
            tracks: [
                Track(
                    id: "v", kind: .video,
                    clips: [
                        Clip(id: "a", kind: .video, title: "A", start: third, duration: third * 7, sourceStart: third * 2, sourceDuration: third * 100)
                    ])
            ])
        XCTAssertEqual(try ProjectFile.decode(ProjectFile.encode(p)), p)
        let text = String(decoding: ProjectFile.encode(p), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"version\": 4,\n  \"name\": \"Frames\",\n  \"format\": {"), "documented key order: \(text.prefix(80))")
    }
}
