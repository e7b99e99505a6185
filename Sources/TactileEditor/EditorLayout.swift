import TactileCore
import TactileUI

/// Where each part of the editor screen goes for a viewport, a configuration, a number of
/// tracks, how far the timeline is folded and how far its tracks are scrolled. Pure: the same
/// inputs always give the same frames.
public struct EditorLayout: Hashable, Sendable {
    public var viewport: Size
    public var titleBar: Rect
    public var canvas: Rect
    /// The fine-scrubbing bar under the canvas.
    public var scrubBar: Rect
    public var playerBar: Rect
    public var ruler: Rect
    /// The area the tracks scroll in (below the ruler).
    public var tracksArea: Rect
    /// Each track's row, top to bottom, moved up by the vertical scroll.
    public var trackRows: [Rect]
    public var toolbar: Rect
    /// Where the fixed playhead is drawn.
    public var playheadX: Double
    /// The height all tracks need (more than the area's when they scroll).
    public var contentHeight: Double

    /// - Parameters:
    ///   - collapse: 0 with the timeline open … 1 folded down to the player bar.
    ///   - trackOffset: how far the tracks are scrolled up, in points.
    ///   - aspect: the composition's width over its height; landscape gives the canvas a column
    ///     as wide as the picture needs at the column's full height.
    public init(
        viewport: Size, sizes: TactileConfiguration.Layout, timeline: TactileConfiguration.Timeline, rightToLeft: Bool = false, trackCount: Int,
        collapse: Double = 0, trackOffset: Double = 0, aspect: Double = 9.0 / 16.0
    ) {
        let screen = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        if viewport.width > viewport.height {
            self.init(landscape: screen, sizes: sizes, timeline: timeline, trackCount: trackCount, collapse: collapse, trackOffset: trackOffset, aspect: aspect)
            // A right-to-left language mirrors the columns (the rail on the left, the canvas on the
            // right); the timeline itself still runs left to right.
            if rightToLeft { mirror(in: screen) }
        } else {
            self.init(portrait: screen, sizes: sizes, timeline: timeline, trackCount: trackCount, collapse: collapse, trackOffset: trackOffset)
        }
    }

    /// Portrait: top to bottom, title bar, canvas, scrub bar, player bar, ruler, tracks, toolbar.
    private init(
        portrait screen: Rect, sizes l: TactileConfiguration.Layout, timeline: TactileConfiguration.Timeline, trackCount: Int, collapse: Double,
        trackOffset: Double
    ) {
        viewport = screen.size
        var rest = screen.sliceTop(l.topInset).rest
        (titleBar, rest) = rest.sliceTop(l.titleBarHeight)
        rest = rest.sliceBottom(l.bottomInset).rest
        (toolbar, rest) = rest.sliceBottom(l.toolbarHeight)
        // The timeline is as tall as its tracks need, up to a share of the screen, and always
        // leaves the canvas its minimum; past that the tracks scroll.
        let needed = Double(trackCount) * l.trackHeight + Double(max(0, trackCount - 1)) * l.trackSpacing + 2 * l.trackPadding
        let room = max(0, rest.height - l.playerBarHeight - l.rulerHeight)
        let canvasMinimum = min(l.minimumCanvasHeight, room * l.minimumCanvasShare)
        let available = max(0, min(room - canvasMinimum, screen.height * timeline.maximumTracksShare))
        let open = 1 - min(1, max(0, collapse))
        contentHeight = needed
        let tracksHeight = (min(needed, available) * open).rounded()
        (tracksArea, rest) = rest.sliceBottom(tracksHeight)
        (ruler, rest) = rest.sliceBottom((l.rulerHeight * open).rounded())
        (playerBar, rest) = rest.sliceBottom(l.playerBarHeight)
        (scrubBar, canvas) = rest.sliceBottom(min(l.scrubBarHeight, rest.height * 0.25).rounded())
        playheadX = (screen.width / 2).rounded()
        let top = tracksArea.y - trackOffset
        trackRows = (0..<trackCount).map { i in
            Rect(x: 0, y: top + l.trackPadding + Double(i) * (l.trackHeight + l.trackSpacing), width: screen.width, height: l.trackHeight)
        }
    }

    /// Landscape: the toolbar as a rail at the right edge and two columns beside it — the canvas
    /// over the scrub and player bars, from the top of the screen, as wide as the composition's
    /// picture is at that height (a 16:9 project gets about half the width, a 9:16 one a narrow
    /// column; within `layout.landscapeCanvasMinimumShare` … `landscapeCanvasShare`), and the
    /// title bar over the ruler and every track (they scroll past three). Folding the timeline
    /// gives its column to the canvas, and the title bar slides across its top (the name gives
    /// way to the picture; the buttons stand beside it).
    private init(
        landscape screen: Rect, sizes l: TactileConfiguration.Layout, timeline: TactileConfiguration.Timeline, trackCount: Int, collapse: Double,
        trackOffset: Double, aspect: Double
    ) {
        viewport = screen.size
        var rest = screen.sliceTop(l.landscapeTopInset).rest
        let bottomInset = l.landscapeBottomInset
        // A screen too short for the tools one above another at a finger's height each gets
        // them in two columns (`ToolbarView.railColumns`).
        let railHeight = rest.height - bottomInset
        let columns = Double(ToolbarView.railColumns(height: railHeight, sizes: l))
        (toolbar, rest) = rest.sliceRight(max(l.toolbarRailWidth, columns > 1 ? columns * l.buttonSize : 0))
        toolbar = toolbar.sliceBottom(bottomInset).rest
        rest = rest.sliceBottom(bottomInset).rest
        let open = 1 - min(1, max(0, collapse))
        // The picture's height in a column reaching the top: what the bars under it and the
        // canvas's insets leave.
        let scrub = min(l.scrubBarHeight, rest.height * 0.25).rounded()
        let pictureHeight = max(0, rest.height - l.playerBarHeight - scrub - 2 * l.canvasVerticalInset)
        let natural = (pictureHeight * max(0.1, aspect) + 2 * l.margin) / max(1, rest.width)
        let most = min(max(l.landscapeCanvasShare, 0), 1), least = min(max(l.landscapeCanvasMinimumShare, 0), most)
        let share = min(max(natural, least), most)
        // The timeline's column keeps room for the title bar's buttons, each a finger wide (a wide
        // picture on a short phone took all but 180 pt, and the format button lay over undo).
        // And the canvas's keeps room for the player bar under it: Play, the timecode (or the
        // selected clip's chip) and the fold button, each a finger wide.
        let keep = TitleBarView.buttonsWidth(sizes: l) * open
        let wanted = max((rest.width * (1 - (1 - share) * open)).rounded(), PlayerBarView.leastWidth(sizes: l))
        let canvasWidth = min(wanted, max(rest.width * least, rest.width - keep).rounded())
        var column: Rect
        (column, rest) = rest.sliceLeft(canvasWidth)
        // The title bar over the timeline's column, sliding across the canvas's top as it folds
        // (its buttons then stand beside the picture, which keeps the column's whole height).
        let titleWidth = rest.width + canvasWidth * (1 - open)
        titleBar = Rect(x: rest.maxX - titleWidth, y: rest.y, width: titleWidth, height: l.titleBarHeight)
        rest = rest.sliceTop(l.titleBarHeight).rest
        (playerBar, column) = column.sliceBottom(l.playerBarHeight)
        (scrubBar, canvas) = column.sliceBottom(min(l.scrubBarHeight, column.height * 0.25).rounded())
        (ruler, tracksArea) = rest.sliceTop(l.rulerHeight)
        contentHeight = Double(trackCount) * l.trackHeight + Double(max(0, trackCount - 1)) * l.trackSpacing + 2 * l.trackPadding
        playheadX = tracksArea.width > 0 ? tracksArea.midX.rounded() : tracksArea.x
        let top = tracksArea.y - trackOffset, area = tracksArea
        trackRows = (0..<trackCount).map { i in
            Rect(x: area.x, y: top + l.trackPadding + Double(i) * (l.trackHeight + l.trackSpacing), width: area.width, height: l.trackHeight)
        }
    }

    /// Where the composition's picture goes in the canvas's area: fitted inside its margins.
    public static func picture(in canvas: Rect, ratio: Double, sizes: TactileConfiguration.Layout) -> Rect {
        canvas.insetBy(dx: sizes.margin, dy: sizes.canvasVerticalInset).aspectFit(ratio)
    }

    /// Whether the screen is laid out in two columns (wider than tall).
    public var isLandscape: Bool { viewport.width > viewport.height }

    private mutating func mirror(in screen: Rect) {
        func flip(_ r: Rect) -> Rect { Rect(x: screen.maxX - r.maxX, y: r.y, width: r.width, height: r.height) }
        titleBar = flip(titleBar); canvas = flip(canvas); scrubBar = flip(scrubBar); playerBar = flip(playerBar)
        ruler = flip(ruler); tracksArea = flip(tracksArea); trackRows = trackRows.map(flip); toolbar = flip(toolbar)
        playheadX = screen.maxX - playheadX
    }

    /// The timeline (ruler and tracks together).
    public var timeline: Rect { Rect(x: ruler.x, y: ruler.y, width: ruler.width, height: tracksArea.maxY - ruler.y) }

    /// How far the tracks can scroll up (0 when they all fit).
    public var maximumTrackOffset: Double { max(0, contentHeight - tracksArea.height) }

    /// Whether the tracks are taller than their area.
    public var tracksOverflow: Bool { maximumTrackOffset > 0.5 }

    /// The index of the track row at height `y`, if any.
    public func trackIndex(atY y: Double) -> Int? { trackRows.firstIndex { y >= $0.minY - 3 && y < $0.maxY + 3 } }
}
