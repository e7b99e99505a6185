/// How a project's sound is mixed: which clips sound when, from where in their sources, and
/// how loud at each instant. Playback and export both follow it, so they sound the same.
///
/// A clip is heard over its span widened by half of the transition at each of its ends (the
/// handles), with its level and fades (`ClipSound`), cross-fading linearly with its neighbour
/// under a transition. Muted tracks are not heard. Clips on a track that ducks are lowered
/// while a clip on another track sounds (the mixer eases between the levels).
public struct SoundMix: Sendable {
    /// One clip's sound.
    public struct Voice: Hashable, Sendable {
        public var clip: Clip
        /// Its file.
        public var media: String
        /// When it is heard on the timeline (its span with the transitions' halves).
        public var start: Time, end: Time
        /// Where in its source the sound is at `start` (it may be before the source's start, by
        /// up to half a transition: the sound begins there with silence).
        public var sourceAtStart: Time
        /// How fast its footage plays (`Clip.speed`): the mixer stretches its sound to it.
        public var speed: Double { clip.speed }
        /// It is lowered while a voice that does not duck sounds.
        public var ducks: Bool
        var transitionIn: Transition?
        var transitionOut: Transition?

        /// The factor on its samples at timeline time `t`: level, fades and transitions.
        public func gain(at t: Time) -> Double {
            guard t >= start, t < end else { return 0 }
            let offset = min(max(.zero, t - clip.start), clip.duration)
            var g = clip.sound.gain(at: offset, of: clip.duration)
            if let p = transitionIn?.progress(at: t, cut: clip.start) { g *= p }
            if let p = transitionOut?.progress(at: t, cut: clip.end) { g *= 1 - p }
            return g
        }
    }

    /// Every clip heard, in track order.
    public let voices: [Voice]

    /// The mix of `project`'s clips whose files `hasSound` says have sound.
    public init(project: Project, hasSound: (String) -> Bool) {
        var voices: [Voice] = []
        for track in project.tracks where !track.isMuted {
            for (i, clip) in track.clips.enumerated() {
                guard let media = clip.media, hasSound(media) else { continue }
                let next = i + 1 < track.clips.count && track.clips[i + 1].start == clip.end ? track.clips[i + 1].transitionIn : nil
                let before = clip.transitionIn?.half ?? .zero
                voices.append(
                    Voice(
                        clip: clip, media: media, start: clip.start - before, end: clip.end + (next?.half ?? .zero),
                        sourceAtStart: clip.sourceTime(at: clip.start - before), ducks: track.ducksUnderOtherSound,
                        transitionIn: clip.transitionIn, transitionOut: next))
            }
        }
        self.voices = voices
    }

    /// Whether a voice on a track that does not duck is heard at `t` (then ducking voices are
    /// lowered); `among`: only these voices are looked at (those heard in a block, say).
    public func duckingSoundPlays(at t: Time, among candidates: [Voice]? = nil) -> Bool {
        (candidates ?? voices).contains { !$0.ducks && $0.gain(at: t) > 0 }
    }

    /// The voices heard at some time from `start` to before `end`.
    public func voices(from start: Time, to end: Time) -> [Voice] { voices.filter { $0.start < end && $0.end > start } }
}
