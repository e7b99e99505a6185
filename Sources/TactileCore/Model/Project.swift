/// What a track holds. Clips of a compatible kind only (see `TrackKind.accepts`).
public enum TrackKind: String, Codable, Sendable, CaseIterable {
    case video, overlay, audio

    /// Whether a clip of `kind` may live on a track of this kind.
    public func accepts(_ kind: ClipKind) -> Bool {
        switch self {
        case .video: return kind == .video || kind == .image
        case .overlay: return kind != .audio
        case .audio: return kind == .audio
        }
    }
}

/// What a clip shows or plays.
public enum ClipKind: String, Codable, Sendable, CaseIterable {
    case video, audio, image, text, sticker

    /// Whether the clip's footage has a finite length (video, audio) rather than extending
    /// without limit (image, text, sticker).
    public var hasFiniteSource: Bool { self == .video || self == .audio }
}

/// A clip on a track: a span of the timeline showing a span of its source.
public struct Clip: Hashable, Sendable, Identifiable {
    public var id: String
    public var kind: ClipKind
    /// Path to the media file, nil for generated clips (text, stickers).
    public var media: String?
    public var title: String
    /// Where the clip begins on the timeline.
    public var start: Time
    /// How long the clip lasts on the timeline.
    public var duration: Time
    /// Where in its source the clip begins.
    public var sourceStart: Time
    /// How long the whole source is, nil when unlimited (image, text, sticker).
    public var sourceDuration: Time?
    /// Where it sits on the picture when it is an overlay; nil: its kind's usual place
    /// (`OverlayTransform.placement(for:)`).
    public var transform: OverlayTransform?
    /// A sticker's shape; nil on other clips (and on stickers from before the picker: a star).
    public var sticker: StickerShape?
    /// A text's look; nil on other clips (and on texts left as they came: `TextStyle.standard`).
    public var textStyle: TextStyle?
    /// The transition at the cut before this clip (the previous clip on its track ends where
    /// this one starts); nil: a hard cut.
    public var transitionIn: Transition?
    /// How loud its sound plays (video and audio clips).
    public var sound: ClipSound
    /// How fast its footage plays (video and audio clips; 1 for the others), within
    /// `Clip.speedRange`: the clip lasts `footageUsed / speed` on the timeline (see ClipSpeed).
    public var speed: Double
    /// How its picture fills a composition of another shape (clips on video tracks).
    public var fit: PictureFit

    public init(
        id: String, kind: ClipKind, media: String? = nil, title: String, start: Time, duration: Time,
        sourceStart: Time = .zero, sourceDuration: Time? = nil, transform: OverlayTransform? = nil, sticker: StickerShape? = nil,
        textStyle: TextStyle? = nil, transitionIn: Transition? = nil, sound: ClipSound = .standard, speed: Double = 1, fit: PictureFit = .fit
    ) {
        self.id = id; self.kind = kind; self.media = media; self.title = title
        self.start = start; self.duration = duration; self.sourceStart = sourceStart; self.sourceDuration = sourceDuration
        self.transform = transform; self.sticker = sticker; self.textStyle = textStyle
        self.transitionIn = transitionIn; self.sound = sound; self.speed = speed; self.fit = fit
    }

    /// The look a text clip shows.
    public var style: TextStyle { textStyle ?? .standard }

    /// The shape a sticker clip shows.
    public var stickerShape: StickerShape { sticker ?? .star }

    /// Where the clip sits as an overlay: its transform, or its kind's usual place.
    public var placement: OverlayTransform { transform ?? OverlayTransform.placement(for: kind) }

    /// Where the clip ends on the timeline.
    public var end: Time { start + duration }

    /// Whether the timeline instant `t` falls inside the clip (start inclusive, end exclusive).
    public func contains(_ t: Time) -> Bool { t >= start && t < end }
}

/// A horizontal lane of clips that never overlap.
public struct Track: Hashable, Sendable, Identifiable {
    public var id: String
    public var kind: TrackKind
    /// Clips in ascending start order.
    public var clips: [Clip]
    /// Its sound is not heard (in playback and export).
    public var isMuted: Bool
    /// Its sound (music) is lowered while another track's sound plays (ducking).
    public var ducksUnderOtherSound: Bool

    public init(id: String, kind: TrackKind, clips: [Clip] = [], isMuted: Bool = false, ducksUnderOtherSound: Bool = false) {
        self.id = id; self.kind = kind; self.clips = clips.sorted { $0.start < $1.start }
        self.isMuted = isMuted; self.ducksUnderOtherSound = ducksUnderOtherSound
    }

    /// The clip that plays at `t`, if any.
    public func clip(at t: Time) -> Clip? { clips.first { $0.contains(t) } }
}

/// A video project: named tracks of clips in a composition format. Value type; edits make new values.
public struct Project: Hashable, Sendable {
    /// The version of the project file format this code writes (it reads 1 to 3 as well: see `ProjectFile`).
    public static let formatVersion = 4

    public var name: String
    public var tracks: [Track]
    /// The composition's aspect and render size (9:16 at 1080×1920 for a new project).
    public var format: CompositionFormat

    public init(name: String, format: CompositionFormat = .default, tracks: [Track]) {
        self.name = name; self.tracks = tracks; self.format = format
    }

    /// The end of the last clip on any track. Clips on a track are sorted and never overlap,
    /// so only each track's last clip is looked at: O(tracks), not O(clips).
    public var duration: Time { tracks.compactMap { $0.clips.last?.end }.max() ?? .zero }

    /// Every clip of the project, track by track.
    public var allClips: [Clip] { tracks.flatMap(\.clips) }

    /// The clip with `id`, and the index of its track.
    public func clip(withID id: String) -> (clip: Clip, trackIndex: Int)? {
        for (i, track) in tracks.enumerated() {
            if let c = track.clips.first(where: { $0.id == id }) { return (c, i) }
        }
        return nil
    }

    /// How far each edge of clip `id` can be trimmed outwards before it meets its neighbour on
    /// the track, the start of the timeline, or the end of its footage (`trailing` nil: without
    /// limit). Nil when there is no such clip.
    public func growRoom(ofClip id: String) -> (leading: Time, trailing: Time?)? {
        guard let (clip, index) = clip(withID: id) else { return nil }
        let others = tracks[index].clips.filter { $0.id != id }
        let previousEnd = others.last { $0.end <= clip.start }?.end ?? .zero
        let footageStart: Time = clip.kind.hasFiniteSource ? clip.footageOrigin : .zero
        let leading = clip.start - max(previousEnd, footageStart)
        let nextStart = others.first { $0.start >= clip.end }?.start
        let footageEnd = clip.footageEnd
        let trailing = [nextStart, footageEnd].compactMap { $0 }.min().map { max(.zero, $0 - clip.end) }
        return (max(.zero, leading), trailing)
    }
}
