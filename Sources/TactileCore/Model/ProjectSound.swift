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
    /// The level at the fader law's knee, and how high on the line it sits: above it the line
    /// runs evenly in decibels to the maximum (the range people use, −24 … +12 dB, takes the top
    /// 85 % of the line), below it evenly down to silence. −24 dB, 0.15.
    public static let kneeDecibels = -24.0, kneePosition = 0.15

    /// Where a level sits on the timeline's level line, 0 (bottom: silent) … 1 (top: the maximum),
    /// on a mixing desk's fader law (linear in decibels, with a knee): 0 dB sits at 0.72, a
    /// decibel is the same height anywhere in the range people use.
    public static func linePosition(decibels: Double) -> Double {
        guard decibels > minimumDecibels else { return 0 }
        let db = min(maximumDecibels, decibels)
        if db >= kneeDecibels { return kneePosition + (1 - kneePosition) * (db - kneeDecibels) / (maximumDecibels - kneeDecibels) }
        return kneePosition * (db - minimumDecibels) / (kneeDecibels - minimumDecibels)
    }

    /// The level at `position` (0 … 1) on the level line; the inverse of `linePosition`.
    public static func decibels(atLinePosition position: Double) -> Double {
        let p = min(1, max(0, position.isFinite ? position : 0))
        if p >= kneePosition { return kneeDecibels + (p - kneePosition) / (1 - kneePosition) * (maximumDecibels - kneeDecibels) }
        return minimumDecibels + p / kneePosition * (kneeDecibels - minimumDecibels)
    }
}

extension Project {
    /// The project with video clip `id`'s sound detached (CapCut's "extract audio"): a sound clip
    /// of the same file, span, footage, speed, level and fades on a sound track (the first with
    /// room, else a new one at the bottom), titled `title`, and the video clip itself silent
    /// (−∞ dB, its fades kept). Returns the new clip's id; throws when `id` is no video clip with
    /// a file.
    public func detachingSound(ofClip id: String, title: String) throws -> (Project, String) {
        guard let (clip, t) = clip(withID: id), let i = tracks[t].clips.firstIndex(where: { $0.id == id }) else { throw EditError.noSuchClip(id) }
        guard clip.kind == .video, clip.media != nil else { throw EditError.noSoundToDetach(clip.title) }
        var project = self
        let newID = unusedID(prefix: "audio")
        var sound = clip
        sound.id = newID
        sound.kind = .audio
        sound.title = title
        sound.transitionIn = nil
        sound.transform = nil
        sound.fit = .fit
        project.tracks[t].clips[i].sound.decibels = ClipSound.minimumDecibels
        let fits = { (track: Track) in track.kind == .audio && !track.clips.contains { $0.start < sound.end && sound.start < $0.end } }
        if let a = project.tracks.firstIndex(where: fits) {
            project.tracks[a].clips.append(sound)
            project.tracks[a].clips.sort { $0.start < $1.start }
        } else {
            project.tracks.append(Track(id: project.unusedID(prefix: "track"), kind: .audio, clips: [sound]))
        }
        return (project, newID)
    }
}
