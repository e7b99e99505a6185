import Foundation
import XCTest
@testable import TactileCore

/// Numbers out of JSON files: 0 and 1 are numbers, true and false are not; nothing traps.
final class JSONNumberTests: XCTestCase {
    func values(_ json: String) -> [Any] { try! JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as! [Any] }

    func testZeroAndOneAreNumbersAndBooleansAreNot() {
        let v = values("0, 1, 0.0, 1.0, true, false")
        XCTAssertEqual(v.prefix(4).map { JSONNumber.double($0) }, [0, 1, 0, 1])
        XCTAssertNil(JSONNumber.double(v[4])); XCTAssertNil(JSONNumber.double(v[5]))
        XCTAssertEqual(JSONNumber.boolean(v[4]), true); XCTAssertNil(JSONNumber.boolean(v[1]))
    }

    func testIntegersNeverTrap() {
        let v = values("1e300, -1e300, 9223372036854775807, -9223372036854775808, 18446744073709551615, 2.5, 7, 1e3")
        XCTAssertNil(JSONNumber.integer(v[0])); XCTAssertNil(JSONNumber.integer(v[1]))
        XCTAssertEqual(JSONNumber.integer(v[2]), Int.max); XCTAssertEqual(JSONNumber.integer(v[3]), Int.min)
        XCTAssertNil(JSONNumber.integer(v[4]), "beyond a signed 64-bit integer")
        XCTAssertNil(JSONNumber.integer(v[5]))
        XCTAssertEqual(JSONNumber.integer(v[6], in: 0...10), 7); XCTAssertNil(JSONNumber.integer(v[6], in: 0...5))
        XCTAssertEqual(JSONNumber.integer(v[7]), 1000)
    }

    func testTimesFromAnyNumberNeverTrap() {
        XCTAssertEqual(Time.seconds(1e308), Time.seconds(Time.maximumSeconds))
        XCTAssertEqual(Time.seconds(-.infinity), Time.seconds(-Time.maximumSeconds))
        XCTAssertEqual(Time.seconds(.nan), .zero)
        XCTAssertNil(Time.checkedSeconds(1e12, in: 0...86_400))
        XCTAssertEqual(Time.checkedSeconds(2, in: 0...86_400), .seconds(2))
    }

    func testControlCharactersAreShownNotSent() {
        XCTAssertEqual(PrintableText.of("a\u{1B}[2Jb\nc\u{7}"), "a\\u{1B}[2Jb\\u{A}c\\u{7}")
        XCTAssertEqual(PrintableText.of("right\u{202E}left"), "right\\u{202E}left", "bidi overrides are shown too")
        XCTAssertEqual(PrintableText.of("👩‍💻 café"), "👩‍💻 café", "emoji and accents stay")
        XCTAssertEqual(PrintableText.of(String(repeating: "x", count: 500), limit: 10), "xxxxxxxxxx…")
    }
}
