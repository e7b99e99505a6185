import XCTest
import TactileUI
@testable import TactileStudy

/// A study's own screens speak every language the editor does.
final class StudyTextTests: XCTestCase {
    func testEveryLanguageSaysEveryStudyLabel() {
        for language in Language.allCases {
            XCTAssertEqual(StudyText.allCases.filter { (StudyText.tables[language]?[$0] ?? "").isEmpty }, [], "\(language) lacks study labels")
        }
        XCTAssertEqual(Strings(localeIdentifier: "de_DE").format(.partNumber, ["n": "1", "count": "2"]), "Teil 1 von 2")
    }
}
