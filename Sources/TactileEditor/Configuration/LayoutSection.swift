import TactileCore

extension TactileConfiguration {
    /// Sizes of the editor's screen, in points at the default viewport.
    public var layout: Layout {
        get { self[section: Layout.self] }
        set { self[section: Layout.self] = newValue }
    }

    public struct Layout: ConfigurationSection {
        public static let key = "layout"
        /// The phone-sized viewport the UI lays out in. Default 390×844 pt (an iPhone 14/15).
        public var viewport = Size(width: 390, height: 844)
        /// Top safe-area inset (status bar / notch). Default 47 pt.
        public var topInset: Double = 47
        /// Bottom safe-area inset (home indicator). Default 34 pt.
        public var bottomInset: Double = 34
        /// Top safe-area inset in landscape (no notch above). Default 0 pt.
        public var landscapeTopInset: Double = 0
        /// Bottom safe-area inset in landscape. Default 21 pt.
        public var landscapeBottomInset: Double = 21
        /// Most of the room left for canvas and tracks that the canvas's minimum may claim. Default 0.3.
        public var minimumCanvasShare: Double = 0.3
        /// Height of the title bar above the canvas. Default 44 pt.
        public var titleBarHeight: Double = 44
        /// Height of the player bar (play button, timecode). Default 48 pt.
        public var playerBarHeight: Double = 48
        /// Height of the ruler above the tracks. Default 24 pt.
        public var rulerHeight: Double = 24
        /// Height of a track's clips. Default 48 pt (a little under the 44×44 pt tap target plus margin).
        public var trackHeight: Double = 48
        /// Vertical gap between tracks. Default 6 pt.
        public var trackSpacing: Double = 6
        /// Padding above the first and below the last track. Default 8 pt.
        public var trackPadding: Double = 8
        /// Height of the toolbar (above the bottom inset). Default 64 pt.
        public var toolbarHeight: Double = 64
        /// Width of the toolbar in landscape, where it stands as a rail at the right edge. Default 72 pt.
        public var toolbarRailWidth: Double = 72
        /// In landscape, the most of the width (beside the rail) the canvas's column takes: it is
        /// as wide as the composition's picture is at the column's full height, up to this share
        /// (a 16:9 project's reaches it); the timeline has the rest, and all of it while folded.
        /// Default 0.6.
        public var landscapeCanvasShare: Double = 0.6
        /// In landscape, the least of the width the canvas's column takes (a tall composition's
        /// narrow column, still wide enough for the player bar's button, timecode and fold). Default 0.3.
        public var landscapeCanvasMinimumShare: Double = 0.3
        /// Space above and below the canvas's picture. Default 10 pt.
        public var canvasVerticalInset: Double = 10
        /// Height of the scrub bar under the canvas (its touch target). Default 36 pt.
        public var scrubBarHeight: Double = 36
        /// How much further in than the screen's margin the scrub bar's track starts and ends (the
        /// whole project spans the track). Default 8 pt.
        public var scrubTrackInset: Double = 8
        /// Smallest height the canvas keeps, however many tracks there are. Default 160 pt.
        public var minimumCanvasHeight: Double = 160
        /// Corner radius of clips. Default 8 pt.
        public var clipCornerRadius: Double = 8
        /// Visual width of a trim handle. Default 14 pt.
        public var handleWidth: Double = 14
        /// How much wider a handle's hit area is than its visual width. Default 2.5 (the issue asks ≥ 2).
        public var handleHitMultiplier: Double = 2.5
        /// Width of the selection frame's border. Default 3 pt.
        public var selectionBorderWidth: Double = 3
        /// Width of the fixed playhead line. Default 2 pt.
        public var playheadWidth: Double = 2
        /// Size of a toolbar button. Default 52 pt wide.
        public var toolbarButtonWidth: Double = 52
        /// Horizontal margin of the screen's content. Default 16 pt.
        public var margin: Double = 16
        /// Size of round icon buttons (play, undo, fold). Default 44 pt (Apple's minimum target).
        public var buttonSize: Double = 44
        /// The media browser sheet: how much of the editor stays visible above it. Default 96 pt.
        public var browserTopGap: Double = 96
        /// The sheet is as tall as its files need, but at least this share of the screen. Default 0.45.
        public var browserMinimumShare: Double = 0.45
        /// Height of the sheet's header (title, Cancel). Default 56 pt.
        public var browserHeaderHeight: Double = 56
        /// Columns of media tiles in the sheet (portrait; landscape gets one more per 300 pt). Default 2.
        public var browserColumns: Int = 2
        /// Gap between media tiles. Default 12 pt.
        public var browserTileSpacing: Double = 12
        /// Height of a tile's caption (name and length) under its picture. Default 40 pt.
        public var browserCaptionHeight: Double = 40
        /// Height of a one-line banner (messages, errors). Default 40 pt.
        public var bannerHeight: Double = 40
        /// Space between a banner's edge and its text. Default 14 pt.
        public var bannerPadding: Double = 14
        /// Lines a banner's message may take before it is cut with "…". Default 2.
        public var bannerMaximumLines: Int = 2
        /// Scale of text and touch targets together, like Dynamic Type (`--ui-scale`). Default 1.
        /// Applied by `TactileConfiguration.scaledForUI()`.
        public var uiScale: Double = 1
        public init() {}

        public func problems() -> [ConfigurationError] {
            minimumCanvasHeight > viewport.height ? [.init(key: "layout.minimumCanvasHeight", "must not be more than layout.viewport.height")] : []
        }
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "viewport.width": .points(100, 4096),
            "viewport.height": .points(100, 4096),
            "topInset": .points(0, 200),
            "bottomInset": .points(0, 200),
            "landscapeTopInset": .points(0, 200),
            "landscapeBottomInset": .points(0, 200),
            "minimumCanvasShare": .init(0, 1),
            "titleBarHeight": .points(8, 200),
            "playerBarHeight": .points(8, 200),
            "rulerHeight": .points(8, 200),
            "toolbarHeight": .points(8, 200),
            "scrubBarHeight": .points(8, 200),
            "browserHeaderHeight": .points(8, 200),
            "browserCaptionHeight": .points(8, 200),
            "trackHeight": .points(8, 300),
            "minimumCanvasHeight": .points(0, 2000),
            "trackSpacing": .points(0, 100),
            "trackPadding": .points(0, 100),
            "clipCornerRadius": .points(0, 100),
            "selectionBorderWidth": .points(0, 20),
            "playheadWidth": .points(0, 20),
            "margin": .points(0, 100),
            "scrubTrackInset": .points(0, 100),
            "handleWidth": .points(2, 100),
            "handleHitMultiplier": .init(1, 10),
            "toolbarRailWidth": .points(16, 300),
            "landscapeCanvasShare": .init(0.1, 0.9),
            "landscapeCanvasMinimumShare": .init(0.05, 0.9),
            "canvasVerticalInset": .points(0, 200),
            "toolbarButtonWidth": .points(16, 200),
            "buttonSize": .points(16, 200),
            "browserTopGap": .points(0, 2000),
            "browserMinimumShare": .init(0.1, 1),
            "browserTileSpacing": .points(0, 100),
            "browserColumns": .init(1, 12),
            "bannerHeight": .points(16, 200),
            "bannerPadding": .points(0, 60),
            "bannerMaximumLines": .init(1, 6),
            "uiScale": .init(0.5, 3),
        ]
    }
}

extension TactileConfiguration {
    /// The configuration with every size of text and touch targets multiplied by
    /// `layout.uiScale` (viewport, insets and margins stay; touch targets never below their
    /// designed size).
    public func scaledForUI() -> TactileConfiguration {
        let k = layout.uiScale
        guard k != 1 else { return self }
        var c = self
        // Touch targets grow with the text but never shrink below their designed size (a
        // finger is no smaller for small text, as Dynamic Type's smaller sizes keep 44 pt).
        for path in [
            \Layout.titleBarHeight, \.playerBarHeight, \.trackHeight, \.toolbarHeight, \.toolbarRailWidth, \.scrubBarHeight, \.handleWidth,
            \.toolbarButtonWidth, \.buttonSize, \.browserHeaderHeight, \.bannerHeight,
        ] {
            c.layout[keyPath: path] *= max(k, 1)
        }
        for path in [
            \Layout.rulerHeight, \.trackSpacing, \.trackPadding, \.clipCornerRadius, \.selectionBorderWidth, \.browserCaptionHeight, \.bannerPadding,
        ] {
            c.layout[keyPath: path] *= k
        }
        return c
    }
}
