import Foundation
import XCTest
import TactileTestSupport
import TactileCore
@testable import TactileMedia

/// The demo's media as a first start makes them: every item made whole and readable, nothing
/// half-made left beside them. The suite's cache starts empty on a fresh machine, so the making is
/// checked there (in the shared folder: making them again would cost the suite half a minute).
final class DemoMediaTests: XCTestCase, RunsAlone {
    func testAFirstStartMakesEveryItemWholeAndAStoppedOneLeavesNothing() throws {
        let folder = DemoMedia.defaultFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = try DemoMedia.ensure(in: folder)
        XCTAssertEqual(Set(paths.keys), Set(DemoMedia.Item.allCases))
        let lengths: [DemoMedia.Item: Double] = [.beach: 8, .city: 6, .forest: 12, .soundtrack: 30, .birds: 9]
        for item in DemoMedia.Item.allCases {
            let report = MediaProbe.probe(try XCTUnwrap(paths[item]))
            XCTAssertTrue(report.ok, "\(item.fileName): \(report.error ?? "")")
            if let length = lengths[item] { XCTAssertEqual(report.duration ?? 0, length, accuracy: 0.1, item.fileName) }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, DemoMedia.Item.allCases.map(\.fileName).sorted(), "only the media, nothing half-made beside them")

        // A stop asked for during the making leaves no file of the item being made.
        let second = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-demo-stopped-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: second, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: second) }
        var asked = 0
        XCTAssertThrowsError(
            try DemoMedia.ensure(
                in: second,
                stopWhen: {
                    asked += 1; return asked > 20
                })
        ) {
            XCTAssertTrue($0 is DemoMedia.Stopped)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: second.path), [], "a stopped start leaves nothing")
    }
}
