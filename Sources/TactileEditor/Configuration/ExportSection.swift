import Foundation
import TactileCore

extension TactileConfiguration {
    /// Exporting the project to a movie (the Export sheet, `tactile export`).
    public var export: Export {
        get { self[section: Export.self] }
        set { self[section: Export.self] = newValue }
    }

    public struct Export: ConfigurationSection {
        public static let key = "export"
        /// The folder the Export sheet writes movies into ("~" is the home folder); made when
        /// missing. Default "~/Videos/Tactile".
        public var folder = "~/Videos/Tactile"
        /// The sheet's first size: "720p", "1080p" or "4K" (the shorter side, in the project's
        /// aspect). Default "1080p".
        public var size = "1080p"
        /// The sheet's first frame rate: 24, 25, 30 or 60. Default 30.
        public var framesPerSecond = 30
        /// The sheet's first quality: "draft", "standard" or "high". Default "standard".
        public var quality = "standard"
        /// H.264 constant-rate factor of the draft quality (lower: better and bigger). Default 28.
        public var draftCRF = 28
        /// H.264 constant-rate factor of the standard quality. Default 23.
        public var standardCRF = 23
        /// H.264 constant-rate factor of the high quality (18 looks like the source to most eyes). Default 18.
        public var highCRF = 18
        /// x264's speed preset, "ultrafast" … "veryslow": slower presets make smaller files of the
        /// same quality. Default "veryfast".
        public var encoderPreset = "veryfast"
        /// The sound's AAC bit rate (stereo), in kbit/s. Default 160.
        public var audioKilobits = 160
        /// The export sheet's size estimate: the bits a pixel of a frame takes at CRF 23 (6 less
        /// doubles it), measured on the demo's exports (see Docs/Benchmarks.md). Default 0.027.
        public var estimateBitsPerPixel = 0.027
        /// Threads drawing what an export cannot compose straight from YUV (the overlays' layer,
        /// frames with clips without media or with video that needs turning upright), side by
        /// side; 0: one per core (quicker for projects of such clips, at about 10 MB more each
        /// at 1080p). Default 1.
        public var drawThreads = 1
        /// How often the editor shows an export's progress while it runs, in seconds. Default 0.25 s.
        public var progressRefreshSeconds = 0.25
        /// Threads each video decoder uses during an export (0: one per core). Each thread holds
        /// frames of its own, and the drawing threads keep the cores busy already. Default 1.
        public var decodeThreads = 1
        public init() {}

        public func problems() -> [ConfigurationError] {
            var out: [ConfigurationError] = []
            if MovieSettings.Size(rawValue: size) == nil {
                out.append(
                    .init(
                        key: "export.size",
                        "must be one of \(MovieSettings.Size.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(PrintableText.of(size, limit: 40))\""))
            }
            if !MovieSettings.framesPerSecondChoices.contains(framesPerSecond) {
                out.append(
                    .init(
                        key: "export.framesPerSecond",
                        "must be one of \(MovieSettings.framesPerSecondChoices.map(String.init).joined(separator: ", ")), not \(framesPerSecond)"))
            }
            if MovieSettings.Quality(rawValue: quality) == nil {
                out.append(
                    .init(
                        key: "export.quality",
                        "must be one of \(MovieSettings.Quality.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(PrintableText.of(quality, limit: 40))\""
                    ))
            }
            let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow"]
            if !presets.contains(encoderPreset) {
                out.append(
                    .init(
                        key: "export.encoderPreset", "must be one of \(presets.joined(separator: ", ")), not \"\(PrintableText.of(encoderPreset, limit: 40))\"")
                )
            }
            if folder.trimmingCharacters(in: .whitespaces).isEmpty {
                out.append(.init(key: "export.folder", "must name a folder"))
            }
            return out
        }
        /// The range of each numeric setting, by its key in the section.
        public static let ranges: [String: ConfigurationRange] = [
            "framesPerSecond": .init(24, 60, unit: "fps"),
            "draftCRF": .init(0, 51),
            "standardCRF": .init(0, 51),
            "highCRF": .init(0, 51),
            "audioKilobits": .init(32, 512, unit: "kbit/s"),
            "estimateBitsPerPixel": .init(0.001, 10),
            "drawThreads": .init(0, 64),
            "decodeThreads": .init(0, 64),
            "progressRefreshSeconds": .init(0.02, 5, unit: "s"),
        ]
    }
}

extension MovieSettings {
    /// The configuration's first choices (`export.size`, `export.framesPerSecond`, `export.quality`).
    public init(_ export: TactileConfiguration.Export) {
        self.init(
            size: Size(rawValue: export.size) ?? .p1080,
            framesPerSecond: Self.framesPerSecondChoices.contains(export.framesPerSecond) ? export.framesPerSecond : 30,
            quality: Quality(rawValue: export.quality) ?? .standard)
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
