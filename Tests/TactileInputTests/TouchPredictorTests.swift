import XCTest
import TactileCore
@testable import TactileInput

/// Predicted touches: where a finger will be when the frame is shown, and how wrong that was.
final class TouchPredictorTests: XCTestCase {
    func predictor(_ method: PredictionMethod, maximum: Double = 40) -> TouchPredictor {
        let c = TactileConfiguration()
        return TouchPredictor(
            method: method, maximumDistance: maximum, velocityWindow: .seconds(c.input.velocityWindow),
            processNoise: 200_000, measurementNoise: 1) // feel.kalmanProcessNoise, kalmanMeasurementNoise
    }

    /// A finger at `path(t)` sampled at 60 Hz for `seconds`, predicting `horizon` ahead after each
    /// sample; the outcomes once every prediction is settled.
    func run(_ p: inout TouchPredictor, seconds: Double = 1, horizon: Double = 0.016, path: (Double) -> Point) -> [TouchPredictor.Outcome] {
        p.update(with: [.touch(.down, id: 1, at: path(0), time: .zero)])
        let steps = Int(seconds * 60)
        for i in 1...steps {
            let t = Double(i) / 60
            p.update(with: [.touch(.move, id: 1, at: path(t), time: .seconds(t))])
            if i < steps { _ = p.predict(at: .seconds(t + horizon), now: .seconds(t)) }
        }
        p.update(with: [.touch(.up, id: 1, at: path(seconds + 1.0 / 60), time: .seconds(seconds + 1.0 / 60))])
        return p.takeOutcomes()
    }

    func testAFingerAtSteadySpeedIsPredictedWhereItWillBe() {
        for method in [PredictionMethod.linear, .kalman] {
            var p = predictor(method)
            let outcomes = run(&p) { t in Point(x: 100 + 600 * t, y: 300) }
            XCTAssertEqual(outcomes.count, 59)
            let settled = outcomes.dropFirst(10)
            XCTAssertLessThan(Percentiles(settled.map(\.error)).p95!, 0.5, "\(method)")
            XCTAssertEqual(settled.first!.lag, 600 * 0.016, accuracy: 0.01, "without prediction the picture lags 600 pt/s × 16 ms")
        }
    }

    func testAPredictionOverATurnIsMarkedAReversalAndOnlyThere() {
        // Right at 600 pt/s for half a second, then straight back: the predictions made just
        // before the turn carried the picture on past it.
        var p = predictor(.linear)
        let outcomes = run(&p, horizon: 0.05) { t in Point(x: 100 + 600 * (t < 0.5 ? t : 1 - t), y: 300) }
        let turns = outcomes.filter(\.reversal)
        XCTAssertFalse(turns.isEmpty, "the turn is seen")
        XCTAssertTrue(turns.allSatisfy { abs($0.madeAt.seconds - 0.5) < 0.1 }, "only near the turn: \(turns.map(\.madeAt.seconds))")
        let straight = outcomes.filter { !$0.reversal && $0.madeAt.seconds > 0.2 && $0.madeAt.seconds < 0.4 }
        XCTAssertGreaterThan(Percentiles(turns.map(\.error)).mean!, 5 * (Percentiles(straight.map(\.error)).mean! + 0.1), "the overshoot stands out")
    }

    func testOnACurvingDragKalmanFollowsMoreCloselyThanTheStraightLine() {
        // A finger swinging back and forth (150 pt, 1.5 times a second), predicted 16 ms ahead:
        // the straight line overshoots every turn; the filter's velocity follows sooner.
        func error(_ method: PredictionMethod) -> Double {
            var p = predictor(method)
            var errors: [Double] = []
            func x(_ t: Double) -> Double { 200 + 150 * sin(2 * .pi * 1.5 * t) }
            p.update(with: [.touch(.down, id: 1, at: Point(x: x(0), y: 300), time: .zero)])
            for i in 1...60 {
                let t = Double(i) / 60
                p.update(with: [.touch(.move, id: 1, at: Point(x: x(t), y: 300), time: .seconds(t))])
                let predicted = p.predict(at: .seconds(t + 0.016), now: .seconds(t))[1]!.x
                if i > 10 { errors.append(abs(predicted - x(t + 0.016))) }
            }
            return Percentiles(errors).mean!
        }
        XCTAssertLessThan(error(.kalman), error(.linear) * 0.8, "kalman \(error(.kalman)) pt vs linear \(error(.linear)) pt")
    }

    func testAPredictionNeverLeadsTheFingerByMoreThanTheLimit() {
        var p = predictor(.linear, maximum: 20)
        p.update(with: [.touch(.down, id: 1, at: Point(x: 0, y: 0), time: .zero)])
        p.update(with: [.touch(.move, id: 1, at: Point(x: 50, y: 0), time: .seconds(0.01))])
        let predicted = p.predict(at: .seconds(0.05), now: .seconds(0.01))
        XCTAssertEqual(predicted[1]!.x, 70, accuracy: 0.001, "5,000 pt/s for 40 ms would be 200 pt ahead; the limit is 20")
    }

    func testOffPredictsNothingAndALiftedFingerIsForgotten() {
        var off = predictor(.off)
        off.update(with: [.touch(.down, id: 1, at: Point(x: 0, y: 0), time: .zero)])
        XCTAssertTrue(off.predict(at: .seconds(0.016), now: .zero).isEmpty)
        var p = predictor(.linear)
        p.update(with: [.touch(.down, id: 1, at: Point(x: 0, y: 0), time: .zero), .touch(.up, id: 1, at: Point(x: 0, y: 0), time: .seconds(0.05))])
        XCTAssertTrue(p.predict(at: .seconds(0.1), now: .seconds(0.06)).isEmpty)
    }
}

extension TouchPredictorTests {
    func testAFingerThatStoppedIsDrawnWhereItIs() {
        var p = predictor(.linear)
        p.update(with: [.touch(.down, id: 1, at: Point(x: 0, y: 0), time: .zero)])
        for i in 1...6 { p.update(with: [.touch(.move, id: 1, at: Point(x: Double(i) * 10, y: 0), time: .seconds(Double(i) / 60))]) }
        XCTAssertNotNil(p.predict(at: .seconds(0.12), now: .seconds(0.1))[1], "moving: predicted")
        XCTAssertNil(p.predict(at: .seconds(1.02), now: .seconds(1))[1], "resting a second later (no moves): no lead at all")
    }
}
