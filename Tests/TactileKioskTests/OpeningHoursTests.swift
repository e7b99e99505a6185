import XCTest
@testable import TactileCore
import TactileKiosk

/// Opening hours and the nightly restart on the week clock (time since Monday 00:00, local).
final class OpeningHoursTests: XCTestCase {
    func at(_ day: Int, _ h: Int, _ m: Int = 0) -> Time { .seconds(day * 86_400 + h * 3600 + m * 60) }

    func hours(_ edit: (inout TactileConfiguration.Kiosk) -> Void) -> OpeningHours {
        var k = TactileConfiguration.Kiosk()
        edit(&k)
        return OpeningHours(settings: k)
    }

    func testSpansClosedDaysAndOpenAllDay() {
        let h = hours {
            $0.schedule.monday = "09:00-12:30, 13:30-18:00"; $0.schedule.sunday = "closed"
        }
        XCTAssertFalse(h.isOpen(at: at(0, 8, 59)))
        XCTAssertTrue(h.isOpen(at: at(0, 9)))
        XCTAssertFalse(h.isOpen(at: at(0, 12, 45)), "the lunch break")
        XCTAssertTrue(h.isOpen(at: at(0, 17, 59)))
        XCTAssertFalse(h.isOpen(at: at(0, 18)))
        XCTAssertTrue(h.isOpen(at: at(2, 3)), "Wednesday has no hours: open all day")
        XCTAssertFalse(h.isOpen(at: at(6, 12)), "Sunday closed")
        XCTAssertTrue(h.isOpen(at: at(7, 10)), "the next Monday, a week on")
        XCTAssertEqual(h.nextChange(after: at(0, 8)), at(0, 9))
        XCTAssertEqual(h.nextChange(after: at(0, 9)), at(0, 12, 30))
        XCTAssertEqual(h.nextChange(after: at(6, 20)), at(7, 9), "from Sunday evening: Monday's opening")
        XCTAssertTrue(hours { _ in }.alwaysOpen)
    }

    func testTheRestartFallsOnceADay() {
        let h = hours { $0.restartAt = "04:00" }
        XCTAssertTrue(h.restartFalls(after: at(1, 3, 59), through: at(1, 4)))
        XCTAssertFalse(h.restartFalls(after: at(1, 4), through: at(1, 5)))
        XCTAssertTrue(h.restartFalls(after: at(6, 23), through: at(7, 5)), "across the week's end")
        XCTAssertEqual(h.nextChange(after: at(1, 12)), at(2, 4))
    }

    func testABadDayOrTimeIsRefusedNamingTheKey() {
        for (json, key) in [
            (#"{"kiosk": {"schedule": {"tuesday": "9 to 5"}}}"#, "kiosk.schedule.tuesday"),
            (#"{"kiosk": {"schedule": {"friday": "18:00-09:00"}}}"#, "kiosk.schedule.friday"),
            (#"{"kiosk": {"restartAt": "25:00"}}"#, "kiosk.restartAt"),
        ] {
            XCTAssertThrowsError(try ConfigurationFile.decode(Data(json.utf8), schema: ConfigurationSchema(sections: [TactileConfiguration.Kiosk.self]))) {
                error in
                XCTAssertTrue("\(error)".contains(key), "\(error)")
            }
        }
    }
}
