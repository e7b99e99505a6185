import TactileCore

/// Where each part of the editor screen goes for a viewport, a configuration and a number of
/// tracks. Pure: the same inputs always give the same frames.
public struct EditorLayout: Hashable, Sendable {
    public var viewport: Size
    public var titleBar: Rect
    public var canvas: Rect
    public var playerBar: Rect
    public var ruler: Rect
    /// The area the tracks scroll in (below the ruler).
    public var tracksArea: Rect
    /// Each track's row, top to bottom.
    public var trackRows: [Rect]
    public var toolbar: Rect
    /// Where the fixed playhead is drawn.
    public var playheadX: Double

    public init(viewport: Size, configuration c: TactileConfiguration, trackCount: Int) {
        let l = c.layout
        self.viewport = viewport
        let screen = Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)
        let landscape = viewport.width > viewport.height
        var rest = screen.sliceTop(landscape ? l.landscapeTopInset : l.topInset).rest
        (titleBar, rest) = rest.sliceTop(l.titleBarHeight)
        rest = rest.sliceBottom(landscape ? l.landscapeBottomInset : l.bottomInset).rest
        (toolbar, rest) = rest.sliceBottom(l.toolbarHeight)
        // The timeline is as tall as its tracks need, but leaves the canvas its minimum.
        let tracksHeight = Double(trackCount) * l.trackHeight + Double(max(0, trackCount - 1)) * l.trackSpacing + 2 * l.trackPadding
        let room = max(0, rest.height - l.playerBarHeight - l.rulerHeight)
        let canvasMinimum = min(l.minimumCanvasHeight, room * l.minimumCanvasShare)
        let available = max(0, room - canvasMinimum)
        let tracksAreaHeight = min(tracksHeight, available)
        (tracksArea, rest) = rest.sliceBottom(tracksAreaHeight)
        (ruler, rest) = rest.sliceBottom(l.rulerHeight)
        (playerBar, canvas) = rest.sliceBottom(l.playerBarHeight)
        playheadX = (screen.width / 2).rounded()
        let top = tracksArea.y
        trackRows = (0..<trackCount).map { i in
            Rect(x: 0, y: top + l.trackPadding + Double(i) * (l.trackHeight + l.trackSpacing),
                 width: screen.width, height: l.trackHeight)
        }
    }

    /// The timeline (ruler and tracks together).
    public var timeline: Rect { Rect(x: ruler.x, y: ruler.y, width: ruler.width, height: tracksArea.maxY - ruler.y) }
}
