import TactileCore

/// Where the phone's screen sits in a window: centred with a device frame around it when the
/// window is larger than the phone, or filling the window (`--device fill`).
public struct DeviceFrame: Hashable, Sendable {
    /// The viewport in points.
    public var viewport: Size
    /// Pixels per point.
    public var scale: Double
    /// The screen's rectangle in window pixels.
    public var screen: Rect
    /// Whether a bezel is drawn around the screen.
    public var showsBezel: Bool
    /// The lab panel's rectangle in window pixels, beside the screen, when one is wanted and fits.
    public var panel: Rect?

    /// Places `viewport` in a window of `windowPixels`. In fill mode the viewport becomes the
    /// window's size in points; otherwise the phone keeps its size, shrinking the scale only
    /// if the window is too small to show it whole. A lab panel `panel` points wide goes beside
    /// the phone, `margin` from it, when the window has room for both at that scale.
    public init(window windowPixels: Size, viewport: Size, scale: Double, fill: Bool, margin: Double, panel: Double? = nil) {
        if fill {
            self.viewport = Size(width: (windowPixels.width / scale).rounded(.down), height: (windowPixels.height / scale).rounded(.down))
            self.scale = scale
            screen = Rect(x: 0, y: 0, width: windowPixels.width, height: windowPixels.height)
            showsBezel = false
            return
        }
        let fit = min(windowPixels.width / viewport.width, windowPixels.height / viewport.height)
        let s = min(scale, fit)
        self.viewport = viewport
        self.scale = s
        let w = viewport.width * s, h = viewport.height * s
        screen = Rect(x: ((windowPixels.width - w) / 2).rounded(), y: ((windowPixels.height - h) / 2).rounded(), width: w, height: h)
        if let panel, panel > 0, windowPixels.width >= w + (panel + 2 * margin) * s {
            // Phone and panel side by side, centred together.
            let total = w + (margin + panel) * s
            screen.x = ((windowPixels.width - total) / 2).rounded()
            self.panel = Rect(x: screen.maxX + margin * s, y: screen.y, width: panel * s, height: h)
        }
        showsBezel = windowPixels.width - w >= margin * s || windowPixels.height - h >= margin * s
    }

    /// The window point in pixels as a viewport point, in points.
    public func viewportPoint(fromWindowPixel p: Point) -> Point {
        Point(x: (p.x - screen.x) / scale, y: (p.y - screen.y) / scale)
    }

    /// The window size that shows `viewport` at `scale` with a device margin all round, and a
    /// lab panel `panel` points wide beside it.
    public static func windowSize(viewport: Size, scale: Double, margin: Double, panel: Double = 0) -> Size {
        let beside = panel > 0 ? panel + margin : 0
        return Size(width: ((viewport.width + 2 * margin + beside) * scale).rounded(), height: ((viewport.height + 2 * margin) * scale).rounded())
    }
}
