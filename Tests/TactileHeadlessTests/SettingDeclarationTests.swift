import Foundation
import XCTest
import TactileCore
import TactileHeadless

/// Each setting is declared once (`@Setting`), and everything that describes or checks it reads
/// that declaration: these tests hold the declarations to what the docs, checks and panel need.
final class SettingDeclarationTests: XCTestCase {
    let settings = ConfigurationSchema.tactile.settings

    func testEverySettingSaysWhatItDoesWithoutRepeatingItsDefault() {
        XCTAssertGreaterThan(settings.count, 250)
        for (section, setting) in settings {
            let key = "\(section).\(setting.key)"
            XCTAssertGreaterThan(setting.doc.count, 10, "\(key) says what it does")
            // The default is the declaration's value (the docs' Default column): the words do not
            // say it again, where it could drift from the value.
            XCTAssertNil(setting.doc.range(of: #"\bDefaults? [-0-9"\[]"#, options: .regularExpression), "\(key): \(setting.doc)")
        }
    }

    func testEveryNumberHasARangeAndEveryChoiceItsNames() {
        let ranged = Set(ConfigurationSchema.tactile.ranges.keys)
        for path in ConfigurationSchema.tactile.defaults.numericValues().map({ TactileConfiguration.rangeKey(of: $0.path) }) {
            XCTAssertTrue(ranged.contains(path), "\(path) has a declared range")
        }
        let choices = ConfigurationSchema.tactile.choices
        XCTAssertEqual(choices["feel.prediction"], ["off", "linear", "kalman"])
        XCTAssertEqual(choices["timeline.physics.overscroll"], ["bounce", "stretch"])
        XCTAssertEqual(choices["kiosk.exitCornerSequence"], ["topLeft", "topRight", "bottomLeft", "bottomRight"])
        // No choice is left as free text: every text setting is a name, a path, a colour, a time or a host.
        let texts = settings.filter { $0.setting.defaultValue is String }.map { "\($0.section).\($0.setting.key)" }
        XCTAssertFalse(texts.contains { $0.hasSuffix("prediction") || $0.hasSuffix("Policy") || $0.hasSuffix("Preset") || $0.hasSuffix("preset") })
    }

    func testATuningSpanLiesInsideItsSettingsRange() {
        let tuned = settings.filter { $0.setting.tune != nil }
        XCTAssertEqual(tuned.count, 10)
        for (section, setting) in tuned {
            guard let tune = setting.tune, let span = tune.span else { continue }
            guard let range = setting.ranges.first?.range else { return XCTFail("\(section).\(setting.key) is tuned but has no range") }
            XCTAssertTrue(range.contains(span.lowerBound) && range.contains(span.upperBound), "\(section).\(setting.key): \(span) in \(range.text)")
        }
        XCTAssertEqual(Set(tuned.map(\.setting.tune!.rank)).count, tuned.count, "each tuned setting has its own place in the panel")
    }

    func testAFileWithAnUnknownChoiceNamesTheKeyAndTheChoices() {
        XCTAssertThrowsError(try ConfigurationFile.decode(Data(#"{"export": {"encoderPreset": "fastest"}}"#.utf8), schema: .tactile)) { error in
            XCTAssertEqual(
                "\(error)",
                #"export.encoderPreset: must be "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower" or "veryslow", not "fastest""#
            )
        }
        XCTAssertThrowsError(try ConfigurationFile.decode(Data(#"{"kiosk": {"exitCornerSequence": ["topLeft", "middle"]}}"#.utf8), schema: .tactile)) {
            XCTAssertEqual(($0 as? ConfigurationError)?.key, "kiosk.exitCornerSequence[1]")
        }
    }
}
