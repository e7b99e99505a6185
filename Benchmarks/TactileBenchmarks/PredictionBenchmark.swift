import Foundation
import TactileCore
import TactileInput
import TactileStudy
import TactileHeadless

/// `tactile-bench prediction`: how far predicted touches land from where the finger really was,
/// for no prediction (the lag a picture shows), the straight line and the Kalman filter, at the
/// horizons a frame's latency asks for.
///
/// - Generated drags (60 and 120 Hz samples): steady 600 pt/s; a swing back and forth (150 pt,
///   1.5 Hz); a fling that speeds up to 2,400 pt/s; a steady drag with ±1.5 pt of random jitter.
///   Errors against the drag itself.
/// - Recorded drags: every finger that moved in the recorded traces given (default: the
///   regression corpus but its monkey, and the attract tour). Errors against the real samples,
///   interpolated.
///
///     tactile-bench prediction [TRACE…]
func runPredictionBenchmark(_ arguments: [String]) throws {
    let configuration = TactileConfiguration()
    func predictor(_ method: PredictionMethod) -> TouchPredictor {
        TouchPredictor(
            method: method, maximumDistance: configuration.feel.predictionMaximumDistance,
            velocityWindow: .seconds(configuration.input.velocityWindow), processNoise: configuration.feel.kalmanProcessNoise,
            measurementNoise: configuration.feel.kalmanMeasurementNoise)
    }
    func cell(_ errors: [Double]) -> String {
        let p = Percentiles(errors)
        return String(format: "%.2f / %.2f", p.mean ?? 0, p.p95 ?? 0)
    }
    print("| Drags | Samples/s | Horizon | Predictions | No prediction (lag) mean / p95 pt | Linear mean / p95 pt | Kalman mean / p95 pt |")
    print("|---|---:|---:|---:|---|---|---|")

    // Generated drags: error against the path itself.
    var random = SeededRandom(state: 7)
    let jitter = (0..<2000).map { _ in Double.random(in: -1.5...1.5, using: &random) }
    let paths: [(String, (Double) -> Double, Bool)] = [
        ("steady 600 pt/s", { 100 + 600 * $0 }, false),
        ("swing 150 pt at 1.5 Hz", { 200 + 150 * sin(2 * .pi * 1.5 * $0) }, false),
        ("fling speeding up to 2,400 pt/s", { 100 + 1200 * $0 * $0 }, false),
        ("steady 400 pt/s, ±1.5 pt jitter", { 100 + 400 * $0 }, true),
    ]
    for (name, x, jittery) in paths {
        for rate in [60.0, 120.0] {
            for horizon in [0.008, 0.016, 0.024, 0.033] {
                var errors: [PredictionMethod: [Double]] = [:]
                for method in [PredictionMethod.linear, .kalman] {
                    var p = predictor(method)
                    p.update(with: [.touch(.down, id: 1, at: Point(x: x(0), y: 300), time: .zero)])
                    for i in 1...Int(rate) {
                        let t = Double(i) / rate
                        let reported = x(t) + (jittery ? jitter[i % jitter.count] : 0)
                        p.update(with: [.touch(.move, id: 1, at: Point(x: reported, y: 300), time: .seconds(t))])
                        let predicted = p.predict(at: .seconds(t + horizon), now: .seconds(t))[1]!.x
                        if t >= 1.0 / 6 { errors[method, default: []].append(abs(predicted - x(t + horizon))) }
                        if method == .linear && t >= 1.0 / 6 { errors[.off, default: []].append(abs(reported - x(t + horizon))) }
                    }
                }
                print(
                    "| \(name) | \(Int(rate)) | \(Int(horizon * 1000)) ms | \(errors[.linear]!.count) | \(cell(errors[.off]!)) | "
                        + "\(cell(errors[.linear]!)) | \(cell(errors[.kalman]!)) |")
            }
        }
    }

    // Recorded drags: the predictor's own measurement against the real samples.
    let root = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    var traces = arguments
    if traces.isEmpty {
        let corpus = root.appendingPathComponent("Tests/Fixtures/Corpus")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        // The monkey's session is hostile by design (far-off positions, storms): not a drag to predict.
        traces =
            names.sorted().filter { $0 != "monkey" }.map { corpus.appendingPathComponent($0).appendingPathComponent("trace.jsonl").path }
            .filter { FileManager.default.fileExists(atPath: $0) } + [root.appendingPathComponent("Assets/Traces/attract.jsonl").path]
    }
    var events: [[InputEvent]] = []
    for path in traces { events.append(try Inputs.trace(at: path).events) }
    for horizon in [0.016, 0.024, 0.033] {
        var outcomes: [PredictionMethod: [TouchPredictor.Outcome]] = [:]
        for method in [PredictionMethod.linear, .kalman] {
            for trace in events {
                var p = predictor(method)
                for e in trace {
                    p.update(with: [e])
                    if case .touch(_, .move, _) = e.kind { _ = p.predict(at: e.time + .seconds(horizon), now: e.time) }
                }
                outcomes[method, default: []] += p.takeOutcomes()
            }
        }
        let linear = outcomes[.linear] ?? [], kalman = outcomes[.kalman] ?? []
        print(
            "| recorded: every drag of \(traces.count) traces | as recorded | \(Int(horizon * 1000)) ms | "
                + "\(linear.count) | \(cell(linear.map(\.lag))) | \(cell(linear.map(\.error))) | \(cell(kalman.map(\.error))) |")
    }
}
