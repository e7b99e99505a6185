extension TactileConfiguration {
    public var media: Media {
        get { self[section: Media.self] }
        set { self[section: Media.self] = newValue }
    }

    public struct Media: ConfigurationSection {
        public static let key = "media"
        public static let about = "Decoding, caches, filmstrips, waveforms and scrubbing."
        @Setting(
            .init(16, 1_000_000, unit: "MB"),
            """
            Memory for media, in megabytes: decoded pictures (canvas frames, filmstrip thumbnails; the least recently used
            go first) plus the open decoders' working memory.
            """)
        public var cacheBudgetMegabytes: Double = 256
        @Setting(
            .init(0, 250),
            """
            Exported videos (`replay --video`, `tactile videos`): frames H.264's rate control looks ahead. More make
            smaller files and hold more memory (each about six pictures' worth: 8 MB at scale 2); 0 turns its macroblock
            tree off.
            """)
        public var exportLookahead: Int = 3
        @Setting(.init(0, 16), "Exported videos: B-frames between reference frames (each held in memory too).")
        public var exportBFrames: Int = 0
        @Setting(
            .init(0, 16),
            "Session videos (`replay --video`, `tactile videos`): frames drawn ahead beyond one per drawing thread, so both cores stay busy through a hard frame (each costs 4 bytes a pixel: 5.3 MB at scale 2)."
        )
        public var sessionVideoQueue: Int = 1
        @Setting(
            .init(0, 64),
            """
            Threads each video decoder may use; 0: one per core (each holds frames of its own, so fewer use less memory; a
            video export uses 1).
            """)
        public var decodeThreads: Int = 0
        @Setting(
            .init(16, 8192, unit: "px"),
            """
            Longest side of the frames decoded for the canvas and the trim preview, in pixels. (The default: the canvas at
            2× is about 720 px wide.)
            """)
        public var canvasPictureSize: Int = 960
        @Setting(.init(8, 2048, unit: "px"), "Height of filmstrip thumbnails, in pixels. (The default: a 48 pt track at 2×.)")
        public var thumbnailPixelHeight: Int = 96
        @Setting(.init(8, 4096, unit: "px"), "Height of the poster pictures in the media browser, in pixels. (The default: a 96 pt tile at 2×.)")
        public var posterPixelHeight: Int = 192
        @Setting(.init(1, 2000), "Waveform resolution: peaks per second of sound.")
        public var waveformBucketsPerSecond: Int = 100
        @Setting(
            .points(0, 4096),
            """
            Scrubbing bar: vertical distances from the bar (points) where the speed drops, each to its speed in
            `fineScrubSpeeds` (the defaults are iOS's media scrubber's).
            """)
        public var fineScrubDistances: [Double] = [0, 50, 100, 150]
        @Setting(.init(0, 1, excludingLower: true), "Scrubbing bar: the speed at each of `fineScrubDistances` and beyond, as a fraction of the finger's.")
        public var fineScrubSpeeds: [Double] = [1, 0.5, 0.25, 0.1]
        @Setting(.init(8000, 192_000, unit: "Hz"), "Sample rate of playback audio.")
        public var playbackSampleRate: Int = 48_000
        @Setting(.seconds(0.01, 5), "Audio buffered ahead while playing, in seconds.")
        public var playbackAudioLead: Double = 0.1
        @Setting(
            .init(1, 64),
            """
            Decoders kept open at once across all files (canvas, trim preview, filmstrips); the least recently used closes
            first. Each 1080p H.264 decoder holds tens of megabytes.
            """)
        public var openDecoderLimit: Int = 4
        @Setting(
            """
            Make an all-keyframe proxy of every long-GOP video in the background (into the cache folder), so scrubbing
            decodes one small frame per request.
            """)
        public var makeProxies: Bool = true
        @Setting(.init(16, 8192, unit: "px"), "Longest side of proxy frames, in pixels. (The default: the canvas at 2×.)")
        public var proxyPictureSize: Int = 720
        @Setting(.init(2, 31), "JPEG quantiser of proxy frames, 2 (best, biggest) to 31.")
        public var proxyQuality: Int = 4
        @Setting(.init(0, 100_000_000, unit: "MB"), "Disk space proxies may take, in megabytes; the least recently used are deleted first.")
        public var proxyBudgetMegabytes: Double = 4096
        @Setting(
            .init(0.1, 60, unit: "s"),
            """
            Length of a proxy segment, in seconds of footage: segments are made where the user looks first and used as
            soon as each is written.
            """)
        public var proxySegmentSeconds: Double = 1
        @Setting(.init(0, 64), "Threads making proxy segments, at idle priority (they only use cores nothing else wants). 0: one per core.")
        public var proxyMakers: Int = 0
        @Setting(.init(0, 600, unit: "s"), "Footage either side of the playhead and the trim edge made before the filmstrip and the rest, in seconds.")
        public var proxyAroundSeconds: Double = 4
        @Setting(.init(0, 60, unit: "s"), "How far ahead a proxy maker decodes on to what is wanted next rather than seek to it, in seconds.")
        public var proxyReachSeconds: Double = 2
        @Setting(
            .init(0, 10_000, unit: "frames"),
            """
            How near before the frame the user looks at a proxy maker starts writing: farther away, and while that frame
            is not made, it decodes towards it without writing (a written frame costs several decoded ones), unless the
            finger moves back (it will want those frames next). In frames.
            """)
        public var proxySprintFrames: Int = 8
        @Setting(
            .init(1, 100_000),
            """
            Frames after which a playhead or trim edge nobody looks at any more stops steering the proxy makers. (The
            default: half a second at 60 Hz.)
            """)
        public var proxyInterestFrames: Int = 30
        @Setting(
            """
            While a finger scrubs where no proxy is yet, decode at reduced cost (no loop filter, B-frames skipped, fast
            scaling) and mark the picture as not exact; the exact frame follows when the finger rests.
            """)
        public var quickScrubDecode: Bool = true
        @Setting(
            .init(0, 10_000),
            """
            Frames the exact decoder decodes on to a scrub's frame rather than show a quick picture (forward steps and
            playback stay exact).
            """)
        public var quickScrubCheapFrames: Int = 4
        @Setting(
            .init(16, 8192, unit: "px"),
            """
            Longest side of quick scrub pictures, in pixels (every frame a quick decode passes is kept at this size, so a
            finger going back finds it).
            """)
        public var quickPictureSize: Int = 480
        @Setting(
            .init(0, 250),
            """
            How many frames before the finger's a kept picture may be and still show while the finger moves (B-frames are
            skipped by quick decoding); far from the frame asked for, a quick decode keeps one picture in this many
            frames.
            """)
        public var quickScrubNearestFrames: Int = 6
        @Setting(
            .init(0, 10_000, unit: "frames"),
            """
            A quick decode keeps every picture it passes this near before the frame asked for (a finger resting or turning
            back there finds each). In frames.
            """)
        public var quickKeepAllFrames: Int = 45
        @Setting(
            .init(0, 10_000, unit: "ms"),
            """
            While a quick decode catches up with the finger, the picture shown follows it at least this often. In
            milliseconds (the default: under a frame at 60 Hz).
            """)
        public var quickShowEveryMilliseconds: Double = 12
        @Setting(
            .init(0, 10_000, unit: "frames"),
            """
            How far before the finger's frame the cache looks for a kept picture to show while that frame is decoded (the
            nearest one shows; past this, what the lane showed last). In frames (the default: a long keyframe interval of
            10 s at 30 fps).
            """)
        public var scrubStandInFrames: Int = 300
        @Setting(
            .init(0, 10_000, unit: "frames"),
            """
            While a finger scrubs backwards no further than this past a keyframe, and the decoder has nothing asked of it,
            the keyframe interval before is decoded quickly ahead of the finger, so crossing the keyframe backwards shows
            near pictures at once. In frames; 0 turns it off. (The default: 5 s at 30 fps.)
            """)
        public var lookBehindFrames: Int = 150
        @Setting(
            .init(0, 10_000, unit: "ms"),
            """
            How long the finger stays on one frame before it rests: then the exact frame is decoded, before it quick
            pictures show. A redraw sooner than this (the cache waking the window with a picture) does not count as a
            rest. In milliseconds (the default: less than a frame at 60 Hz).
            """)
        public var scrubRestMilliseconds: Double = 12
        @Setting(.init(-60, 0, unit: "dB"), "How far a track that ducks (music) is lowered while another track's sound plays, in decibels.")
        public var duckDecibels: Double = -12
        @Setting(.init(0, 10, unit: "s"), "How long the ducked level takes to ease down or back up, in seconds.")
        public var duckRampSeconds: Double = 0.25
        @Setting(
            .init(0, 10_000, unit: "ms"),
            """
            When the finger rests where a proxy maker is about to write the frame, the canvas waits for its segment; if
            the maker makes no progress for this long, in milliseconds, the file is decoded instead.
            """)
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
    }
}
