import TactileCore

/// What a real panel needs before its touches mean what the user touched: the panel's rotation
/// against the display, a calibration (scale and offset), bezel regions whose phantom touches
/// are ignored, and a filter that drops jitter (moves shorter than a threshold). Pure, so the
/// window and tests share it.
public struct TouchscreenMapping: Sendable {
    public let settings: TactileConfiguration.Touchscreen
    /// Fingers that went down in an ignored region: every later event of theirs is dropped too.
    private var ignored: Set<PointerID> = []
    /// Where each finger was last reported, in viewport points (for the jitter filter).
    private var reported: [PointerID: Point] = [:]

    public init(settings: TactileConfiguration.Touchscreen) { self.settings = settings }

    /// A point the panel reports (fractions of its width and height, as SDL gives them) in
    /// fractions of the window: rotated, then calibrated.
    public func windowFraction(ofPanel p: Point) -> Point {
        let r: Point
        switch settings.rotation {
        case 90: r = Point(x: 1 - p.y, y: p.x)
        case 180: r = Point(x: 1 - p.x, y: 1 - p.y)
        case 270: r = Point(x: p.y, y: 1 - p.x)
        default: r = p
        }
        let s = Point(x: r.x * settings.scaleX + settings.offsetX, y: r.y * settings.scaleY + settings.offsetY)
        let m = settings.calibrationMatrix
        guard m.count == 6 else { return s }
        return Point(x: m[0] * s.x + m[1] * s.y + m[2], y: m[3] * s.x + m[4] * s.y + m[5])
    }

    /// Whether a panel point lies in an ignored region.
    public func isIgnored(panel p: Point) -> Bool {
        settings.ignoreRegions.contains { p.x >= $0.x && p.x < $0.x + $0.width && p.y >= $0.y && p.y < $0.y + $0.height }
    }

    /// Decides whether finger `id`'s event in `phase`, at panel point `panel` and viewport
    /// point `point`, reaches the editor.
    public mutating func admits(_ id: PointerID, _ phase: TouchPhase, panel: Point, point: Point) -> Bool {
        switch phase {
        case .down:
            if isIgnored(panel: panel) { ignored.insert(id); return false }
            ignored.remove(id)
            reported[id] = point
            return true
        case .move:
            guard !ignored.contains(id) else { return false }
            if let last = reported[id], settings.jitterThreshold > 0,
                (point.x - last.x) * (point.x - last.x) + (point.y - last.y) * (point.y - last.y) < settings.jitterThreshold * settings.jitterThreshold
            {
                return false
            }
            reported[id] = point
            return true
        case .up, .cancel:
            reported[id] = nil
            return ignored.remove(id) == nil
        }
    }

    /// Whether a device named `name` is one to use.
    public func accepts(deviceNamed name: String) -> Bool {
        settings.deviceName.isEmpty || name.lowercased().contains(settings.deviceName.lowercased())
    }
}
