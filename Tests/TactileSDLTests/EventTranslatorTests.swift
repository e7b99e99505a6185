import CSDL2
import XCTest
import TactileCore
import TactileUI
import TactileInput
import Foundation
@testable import TactileSDL

final class EventTranslatorTests: XCTestCase {
    let frame = DeviceFrame(window: Size(width: 446, height: 900), viewport: Size(width: 390, height: 844), scale: 1, fill: false, margin: 28)

    func testFingersArriveInViewportPointsWithStableIDs() {
        var translator = EventTranslator()
        var events: [TactileInput.InputEvent] = []
        var e = SDL_Event()
        e.type = SDL_FINGERDOWN.rawValue
        e.tfinger.touchId = 3; e.tfinger.fingerId = 77; e.tfinger.x = 0.5; e.tfinger.y = 0.5
        _ = translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .zero, into: &events)
        e.type = SDL_FINGERUP.rawValue
        _ = translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .seconds(0.1), into: &events)
        XCTAssertEqual(
            events,
            [
                .touch(.down, id: 1, at: Point(x: 195, y: 422), time: .zero),
                .touch(.up, id: 1, at: Point(x: 195, y: 422), time: .seconds(0.1)),
            ])
    }

    func testAltAddsAMirroredSecondFingerAndTouchMiceAreDropped() {
        var translator = EventTranslator()
        var events: [TactileInput.InputEvent] = []
        var e = SDL_Event()
        e.type = SDL_MOUSEBUTTONDOWN.rawValue
        e.button.button = UInt8(SDL_BUTTON_LEFT); e.button.x = 128; e.button.y = 128; e.button.which = tactile_SDL_TOUCH_MOUSEID()
        _ = translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .zero, into: &events)
        XCTAssertTrue(events.isEmpty, "a mouse event made from a touch is dropped")
        SDL_SetModState(KMOD_LALT)
        defer { SDL_SetModState(KMOD_NONE) }
        e.button.which = 0
        _ = translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .zero, into: &events)
        XCTAssertEqual(
            events,
            [
                .touch(.down, id: 0, at: Point(x: 100, y: 100), time: .zero),
                .touch(.down, id: -1, at: Point(x: 290, y: 744), time: .zero),
            ])
    }

    func testHidingAndShowingTheWindowAreReported() {
        var translator = EventTranslator()
        var events: [TactileInput.InputEvent] = []
        func window(_ id: SDL_WindowEventID) -> EventTranslator.HostAction? {
            var e = SDL_Event()
            e.type = SDL_WINDOWEVENT.rawValue
            e.window.event = UInt8(id.rawValue)
            return translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .seconds(1), into: &events)
        }
        XCTAssertEqual(window(SDL_WINDOWEVENT_MINIMIZED), .visible(false))
        XCTAssertEqual(window(SDL_WINDOWEVENT_HIDDEN), .visible(false))
        XCTAssertEqual(window(SDL_WINDOWEVENT_RESTORED), .visible(true))
        XCTAssertEqual(window(SDL_WINDOWEVENT_SHOWN), .visible(true))
        XCTAssertTrue(events.isEmpty)
    }

    func testLosingFocusCancelsTouches() {
        var translator = EventTranslator()
        var events: [TactileInput.InputEvent] = []
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        _ = translator.translate(e, frame: frame, windowPixels: Size(width: 446, height: 900), now: .seconds(1), into: &events)
        XCTAssertEqual(events.map(\.kind), [.focusLost])
    }
}
