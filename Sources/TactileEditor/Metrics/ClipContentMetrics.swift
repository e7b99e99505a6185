import TactileCore
import TactileUI

extension ViewMetrics {
    /// The clip content's sizes (see `ClipContent`).
    public var clipContent: ClipContent {
        get { self[group: ClipContent.self] }
        set { self[group: ClipContent.self] = newValue }
    }

    /// What a clip shows inside: waveform and offline hatching.
    public struct ClipContent: ViewMetricsGroup {
        /// The waveform band: its share of a video clip's height (at the bottom); for sound-only
        /// clips its top and bottom insets (scaled by `--ui-scale`) and least height. 0.32, 24, 4, 4 pt.
        public var videoWaveShare = 0.32, audioWaveTop = 24.0, audioWaveBottom = 4.0, minimumWaveHeight = 4.0
        /// Waveform bars: column pitch, bar width as a share of it, tallest bar as a share of the band. 2 pt, 0.6, 0.9.
        public var waveColumn = 2.0, waveBarShare = 0.6, wavePeakShare = 0.9
        /// Offline hatching: stripe pitch and width. 12, 3 pt.
        public var hatchPitch = 12.0, hatchWidth = 3.0
        public init() {}
    }
}
