import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileHeadless
@testable import TactileApp

/// `run --flip A,B`: the two variants of the configuration file an A/B flip switches between,
/// each checked before the window opens, the session starting on A unless `--variant` names B.
final class FlipPairTests: XCTestCase {
    func testTheFlipPairIsCheckedAndTheSessionStartsOnA() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-flip-pair-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tactile.json")
        try #"{"variants": {"loose": {"input": {"tapSlop": 30}}}}"#.write(to: file, atomically: true, encoding: .utf8)
        let store = VariantStore(url: file, schema: .tactile)
        XCTAssertTrue(try Windowed.flipPair("loose,base", started: nil, store: store) == ("loose", "base"), "starts on A")
        XCTAssertTrue(try Windowed.flipPair("base,loose", started: nil, store: store) == (nil, "loose"), "base is the file's own")
        XCTAssertTrue(try Windowed.flipPair("base,loose", started: "loose", store: store) == ("loose", "base"), "--variant names B")
        XCTAssertTrue(try Windowed.flipPair(nil, started: "loose", store: store) == ("loose", nil))
        XCTAssertEqual(try store.configuration(variant: "loose").input.tapSlop, 30, "A's own settings, which the session starts with")
        for (flip, said) in [("loose", "two different"), ("loose,loose", "two different"), ("base,tight", "tight"), ("a,b,c", "two different")] {
            XCTAssertThrowsError(try Windowed.flipPair(flip, started: nil, store: store)) { XCTAssertTrue("\($0)".contains(said), "\(flip): \($0)") }
        }
        XCTAssertThrowsError(try Windowed.flipPair("base,loose", started: "other", store: store))
    }
}
