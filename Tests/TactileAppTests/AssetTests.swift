import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
@testable import TactileApp

/// The files shipped in Assets/ stay true to the code.
final class AssetTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheDemoProjectFileIsTheBuiltInDemo() throws {
        XCTAssertEqual(try ProjectFile.load(from: Self.root.appendingPathComponent("Assets/Projects/demo.json")), DemoProject.make())
    }

    func testTheTourTracePlaysPausesSelectsAndSplits() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tour-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try Commands.replay(
            trace: Self.root.appendingPathComponent("Assets/Traces/tour.jsonl").path, project: nil,
            stateOut: out.path, snapshot: nil, scale: 1, until: nil)
        let project = try ProjectFile.load(from: out)
        let video = project.tracks[0].clips
        XCTAssertEqual(video.map(\.id), ["beach", "beach-1", "city", "title-card", "forest"])
        XCTAssertEqual(video[0].duration, .seconds(2), "played from 0.3 s to 2.3 s, paused at 2 s, split there")
        XCTAssertEqual(video[1].sourceStart, .seconds(2))
    }
}
