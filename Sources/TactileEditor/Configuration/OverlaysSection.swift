import TactileCore

extension TactileConfiguration {
    /// Overlays drawn over the editor: touch indicators, pointer location and the frame monitor.
    public var overlays: Overlays {
        get { self[section: Overlays.self] }
        set { self[section: Overlays.self] = newValue }
    }

    public struct Overlays: ConfigurationSection {
        public static let key = "overlays"
        /// Draw touch indicators live (`--show-touches`). Exported videos always have them. Default false.
        public var showTouches = false
        /// Show the time of day in the phone's status bar, as a phone does, in the window (headless
        /// runs and replays show none, so their pictures do not depend on when they ran). It is
        /// redrawn on the seed's `.everyMinute` schedule. Default true.
        public var statusBarClock = true
        /// Radius of a touch indicator's circle, in points. Default 22 pt (a fingertip).
        public var touchRadius: Double = 22
        /// How long a touch indicator's trail lasts, in seconds. Default 0.35 s.
        public var trailDuration: Double = 0.35
        /// How long the circle takes to fade after the finger lifts, in seconds. Default 0.25 s.
        public var liftFadeDuration: Double = 0.25
        /// Draw the pointer location overlay (as Android's developer option): a crosshair, dot and
        /// trail for each finger under a header with the count, position, velocity and pressure. Default false.
        public var pointerLocation = false
        /// Most points of a finger's path the pointer location overlay keeps (older ones drop off). Default 300.
        public var pointerTrailLength = 300
        /// Draw the frame monitor (`--monitor`): frames per second, frame interval, frame time and
        /// input events per frame as small graphs, and what the frame loop waits for. Default false.
        public var monitor = false
        /// How many recent frames the frame monitor graphs. Default 120 (two seconds at 60 fps).
        public var monitorHistory = 120
        /// Draw the gesture-arena debugger (`--arena`): each finger's slop circles, the recognisers
        /// competing for it, the winner and the rule that decided, the losers fading, long-press and
        /// double-tap timers as shrinking rings, and a panel of the last decisions. Default false.
        public var arena = false
        /// How long a decision stays beside the finger, fading, in seconds. Default 1.5 s.
        public var arenaFade: Double = 1.5
        /// How many recent decisions the arena debugger's panel lists. Default 4.
        public var arenaHistory = 4
        /// How many recent touches the lab panel's per-touch timeline keeps (F3 and F4 step
        /// through them). Default 8.
        public var touchHistory = 8
        /// Photon mode (`--photon`), for measuring latency from outside the program (WALT, a
        /// photodiode, a high-speed camera): each touch-down flips a high-contrast patch between
        /// white and black, and a recording's `latency.jsonl` gives the frame that showed each flip
        /// its present time (`photonFlip`), so an external measurement lines up with the log. Default false.
        public var photon = false
        /// Where the photon patch is: "finger" (centred where the finger went down) or a corner of
        /// the screen, where a photodiode can stay taped: "topLeft", "topRight", "bottomLeft",
        /// "bottomRight". Default "finger".
        public var photonPlace = "finger"
        /// The photon patch's side, in points. Default 60 pt.
        public var photonSize: Double = 60
        /// The hidden gesture that opens and closes the tuning panel on a touchscreen (F5 on a
        /// keyboard; never in kiosk mode): a finger held still this many seconds in the screen's
        /// top-left corner; 0 turns it off. Default 1.5 s.
        public var tuningHold: Double = 1.5
        /// The side of that corner's square, in points. Default 32 pt.
        public var tuningCorner: Double = 32
        /// The longest a two-finger tap outside the phone (on the desk or the lab panel) may take,
        /// from the first finger down to the last lift, to flip between the A/B variants (F6 on a
        /// keyboard). Default 0.5 s.
        public var flipTapDuration: Double = 0.5
        public init() {}

        /// The places the photon patch may take.
        public static let photonPlaces = ["finger", "topLeft", "topRight", "bottomLeft", "bottomRight"]

        public func problems() -> [ConfigurationError] {
            guard Self.photonPlaces.contains(photonPlace) else {
                return [
                    ConfigurationError(
                        key: "overlays.photonPlace",
                        "must be one of \(Self.photonPlaces.joined(separator: ", ")), not \"\(PrintableText.of(photonPlace, limit: 40))\"")
                ]
            }
            return []
        }

        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "touchRadius": .points(1, 400),
            "trailDuration": .seconds(0, 60),
            "liftFadeDuration": .seconds(0, 60),
            "pointerTrailLength": .init(1, 100_000),
            "monitorHistory": .init(1, 10_000),
            "arenaFade": .seconds(0, 60),
            "arenaHistory": .init(1, 50),
            "touchHistory": .init(1, 100),
            "photonSize": .points(4, 2000),
            "tuningHold": .seconds(0, 10),
            "tuningCorner": .points(8, 200),
            "flipTapDuration": .seconds(0.1, 5),
        ]
    }
}
