import TactileCore

/// Variable-speed scrubbing on a bar, as iOS's media scrubber does it: the thumb follows the
/// finger's horizontal movement at a speed that falls as the finger moves away from the bar
/// vertically (by default 1 at 0 pt, ½ at 50 pt, ¼ at 100 pt, ⅒ at 150 pt), and converges back
/// under the finger as the finger returns towards the bar. Pure: positions in, events out.
public struct FineScrubber: Sendable, Hashable {
    /// What a move did that the user should hear or see.
    public enum Event: Sendable, Hashable {
        /// The speed changed (the label and a cue follow).
        case speedChanged(Double)
        /// The thumb reached the start or the end of the bar.
        case reachedStart, reachedEnd
    }

    /// The thumb's position along the bar, in points from its left end.
    public private(set) var value: Double
    /// The bar's length in points, and its left end on screen.
    public let length: Double, barX: Double
    /// The bar's vertical centre, in points.
    public let barY: Double
    /// Distances from the bar (ascending) where the speed changes, and the speed from each on.
    public let distances: [Double], speeds: [Double]
    /// The current speed.
    public private(set) var speed: Double
    /// Whether the speed has changed during this drag (the label shows from then on).
    public private(set) var hasChangedSpeed = false
    private var last: Point
    private var atEnd: Int = 0 // -1 at the start, 1 at the end, 0 between

    /// Starts a drag with the thumb at `value` and the finger at `finger`.
    public init(value: Double, length: Double, barX: Double, barY: Double, finger: Point, distances: [Double], speeds: [Double]) {
        self.length = max(1, length)
        self.value = min(max(0, value), self.length)
        self.barX = barX; self.barY = barY
        let n = min(distances.count, speeds.count)
        self.distances = Array(distances.prefix(n)); self.speeds = Array(speeds.prefix(n))
        last = finger
        speed = 1
        speed = speedAt(distance: abs(finger.y - barY))
        atEnd = self.value <= 0 ? -1 : (self.value >= self.length ? 1 : 0)
    }

    /// The speed for a finger `distance` points from the bar.
    public func speedAt(distance: Double) -> Double {
        var s = speeds.first ?? 1
        for (d, v) in zip(distances, speeds) where distance >= d { s = v }
        return s
    }

    /// Moves the finger to `finger`; returns what happened.
    public mutating func move(to finger: Point) -> [Event] {
        var events: [Event] = []
        let before = abs(last.y - barY), now = abs(finger.y - barY)
        let newSpeed = speedAt(distance: now)
        if newSpeed != speed {
            speed = newSpeed
            hasChangedSpeed = true
            events.append(.speedChanged(newSpeed))
        }
        value += (finger.x - last.x) * speed
        if now < before && before > 0 {
            // Returning towards the bar: close the gap to the finger in proportion, so the thumb
            // is under the finger when the finger is back on the bar.
            value += (finger.x - barX - value) * ((before - now) / before)
        }
        value = min(max(0, value), length)
        let end = value <= 0 ? -1 : (value >= length ? 1 : 0)
        if end != atEnd && end != 0 { events.append(end < 0 ? .reachedStart : .reachedEnd) }
        atEnd = end
        last = finger
        return events
    }

    /// The label shown for a speed once it has changed: "Hi-Speed Scrubbing" at full speed,
    /// "Half-Speed Scrubbing", "Quarter-Speed Scrubbing", "Fine Scrubbing" below that.
    public static func label(for speed: Double) -> String {
        if speed >= 0.99 { return "Hi-Speed Scrubbing" }
        if speed >= 0.49 { return "Half-Speed Scrubbing" }
        if speed >= 0.24 { return "Quarter-Speed Scrubbing" }
        return "Fine Scrubbing"
    }
}
