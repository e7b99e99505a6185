import Foundation

/// Labels for time, as a phone editor shows them.
public enum TimeFormatting {
    /// The playback timecode "m:ss", always rounded **down**: a playhead at 4.99 s reads "0:04"
    /// until it crosses 5 s, as five seconds have not elapsed before then.
    public static func timecode(_ t: Time) -> String {
        let whole = max(0, t.ticks) / Time.ticksPerSecond
        let minutes = whole / 60, seconds = whole % 60
        if minutes >= 60 { return "\(minutes / 60):\(twoDigits(minutes % 60)):\(twoDigits(seconds))" }
        return "\(minutes):\(twoDigits(seconds))"
    }

    /// 0 … 99 as two digits ("04"); the player bar formats a timecode every frame, and
    /// `String(format:)` cost a tenth of a UI pass.
    private static func twoDigits(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }

    /// "0:04 / 0:24": the playhead and the project duration, both rounded down (or, with
    /// `nearest`, to the nearest second: 3.6 s shows as 0:04).
    public static func timecode(_ t: Time, of total: Time, nearest: Bool = false) -> String {
        guard nearest else { return "\(timecode(t)) / \(timecode(total))" }
        let half = Time(ticks: Time.ticksPerSecond / 2)
        return "\(timecode(t + half)) / \(timecode(total + half))"
    }

    /// A clip's duration: one fractional digit below 10 s ("4.2s"), whole seconds above ("13s"),
    /// each rounded to the nearest (a badge reads what a person would say the clip lasts).
    public static func clipDuration(_ t: Time) -> String {
        // To the nearest tenth (5.99 s reads "6.0s", not "5.9s"); from 10 s, the nearest second.
        let tenth = Time.ticksPerSecond / 10
        let tenths = (max(0, t.ticks) + tenth / 2) / tenth
        if tenths < 100 { return "\(tenths / 10).\(tenths % 10)s" }
        return "\((tenths + 5) / 10)s"
    }

    /// A timecode down to the frame, "m:ss f ff" written "0:10 f25" (frames counted at
    /// `framesPerSecond`, as many digits as the rate needs), rounded down: what an editor shows
    /// for the exact frame under a trim handle. Never "0:10:25", which reads as hours and minutes.
    public static func frameTimecode(_ t: Time, framesPerSecond: Int) -> String {
        let fps = Int64(max(1, framesPerSecond))
        let frames = max(0, t.ticks) * fps / Time.ticksPerSecond
        let whole = frames / fps
        let digits = String(fps - 1).count
        let frame = String(frames % fps)
        return "\(whole / 60):\(twoDigits(whole % 60)) f\(String(repeating: "0", count: max(0, max(2, digits) - frame.count)))\(frame)"
    }
}
