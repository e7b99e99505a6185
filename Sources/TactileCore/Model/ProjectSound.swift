import Foundation

/// The sound edits the timeline's controls make: a clip's level and fades, a track's mute and
/// ducking. Each returns a new project; the editor records it as one undo step.
extension Project {
    /// The project with clip `id`'s sound set to `sound`, its level kept in range and its fades
    /// kept within the clip (together no longer than it); nil when there is no such clip.
    public func settingSound(_ sound: ClipSound, ofClip id: String) -> Project? {
        guard let (clip, t) = clip(withID: id), let i = tracks[t].clips.firstIndex(where: { $0.id == id }) else { return nil }
        var s = sound
        s.decibels = min(ClipSound.maximumDecibels, max(ClipSound.minimumDecibels, s.decibels))
        s.fadeIn = min(max(.zero, s.fadeIn), clip.duration)
        s.fadeOut = min(max(.zero, s.fadeOut), clip.duration - s.fadeIn)
        var project = self
        project.tracks[t].clips[i].sound = s
        return project
    }

    /// The project with track `id` muted or heard; nil when there is no such track.
    public func settingTrack(_ id: String, muted: Bool) -> Project? {
        guard let t = tracks.firstIndex(where: { $0.id == id }) else { return nil }
        var project = self
        project.tracks[t].isMuted = muted
        return project
    }

    /// The project with track `id` ducking (or not) under other sound; nil when there is no such track.
    public func settingTrack(_ id: String, ducks: Bool) -> Project? {
        guard let t = tracks.firstIndex(where: { $0.id == id }) else { return nil }
        var project = self
        project.tracks[t].ducksUnderOtherSound = ducks
        return project
    }
}

extension ClipSound {
    /// Where a level sits on the timeline's level line, 0 (bottom: silent) … 1 (top: the
    /// maximum), on a fader's cube law: amplitude grows as the cube of the height, so the
    /// levels people use (−20 … +6 dB) take most of the clip's height and 0 dB sits at 0.63.
    public static func linePosition(decibels: Double) -> Double {
        guard decibels > minimumDecibels else { return 0 }
        let top = pow(pow(10, maximumDecibels / 20), 1.0 / 3)
        return min(1, max(0, pow(pow(10, decibels / 20), 1.0 / 3) / top))
    }

    /// The level at `position` (0 … 1) on the level line; the inverse of `linePosition`.
    public static func decibels(atLinePosition position: Double) -> Double {
        let top = pow(pow(10, maximumDecibels / 20), 1.0 / 3)
        let amplitude = pow(min(1, max(0, position)) * top, 3)
        guard amplitude > 0 else { return minimumDecibels }
        return min(maximumDecibels, max(minimumDecibels, 20 * log10(amplitude)))
    }
}
