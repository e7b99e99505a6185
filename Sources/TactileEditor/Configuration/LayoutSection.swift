import TactileCore

extension TactileConfiguration {
    public var layout: Layout {
        get { self[section: Layout.self] }
        set { self[section: Layout.self] = newValue }
    }

    public struct Layout: ConfigurationSection {
        public static let key = "layout"
        public static let about = "Sizes of the editor's screen, in points at the default viewport."
        @Setting(.points(100, 4096), "The phone-sized viewport the UI lays out in. (The default: an iPhone 14/15.)")
        public var viewport = Size(width: 390, height: 844)
        @Setting(.points(0, 200), "Top safe-area inset (status bar / notch).")
        public var topInset: Double = 47
        @Setting(.points(0, 200), "Bottom safe-area inset (home indicator).")
        public var bottomInset: Double = 34
        @Setting(.points(0, 200), "Top safe-area inset in landscape (no notch above).")
        public var landscapeTopInset: Double = 0
        @Setting(.points(0, 200), "Bottom safe-area inset in landscape.")
        public var landscapeBottomInset: Double = 21
        @Setting(.init(0, 1), "Most of the room left for canvas and tracks that the canvas's minimum may claim.")
        public var minimumCanvasShare: Double = 0.3
        @Setting(.points(8, 200), "Height of the title bar above the canvas.")
        public var titleBarHeight: Double = 44
        @Setting(.points(8, 200), "Height of the player bar (play button, timecode).")
        public var playerBarHeight: Double = 48
        @Setting(.points(8, 200), "Height of the ruler above the tracks.")
        public var rulerHeight: Double = 24
        @Setting(.points(8, 300), "Height of a track's clips. (The default: a little under the 44×44 pt tap target plus margin.)")
        public var trackHeight: Double = 48
        @Setting(.points(0, 100), "Vertical gap between tracks.")
        public var trackSpacing: Double = 6
        @Setting(.points(0, 100), "Padding above the first and below the last track.")
        public var trackPadding: Double = 8
        @Setting(.points(8, 200), "Height of the toolbar (above the bottom inset).")
        public var toolbarHeight: Double = 64
        @Setting(.points(16, 300), "Width of the toolbar in landscape, where it stands as a rail at the right edge.")
        public var toolbarRailWidth: Double = 72
        @Setting(
            .init(0.1, 0.9),
            """
            In landscape, the most of the width (beside the rail) the canvas's column takes: it is as wide as the
            composition's picture is at the column's full height, up to this share (a 16:9 project's reaches it); the
            timeline has the rest, and all of it while folded.
            """)
        public var landscapeCanvasShare: Double = 0.6
        @Setting(
            .init(0.05, 0.9),
            """
            In landscape, the least of the width the canvas's column takes (a tall composition's narrow column, still wide
            enough for the player bar's button, timecode and fold).
            """)
        public var landscapeCanvasMinimumShare: Double = 0.3
        @Setting(.points(0, 200), "Space above and below the canvas's picture.")
        public var canvasVerticalInset: Double = 10
        @Setting(.points(8, 200), "Height of the scrub bar under the canvas (its touch target).")
        public var scrubBarHeight: Double = 36
        @Setting(
            .points(0, 100),
            """
            How much further in than the screen's margin the scrub bar's track starts and ends (the whole project spans
            the track).
            """)
        public var scrubTrackInset: Double = 8
        @Setting(.points(0, 2000), "Smallest height the canvas keeps, however many tracks there are.")
        public var minimumCanvasHeight: Double = 160
        @Setting(.points(0, 100), "Corner radius of clips.")
        public var clipCornerRadius: Double = 8
        @Setting(.points(2, 100), "Visual width of a trim handle.")
        public var handleWidth: Double = 14
        @Setting(
            .init(1, 10),
            """
            How much wider a handle's hit area is than its visual width. At 2 or more a handle is easy to grab; the default
            makes it a finger's 44 pt (the platforms' least touch target).
            """,
            tune: .slider("Handle hit area", 1...6, step: 0.25, rank: 6, unit: "×"))
        public var handleHitMultiplier: Double = 3.2
        @Setting(.points(0, 20), "Width of the selection frame's border.")
        public var selectionBorderWidth: Double = 3
        @Setting(.points(0, 20), "Width of the fixed playhead line.")
        public var playheadWidth: Double = 2
        @Setting(.points(16, 200), "Size of a toolbar button.")
        public var toolbarButtonWidth: Double = 52
        @Setting(.points(0, 100), "Horizontal margin of the screen's content.")
        public var margin: Double = 16
        @Setting(.points(16, 200), "Size of round icon buttons (play, undo, fold). (The default: Apple's minimum target.)")
        public var buttonSize: Double = 44
        @Setting(.points(0, 2000), "The media browser sheet: how much of the editor stays visible above it.")
        public var browserTopGap: Double = 96
        @Setting(.init(0.1, 1), "The sheet is as tall as its files need, but at least this share of the screen.")
        public var browserMinimumShare: Double = 0.45
        @Setting(.points(8, 200), "Height of the sheet's header (title, Cancel).")
        public var browserHeaderHeight: Double = 56
        @Setting(.init(0.1, 1), "Where the header would take more than this share of the sheet (large text on a short screen), it scrolls away with the tiles.")
        public var browserHeaderMostShare: Double = 0.5
        @Setting(.init(1, 12), "Columns of media tiles in the sheet (portrait; landscape gets one more per 300 pt).")
        public var browserColumns: Int = 2
        @Setting(.points(0, 100), "Gap between media tiles.")
        public var browserTileSpacing: Double = 12
        @Setting(.points(8, 200), "Height of a tile's caption (name and length) under its picture.")
        public var browserCaptionHeight: Double = 40
        @Setting(
            .points(40, 1000),
            "The least width of a media tile: fewer columns where the screen cannot give each this much (large text on a phone takes one column).")
        public var browserTileLeastWidth: Double = 130
        @Setting(.points(16, 200), "Height of a one-line banner (messages, errors).")
        public var bannerHeight: Double = 40
        @Setting(.points(0, 60), "Space between a banner's edge and its text.")
        public var bannerPadding: Double = 14
        @Setting(.init(1, 6), "Lines a banner's message may take before it is cut with \"…\".")
        public var bannerMaximumLines: Int = 2
        @Setting(
            .seconds(0.1, 5),
            """
            Where the bars draw smaller than `--ui-scale` asks (the screen holds no more), holding one of
            their buttons this long shows its icon and name large in the middle of the screen, as iOS's
            Large Content Viewer does.
            """)
        public var largeContentDelay: Double = 0.5
        @Setting(
            .init(1, 3),
            "The large content shows where the text asked for is at least this many times the bars' (iOS shows it at the accessibility sizes).")
        public var largeContentLeastRatio: Double = 1.5
        @Setting(
            .init(0.5, 3),
            """
            Scale of text and touch targets together, like Dynamic Type (`--ui-scale`). Applied by
            `TactileConfiguration.Layout.scaledForUI()`.
            """)
        public var uiScale: Double = 1
        public init() {}

        public func problems() -> [ConfigurationError] {
            minimumCanvasHeight > viewport.height ? [.init(key: "layout.minimumCanvasHeight", "must not be more than layout.viewport.height")] : []
        }
    }
}

extension TactileConfiguration.Layout {
    /// The sizes with every size of text and touch targets multiplied by `uiScale` (viewport,
    /// insets and margins stay; touch targets never below their designed size).
    public func scaledForUI() -> TactileConfiguration.Layout {
        let k = uiScale
        guard k != 1 else { return self }
        var l = self
        // Touch targets grow with the text but never shrink below their designed size (a
        // finger is no smaller for small text, as Dynamic Type's smaller sizes keep 44 pt).
        for path in [
            \Self.titleBarHeight, \.playerBarHeight, \.trackHeight, \.toolbarHeight, \.toolbarRailWidth, \.scrubBarHeight, \.handleWidth,
            \.toolbarButtonWidth, \.buttonSize, \.browserHeaderHeight, \.bannerHeight,
        ] {
            l[keyPath: path] *= max(k, 1)
        }
        for path in [
            \Self.rulerHeight, \.trackSpacing, \.trackPadding, \.clipCornerRadius, \.selectionBorderWidth, \.browserCaptionHeight, \.bannerPadding,
            \.browserTileLeastWidth,
        ] {
            l[keyPath: path] *= k
        }
        return l
    }
}
