import Foundation

/// How loud a clip's sound plays: its level, and fades in and out at its ends. Mixed the same
/// way in playback and in export.
public struct ClipSound: Hashable, Sendable {
    /// Level in decibels against the source (0: as recorded). The level line in the timeline
    /// drags it between `minimumDecibels` and `maximumDecibels`.
    public var decibels: Double
    /// How long the sound rises from silence at the clip's start.
    public var fadeIn: Time
    /// How long the sound falls to silence at the clip's end.
    public var fadeOut: Time

    /// The quietest level a clip can be set to; at it the clip is silent.
    public static let minimumDecibels = -60.0
    /// The loudest level: four times the source's amplitude.
    public static let maximumDecibels = 12.0
    /// As recorded, no fades.
    public static let standard = ClipSound()

    public init(decibels: Double = 0, fadeIn: Time = .zero, fadeOut: Time = .zero) {
        self.decibels = decibels
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
    }

    /// The level as a factor on the samples (0 at the minimum: silent).
    public var gain: Double {
        decibels <= Self.minimumDecibels ? 0 : pow(10, decibels / 20)
    }

    /// The factor on the samples at `offset` into a clip lasting `duration`: the level times
    /// the fades (linear in amplitude).
    public func gain(at offset: Time, of duration: Time) -> Double {
        var g = gain
        if fadeIn.ticks > 0, offset < fadeIn { g *= max(0, Double(offset.ticks) / Double(fadeIn.ticks)) }
        let left = duration - offset
        if fadeOut.ticks > 0, left < fadeOut { g *= max(0, Double(left.ticks) / Double(fadeOut.ticks)) }
        return g
    }

    /// What is wrong with these values as a file's fields (`field`, message), or nil.
    public static func problem(decibels: Double, fadeIn: Time, fadeOut: Time, clipDuration: Time) -> (field: String, message: String)? {
        guard decibels.isFinite, (minimumDecibels...maximumDecibels).contains(decibels) else {
            return ("decibels", "must be between \(Int(minimumDecibels)) and \(Int(maximumDecibels)) dB (found \(decibels))")
        }
        if fadeIn > clipDuration { return ("fadeIn", "is longer than the clip (\(fadeIn.seconds)s of \(clipDuration.seconds)s)") }
        if fadeOut > clipDuration { return ("fadeOut", "is longer than the clip (\(fadeOut.seconds)s of \(clipDuration.seconds)s)") }
        if fadeIn + fadeOut > clipDuration {
            return ("fadeOut", "overlaps the fade in: together they last \((fadeIn + fadeOut).seconds)s of the clip's \(clipDuration.seconds)s")
        }
        return nil
    }
}
