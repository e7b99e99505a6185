import TactileCore
import TactileUI

extension ViewMetrics {
    /// The voice-over panel's sizes (see `VoiceOver`).
    public var voiceOver: VoiceOver {
        get { self[group: VoiceOver.self] }
        set { self[group: VoiceOver.self] = newValue }
    }

    /// The voice-over panel the audio browser's Voice-over button opens, and its count-in over the canvas.
    public struct VoiceOver: ViewMetricsGroup {
        /// The clip font's size these sizes are drawn at: they scale with it (`--ui-scale`). 12 pt.
        public var designFont = 12.0
        /// The panel: its gap above the toolbar, padding, corner radius, the header's height. 8, 12, 18, 44 pt.
        public var panelGap = 8.0, panelPadding = 12.0, panelRadius = 18.0, titleHeight = 44.0
        /// The line under the header (when it records from, how long so far, a problem); the level
        /// meter's height and the gap around it. 22, 8, 10 pt.
        public var hintHeight = 22.0, meterHeight = 8.0, meterGap = 10.0
        /// Where the meter turns amber and red, as peak levels: −6 dB and −1 dB. 0.5, 0.89.
        public var meterAmber = 0.5, meterRed = 0.89
        /// The record button: its size, its ring's width, the stop square's share of it. 64 pt, 3 pt, 0.36.
        public var buttonSize = 64.0, ringWidth = 3.0, stopShare = 0.36
        /// The red dot's inset from the button's edge, in ring widths; the stop square's corner
        /// radius as a share of its side; the dot's opacity while the file is written. 3, 0.15, 0.4.
        public var dotInset = 3.0, stopCornerShare = 0.15, savingOpacity = 0.4
        /// The count-in's numeral over the canvas, as a share of the picture's shorter side. 0.4.
        public var countShare = 0.4
        public init() {}
    }
}
