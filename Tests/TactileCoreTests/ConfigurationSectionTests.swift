import Foundation
import XCTest
@testable import TactileCore

/// The configuration as a composition of sections owned elsewhere: a section never set reads as
/// its defaults, equality does not care whether a default section was stored, and a schema reads
/// and writes exactly the sections it lists, naming the key of every problem.
final class ConfigurationSectionTests: XCTestCase {
    struct Dial: ConfigurationSection {
        static let key = "dial"
        static let about = "A dial."
        @Setting(.init(0, 10), "How far it is turned.") var turns: Double = 3
        @Setting("What it is called.") var label = "volume"
        @Setting(.init(0, 5), "Where it clicks.") var steps: [Int] = [1, 2]
        init() {}
        func problems() -> [ConfigurationError] { label.isEmpty ? [.init(key: "dial.label", "must not be empty")] : [] }
    }

    struct Lamp: ConfigurationSection {
        static let key = "lamp"
        static let about = "A lamp."
        @Setting("Whether it is bright.") var bright = false
        @Setting("Its colour.") var colour: Colour = .warm
        init() {}

        enum Colour: String, SettingChoice { case warm, cold }
    }

    let schema = ConfigurationSchema(sections: [Lamp.self, Dial.self])

    func testASectionNeverSetReadsAsItsDefaults() {
        var c = TactileConfiguration()
        XCTAssertEqual(c[section: Dial.self].turns, 3)
        c[section: Dial.self].turns = 7
        XCTAssertEqual(c[section: Dial.self].turns, 7)
        XCTAssertFalse(c[section: Lamp.self].bright)
    }

    func testEqualityIgnoresWhetherADefaultSectionWasStored() {
        let empty = TactileConfiguration()
        XCTAssertEqual(empty, schema.defaults)
        XCTAssertEqual(Set([empty, schema.defaults]).count, 1, "equal values hash alike")
        var changed = schema.defaults
        changed[section: Lamp.self].bright = true
        XCTAssertNotEqual(changed, empty)
        XCTAssertNotEqual(empty, changed)
    }

    func testTheSchemaWritesEverySectionItListsSetOrNot() throws {
        var c = TactileConfiguration()
        c[section: Dial.self].label = "gain"
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try schema.encode(c, with: encoder), as: UTF8.self)
        XCTAssertEqual(text, #"{"dial":{"label":"gain","steps":[1,2],"turns":3},"lamp":{"bright":false,"colour":"warm"}}"#)
        XCTAssertEqual(try ConfigurationFile.decode(Data(text.utf8), schema: schema), c)
    }

    func testAFileNamesOnlyTheKeysItChangesAndUnknownOnesAreRefused() throws {
        let c = try ConfigurationFile.decode(Data(#"{"dial": {"turns": 4}}"#.utf8), schema: schema)
        XCTAssertEqual(c[section: Dial.self].turns, 4)
        XCTAssertEqual(c[section: Dial.self].label, "volume")
        XCTAssertThrowsError(try ConfigurationFile.decode(Data(#"{"dials": {}}"#.utf8), schema: schema)) {
            XCTAssertEqual(($0 as? ConfigurationError)?.description, #"dials: is not a setting (did you mean "dial"?)"#)
        }
        XCTAssertThrowsError(try ConfigurationFile.decode(Data(#"{"kiosk": {}}"#.utf8), schema: schema), "a section the schema does not list")
    }

    func testRangesAndRulesNameTheirKeys() throws {
        func problem(_ json: String) -> String? {
            do { _ = try ConfigurationFile.decode(Data(json.utf8), schema: schema); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(problem(#"{"dial": {"turns": 11}}"#), "dial.turns: must be 0 … 10, not 11")
        XCTAssertEqual(problem(#"{"dial": {"steps": [1, 9]}}"#), "dial.steps[1]: must be 0 … 5, not 9")
        XCTAssertEqual(problem(#"{"dial": {"label": ""}}"#), "dial.label: must not be empty")
        XCTAssertEqual(problem(#"{"dial": {"turns": "many"}}"#), "dial.turns: expected a number, not text")
        XCTAssertEqual(problem(#"{"lamp": {"colour": "blue"}}"#), #"lamp.colour: must be "warm" or "cold", not "blue""#)
        XCTAssertEqual(problem(#"{"variants": {"B": {"lamp": {"colour": "blue"}}}}"#), #"variants.B.lamp.colour: must be "warm" or "cold", not "blue""#)
        XCTAssertEqual(schema.ranges.keys.sorted(), ["dial.steps[]", "dial.turns"])
        XCTAssertEqual(schema.wholeNumberKeys, [])
        XCTAssertEqual(schema.choices, ["lamp.colour": ["warm", "cold"]])
    }

    func testAChangeNamesTheSectionsAndSettingsItChanged() {
        let old = schema.defaults
        var new = old
        new[section: Dial.self].turns = 5
        let change = ConfigurationChange(from: old, to: new)
        XCTAssertTrue(change.changed(Dial.self))
        XCTAssertFalse(change.changed(Lamp.self))
        XCTAssertTrue(change.changed(\.dial.turns))
        XCTAssertFalse(change.changed(\.dial.label))
        XCTAssertTrue(change.changedAnything)
        XCTAssertFalse(ConfigurationChange(from: old, to: TactileConfiguration()).changedAnything, "a section never set is its defaults")
    }

    func testANumberWithoutARangeIsNamed() {
        struct Unranged: ConfigurationSection {
            static let key = "unranged"
            static let about = "A section with a number declared without @Setting."
            var size: Double = 1
            init() {}
        }
        var c = TactileConfiguration()
        c[section: Unranged.self].size = 2
        XCTAssertEqual(c.problems().map(\.description), ["unranged.size: has no documented range (a setting added without one)"])
    }
}

extension TactileConfiguration {
    /// The test's dial, as a module reads its own section.
    fileprivate var dial: ConfigurationSectionTests.Dial { self[section: ConfigurationSectionTests.Dial.self] }
}
