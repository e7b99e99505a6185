/// What a media file holds, as far as the editor needs to know.
public struct MediaInfo: Hashable, Sendable {
    /// How long the media plays; nil for a still picture (unlimited).
    public var duration: Time?
    /// The upright picture size in pixels, nil for audio alone.
    public var pictureWidth: Int?, pictureHeight: Int?
    /// The time between frames, nil for audio alone and stills.
    public var frameDuration: Time?
    /// Whether it has sound.
    public var hasAudio: Bool

    public init(duration: Time?, pictureWidth: Int? = nil, pictureHeight: Int? = nil, frameDuration: Time? = nil, hasAudio: Bool = false) {
        self.duration = duration; self.pictureWidth = pictureWidth; self.pictureHeight = pictureHeight
        self.frameDuration = frameDuration; self.hasAudio = hasAudio
    }

    /// Whether it has pictures.
    public var hasVideo: Bool { pictureWidth != nil }
    /// Whether it is one picture with no length of its own.
    public var isStill: Bool { hasVideo && duration == nil }
}

/// How far a media file has come.
public enum MediaStatus: Hashable, Sendable {
    /// Being opened.
    case loading
    /// Opened; decoding works.
    case ready(MediaInfo)
    /// Missing or unusable, with the reason in a sentence.
    case offline(String)

    /// The info, when ready.
    public var info: MediaInfo? { if case let .ready(info) = self { return info } else { return nil } }
}

/// A decoded picture the editor can draw.
public struct MediaPicture: Hashable, Sendable {
    public var handle: ImageHandle
    public var width: Int, height: Int
    /// The source time of the frame shown (its display interval contains the time asked for
    /// when `isExact`).
    public var time: Time
    /// Whether this is the exact frame asked for, or a stand-in (a nearby keyframe, the last
    /// frame shown) while the exact one is decoded.
    public var isExact: Bool

    public init(handle: ImageHandle, width: Int, height: Int, time: Time, isExact: Bool) {
        self.handle = handle; self.width = width; self.height = height; self.time = time; self.isExact = isExact
    }
}

/// Who asks for a frame. Each lane has its own decoder per file, so the playhead's frame and the
/// trim preview never take turns seeking one decoder.
public enum FrameLane: Int, Hashable, Sendable, CaseIterable {
    /// The canvas: the frame at the playhead.
    case canvas
    /// The scrub overlay preview while trimming.
    case preview
}

/// The loudness envelope of a file's sound: peak magnitude (0 … 1) per bucket.
public struct Waveform: Hashable, Sendable {
    /// Buckets per second.
    public var bucketsPerSecond: Int
    public var peaks: [Float]
    /// The loudest peak of all (drawings scale to it, so quiet recordings still show a shape).
    public let loudest: Float

    public init(bucketsPerSecond: Int, peaks: [Float]) {
        self.bucketsPerSecond = bucketsPerSecond; self.peaks = peaks
        loudest = peaks.max() ?? 0
    }

    /// The loudest peak from `start` to `end` (source time), 0 outside the sound.
    public func peak(from start: Time, to end: Time) -> Float {
        let a = max(0, Int(start.seconds * Double(bucketsPerSecond)))
        let b = min(peaks.count, max(a + 1, Int((end.seconds * Double(bucketsPerSecond)).rounded(.up))))
        guard a < b else { return 0 }
        var m: Float = 0
        for i in a..<b where peaks[i] > m { m = peaks[i] }
        return m
    }
}

/// The editor's window onto media. Every call returns at once with what is there now and asks
/// for what is missing: pictures arrive between frames (the host runs another frame when
/// `generation` changes). A synchronous source (headless, replays) answers exactly on the spot,
/// so traces replay frame for frame the same.
public protocol MediaSource: ImageStore {
    /// The file's status: loading, ready with its info, or offline with the reason.
    func status(of path: String) -> MediaStatus
    /// The frame shown at source time `time`: the exact one when decoded, otherwise a stand-in
    /// (nil when there is nothing yet). Latest request per lane and file wins.
    func frame(of path: String, at time: Time, lane: FrameLane) -> MediaPicture?
    /// A filmstrip thumbnail at source time `time`, `height` pixels tall; a keyframe's picture may
    /// stand in until the exact one is ready.
    func thumbnail(of path: String, at time: Time, height: Int) -> MediaPicture?
    /// The sound's peaks, once computed (nil while computing, or without sound).
    func waveform(of path: String) -> Waveform?
    /// Starts a frame at `now`: the source learns which thumbnails the screen needs now
    /// (requests for others are dropped) and how long a finger has stayed on one frame.
    func beginFrame(at now: Time)
    /// Counts results that arrived: when it changes, the screen is stale.
    var generation: Int { get }
    /// Problems met since the last call (a file offline, a decode failing), each a sentence a
    /// person can act on.
    func takeProblems() -> [String]
}

/// No media at all: every file is offline. The editor's default, for tests of pure editing.
public final class NoMediaSource: MediaSource {
    public init() {}
    public func status(of path: String) -> MediaStatus { .offline("Media are not loaded in this session.") }
    public func frame(of path: String, at time: Time, lane: FrameLane) -> MediaPicture? { nil }
    public func thumbnail(of path: String, at time: Time, height: Int) -> MediaPicture? { nil }
    public func waveform(of path: String) -> Waveform? { nil }
    public func image(for handle: ImageHandle) -> RGBAImage? { nil }
    public func beginFrame(at now: Time) {}
    public var generation: Int { 0 }
    public func takeProblems() -> [String] { [] }
}
