import XCTest
@testable import TactileCore
import TactileEditor
import TactileHeadless
import TactileInput
import TactileKiosk
import TactileUI

/// `feel.preset` (issue 15): the platforms' published touch values as ordinary settings.
final class FeelPresetTests: XCTestCase {
    func decode(_ json: String, variant: String? = nil) throws -> TactileConfiguration {
        try ConfigurationFile.decode(Data(json.utf8), variant: variant, schema: .tactile)
    }

    func testAPresetSetsItsPlatformsValues() throws {
        let android = try decode(#"{"feel": {"preset": "android"}}"#)
        XCTAssertEqual(android.input.tapSlop, 8)
        XCTAssertEqual(android.input.longPressDuration, 0.4)
        XCTAssertEqual(android.input.doubleTapSlop, 100)
        XCTAssertEqual(android.feel.preset, .android)
        let ios = try decode(#"{"feel": {"preset": "ios"}}"#)
        XCTAssertEqual(ios.timeline.physics.decelerationRate, 0.998)
        XCTAssertEqual(ios.timeline.physics.rubberBandCoefficient, 0.55)
        XCTAssertEqual(ios.input.tapSlop, 10)
        XCTAssertEqual(try decode(#"{"feel": {"preset": "tactile"}}"#), TactileConfiguration(), "Tactile's preset is the defaults")
        XCTAssertTrue(ios.problems().isEmpty && android.problems().isEmpty, "presets keep every range")
    }

    func testKeysTheFileSetsWinOverThePresetAndVariantsMayStartFromOne() throws {
        let tuned = try decode(#"{"feel": {"preset": "ios"}, "input": {"tapSlop": 12}}"#)
        XCTAssertEqual(tuned.input.tapSlop, 12, "the file's own key")
        XCTAssertEqual(tuned.input.longPressSlop, 10, "the rest from the preset")
        let file = #"{"input": {"doubleTapInterval": 0.25}, "variants": {"B": {"feel": {"preset": "android"}}}}"#
        let b = try decode(file, variant: "B")
        XCTAssertEqual(b.input.tapSlop, 8, "variant B starts from Android")
        XCTAssertEqual(b.input.doubleTapInterval, 0.25, "and keeps what the file sets for all variants")
        XCTAssertEqual(try decode(file).input.tapSlop, 18, "without the variant, Tactile's own")
    }

    func testAnUnknownPresetIsNamed() {
        XCTAssertThrowsError(try decode(#"{"feel": {"preset": "windows"}}"#)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.key, "feel.preset")
        }
        XCTAssertThrowsError(try decode(#"{"feel": {"preset": 3}}"#)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.key, "feel.preset")
        }
        XCTAssertThrowsError(try decode(#"{"feel": {"preset": "nokia"}}"#)) { error in
            XCTAssertEqual("\(error)", #"feel.preset: must be one of tactile, ios, android, not nokia"#)
        }
    }

    func testEveryPresetKeyIsASetting() {
        let all = Set(ConfigurationFile.keyPaths(schema: .tactile))
        for key in FeelPreset.keys { XCTAssertTrue(all.contains(key), key) }
    }

    func testThePlatformsScrollTheirOwnWay() throws {
        let android = try decode(#"{"feel": {"preset": "android"}}"#), ios = try decode(#"{"feel": {"preset": "ios"}}"#)
        XCTAssertEqual(android.timeline.physics.overscroll, .stretch)
        XCTAssertEqual(android.timeline.physics.flingAcceleration, .flywheel)
        XCTAssertEqual(ios.timeline.physics.overscroll, .bounce)
        XCTAssertEqual(ios.timeline.physics.flingAcceleration, .momentum)
        XCTAssertEqual(TactileConfiguration().timeline.physics.flingAcceleration, ScrollPhysics.FlingAcceleration.none)
        XCTAssertThrowsError(try decode(#"{"timeline": {"physics": {"overscroll": "glow"}}}"#)) { error in
            XCTAssertEqual("\(error)", #"timeline.physics.overscroll: must be "bounce" or "stretch", not "glow""#)
        }
        XCTAssertThrowsError(try decode(#"{"timeline": {"physics": {"flingAcceleration": "turbo"}}}"#)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.key, "timeline.physics.flingAcceleration")
        }
    }
}
