import TactileCore
import TactileEditor
import TactileInput
import TactileUI

/// The pointer location overlay, as Android's developer option draws it: for each finger down a
/// crosshair across the whole viewport, a dot and the path it took; a header across the top
/// reads how many fingers are down (and the most this gesture), where the latest finger is, how
/// fast it moves and how hard it presses. A lifted finger's path stays, dimmer, until the next
/// touch-down starts a new gesture.
///
/// Fed the same input events as the editor and drawn over its frame. Nothing fades, so the
/// overlay needs no frames of its own: what it shows changes only when input arrives.
public struct PointerLocation: Sendable {
    public struct Finger: Sendable {
        /// Where the finger is, or where it lifted.
        public var position: Point
        /// The path it took, oldest first, at most `trailLength` points.
        public var trail: [Point]
        public var velocity: VelocityTracker
        public var pressure: Double?
        public var isDown: Bool
        /// When its last event arrived.
        public var lastEvent: Time
    }

    private var fingers: [PointerID: Finger] = [:]
    /// Fingers in the order they went down.
    private var order: [PointerID] = []
    /// The finger of the most recent touch event: the one the header describes.
    private var latest: PointerID?
    /// The most fingers down at once since the gesture began.
    public private(set) var mostFingersDown = 0
    private let trailLength: Int
    private let velocityWindow: Time

    /// - Parameters:
    ///   - configuration: `pointerTrailLength` caps each finger's path.
    ///   - velocityWindow: how much of a finger's recent path its velocity is measured over
    ///     (`TactileConfiguration.Input.velocityWindow`).
    public init(configuration: TactileConfiguration.Overlays, velocityWindow: Time = .milliseconds(100)) {
        trailLength = max(1, configuration.pointerTrailLength)
        self.velocityWindow = velocityWindow
    }

    /// How many fingers are down now.
    public var fingersDown: Int { fingers.values.filter(\.isDown).count }

    /// Whether anything is drawn besides the header: a finger down or a lifted gesture's path.
    /// Unlike touch indicators nothing fades, so this asks for no frames.
    public var isShowing: Bool { !fingers.isEmpty }

    /// Follows `events`: a touch-down with no finger down starts a new gesture and clears the
    /// last one's paths; focus loss lifts every finger.
    public mutating func update(with events: [InputEvent]) {
        for e in events {
            switch e.kind {
            case let .touch(id, phase, p):
                switch phase {
                case .down:
                    if fingersDown == 0 { fingers = [:]; order = []; mostFingersDown = 0 }
                    var velocity = VelocityTracker(window: velocityWindow)
                    velocity.add(p, at: e.time)
                    fingers[id] = Finger(position: p, trail: [p], velocity: velocity, pressure: e.pressure, isDown: true, lastEvent: e.time)
                    order.removeAll { $0 == id }; order.append(id)
                    mostFingersDown = max(mostFingersDown, fingersDown)
                case .move, .up, .cancel:
                    guard var f = fingers[id], f.isDown else { continue }
                    f.position = p
                    if f.trail.last != p { f.trail.append(p) }
                    if f.trail.count > trailLength { f.trail.removeFirst(f.trail.count - trailLength) }
                    f.velocity.add(p, at: e.time)
                    f.pressure = e.pressure ?? f.pressure
                    f.lastEvent = e.time
                    f.isDown = phase == .move
                    fingers[id] = f
                }
                latest = id
            case .focusLost:
                for id in fingers.keys where fingers[id]!.isDown {
                    fingers[id]!.isDown = false
                    fingers[id]!.lastEvent = e.time
                }
            case .key, .text, .voice, .mediaFolder, .projects:
                break
            }
        }
    }

    /// The path a finger took, oldest first (empty for an unknown finger).
    public func trail(of id: PointerID) -> [Point] { fingers[id]?.trail ?? [] }

    /// The header's fields at `now`, left to right: "P: 1/2", "X: 120.5", "Y: 300.0",
    /// "Xv: 250.0", "Yv: -12.5", "Prs: 0.42" ("–" for what is unknown). Velocity is in points
    /// per second: a finger down measures it up to `now` (a still finger reads 0), a lifted
    /// one keeps the velocity it lifted with.
    public func headerFields(at now: Time) -> [String] {
        let f = latest.flatMap { fingers[$0] }
        let v = f.map { $0.velocity.velocity(at: $0.isDown ? now : $0.lastEvent) }
        func number(_ x: Double?, decimals: Int = 1) -> String { x.map { OverlayNumber.fixed($0, decimals: decimals) } ?? "–" }
        return [
            "P: \(fingersDown)/\(mostFingersDown)", "X: " + number(f?.position.x), "Y: " + number(f?.position.y),
            "Xv: " + number(v?.x), "Yv: " + number(v?.y), "Prs: " + number(f?.pressure, decimals: 2),
        ]
    }

    /// Draws the overlay at `now` into the top layer of `list`: paths, crosshairs and dots in
    /// `theme.touches`, then the header.
    /// - Parameters:
    ///   - viewport: the size of the screen in points; crosshairs span all of it.
    ///   - top: the top safe-area inset. The header sits in the status-bar band just above it
    ///     when the band is tall enough, covering none of the editor and clear of the screen's
    ///     rounded corners; otherwise (landscape) at the top edge.
    public func draw(into list: inout DrawList, now: Time, viewport: Size, top: Double = 0, theme: Theme, header: Bool = true) {
        let color = theme.touches, m = theme.metrics.overlays
        list.inLayer(.topmost) { list in
            for id in order {
                guard let f = fingers[id] else { continue }
                let strength = f.isDown ? 1.0 : 0.4
                for (a, b) in zip(f.trail, f.trail.dropFirst()) {
                    list.add(.line(from: a, to: b, color.opacity(0.8 * strength), width: m.pointerTrailLine))
                }
                if f.isDown {
                    let p = f.position
                    list.add(.line(from: Point(x: 0, y: p.y), to: Point(x: viewport.width, y: p.y), color.opacity(0.55), width: m.pointerCrosshairLine))
                    list.add(.line(from: Point(x: p.x, y: 0), to: Point(x: p.x, y: viewport.height), color.opacity(0.55), width: m.pointerCrosshairLine))
                    list.add(.fillCircle(center: p, radius: m.pointerDot, color))
                } else {
                    list.add(.strokeCircle(center: f.position, radius: m.pointerDot, color.opacity(strength), width: m.pointerRingLine))
                }
            }
            if header { drawHeader(into: &list, now: now, width: viewport.width, top: top, theme: theme) }
        }
    }

    /// The height `drawPanel` takes: a title line and a line for two fields.
    public func panelHeight(now: Time, theme: Theme) -> Double {
        Double(1 + (headerFields(at: now).count + 1) / 2) * theme.captionFont.size * theme.metrics.overlays.arenaLineHeight
    }

    /// The header's fields in the lab panel at `origin`, two to a line, `width` wide; returns the
    /// height used.
    public func drawPanel(into list: inout DrawList, origin: Point, width: Double, now: Time, theme: Theme) -> Double {
        let font = theme.captionFont, m = theme.metrics.overlays, line = font.size * m.arenaLineHeight
        list.add(
            .text(
                TextRun(
                    "Pointer location", in: Rect(x: origin.x, y: origin.y, width: width, height: line), font: theme.clipFont, color: theme.textPrimary,
                    alignment: .leading)))
        let fields = headerFields(at: now)
        var y = origin.y + line
        for row in stride(from: 0, to: fields.count, by: 2) {
            for (i, field) in fields[row..<min(row + 2, fields.count)].enumerated() {
                let cell = Rect(x: origin.x + Double(i) * width / 2, y: y, width: width / 2, height: line)
                list.add(.text(TextRun(field, in: cell, font: font, color: theme.touches, alignment: .leading)))
            }
            y += line
        }
        return y - origin.y
    }

    private func drawHeader(into list: inout DrawList, now: Time, width: Double, top: Double, theme: Theme) {
        let font = theme.captionFont, m = theme.metrics.overlays
        let height = (font.size * m.pointerHeaderHeight).rounded()
        let bar = Rect(x: 0, y: top >= height ? top - height : 0, width: width, height: height)
        list.add(.fillRect(bar, Color.black.opacity(0.6), cornerRadius: 0))
        // Fixed cells, so that the fields stay put as their numbers change.
        let fields = headerFields(at: now)
        let inner = bar.insetBy(dx: font.size * m.pointerHeaderInset, dy: 0)
        let cell = inner.width / Double(fields.count)
        for (i, field) in fields.enumerated() {
            let frame = Rect(x: inner.x + Double(i) * cell, y: bar.y, width: cell, height: bar.height)
            list.add(.text(TextRun(field, in: frame, font: font, color: theme.touches, alignment: .leading)))
        }
    }
}

/// Numbers as the overlays print them: a fixed number of decimals, never "-0.0".
public enum OverlayNumber {
    /// `v` with `decimals` digits after the point ("–" when not finite).
    public static func fixed(_ v: Double, decimals: Int) -> String {
        guard v.isFinite else { return "–" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let units = Int64((abs(v) * Double(scale)).rounded())
        let sign = v < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(units) }
        let fraction = String(units % scale)
        return sign + String(units / scale) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
