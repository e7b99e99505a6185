extension TactileConfiguration {
    /// Decoding, caches, filmstrips, waveforms and scrubbing.
    public var media: Media {
        get { self[section: Media.self] }
        set { self[section: Media.self] = newValue }
    }

    public struct Media: ConfigurationSection {
        public static let key = "media"
        /// Memory for media, in megabytes: decoded pictures (canvas frames, filmstrip thumbnails;
        /// the least recently used go first) plus the open decoders' working memory. Default 256 MB.
        public var cacheBudgetMegabytes: Double = 256
        /// Exported videos (`replay --video`, `tactile videos`): frames H.264's rate control looks
        /// ahead. More make smaller files and hold more memory (each about six pictures' worth:
        /// 8 MB at scale 2); 0 turns its macroblock tree off. Default 3.
        public var exportLookahead: Int = 3
        /// Exported videos: B-frames between reference frames (each held in memory too). Default 0.
        public var exportBFrames: Int = 0
        /// Threads each video decoder may use; 0: one per core (each holds frames of its own, so
        /// fewer use less memory; a video export uses 1). Default 0.
        public var decodeThreads: Int = 0
        /// Longest side of the frames decoded for the canvas and the trim preview, in pixels.
        /// Default 960 px (the canvas at 2× is about 720 px wide).
        public var canvasPictureSize: Int = 960
        /// Height of filmstrip thumbnails, in pixels. Default 96 px (a 48 pt track at 2×).
        public var thumbnailPixelHeight: Int = 96
        /// Height of the poster pictures in the media browser, in pixels. Default 192 px (a 96 pt tile at 2×).
        public var posterPixelHeight: Int = 192
        /// Waveform resolution: peaks per second of sound. Default 100.
        public var waveformBucketsPerSecond: Int = 100
        /// Scrubbing bar: vertical distances from the bar (points) where the speed drops, and the
        /// speeds. Defaults 0, 50, 100, 150 pt → 1, 0.5, 0.25, 0.1 (as iOS's media scrubber).
        public var fineScrubDistances: [Double] = [0, 50, 100, 150]
        public var fineScrubSpeeds: [Double] = [1, 0.5, 0.25, 0.1]
        /// Sample rate of playback audio. Default 48,000 Hz.
        public var playbackSampleRate: Int = 48_000
        /// Audio buffered ahead while playing, in seconds. Default 0.1 s.
        public var playbackAudioLead: Double = 0.1
        /// Decoders kept open at once across all files (canvas, trim preview, filmstrips); the least
        /// recently used closes first. Each 1080p H.264 decoder holds tens of megabytes. Default 4.
        public var openDecoderLimit: Int = 4
        /// Make an all-keyframe proxy of every long-GOP video in the background (into the cache
        /// folder), so scrubbing decodes one small frame per request. Default true.
        public var makeProxies: Bool = true
        /// Longest side of proxy frames, in pixels. Default 720 px (the canvas at 2×).
        public var proxyPictureSize: Int = 720
        /// JPEG quantiser of proxy frames, 2 (best, biggest) to 31. Default 4.
        public var proxyQuality: Int = 4
        /// Disk space proxies may take, in megabytes; the least recently used are deleted first.
        /// Default 4,096 MB.
        public var proxyBudgetMegabytes: Double = 4096
        /// Length of a proxy segment, in seconds of footage: segments are made where the user
        /// looks first and used as soon as each is written. Default 1 s.
        public var proxySegmentSeconds: Double = 1
        /// Threads making proxy segments, at idle priority (they only use cores nothing else
        /// wants). 0: one per core. Default 0.
        public var proxyMakers: Int = 0
        /// Footage either side of the playhead and the trim edge made before the filmstrip and the
        /// rest, in seconds. Default 4 s.
        public var proxyAroundSeconds: Double = 4
        /// How far ahead a proxy maker decodes on to what is wanted next rather than seek to it,
        /// in seconds. Default 2 s.
        public var proxyReachSeconds: Double = 2
        /// How near before the frame the user looks at a proxy maker starts writing: farther
        /// away, and while that frame is not made, it decodes towards it without writing (a
        /// written frame costs several decoded ones), unless the finger moves back (it will want
        /// those frames next). In frames; default 8.
        public var proxySprintFrames: Int = 8
        /// Frames after which a playhead or trim edge nobody looks at any more stops steering the
        /// proxy makers. Default 30 (half a second at 60 Hz).
        public var proxyInterestFrames: Int = 30
        /// While a finger scrubs where no proxy is yet, decode at reduced cost (no loop filter,
        /// B-frames skipped, fast scaling) and mark the picture as not exact; the
        /// exact frame follows when the finger rests. Default true.
        public var quickScrubDecode: Bool = true
        /// Frames the exact decoder decodes on to a scrub's frame rather than show a quick
        /// picture (forward steps and playback stay exact). Default 4.
        public var quickScrubCheapFrames: Int = 4
        /// Longest side of quick scrub pictures, in pixels (every frame a quick decode passes is
        /// kept at this size, so a finger going back finds it). Default 480 px.
        public var quickPictureSize: Int = 480
        /// How many frames before the finger's a kept picture may be and still show while the
        /// finger moves (B-frames are skipped by quick decoding); far from the frame asked for, a
        /// quick decode keeps one picture in this many frames. Default 6.
        public var quickScrubNearestFrames: Int = 6
        /// A quick decode keeps every picture it passes this near before the frame asked for (a
        /// finger resting or turning back there finds each). In frames; default 45.
        public var quickKeepAllFrames: Int = 45
        /// While a quick decode catches up with the finger, the picture shown follows it at
        /// least this often. In milliseconds; default 12 (under a frame at 60 Hz).
        public var quickShowEveryMilliseconds: Double = 12
        /// How far before the finger's frame the cache looks for a kept picture to show while
        /// that frame is decoded (the nearest one shows; past this, what the lane showed last).
        /// In frames; default 300 (a long keyframe interval of 10 s at 30 fps).
        public var scrubStandInFrames: Int = 300
        /// While a finger scrubs backwards no further than this past a keyframe, and the decoder
        /// has nothing asked of it, the keyframe interval before is decoded quickly ahead of the
        /// finger, so crossing the keyframe backwards shows near pictures at once. In frames;
        /// 0 turns it off. Default 150 (5 s at 30 fps).
        public var lookBehindFrames: Int = 150
        /// How long the finger stays on one frame before it rests: then the exact frame is
        /// decoded, before it quick pictures show. A redraw sooner than this (the cache waking
        /// the window with a picture) does not count as a rest. In milliseconds; default 12
        /// (less than a frame at 60 Hz).
        public var scrubRestMilliseconds: Double = 12
        /// How far a track that ducks (music) is lowered while another track's sound plays, in
        /// decibels. Default −12 dB.
        public var duckDecibels: Double = -12
        /// How long the ducked level takes to ease down or back up, in seconds. Default 0.25 s.
        public var duckRampSeconds: Double = 0.25
        /// When the finger rests where a proxy maker is about to write the frame, the canvas
        /// waits for its segment; if the maker makes no progress for this long, in milliseconds,
        /// the file is decoded instead. Default 40 ms.
        public var proxyWaitStallMilliseconds: Double = 40
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if fineScrubDistances.isEmpty || fineScrubDistances.count != fineScrubSpeeds.count || fineScrubDistances.count > 16 {
                out.append(.init(key: "media.fineScrubSpeeds", "needs one speed for each of media.fineScrubDistances (at least one, at most 16)"))
            }
            if fineScrubDistances != fineScrubDistances.sorted() { out.append(.init(key: "media.fineScrubDistances", "must rise from first to last")) }
            return out
        }
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "cacheBudgetMegabytes": .init(16, 1_000_000, unit: "MB"),
            "decodeThreads": .init(0, 64),
            "exportLookahead": .init(0, 250),
            "exportBFrames": .init(0, 16),
            "canvasPictureSize": .init(16, 8192, unit: "px"),
            "thumbnailPixelHeight": .init(8, 2048, unit: "px"),
            "posterPixelHeight": .init(8, 4096, unit: "px"),
            "waveformBucketsPerSecond": .init(1, 2000),
            "fineScrubDistances[]": .points(0, 4096),
            "fineScrubSpeeds[]": .init(0, 1, excludingLower: true),
            "playbackSampleRate": .init(8000, 192_000, unit: "Hz"),
            "playbackAudioLead": .seconds(0.01, 5),
            "openDecoderLimit": .init(1, 64),
            "proxyPictureSize": .init(16, 8192, unit: "px"),
            "proxyQuality": .init(2, 31),
            "proxyBudgetMegabytes": .init(0, 100_000_000, unit: "MB"),
            "proxySegmentSeconds": .init(0.1, 60, unit: "s"),
            "proxyMakers": .init(0, 64),
            "proxyAroundSeconds": .init(0, 600, unit: "s"),
            "proxyReachSeconds": .init(0, 60, unit: "s"),
            "proxySprintFrames": .init(0, 10_000, unit: "frames"),
            "proxyInterestFrames": .init(1, 100_000),
            "quickScrubCheapFrames": .init(0, 10_000),
            "proxyWaitStallMilliseconds": .init(0, 10_000, unit: "ms"),
            "scrubRestMilliseconds": .init(0, 10_000, unit: "ms"),
            "duckDecibels": .init(-60, 0, unit: "dB"),
            "duckRampSeconds": .init(0, 10, unit: "s"),
            "quickPictureSize": .init(16, 8192, unit: "px"),
            "quickScrubNearestFrames": .init(0, 250),
            "scrubStandInFrames": .init(0, 10_000, unit: "frames"),
            "quickKeepAllFrames": .init(0, 10_000, unit: "frames"),
            "quickShowEveryMilliseconds": .init(0, 10_000, unit: "ms"),
            "lookBehindFrames": .init(0, 10_000, unit: "frames"),
        ]
    }
}
