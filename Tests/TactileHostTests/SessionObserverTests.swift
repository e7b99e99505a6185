import XCTest
import TactileCore
import TactileInput
import TactileEditor
import TactileUI
import TactileHost

/// The session's observers: handed in at init or added later, told of each frame and step in
/// that order, and silent once removed.
final class SessionObserverTests: XCTestCase {
    func testObserversHearEachFrameInTheOrderTheyCameAndNothingOnceRemoved() {
        var heard: [String] = []
        let first = SessionEvents(frame: { _ in heard.append("first frame") }, step: { _ in heard.append("first step") })
        let s = HostSession(
            project: DemoProject.make(), configuration: TactileConfiguration(), measurer: FixedWidthTextMeasurer(),
            viewport: Size(width: 390, height: 844), observers: [first])
        let second = SessionEvents(frame: { _ in heard.append("second frame") })
        s.add(second)
        let player = TracePlayer(session: s)
        _ = player.runFrame()
        XCTAssertEqual(heard, ["first frame", "second frame", "first step"], "frames in order of arrival, then the step")
        heard.removeAll()
        s.remove(first)
        let tap = [
            InputEvent.touch(.down, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.1)),
            InputEvent.touch(.up, id: 1, at: Point(x: 249, y: 606), time: .seconds(0.18)),
        ]
        player.play(Trace(viewport: Size(width: 390, height: 844), events: tap), until: .seconds(0.3))
        XCTAssertFalse(heard.isEmpty, "the second still hears")
        XCTAssertFalse(heard.contains { $0.hasPrefix("first") }, "the removed one hears nothing: \(heard)")
    }
}
