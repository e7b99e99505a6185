import TactileCore

extension TactileConfiguration {
    public var window: Window {
        get { self[section: Window.self] }
        set { self[section: Window.self] = newValue }
    }

    public struct Window: ConfigurationSection {
        public static let key = "window"
        public static let about = "The window and its device frame."
        @Setting(.points(0, 400), "Margin around the device frame when the window is larger than the phone, in points.")
        public var deviceMargin: Double = 28
        @Setting(.points(0, 100), "Width of the device frame's bezel, in points.")
        public var bezelWidth: Double = 12
        @Setting(.points(0, 400), "Corner radius of the device's screen, in points.")
        public var screenCornerRadius: Double = 44
        @Setting(.init(0.1, 1), "Share of the display's height the window may take when choosing a scale.")
        public var maximumDisplayShare: Double = 0.9
        @Setting(
            """
            Present in step with the display's refresh (no tearing). Off, a picture is shown as soon as it is drawn:
            input-to-present latency drops by up to a refresh (7 ms at the median in Docs/Benchmarks.md), at the price of
            tearing while things move. A study knob, live.
            """)
        public var vsync: Bool = true
        @Setting(
            """
            With vsync on, input is read as late as the next refresh allows instead of at once (as Android's Choreographer
            and low-latency games do): a frame started by a touch waits, taking any touches that come meanwhile, until the
            previous present plus one refresh less the time a frame takes to make, so it is shown at that refresh without
            waiting in the present.
            """)
        public var lateInput: Bool = true
        @Setting(
            .init(0.5, 100, unit: "ms"),
            """
            The time a frame is first expected to take from reading input to its present returning, in milliseconds
            (`lateInput`): the window learns it from each frame it makes (more after a frame that missed its refresh, a
            little less after each that made it).
            """)
        public var frameBudget: Double = 4
        public init() {}
    }
}
