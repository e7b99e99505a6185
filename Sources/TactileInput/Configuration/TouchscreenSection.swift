import TactileCore

extension TactileConfiguration {
    /// The touch panel: which device, how it is mounted and calibrated, what it gets wrong.
    public var touchscreen: Touchscreen {
        get { self[section: Touchscreen.self] }
        set { self[section: Touchscreen.self] = newValue }
    }

    public struct Touchscreen: ConfigurationSection {
        public static let key = "touchscreen"
        /// Use only touch devices whose name contains this text (case-insensitive); empty uses
        /// every device. `tactile run` logs the names it finds. Default "".
        public var deviceName = ""
        /// Where the kernel's timestamps of the same touches are read (Linux evdev), so the
        /// latency can be measured from the kernel to the present: "" finds the /dev/input node
        /// whose name is the touch device's SDL reports (reading it needs the `input` group), a
        /// path names the node, "off" reads none. Default "".
        public var kernelDevice = ""
        /// How the panel is turned against the display, clockwise: 0, 90, 180 or 270 degrees. Default 0.
        public var rotation: Int = 0
        /// Calibration, applied after rotation in fractions of the window (0 … 1):
        /// x' = x × scaleX + offsetX, y' = y × scaleY + offsetY. Defaults 1, 1, 0, 0.
        public var scaleX: Double = 1
        public var scaleY: Double = 1
        public var offsetX: Double = 0
        public var offsetY: Double = 0
        /// A full calibration (what `tactile calibrate` writes), applied last, in libinput's order:
        /// x' = a·x + b·y + c, y' = d·x + e·y + f, in fractions of the window — it can turn, mirror
        /// and shear as well as scale and move. Default [1, 0, 0, 0, 1, 0] (none).
        public var calibrationMatrix: [Double] = [1, 0, 0, 0, 1, 0]
        /// Regions of the panel whose touches are ignored (bezels that report phantom touches),
        /// in the panel's own fractions (0 … 1, before rotation): {"x","y","width","height"}. Default none.
        public var ignoreRegions: [Region] = []
        /// Moves shorter than this from a finger's last reported point are dropped, in points. Default 0 (off).
        public var jitterThreshold: Double = 0
        public init() {}

        /// A rectangle in fractions of the panel.
        public struct Region: Hashable, Sendable, Codable {
            public var x: Double, y: Double, width: Double, height: Double
            public init(x: Double, y: Double, width: Double, height: Double) { self.x = x; self.y = y; self.width = width; self.height = height }
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
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "rotation": .init(0, 270, unit: "°", note: "0, 90, 180 or 270 °"),
            "scaleX": .init(-100, 100, note: "-100 … 100, not within ±0.01 of 0"),
            "scaleY": .init(-100, 100, note: "-100 … 100, not within ±0.01 of 0"),
            "offsetX": .init(-100, 100),
            "offsetY": .init(-100, 100),
            "ignoreRegions[].x": .init(0, 1),
            "ignoreRegions[].y": .init(0, 1),
            "ignoreRegions[].width": .init(0, 1, excludingLower: true),
            "ignoreRegions[].height": .init(0, 1, excludingLower: true),
            "jitterThreshold": .points(0, 100),
            "calibrationMatrix[]": .init(-100, 100),
        ]
    }
}
