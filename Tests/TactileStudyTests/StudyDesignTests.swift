import XCTest
import TactileStudy
import TactileEditor

/// Counterbalancing and questionnaire scoring for studies.
final class StudyDesignTests: XCTestCase {
    /// Whether `square` puts every condition in every position equally often and lets every
    /// condition follow every other equally often.
    func assertBalanced(_ square: BalancedLatinSquare, file: StaticString = #filePath, line: UInt = #line) {
        let n = square.conditions
        for row in square.rows { XCTAssertEqual(Set(row), Set(0..<n), "each row is a permutation", file: file, line: line) }
        for position in 0..<n {
            let counts = Dictionary(grouping: square.rows.map { $0[position] }, by: { $0 }).mapValues(\.count)
            XCTAssertEqual(Set(counts.values).count, 1, "position \(position): \(counts)", file: file, line: line)
            XCTAssertEqual(counts.count, n, file: file, line: line)
        }
        var follows: [[Int]: Int] = [:]
        for row in square.rows { for (a, b) in zip(row, row.dropFirst()) { follows[[a, b], default: 0] += 1 } }
        XCTAssertEqual(follows.count, n * (n - 1), "every ordered pair appears: \(follows)", file: file, line: line)
        XCTAssertEqual(Set(follows.values).count, 1, "equally often: \(follows)", file: file, line: line)
    }

    func testEvenSquaresHaveARowPerConditionAndBalancePositionsAndCarryOver() {
        for n in [2, 4, 6] {
            let square = BalancedLatinSquare(conditions: n)
            XCTAssertEqual(square.rows.count, n)
            assertBalanced(square)
        }
        XCTAssertEqual(BalancedLatinSquare(conditions: 4).rows[0], [0, 1, 3, 2], "Williams' first row: 0, 1, n−1, 2, …")
    }

    func testOddSquaresAddTheMirrorRows() {
        for n in [3, 5] {
            let square = BalancedLatinSquare(conditions: n)
            XCTAssertEqual(square.rows.count, 2 * n)
            assertBalanced(square)
        }
    }

    func testParticipantsTakeTheRowsInTurn() {
        let square = BalancedLatinSquare(conditions: 2)
        XCTAssertEqual(square.order(forParticipant: 1), [0, 1])
        XCTAssertEqual(square.order(forParticipant: 2), [1, 0])
        XCTAssertEqual(square.order(forParticipant: 3), [0, 1], "P03 starts the square again")
        XCTAssertEqual(BalancedLatinSquare(conditions: 1).order(forParticipant: 7), [0])
    }

    func testSUSScoresRunFrom0To100AsBrookeDefinesThem() {
        XCTAssertEqual(Questionnaire.susScore([5, 1, 5, 1, 5, 1, 5, 1, 5, 1]), 100)
        XCTAssertEqual(Questionnaire.susScore([1, 5, 1, 5, 1, 5, 1, 5, 1, 5]), 0)
        XCTAssertEqual(Questionnaire.susScore([3, 3, 3, 3, 3, 3, 3, 3, 3, 3]), 50)
        XCTAssertEqual(Questionnaire.susScore([4, 2, 4, 1, 4, 2, 5, 2, 4, 3]), 77.5)
        XCTAssertNil(Questionnaire.susScore([3, 3, 3]), "ten answers")
        XCTAssertNil(Questionnaire.susScore([6, 3, 3, 3, 3, 3, 3, 3, 3, 3]), "each 1 … 5")
        XCTAssertEqual(Questionnaire.sus.items.count, 10)
        XCTAssertEqual(Questionnaire.seq.score([7]), 7)
        XCTAssertNil(Questionnaire.seq.score([0]), "the SEQ's points are 1 … 7")
    }
}
