/// Maps timeline time to horizontal points and back. The playhead is fixed at `playheadX`;
/// the timeline scrolls under it, so the time under the playhead is the scroll position.
public struct TimelineGeometry: Hashable, Sendable {
    /// Zoom: points per second of timeline.
    public var pointsPerSecond: Double
    /// The time under the playhead.
    public var playhead: Time
    /// Where the playhead is drawn, in points.
    public var playheadX: Double
    /// How much the content is stretched away from the playhead (1: not at all), when an
    /// overscroll is drawn as a stretch (`ScrollPhysics.overscroll`).
    public var stretch: Double = 1

    public init(pointsPerSecond: Double, playhead: Time, playheadX: Double) {
        self.pointsPerSecond = pointsPerSecond; self.playhead = playhead; self.playheadX = playheadX
    }

    /// The geometry of a timeline `duration` long whose scroll position is `playhead`, drawn
    /// with `overscroll` ("bounce": an overscrolled playhead moves the content past its end;
    /// "stretch": the end stays under the playhead and the content stretches away from it by the
    /// overscroll's share of `width`).
    public init(pointsPerSecond: Double, playhead: Time, playheadX: Double, duration: Time, overscroll: ScrollPhysics.Overscroll, width: Double) {
        self.init(pointsPerSecond: pointsPerSecond, playhead: playhead, playheadX: playheadX)
        guard overscroll == .stretch, playhead < .zero || playhead > duration else { return }
        let end = playhead < .zero ? Time.zero : duration
        self.playhead = end
        stretch = 1 + abs((playhead - end).seconds) * pointsPerSecond / max(1, width)
    }

    /// The x position of timeline time `t`.
    public func x(for t: Time) -> Double { playheadX + (t - playhead).seconds * pointsPerSecond * stretch }

    /// The width of a span of time.
    public func width(of span: Time) -> Double { span.seconds * pointsPerSecond * stretch }

    /// The timeline time at x position `x`.
    public func time(atX x: Double) -> Time { playhead + .seconds((x - playheadX) / (pointsPerSecond * stretch)) }

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
