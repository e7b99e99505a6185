import XCTest
@testable import TactileStudy

/// SUS scores read on Sauro and Lewis's curved grading scale.
final class SUSGradeTests: XCTestCase {
    func testEachGradeStartsWhereTheScaleSays() {
        XCTAssertEqual(SUSGrade.of(100).grade, "A+")
        XCTAssertEqual(SUSGrade.of(84.1).grade, "A+")
        XCTAssertEqual(SUSGrade.of(84.04).grade, "A", "a score is rounded to one decimal first")
        XCTAssertEqual(SUSGrade.of(80.8).grade, "A")
        XCTAssertEqual(SUSGrade.of(68).text, "C (percentiles 41–59)", "the average is a C")
        XCTAssertEqual(SUSGrade.of(74.1).grade, "B")
        XCTAssertEqual(SUSGrade.of(74.0).grade, "B−")
        XCTAssertEqual(SUSGrade.of(51.7).grade, "D")
        XCTAssertEqual(SUSGrade.of(51.6).grade, "F")
        XCTAssertEqual(SUSGrade.of(0).text, "F (percentiles 0–14)")
        let froms = SUSGrade.scale.map(\.from)
        XCTAssertEqual(froms, froms.sorted(by: >), "best grade first, each starting lower")
    }
}
