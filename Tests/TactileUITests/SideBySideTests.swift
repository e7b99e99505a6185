import XCTest
import TactileCore
@testable import TactileUI

/// How many choices stand side by side (rows become stacks at large sizes), measured with the
/// fixed-width measurer: every character 0.55 em wide.
final class SideBySideTests: XCTestCase {
    let measurer = FixedWidthTextMeasurer()
    let font = Font(size: 20, weight: .regular)

    func testWordsThatFitTheirShareStandSideBySide() {
        // "720p" is 44 pt at 20 pt: four fit 200 pt with no gap.
        XCTAssertEqual(measurer.sideBySide(["720p", "1080", "4K", "8K"], width: 200, gap: 0, font: font, smallest: 1), 4)
    }

    func testLargerTextTakesMoreLinesNeverCuttingAWord() {
        // At 60 pt "720p" is 132 pt: one to a line in 200 pt, two where 280 pt holds two.
        let large = Font(size: 60, weight: .regular)
        XCTAssertEqual(measurer.sideBySide(["720p", "1080", "4K"], width: 200, gap: 10, font: large, smallest: 1), 1)
        XCTAssertEqual(measurer.sideBySide(["720p", "1080", "4K"], width: 280, gap: 10, font: large, smallest: 1), 2)
    }

    func testGivingWayInSizeCountsAsFitting() {
        // 132 pt at 60 pt fits 100 pt given way to 0.75 (45 pt: 99 pt), not to 0.8 (48 pt: 105.6 pt).
        XCTAssertTrue(measurer.fits("720p", in: 100, font: Font(size: 60, weight: .regular), smallest: 0.75))
        XCTAssertFalse(measurer.fits("720p", in: 100, font: Font(size: 60, weight: .regular), smallest: 0.8))
    }

    func testTwoLinesFitOnlyWhereNoWordIsSplitOrCut() {
        // "Ton abtrennen": each word on a line of its own at 20 pt fits 100 pt ("abtrennen" is 99 pt), not 95 pt.
        XCTAssertTrue(measurer.fits("Ton abtrennen", in: 100, font: font, smallest: 1, lines: 2))
        XCTAssertFalse(measurer.fits("Ton abtrennen", in: 95, font: font, smallest: 1, lines: 2), "abtrennen would be split")
        XCTAssertFalse(measurer.fits("Stimme überhaupt nicht zu", in: 100, font: font, smallest: 1, lines: 2), "more than two lines: cut")
    }

    func testNoRoomFitsNothing() {
        XCTAssertFalse(measurer.fits("1", in: -12, font: font, smallest: 0.5, lines: 2), "a negative share (five choices in a narrow row) holds nothing")
        XCTAssertEqual(
            measurer.sideBySide(["1 · Stimme überhaupt nicht zu", "2", "3", "4", "5"], width: 300, gap: 24, inset: 48, font: font, smallest: 0.7, lines: 2), 1)
    }

    func testLinesAreAsEvenAsTheyCanBe() {
        XCTAssertEqual(ChoiceColumns.balanced(3, of: 4), 2, "two and two, not three and one")
        XCTAssertEqual(ChoiceColumns.balanced(4, of: 6), 3)
        XCTAssertEqual(ChoiceColumns.balanced(2, of: 3), 2)
        XCTAssertEqual(ChoiceColumns.balanced(6, of: 6), 6)
    }
}
