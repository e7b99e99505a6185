import TactileCore
import TactileUI

extension ViewMetrics {
    /// The calibration's sizes (see `Calibration`).
    public var calibration: Calibration {
        get { self[group: Calibration.self] }
        set { self[group: Calibration.self] = newValue }
    }

    /// `tactile calibrate`: the targets' cross (arm length, line width) and ring, the
    /// instructions' font and height, the buttons (width, height ≥ 44 pt, gap, font), the test
    /// grid's dot and the dot of a touch, and how far the targets sit in from the edges (a share
    /// of the screen). 22, 2, 10 pt; 17 pt; 64 pt; 120 × 52, 16 pt; 3, 7 pt; 0.1.
    public struct Calibration: ViewMetricsGroup {
        public var crossArm = 22.0, crossLine = 2.0, ringRadius = 10.0
        public var font = Font(size: 17, weight: .semibold), captionFont = Font(size: 13, weight: .medium)
        public var instructionsHeight = 64.0
        public var buttonWidth = 120.0, buttonHeight = 52.0, buttonGap = 16.0, buttonRadius = 12.0
        public var gridDot = 3.0, touchDot = 7.0, gridLine = 1.0, distanceWidth = 60.0, distanceHeight = 20.0
        /// The test grid: so many dots a side, spread over the screen. 5.
        public var gridCount = 5
        public var targetInset = 0.1
        /// The farthest a tapped target may land from its cross once fitted before the wizard asks
        /// for the taps again (a tap aimed elsewhere). 20 pt.
        public var acceptableError = 20.0
        public init() {}
    }
}
