import Foundation
import XCTest
import TactileCore
@testable import TactileStudy

/// A session's think-aloud sound as its video finds it: a sound file gone leaves the video silent
/// (said, not refused); a timing file naming a path out of the session is refused by field.
final class ThinkAloudTrackTests: XCTestCase {
    var folder: URL!
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("think-aloud-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func timing(_ json: String) throws { try Data(json.utf8).write(to: folder.appendingPathComponent(ThinkAloudTrack.timingFile)) }

    func testASoundFileThatIsGoneLeavesTheVideoSilentInsteadOfRefusingIt() throws {
        try timing(#"{"file": "audio.wav", "start": 0.25}"#)
        XCTAssertNil(try ThinkAloudTrack.open(in: folder), "no track, no refusal")
        try Data(count: 44 + 48_000 * 2).write(to: folder.appendingPathComponent("audio.wav"))
        let track = try XCTUnwrap(try ThinkAloudTrack.open(in: folder))
        XCTAssertEqual(track.start, .seconds(0.25))
        XCTAssertEqual(track.duration, .seconds(1))
    }

    func testATimingFileNamingAPathOutOfTheSessionIsRefusedByField() throws {
        for name in ["../secret.wav", "..", "a/b.wav", ""] {
            try timing(#"{"file": "\#(name)", "start": 0}"#)
            XCTAssertThrowsError(try ThinkAloudTrack.open(in: folder), name) { error in
                XCTAssertTrue("\(error)".contains("audio.json: file: "), "\(error)")
            }
        }
    }
}
