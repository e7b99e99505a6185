import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// `feel.prediction`: with fingers down, the picture shows them where they will be when it is
/// shown (`Editor.preview`, which changes nothing); the predictions' outcomes go to the
/// session's observers.
public final class PredictionStage: HostStage {
    private var predictor: TouchPredictor?
    /// Recent times from a frame's start to its present, for the prediction's horizon.
    private var presentDelays: [Time] = []

    public init(feel: TactileConfiguration.Feel, input: TactileConfiguration.Input) { predictor = Self.predictor(feel: feel, input: input) }

    /// The touch predictor the feel settings ask for, or nil.
    private static func predictor(feel: TactileConfiguration.Feel, input: TactileConfiguration.Input) -> TouchPredictor? {
        guard feel.prediction != .off else { return nil }
        return TouchPredictor(
            method: feel.prediction, maximumDistance: feel.predictionMaximumDistance, velocityWindow: .seconds(input.velocityWindow),
            processNoise: feel.kalmanProcessNoise, measurementNoise: feel.kalmanMeasurementNoise)
    }

    /// How far ahead predictions reach: `feel.predictionHorizon`, else the measured time from a
    /// frame's start to its present (median of the recent ones), else one 60 Hz frame.
    func horizon(_ feel: TactileConfiguration.Feel) -> Time {
        if feel.predictionHorizon > 0 { return .seconds(feel.predictionHorizon / 1000) }
        guard let median = Percentiles(presentDelays.map(\.seconds)).p50 else { return .frame(atRate: 60) }
        return .seconds(median)
    }

    /// A frame's picture was presented `delay` after its work began.
    func presented(after delay: Time) {
        presentDelays.append(delay)
        if presentDelays.count > 60 { presentDelays.removeFirst(presentDelays.count - 60) }
    }

    public func picture(after output: FrameOutput, released: [InputEvent], shown: DrawList, _ step: inout StageStep) -> DrawList {
        guard var p = predictor else { return shown }
        let session = step.session, now = step.now
        p.update(with: released)
        for outcome in p.takeOutcomes() { for o in session.observers { o.sessionPredicted(outcome) } }
        let predicted = session.state.ui.fingers.isEmpty ? [:] : p.predict(at: now + horizon(session.configuration.feel), now: now, delay: session.addedLatency)
        predictor = p
        session.overlays.follow(predictions: predicted)
        guard !predicted.isEmpty else { return shown }
        return session.editor.preview(session.state, moving: predicted, now: now)
    }

    public func adopt(_ change: ConfigurationChange, session: HostSession) {
        // A new predictor only when its settings changed: a finger down keeps its history.
        let predictorsOwn =
            change.changed(\.feel.prediction) || change.changed(\.feel.predictionMaximumDistance) || change.changed(\.feel.kalmanProcessNoise)
            || change.changed(\.feel.kalmanMeasurementNoise) || change.changed(\.input.velocityWindow)
        if predictor == nil || predictorsOwn { predictor = Self.predictor(feel: change.new.feel, input: change.new.input) }
    }

    /// A finger of the tour that never lifted is forgotten with the editor it touched.
    public func sessionReset(_ session: HostSession) { predictor = Self.predictor(feel: session.configuration.feel, input: session.configuration.input) }
}
