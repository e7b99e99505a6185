import Foundation
import XCTest
import TactileCore
import TactileHeadless

/// Where the chrome's locale comes from: `--locale`, the configuration file, the environment.
final class LocaleSettingsTests: XCTestCase {
    func testLocaleComesFromTheOptionThenTheFileThenTheEnvironment() throws {
        XCTAssertEqual(try Settings(locale: "ar_EG").load().theme.locale, "ar_EG")
        var c = TactileConfiguration()
        try Settings().applyLocale(to: &c, environment: ["LANG": "de_DE.UTF-8", "LC_ALL": ""])
        XCTAssertEqual(c.theme.locale, "de_DE", "LANG, without its encoding")
        c = TactileConfiguration()
        try Settings().applyLocale(to: &c, environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "ar_EG.UTF-8"])
        XCTAssertEqual(c.theme.locale, "ar_EG", "LC_ALL before LANG")
        c = TactileConfiguration()
        c.theme.locale = "ar"
        try Settings().applyLocale(to: &c, environment: ["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(c.theme.locale, "ar", "the file's own locale is kept")
        try Settings(locale: "en").applyLocale(to: &c, environment: [:])
        XCTAssertEqual(c.theme.locale, "en", "--locale over the file's")
    }

    func testABadLocaleIsNamed() {
        XCTAssertThrowsError(try Settings(locale: "ar; rm -rf /").load()) { error in
            XCTAssertTrue("\(error)".contains("--locale"), "\(error)")
        }
        var c = TactileConfiguration()
        c.theme.locale = String(repeating: "x", count: 40)
        XCTAssertEqual(c.problems().first?.key, "theme.locale")
    }
}
