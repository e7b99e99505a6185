/// A clip's speed: how timeline time maps onto its footage. At speed 2 a second of the
/// timeline plays two seconds of footage, so the clip lasts half as long as the footage it
/// uses; at 0.5 twice as long. Speed 1 maps tick for tick (no rounding at all).
extension Clip {
    /// The speeds a clip may have.
    public static let speedRange: ClosedRange<Double> = 0.25...4

    /// The speed in hundredths, as the editor and the project file keep it (2 decimal places:
    /// 1.37×), within `speedRange`.
    public static func roundedSpeed(_ speed: Double) -> Double {
        guard speed.isFinite else { return 1 }
        return (min(max(speed, speedRange.lowerBound), speedRange.upperBound) * 100).rounded() / 100
    }

    /// The footage that `span` of timeline plays (rounded down to a tick: a clip never reads
    /// past the footage a limit allowed it).
    public func footageSpan(ofTimeline span: Time) -> Time {
        speed == 1 ? span : Time(ticks: Int64((Double(span.ticks) * speed).rounded(.down)))
    }

    /// The timeline span that `footage` plays in (rounded down to a tick: a limit made of it, a
    /// trim to the source's end say, never lets the clip reach past the footage).
    public func timelineSpan(ofFootage footage: Time) -> Time {
        speed == 1 ? footage : Time(ticks: Int64((Double(footage.ticks) / speed).rounded(.down)))
    }

    /// Where in its source the clip is at timeline instant `t`.
    public func sourceTime(at t: Time) -> Time { sourceStart + footageSpan(ofTimeline: t - start) }

    /// How much of its footage the clip plays, from `sourceStart`.
    public var footageUsed: Time { footageSpan(ofTimeline: duration) }

    /// Where on the timeline the source's first frame would play (before `start` by the
    /// footage before `sourceStart`, at the clip's speed).
    public var footageOrigin: Time { start - timelineSpan(ofFootage: sourceStart) }

    /// Where on the timeline its footage would end (nil when unlimited).
    public var footageEnd: Time? { sourceDuration.map { start + timelineSpan(ofFootage: $0 - sourceStart) } }
}
