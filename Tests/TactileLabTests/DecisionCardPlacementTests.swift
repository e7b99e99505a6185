import XCTest
import TactileCore
@testable import TactileLab

/// The arena's decision cards over the phone (`replay --snapshot --arena` shows them): the
/// review saw them drawn over one another and over the clips the touches were about.
final class DecisionCardPlacementTests: XCTestCase {
    let viewport = Size(width: 390, height: 844)
    let card = Size(width: 200, height: 60)

    func place(at point: Point, placed: [Rect], keepClear: [Rect] = []) -> Rect? {
        ArenaDebugger.place(size: card, at: point, offset: 24, inset: 8, step: 15, viewport: viewport, placed: placed, keepClear: keepClear)
    }

    func testCardsForTouchesAtOnePlaceStackWithoutCoveringEachOther() throws {
        var placed: [Rect] = []
        for _ in 0..<5 {
            placed.append(try XCTUnwrap(place(at: Point(x: 200, y: 600), placed: placed)))
        }
        for (i, a) in placed.enumerated() {
            for b in placed[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(a) over \(b)") }
            XCTAssertTrue(Rect(origin: .zero, size: viewport).contains(a.center) && a.maxY <= viewport.height && a.minY >= 0, "on the screen: \(a)")
        }
        XCTAssertEqual(placed[0].minY, 624, "the newest just below the touch")
    }

    func testACardKeepsClearOfTheClipsWhereThereIsRoomAndIsLeftOutWhenThereIsNone() throws {
        // A clip right under the touch: the card goes above it instead.
        let clip = Rect(x: 100, y: 610, width: 200, height: 44)
        let card = try XCTUnwrap(place(at: Point(x: 200, y: 600), placed: [], keepClear: [clip]))
        XCTAssertFalse(card.intersects(clip), "\(card)")
        // A screen full of cards: no room, no card (the panel lists the decision).
        let full = (0..<15).map { Rect(x: 0, y: Double($0) * 60, width: 390, height: 60) }
        XCTAssertNil(place(at: Point(x: 200, y: 400), placed: full))
    }
}
