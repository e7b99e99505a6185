import TactileCore
import TactileUI

extension ViewMetrics {
    /// The browser's sizes (see `Browser`).
    public var browser: Browser {
        get { self[group: Browser.self] }
        set { self[group: Browser.self] = newValue }
    }

    /// The media browser sheet.
    public struct Browser: ViewMetricsGroup {
        /// The sheet: corner radius, and how far it draws below the screen (so its bottom corners
        /// never show). 16, 24 pt.
        public var sheetRadius = 16.0, sheetOverhang = 24.0
        /// The grabber: width, height, top. 36, 5, 6 pt.
        public var grabberWidth = 36.0, grabberHeight = 5.0, grabberTop = 6.0
        /// The header's title: its top, and its and the folder line's shares of the header. 12 pt, 0.45, 0.3.
        public var titleTop = 12.0, titleShare = 0.45, folderShare = 0.3
        /// Cancel: width, and the top of its touch area (it stands level with the title). 84, 10 pt.
        public var cancelWidth = 84.0, cancelTop = 10.0
        /// The audio sheet's Voice-over button: its microphone's box, and the room after its words. 22, 4 pt.
        public var voiceIconWidth = 22.0, voiceGap = 4.0
        /// How far the Voice-over button's word gives way in size (a long German word on a small phone). 0.55.
        public var voiceSmallestShare = 0.55
        /// How far the title and the folder line give way in size before they wrap or are cut
        /// (German at ×3 on a phone), and the title's lines' height in its font's ems. 0.6, 1.15.
        public var titleSmallestShare = 0.6, titleLineHeight = 1.15
        /// The empty folder's message height. 80 pt.
        public var emptyHeight = 80.0
        /// A tile: its picture's corner radius, the caption's side inset and gap under the picture,
        /// the name's and the detail line's shares of the caption. 10, 2, 4 pt, 0.55, 0.45.
        public var tileRadius = 10.0, captionInset = 2.0, captionGap = 4.0, nameShare = 0.55, detailShare = 0.45
        /// A tile's length pill: width, height, inset from the picture's corner, radius. 46, 20, 6, 6 pt.
        public var pillWidth = 46.0, pillHeight = 20.0, pillInset = 6.0, pillRadius = 6.0
        /// A sound's poster waveform: side inset, vertical inset as a share, column pitch, bar width. 10 pt, 0.2, 3, 2 pt.
        public var waveInset = 10.0, waveInsetShare = 0.2, waveColumn = 3.0, waveBar = 2.0
        public init() {}
    }
}
