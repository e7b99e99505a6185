import Foundation
import TactileCore

extension TactileConfiguration {
    public var export: Export {
        get { self[section: Export.self] }
        set { self[section: Export.self] = newValue }
    }

    public struct Export: ConfigurationSection {
        public static let key = "export"
        public static let about = "Exporting the project to a movie (the Export sheet, `tactile export`)."
        @Setting("The folder the Export sheet writes movies into (\"~\" is the home folder); made when missing.")
        public var folder: String = "~/Videos/Tactile"
        @Setting("The sheet's first size: \"720p\", \"1080p\" or \"4K\" (the shorter side, in the project's aspect).")
        public var size: MovieSettings.Size = .p1080
        @Setting(.init(24, 60, unit: "fps"), "The sheet's first frame rate: 24, 25, 30 or 60.")
        public var framesPerSecond: Int = 30
        @Setting("The sheet's first quality: \"draft\", \"standard\" or \"high\".")
        public var quality: MovieSettings.Quality = .standard
        @Setting(.init(0, 51), "H.264 constant-rate factor of the draft quality (lower: better and bigger).")
        public var draftCRF: Int = 28
        @Setting(.init(0, 51), "H.264 constant-rate factor of the standard quality.")
        public var standardCRF: Int = 23
        @Setting(.init(0, 51), "H.264 constant-rate factor of the high quality (18 looks like the source to most eyes).")
        public var highCRF: Int = 18
        @Setting("x264's speed preset, \"ultrafast\" … \"veryslow\": slower presets make smaller files of the same quality.")
        public var encoderPreset: EncoderPreset = .veryfast
        @Setting(.init(32, 512, unit: "kbit/s"), "The sound's AAC bit rate (stereo), in kbit/s.")
        public var audioKilobits: Int = 160
        @Setting(
            .init(0.001, 10),
            """
            The export sheet's size estimate: the bits a pixel of a frame takes at CRF 23 (6 less doubles it), measured on
            the demo's exports (see Docs/Benchmarks.md).
            """)
        public var estimateBitsPerPixel = 0.027
        @Setting(
            .init(0, 64),
            """
            Threads drawing what an export cannot compose straight from YUV (the overlays' layer, frames with clips
            without media or with video that needs turning upright), side by side; 0: one per core (quicker for projects
            of such clips, at about 10 MB more each at 1080p).
            """)
        public var drawThreads: Int = 1
        @Setting(.init(0.02, 5, unit: "s"), "How often the editor shows an export's progress while it runs, in seconds.")
        public var progressRefreshSeconds = 0.25
        @Setting(
            .init(0, 64),
            """
            Threads each video decoder uses during an export (0: one per core). Each thread holds frames of its own, and
            the drawing threads keep the cores busy already.
            """)
        public var decodeThreads: Int = 1
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if !MovieSettings.framesPerSecondChoices.contains(framesPerSecond) {
                out.append(
                    .init(
                        key: "export.framesPerSecond",
                        "must be one of \(MovieSettings.framesPerSecondChoices.map(String.init).joined(separator: ", ")), not \(framesPerSecond)"))
            }
            if folder.trimmingCharacters(in: .whitespaces).isEmpty {
                out.append(.init(key: "export.folder", "must name a folder"))
            }
            return out
        }

        /// x264's speed presets: slower ones make smaller files of the same quality.
        public enum EncoderPreset: String, SettingChoice {
            case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow
        }
    }
}

extension MovieSettings {
    /// The configuration's first choices (`export.size`, `export.framesPerSecond`, `export.quality`).
    public init(_ export: TactileConfiguration.Export) {
        self.init(
            size: export.size,
            framesPerSecond: Self.framesPerSecondChoices.contains(export.framesPerSecond) ? export.framesPerSecond : 30,
            quality: export.quality)
    }

    /// About how many bytes a movie of `duration` will take at these settings in `aspect`: its
    /// frames at `export.estimateBitsPerPixel` for its constant-rate factor, and its sound.
    public func estimatedBytes(duration: Time, aspect: CompositionFormat.Aspect, export: TactileConfiguration.Export) -> Int64 {
        let (w, h) = pixelSize(for: aspect)
        let bitsPerPixel = export.estimateBitsPerPixel * pow(2, (23 - Double(constantRateFactor(export))) / 6)
        let seconds = max(0, duration.seconds)
        let video = Double(w) * Double(h) * Double(framesPerSecond) * seconds * bitsPerPixel
        let audio = Double(export.audioKilobits) * 1000 * seconds
        return Int64((video + audio) / 8)
    }

    /// The constant-rate factor `export` names for this quality.
    public func constantRateFactor(_ export: TactileConfiguration.Export) -> Int {
        switch quality {
        case .draft: return export.draftCRF
        case .standard: return export.standardCRF
        case .high: return export.highCRF
        }
    }
}
