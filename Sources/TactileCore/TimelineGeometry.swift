/// Maps timeline time to horizontal points and back. The playhead is fixed at `playheadX`;
/// the timeline scrolls under it, so the time under the playhead is the scroll position.
public struct TimelineGeometry: Hashable, Sendable {
    /// Zoom: points per second of timeline.
    public var pointsPerSecond: Double
    /// The time under the playhead.
    public var playhead: Time
    /// Where the playhead is drawn, in points.
    public var playheadX: Double

    public init(pointsPerSecond: Double, playhead: Time, playheadX: Double) {
        self.pointsPerSecond = pointsPerSecond; self.playhead = playhead; self.playheadX = playheadX
    }

    /// The x position of timeline time `t`.
    public func x(for t: Time) -> Double { playheadX + (t - playhead).seconds * pointsPerSecond }

    /// The width of a span of time.
    public func width(of span: Time) -> Double { span.seconds * pointsPerSecond }

    /// The timeline time at x position `x`.
    public func time(atX x: Double) -> Time { playhead + .seconds((x - playheadX) / pointsPerSecond) }

    /// The span of time visible between `minX` and `maxX`.
    public func visibleTimes(minX: Double, maxX: Double) -> ClosedRange<Time> { time(atX: minX)...time(atX: maxX) }
}

extension Track {
    /// The clips that overlap `range`, found by binary search (clips on a track are sorted and
    /// never overlap, so their ends are sorted too): the work grows with what is visible.
    public func clips(overlapping range: ClosedRange<Time>) -> ArraySlice<Clip> {
        var lo = 0, hi = clips.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if clips[mid].end <= range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < clips.count && clips[end].start <= range.upperBound { end += 1 }
        return clips[lo..<end]
    }
}
