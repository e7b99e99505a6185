import TactileCore
import TactileInput

extension TactileConfiguration {
    public var feel: Feel {
        get { self[section: Feel.self] }
        set { self[section: Feel.self] = newValue }
    }

    public struct Feel: ConfigurationSection {
        public static let key = "feel"
        public static let about = "The feel lab: knobs a study varies to test how touch feels (see Docs/FeelLab.md)."
        @Setting(
            """
            Where the touch settings start from: "tactile" (Tactile's own values), "ios" or "android" (the platforms'
            published values; see `FeelPreset`). A preset sets the input and scrolling keys it names; keys the file sets
            itself win over it, so a variant can start from a preset and change one key.
            """)
        public var preset: FeelPreset = .tactile
        @Setting(
            .init(0, 1000, unit: "ms"),
            """
            Latency added to every input, in milliseconds: events are held back this long before the editor sees them (the
            frame loop wakes exactly when one is due), as the touch latency studies did (Ng et al. 2012, Jota et al.
            2013). Recordings keep the events as they arrived, and replays hold them back the same.
            """, tune: .slider("Added latency", 0...200, step: 5, rank: 7))
        public var addedLatency: Double = 0
        @Setting(
            .init(10, 240, unit: "fps"),
            """
            The most frames a second animations ask for (a fling coasting, a spring, a sheet sliding), through the
            animation schedule's minimum interval: 120, 60 or 30 to compare how smoothness feels. The display's refresh
            rate still caps what is shown.
            """, tune: .choices("Max frame rate", "30 60 120", rank: 10))
        public var maxFrameRate: Int = 60
        @Setting(
            """
            The player bar's timecode: "down" (never claims time not yet reached, as the trimming article argues) or
            "nearest".
            """)
        public var timecodeRounding: TimecodeRounding = .down
        @Setting("Dots between the ruler's labels (the article's ruler) or bare labels.")
        public var rulerDots: Bool = true
        @Setting(
            """
            Whether a snap shows its dotted guide on the timeline and the canvas (the article's feedback, switchable to
            test what it is worth).
            """)
        public var snapGuide: Bool = true
        @Setting("Whether a snap gives its cue (sound, pulse, rumble); the log counts snaps either way.")
        public var snapCue: Bool = true
        @Setting(
            """
            Trim handles outside the selected clip's edges (the article's choice: the clip's picture stays whole) or
            inside them (as many editors draw them): false is outside.
            """)
        public var handlesInside: Bool = false
        @Setting(
            """
            What a clip moved onto others does: "block" (it stops at its neighbours, in the nearest gap it fits), "push"
            (it pushes the clips after it to the right) or "ripple" (a magnetic track: the gap it leaves closes and it is
            inserted where it lands).
            """)
        public var movePolicy: MovePolicy = .block
        @Setting(
            """
            Paused or scrubbing, the player bar's timecode counts frames ("0:03 f12"); playing, whole seconds. Off: always
            whole seconds.
            """)
        public var timecodeFrames: Bool = true
        @Setting(.init(1, 240, unit: "fps"), "The frames that timecode counts per second.")
        public var timecodeFrameRate: Int = 30
        @Setting(
            """
            Snap only to points on screen (the article's choice: nothing pulls towards what the user cannot see) or to
            every point, on screen or not.
            """)
        public var snapVisibleOnly: Bool = true
        @Setting(
            """
            Predicted touches: "off", "linear" (the velocity tracker's straight line) or "kalman" (a constant-velocity
            Kalman filter per axis). Drags, scrolls, trims and scrubs are drawn where the finger is predicted to be when
            the frame is shown; the project, the log and the decisions at lift use real positions only.
            """, tune: .choices("Prediction", rank: 8))
        public var prediction: PredictionMethod = .off
        @Setting(
            .init(0, 200, unit: "ms"),
            """
            How far ahead to predict, in milliseconds; 0: the window's measured time from a frame's start to its present
            (one 60 Hz frame until measured, and in replays).
            """, tune: .slider("Prediction horizon", 0...100, step: 2, rank: 9, zero: "auto"))
        public var predictionHorizon: Double = 0
        @Setting(.points(0, 400), "The farthest a prediction may lead the real finger, in points.")
        public var predictionMaximumDistance: Double = 40
        @Setting(
            .init(0, 1e9, excludingLower: true, unit: "pt²/s³"),
            """
            The Kalman filter's process noise (the finger's unknown acceleration, pt²/s³). With the measurement noise's
            default, on generated drags at 60 Hz this beats the straight line on jitter, curves and flings alike
            (Docs/Benchmarks.md).
            """)
        public var kalmanProcessNoise: Double = 200_000
        @Setting(.init(0, 1e4, excludingLower: true, unit: "pt²"), "The Kalman filter's measurement noise (the panel's jitter, pt²).")
        public var kalmanMeasurementNoise: Double = 1
        public init() {}

        /// How the player bar's timecode rounds (`timecodeRounding`).
        public enum TimecodeRounding: String, SettingChoice {
            /// Never claims time not yet reached.
            case down
            case nearest
        }
    }
}
