import TactileCore

extension TactileConfiguration {
    /// The feel lab: knobs a study varies to test how touch feels (see Docs/FeelLab.md).
    public var feel: Feel {
        get { self[section: Feel.self] }
        set { self[section: Feel.self] = newValue }
    }

    public struct Feel: ConfigurationSection {
        public static let key = "feel"
        /// Where the touch settings start from: "tactile" (Tactile's own values), "ios" or
        /// "android" (the platforms' published values; see `FeelPreset`). A preset sets the
        /// input and scrolling keys it names; keys the file sets itself win over it, so a variant
        /// can start from a preset and change one key. Default "tactile".
        public var preset = "tactile"
        /// Latency added to every input, in milliseconds: events are held back this long before
        /// the editor sees them (the frame loop wakes exactly when one is due), as the touch
        /// latency studies did (Ng et al. 2012, Jota et al. 2013). Recordings keep the events as
        /// they arrived, and replays hold them back the same. Default 0 ms.
        public var addedLatency: Double = 0
        /// The most frames a second animations ask for (a fling coasting, a spring, a sheet
        /// sliding), through the animation schedule's minimum interval: 120, 60 or 30 to compare
        /// how smoothness feels. The display's refresh rate still caps what is shown. Default 60.
        public var maxFrameRate: Int = 60
        /// The player bar's timecode: "down" (never claims time not yet reached, as the trimming
        /// article argues) or "nearest". Default "down".
        public var timecodeRounding = "down"
        /// Dots between the ruler's labels (the article's ruler) or bare labels. Default true.
        public var rulerDots = true
        /// Whether a snap shows its dotted guide on the timeline and the canvas (the article's
        /// feedback, switchable to test what it is worth). Default true.
        public var snapGuide = true
        /// Whether a snap gives its cue (sound, pulse, rumble); the log counts snaps either way. Default true.
        public var snapCue = true
        /// Trim handles outside the selected clip's edges (the article's choice: the clip's
        /// picture stays whole) or inside them (as many editors draw them). Default false (outside).
        public var handlesInside = false
        /// What a clip moved onto others does: "block" (it stops at its neighbours, in the nearest
        /// gap it fits), "push" (it pushes the clips after it to the right) or "ripple" (a magnetic
        /// track: the gap it leaves closes and it is inserted where it lands). Default "block".
        public var movePolicy = "block"
        /// While playing or under a finger, in live cadence, the player bar's timecode counts
        /// frames ("0:03 f12"); at rest or in a slower cadence (a hidden window) whole seconds.
        /// Off: always whole seconds. Default true.
        public var timecodeFrames = true
        /// The frames that timecode counts per second. Default 30.
        public var timecodeFrameRate = 30
        /// Snap only to points on screen (the article's choice: nothing pulls towards what the user
        /// cannot see) or to every point, on screen or not. Default true.
        public var snapVisibleOnly = true
        /// Predicted touches: "off", "linear" (the velocity tracker's straight line) or "kalman" (a
        /// constant-velocity Kalman filter per axis). Drags, scrolls, trims and scrubs are drawn
        /// where the finger is predicted to be when the frame is shown; the project, the log and
        /// the decisions at lift use real positions only. Default "off".
        public var prediction = "off"
        /// How far ahead to predict, in milliseconds; 0: the window's measured time from a frame's
        /// start to its present (one 60 Hz frame until measured, and in replays). Default 0.
        public var predictionHorizon: Double = 0
        /// The farthest a prediction may lead the real finger, in points. Default 40 pt.
        public var predictionMaximumDistance: Double = 40
        /// The Kalman filter's process noise (the finger's unknown acceleration, pt²/s³) and
        /// measurement noise (the panel's jitter, pt²). Defaults 200,000 and 1: on generated drags
        /// at 60 Hz this beats the straight line on jitter, curves and flings alike (Docs/Benchmarks.md).
        public var kalmanProcessNoise: Double = 200_000
        public var kalmanMeasurementNoise: Double = 1
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if MovePolicy(rawValue: movePolicy) == nil {
                out.append(.init(key: "feel.movePolicy", "must be \"block\", \"push\" or \"ripple\", not \"\(PrintableText.of(movePolicy, limit: 40))\""))
            }
            if !["off", "linear", "kalman"].contains(prediction) {
                out.append(.init(key: "feel.prediction", "must be \"off\", \"linear\" or \"kalman\", not \"\(PrintableText.of(prediction, limit: 40))\""))
            }
            if !["down", "nearest"].contains(timecodeRounding) {
                out.append(.init(key: "feel.timecodeRounding", "must be \"down\" or \"nearest\", not \"\(PrintableText.of(timecodeRounding, limit: 40))\""))
            }
            if FeelPreset(rawValue: preset) == nil {
                out.append(
                    .init(
                        key: "feel.preset",
                        "must be one of \(FeelPreset.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(PrintableText.of(preset, limit: 40))\""))
            }
            return out
        }
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "addedLatency": .init(0, 1000, unit: "ms"),
            "maxFrameRate": .init(10, 240, unit: "fps"),
            "timecodeFrameRate": .init(1, 240, unit: "fps"),
            "predictionHorizon": .init(0, 200, unit: "ms"),
            "predictionMaximumDistance": .points(0, 400),
            "kalmanProcessNoise": .init(0, 1e9, excludingLower: true, unit: "pt²/s³"),
            "kalmanMeasurementNoise": .init(0, 1e4, excludingLower: true, unit: "pt²"),
        ]
    }
}
