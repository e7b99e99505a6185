import XCTest
import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// Bugs the monkey found (Docs/Reliability.md), each pinned down by the smallest input that shows it.
final class MonkeyRegressionTests: XCTestCase {
    let pps = TactileConfiguration().timeline.pointsPerSecond

    func testImpossibleTouchPositionsNeitherCrashNorReachTheState() {
        let h = EditorHarness()
        // A canvas pan-scrub whose finger reports NaN, then 1e300, then lifts at infinity: the
        // scrub turned the position into a time and trapped.
        let canvas = h.frameOf("canvas").center
        h.frame([.touch(.down, id: 1, at: canvas, time: h.now)])
        for (i, x) in [canvas.x + 40, .nan, 1e300, -.greatestFiniteMagnitude].enumerated() {
            h.now += .frame(atRate: 60)
            h.frame([.touch(.move, id: 1, at: Point(x: x, y: i == 1 ? .infinity : canvas.y), time: h.now)])
        }
        h.now += .frame(atRate: 60)
        h.frame([.touch(.up, id: 1, at: Point(x: .infinity, y: .nan), time: h.now)])
        XCTAssertTrue(h.state.playhead >= .zero && h.state.playhead <= h.state.project.duration)
        XCTAssertTrue(h.state.ui.fingers.isEmpty, "the lift at infinity still lifted the finger")
        // A timeline drag and a pinch whose fingers run off to huge coordinates.
        let row = h.frameOf("track:overlay")
        h.frame([.touch(.down, id: 2, at: Point(x: 100, y: row.midY), time: h.now), .touch(.down, id: 3, at: Point(x: 160, y: row.midY), time: h.now)])
        h.now += .frame(atRate: 60)
        h.frame([.touch(.move, id: 2, at: Point(x: -1e300, y: row.midY), time: h.now), .touch(.move, id: 3, at: Point(x: 1e300, y: .nan), time: h.now)])
        h.now += .frame(atRate: 60)
        h.frame([.touch(.up, id: 2, at: Point(x: -1e300, y: row.midY), time: h.now), .touch(.up, id: 3, at: Point(x: .nan, y: .nan), time: h.now)])
        h.run(until: h.now + .seconds(3))
        XCTAssertTrue(h.state.pointsPerSecond.isFinite)
        XCTAssertTrue(h.state.playhead >= .zero && h.state.playhead <= h.state.project.duration, "springs back inside")
        XCTAssertTrue(h.state.ui.fingers.isEmpty)
    }

    func testPlayPressedWhileTheTimelineSpringsBackStartsAtTheStartAndPausesThere() {
        let h = EditorHarness()
        let row = h.frameOf("track:overlay")
        h.drag(from: Point(x: 100, y: row.midY), to: Point(x: 300, y: row.midY), rest: 0, hold: true)
        h.frame([.touch(.up, id: 1, at: Point(x: 300, y: row.midY), time: h.now)])
        XCTAssertLessThan(h.state.playhead, .seconds(-1), "past the start, springing back")
        // Play during the spring: playback used to start from the negative playhead while the
        // spring kept moving it, and the pause landed seconds before the start.
        h.frame([.key(.space, time: h.now)])
        XCTAssertNil(h.state.timeline.scrollX, "playback takes the playhead")
        XCTAssertEqual(h.state.playhead, .zero)
        h.run(until: h.now + .seconds(0.5))
        h.frame([.key(.space, time: h.now)])
        XCTAssertEqual(h.state.playhead.seconds, 0.5, accuracy: 1e-9)
    }

    func testAPauseKeyStampedBeforePlaybackBeganStopsAtTheStartNotBeforeIt() {
        let h = EditorHarness()
        h.now = .seconds(1)
        h.frame([.key(.space, time: h.now)])
        h.now = .seconds(1.1)
        // Input arriving out of order: the pause carries an instant before the play.
        h.frame([.key(.space, time: .seconds(0.5))])
        XCTAssertFalse(h.state.isPlaying)
        XCTAssertEqual(h.state.playhead, .zero)
    }
}
