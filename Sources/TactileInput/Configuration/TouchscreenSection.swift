import TactileCore

extension TactileConfiguration {
    public var touchscreen: Touchscreen {
        get { self[section: Touchscreen.self] }
        set { self[section: Touchscreen.self] = newValue }
    }

    public struct Touchscreen: ConfigurationSection {
        public static let key = "touchscreen"
        public static let about = "The touch panel: which device, how it is mounted and calibrated, what it gets wrong."
        @Setting(
            """
            Use only touch devices whose name contains this text (case-insensitive); empty uses every device. `tactile
            run` logs the names it finds.
            """)
        public var deviceName: String = ""
        @Setting(
            """
            Where the kernel's timestamps of the same touches are read (Linux evdev), so the latency can be measured from
            the kernel to the present: "" finds the /dev/input node whose name is the touch device's SDL reports (reading
            it needs the `input` group), a path names the node, "off" reads none.
            """)
        public var kernelDevice: String = ""
        @Setting(.init(0, 270, unit: "°", note: "0, 90, 180 or 270 °"), "How the panel is turned against the display, clockwise: 0, 90, 180 or 270 degrees.")
        public var rotation: Int = 0
        @Setting(
            .init(-100, 100, note: "-100 … 100, not within ±0.01 of 0"),
            """
            Calibration, applied after rotation in fractions of the window (0 … 1): x' = x × scaleX + offsetX, y' = y ×
            scaleY + offsetY.
            """)
        public var scaleX: Double = 1
        @Setting(.init(-100, 100, note: "-100 … 100, not within ±0.01 of 0"), "Calibration: y' = y × scaleY + offsetY.")
        public var scaleY: Double = 1
        @Setting(.init(-100, 100), "Calibration: x' = x × scaleX + offsetX.")
        public var offsetX: Double = 0
        @Setting(.init(-100, 100), "Calibration: y' = y × scaleY + offsetY.")
        public var offsetY: Double = 0
        @Setting(
            .init(-100, 100),
            """
            A full calibration (what `tactile calibrate` writes), applied last, in libinput's order: x' = a·x + b·y + c,
            y' = d·x + e·y + f, in fractions of the window — it can turn, mirror and shear as well as scale and move. The
            default changes nothing.
            """)
        public var calibrationMatrix: [Double] = [1, 0, 0, 0, 1, 0]
        @Setting(
            .elements(Region.self),
            """
            Regions of the panel whose touches are ignored (bezels that report phantom touches), in the panel's own
            fractions (0 … 1, before rotation): {"x","y","width","height"}.
            """)
        public var ignoreRegions: [Region] = []
        @Setting(.points(0, 100), "Moves shorter than this from a finger's last reported point are dropped, in points. 0 is off.")
        public var jitterThreshold: Double = 0
        public init() {}

        /// A rectangle in fractions of the panel.
        public struct Region: Hashable, Sendable, Codable, SettingFields {
            public var x: Double, y: Double, width: Double, height: Double
            public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }

            public static let fieldRanges: [String: ConfigurationRange] = [
                "x": .init(0, 1), "y": .init(0, 1), "width": .init(0, 1, excludingLower: true), "height": .init(0, 1, excludingLower: true),
            ]
        }

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if ![0, 90, 180, 270].contains(rotation) { out.append(.init(key: "touchscreen.rotation", "must be 0, 90, 180 or 270, not \(rotation)")) }
            for (k, v) in [("scaleX", scaleX), ("scaleY", scaleY)] where abs(v) < 0.01 {
                out.append(.init(key: "touchscreen.\(k)", "must not be 0 (nor nearer 0 than ±0.01): every touch would land on one line"))
            }
            if calibrationMatrix.count != 6 {
                out.append(
                    .init(
                        key: "touchscreen.calibrationMatrix",
                        "needs 6 numbers [a, b, c, d, e, f] (x' = a·x + b·y + c, y' = d·x + e·y + f), not \(calibrationMatrix.count)"))
            } else if abs(Self.determinant(calibrationMatrix)) < 1e-4 {
                out.append(.init(key: "touchscreen.calibrationMatrix", "folds the panel onto a line (a·e − b·d is 0): every touch would land on it"))
            }
            if ignoreRegions.count > 64 { out.append(.init(key: "touchscreen.ignoreRegions", "holds at most 64 regions")) }
            if deviceName.count > 200 { out.append(.init(key: "touchscreen.deviceName", "must be at most 200 characters")) }
            out += TactileConfiguration.pathProblems([("touchscreen.kernelDevice", kernelDevice)])
            return out
        }

        /// a·e − b·d of a calibration matrix [a, b, c, d, e, f].
        static func determinant(_ m: [Double]) -> Double {
            let ae: Double = m[0] * m[4], bd: Double = m[1] * m[3]
            return ae - bd
        }
    }
}
