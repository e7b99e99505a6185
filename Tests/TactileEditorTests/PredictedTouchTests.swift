import XCTest
import TactileCore
import TactileUI
import TactileInput
import TactileEditor
@testable import TactileHost

/// `feel.prediction`: the picture follows where the finger will be when it is shown; the project,
/// the log and what the editor remembers come from real positions only.
final class PredictedTouchTests: XCTestCase {
    struct Run {
        var shown: [DrawList] = [], real: [DrawList] = []
        var log: [String] = []
        var project: Project
        var outcomes: [TouchPredictor.Outcome] = []
    }

    /// A drag from `a` to `b` over 12 moves at 60 Hz, a rest, a lift, and a second of coasting.
    func drag(_ prediction: PredictionMethod, from a: Point, to b: Point, select: Point? = nil) -> Run {
        var c = TactileConfiguration()
        c.feel.prediction = prediction
        c.feel.predictionHorizon = 24
        let s = HostSession(project: DemoProject.make(), configuration: c, measurer: FixedWidthTextMeasurer(), viewport: Size(width: 390, height: 844))
        var run = Run(project: s.state.project)
        s.add(SessionEvents(prediction: { run.outcomes.append($0) }))
        var now = Time.zero
        func step(_ events: [InputEvent]) {
            let f = s.step(events, now: now, context: StepContext(mode: .always))
            if let list = f.drawList { run.shown.append(list); run.real.append(s.lastOutput!.drawList) }
            run.log += s.lastOutput!.log.map(\.jsonLine)
        }
        step([])
        if let select {
            now += .milliseconds(100); step([.touch(.down, id: 1, at: select, time: now)])
            now += .milliseconds(80); step([.touch(.up, id: 1, at: select, time: now)])
        }
        now += .milliseconds(300)
        step([.touch(.down, id: 1, at: a, time: now)])
        for i in 1...12 {
            now += .frame(atRate: 60)
            let k = Double(i) / 12
            step([.touch(.move, id: 1, at: Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k), time: now)])
        }
        now += .milliseconds(200); step([])
        step([.touch(.up, id: 1, at: b, time: now)])
        for _ in 0..<60 { now += .frame(atRate: 60); step([]) }
        run.project = s.state.project
        return run
    }

    func testWhileDraggingThePictureLeadsTheFingerAndTheLiftUsesTheRealPosition() {
        let off = drag(.off, from: Point(x: 300, y: 700), to: Point(x: 150, y: 700))
        let linear = drag(.linear, from: Point(x: 300, y: 700), to: Point(x: 150, y: 700))
        XCTAssertEqual(off.log, linear.log, "the log is the same, line for line")
        XCTAssertEqual(off.project, linear.project)
        XCTAssertTrue(zip(linear.shown, linear.real).contains { $0 != $1 }, "while the finger moves, the picture shows it ahead")
        XCTAssertEqual(linear.shown.last, linear.real.last, "once lifted, the picture is the editor's own")
        XCTAssertEqual(linear.shown.last, off.shown.last)
        XCTAssertFalse(linear.outcomes.isEmpty, "each prediction is measured against where the finger really went")
    }

    func testATrimWithPredictionCommitsExactlyWhatItWouldWithout() {
        let beach = Point(x: 249, y: 606), handle = Point(x: 306, y: 606)
        for method in [PredictionMethod.linear, .kalman] {
            let off = drag(.off, from: handle, to: Point(x: 250, y: 606), select: beach)
            let predicted = drag(method, from: handle, to: Point(x: 250, y: 606), select: beach)
            XCTAssertNotEqual(off.project, DemoProject.make(), "the drag trimmed Beach")
            XCTAssertEqual(predicted.project, off.project, method.rawValue)
            XCTAssertEqual(predicted.log, off.log, method.rawValue)
            XCTAssertTrue(zip(predicted.shown, predicted.real).contains { $0 != $1 }, "the handle was drawn ahead of the finger (\(method))")
        }
    }
}
