import Foundation
import XCTest
@testable import TactileCore

/// A "~" in a setting is the person's home as their shell has it.
final class HomePathTests: XCTestCase {
    func testATildeIsHomeAsTheShellSetsIt() {
        XCTAssertEqual(HomePath.expanding("~/Movies", environment: ["HOME": "/srv/kiosk"]), "/srv/kiosk/Movies")
        XCTAssertEqual(HomePath.expanding("~", environment: ["HOME": "/srv/kiosk/"]), "/srv/kiosk")
        XCTAssertEqual(HomePath.expanding("~/x", environment: ["HOME": "/"]), "/x")
        XCTAssertEqual(HomePath.expanding("/tmp/~x", environment: ["HOME": "/srv/kiosk"]), "/tmp/~x", "only a leading tilde")
        XCTAssertEqual(HomePath.expanding("Movies", environment: ["HOME": "/srv/kiosk"]), "Movies")
        XCTAssertEqual(HomePath.expanding("~/Movies", environment: ["HOME": "relative"]), NSHomeDirectory() + "/Movies", "a relative HOME is no home")
    }
}
