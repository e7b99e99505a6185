import TactileCore

/// An estimate of the time from a present returning until its picture is lit on the panel, as
/// far as software can tell without a light sensor: the wait to the next vertical blank, plus
/// half a refresh for the scan-out to reach the middle of the screen (the average pixel). With
/// vsync the present returns at the blank its picture waited for, so the blank is now and the
/// estimate is half a refresh; without, the picture waits for a blank at an unknown phase: half a
/// refresh on average, then half a refresh of scan-out. What a photodiode measures
/// (`overlays.photon`) checks it.
public struct ScanOutEstimate: Sendable, Hashable {
    /// The display's refresh interval.
    public var interval: Time

    /// An estimate for a display of `refreshRate` Hz (at least 1).
    public init(refreshRate: Double) {
        interval = .seconds(1 / max(1, refreshRate))
    }

    /// The estimate for a present made with vsync on or off.
    public func afterPresent(vsync: Bool) -> Time {
        let half = Time(ticks: interval.ticks / 2)
        return vsync ? half : half + half
    }
}
