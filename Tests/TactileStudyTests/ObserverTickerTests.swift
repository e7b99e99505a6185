import TactileCore
import TactileEditor
import XCTest

@testable import TactileStudy

/// The observer page's ticker shows the words the study's feed sends with each event.
final class ObserverTickerTests: XCTestCase {
    func testTheTickerSaysEachEventInWordsWithSecondsAsPeopleReadThem() {
        XCTAssertEqual(
            ObserverTicker.sentence(.taskEnded(.init(task: "trim", outcome: .completed, seconds: 18.494706))), "task trim completed after 18.5 s")
        var miss = InteractionEvent.Miss(reason: .nothing, x: 3, y: 4)
        miss.nearest = "play"; miss.distance = 3.5
        XCTAssertEqual(ObserverTicker.sentence(.miss(miss)), "miss near play (3.5 pt)")
        var marker = InteractionEvent.Marker(key: "n", category: "note", source: "observer")
        marker.note = "looks for the trim handle"
        XCTAssertEqual(ObserverTicker.sentence(.marker(marker)), "marker note: looks for the trim handle (observer)")
        XCTAssertEqual(ObserverTicker.sentence(.edit(.init(.mute, track: "music"))), "edit mute music")
        XCTAssertEqual(ObserverTicker.sentence(.closeBrowser), "closeBrowser")
    }

    func testLowLevelEventsAreMarkedSoThePageKeepsThemOutOfTheTickerUntilAskedFor() throws {
        let began = InteractionEvent.Gesture(phase: .began, gesture: .scroll, target: "timeline", x: 1, y: 2)
        var recognised = began
        recognised.phase = .recognized
        XCTAssertTrue(ObserverTicker.isLowLevel(.gesture(began)))
        XCTAssertFalse(ObserverTicker.isLowLevel(.gesture(recognised)))
        XCTAssertTrue(ObserverTicker.isLowLevel(.cue("impactLight", reason: "snap")))
        let line = ObserverTicker.line(LogEvent(time: .seconds(2), .gesture(began)))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(object["low"] as? Bool, true)
        XCTAssertEqual(object["group"] as? String, "gesture")
        XCTAssertEqual(object["kind"] as? String, "gesture.began")
    }
}
