import TactileCore

extension TactileConfiguration {
    public var overlays: Overlays {
        get { self[section: Overlays.self] }
        set { self[section: Overlays.self] = newValue }
    }

    public struct Overlays: ConfigurationSection {
        public static let key = "overlays"
        public static let about = "Overlays drawn over the editor: touch indicators, pointer location and the frame monitor."
        @Setting("Draw touch indicators live (`--show-touches`). Exported videos always have them.")
        public var showTouches: Bool = false
        @Setting(
            """
            Show the time of day in the phone's status bar, as a phone does, in the window (headless runs and replays show
            none, so their pictures do not depend on when they ran). It is redrawn on the seed's `.everyMinute` schedule.
            """)
        public var statusBarClock: Bool = true
        @Setting(.points(1, 400), "Radius of a touch indicator's circle, in points. (The default: a fingertip.)")
        public var touchRadius: Double = 22
        @Setting(.seconds(0, 60), "How long a touch indicator's trail lasts, in seconds.")
        public var trailDuration: Double = 0.35
        @Setting(.seconds(0, 60), "How long the circle takes to fade after the finger lifts, in seconds.")
        public var liftFadeDuration: Double = 0.25
        @Setting(
            """
            Draw the pointer location overlay (as Android's developer option): a crosshair, dot and trail for each finger
            under a header with the count, position, velocity and pressure.
            """)
        public var pointerLocation: Bool = false
        @Setting(.init(1, 100_000), "Most points of a finger's path the pointer location overlay keeps (older ones drop off).")
        public var pointerTrailLength: Int = 300
        @Setting(
            """
            Draw the frame monitor (`--monitor`): frames per second, frame interval, frame time and input events per frame
            as small graphs, and what the frame loop waits for.
            """)
        public var monitor: Bool = false
        @Setting(.init(1, 10_000), "How many recent frames the frame monitor graphs. (The default: two seconds at 60 fps.)")
        public var monitorHistory: Int = 120
        @Setting(
            """
            Draw the gesture-arena debugger (`--arena`): each finger's slop circles, the recognisers competing for it, the
            winner and the rule that decided, the losers fading, long-press and double-tap timers as shrinking rings, and
            a panel of the last decisions.
            """)
        public var arena: Bool = false
        @Setting(.seconds(0, 60), "How long a decision stays beside the finger, fading, in seconds.")
        public var arenaFade: Double = 1.5
        @Setting(.init(1, 50), "How many recent decisions the arena debugger's panel lists.")
        public var arenaHistory: Int = 4
        @Setting(.init(1, 100), "How many recent touches the lab panel's per-touch timeline keeps (F3 and F4 step through them).")
        public var touchHistory: Int = 8
        @Setting(
            """
            Photon mode (`--photon`), for measuring latency from outside the program (WALT, a photodiode, a high-speed
            camera): each touch-down flips a high-contrast patch between white and black, and a recording's
            `latency.jsonl` gives the frame that showed each flip its present time (`photonFlip`), so an external
            measurement lines up with the log.
            """)
        public var photon: Bool = false
        @Setting(
            """
            Where the photon patch is: "finger" (centred where the finger went down) or a corner of the screen, where a
            photodiode can stay taped: "topLeft", "topRight", "bottomLeft", "bottomRight".
            """)
        public var photonPlace: PhotonPlace = .finger
        @Setting(.points(4, 2000), "The photon patch's side, in points.")
        public var photonSize: Double = 60
        @Setting(
            .seconds(0, 10),
            """
            The hidden gesture that opens and closes the tuning panel on a touchscreen (F5 on a keyboard; never in kiosk
            mode): a finger held still this many seconds in the screen's top-left corner; 0 turns it off.
            """)
        public var tuningHold: Double = 1.5
        @Setting(.points(8, 200), "The side of that corner's square, in points.")
        public var tuningCorner: Double = 32
        @Setting(
            .seconds(0.1, 5),
            """
            The longest a two-finger tap outside the phone (on the desk or the lab panel) may take, from the first finger
            down to the last lift, to flip between the A/B variants (F6 on a keyboard).
            """)
        public var flipTapDuration: Double = 0.5
        @Setting(
            .init(0, 10),
            "How many of the gesture arena's latest decisions the tuning panel lists under its sliders (with or without --arena); 0 lists none.")
        public var tuningArenaDecisions: Int = 2
        public init() {}

        /// Where the photon patch sits: under the finger, or in a corner (for a sensor held there).
        public enum PhotonPlace: String, SettingChoice {
            case finger, topLeft, topRight, bottomLeft, bottomRight
        }
    }
}
