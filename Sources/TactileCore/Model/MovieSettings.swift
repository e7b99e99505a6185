/// What an export makes: the movie's size (named by its shorter side, in the composition's
/// aspect), its frame rate and its quality. The Export sheet and `tactile export` both fill one.
public struct MovieSettings: Hashable, Sendable {
    /// The sizes offered, named by the shorter side as phone editors name them.
    public enum Size: String, SettingChoice {
        case p720 = "720p", p1080 = "1080p", p2160 = "4K"

        /// The shorter side in pixels.
        public var shorterSide: Int {
            switch self {
            case .p720: return 720
            case .p1080: return 1080
            case .p2160: return 2160
            }
        }
    }

    /// How much the encoder may throw away: a draft is small and quick to share, high is near
    /// the source. Each maps to a constant-rate factor in the configuration (`export.*CRF`).
    public enum Quality: String, SettingChoice {
        case draft, standard, high
    }

    /// The frame rates offered.
    public static let framesPerSecondChoices = [24, 25, 30, 60]

    public var size: Size
    public var framesPerSecond: Int
    public var quality: Quality

    public init(size: Size = .p1080, framesPerSecond: Int = 30, quality: Quality = .standard) {
        self.size = size; self.framesPerSecond = framesPerSecond; self.quality = quality
    }

    /// The movie's width and height in pixels for `aspect`: the shorter side as named, the
    /// longer one in the aspect's ratio, both even (H.264 needs that).
    public func pixelSize(for aspect: CompositionFormat.Aspect) -> (width: Int, height: Int) {
        let short = Double(size.shorterSide)
        func even(_ v: Double) -> Int { Int((v / 2).rounded()) * 2 }
        let ratio = aspect.ratio
        return ratio >= 1 ? (even(short * ratio), even(short)) : (even(short), even(short / ratio))
    }
}
