import XCTest
@testable import TactileCore

final class OverlaySnappingTests: XCTestCase {
    let rules = OverlaySnapping.Rules(threshold: 6, safeMargin: 0.05, rotationThreshold: 5)
    let picture = Size(width: 200, height: 400)
    let box = Size(width: 40, height: 20)

    func snap(_ t: OverlayTransform) -> (OverlayTransform, OverlaySnaps) {
        OverlaySnapping.snap(t, natural: box, picture: picture, rules: rules)
    }

    func testACentreWithinTheThresholdLandsOnTheCentreLine() {
        let (t, s) = snap(OverlayTransform(x: 0.5 + 5 / 200, y: 0.3))
        XCTAssertEqual(t.x, 0.5)
        XCTAssertEqual(s.x, OverlaySnapLine(.centre, at: 0.5))
        XCTAssertNil(s.y, "0.3 of the height is near no line")
        XCTAssertEqual(snap(OverlayTransform(x: 0.5 + 7 / 200, y: 0.3)).0.x, 0.5 + 7 / 200, "7 pt away is left alone")
    }

    func testEdgesAndSafeMarginsMeasureTheBoxNotItsCentre() {
        // The box is 40 pt wide: its left edge on the safe margin (10 pt) puts the centre at 30 pt.
        let (t, s) = snap(OverlayTransform(x: 33 / 200, y: 0.3))
        XCTAssertEqual(t.x, 30 / 200, accuracy: 1e-12)
        XCTAssertEqual(s.x, OverlaySnapLine(.safeMargin, at: 0.05))
        let (e, es) = snap(OverlayTransform(x: 0.3, y: (400 - 10 + 3) / 400))
        XCTAssertEqual(e.y, (400 - 10) / 400, accuracy: 1e-12, "bottom edge on the picture's bottom")
        XCTAssertEqual(es.y, OverlaySnapLine(.edge, at: 1))
    }

    func testATurnedBoxSnapsByItsTurnedBounds() {
        // Turned a quarter, the 40 × 20 box is 20 wide: its left edge on the picture's edge puts the centre at 10 pt.
        let (t, s) = snap(OverlayTransform(x: 12 / 200, y: 0.3, scale: 1, rotation: 88))
        XCTAssertEqual(t.rotation, 90)
        XCTAssertEqual(s.angle, 90)
        XCTAssertEqual(t.x, 10 / 200, accuracy: 1e-12)
        XCTAssertEqual(s.x?.kind, .edge)
        XCTAssertEqual(snap(OverlayTransform(x: 0.3, y: 0.3, rotation: -92)).1.angle, 270)
        XCTAssertEqual(snap(OverlayTransform(x: 0.3, y: 0.3, rotation: 177)).1.angle, 180)
        XCTAssertNil(snap(OverlayTransform(x: 0.3, y: 0.3, rotation: 30)).1.angle)
    }

    func testABoxAsWideAsThePictureSnapsToTheCentreAlone() {
        // 198 pt wide on a 200 pt picture: its edge lines sit 1 pt from the centre's place.
        let wide = OverlaySnapping.snap(
            OverlayTransform(x: 0.5 - 1.5 / 200, y: 0.3), natural: Size(width: 198, height: 20),
            picture: picture, rules: rules)
        XCTAssertEqual(wide.1.x, OverlaySnapLine(.centre, at: 0.5))
        XCTAssertEqual(wide.0.x, 0.5)
    }

    func testOnlySnapsNewlyEnteredAreAnnounced() {
        let both = OverlaySnaps(x: OverlaySnapLine(.centre, at: 0.5), y: OverlaySnapLine(.edge, at: 0))
        XCTAssertEqual(both.entered(since: nil), ["centreX", "edgeY"])
        XCTAssertEqual(both.entered(since: OverlaySnaps(x: OverlaySnapLine(.centre, at: 0.5))), ["edgeY"])
        XCTAssertEqual(OverlaySnaps(angle: 90).entered(since: OverlaySnaps(angle: 90)), [])
    }
}
