import XCTest
import TactileCore
@testable import TactileUI

final class WidgetIDTests: XCTestCase {
    func testIDsAreStableFNV1aHashes() {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; the scope separator byte is mixed in after it.
        var expected: UInt64 = 0xaf63_dc4c_8601_ec8c
        expected ^= 0xFF
        expected = expected &* 0x0000_0100_0000_01B3
        XCTAssertEqual(WidgetID.root.child("a").value, expected)
        XCTAssertEqual(WidgetID.root.child("clip:c1"), WidgetID.root.child("clip:c1"))
    }

    func testScopesSeparateEqualKeys() {
        var stack = IDStack()
        stack.push("clip:c1")
        let a = stack.id("handle")
        stack.pop()
        stack.push("clip:c2")
        let b = stack.id("handle")
        stack.pop()
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(stack.depth, 0)
        XCTAssertNotEqual(WidgetID.root.child("ab").child("c"), WidgetID.root.child("a").child("bc"))
    }
}
