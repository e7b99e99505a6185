import Foundation

/// The shape and size of what a project makes: an aspect preset (9:16 for phones' stories and
/// reels, 16:9, 1:1, 4:5) and the render size in pixels. The canvas previews at this aspect.
public struct CompositionFormat: Hashable, Sendable {
    /// The aspect presets phone editors offer, named as the file writes them ("9:16").
    public enum Aspect: String, CaseIterable, Sendable {
        case portrait = "9:16", landscape = "16:9", square = "1:1", tall = "4:5"

        /// Width over height.
        public var ratio: Double {
            switch self {
            case .portrait: return 9.0 / 16.0
            case .landscape: return 16.0 / 9.0
            case .square: return 1
            case .tall: return 4.0 / 5.0
            }
        }

        /// The render size a new project of this aspect gets: 1080 pixels on the short side.
        public var defaultSize: (width: Int, height: Int) {
            switch self {
            case .portrait: return (1080, 1920)
            case .landscape: return (1920, 1080)
            case .square: return (1080, 1080)
            case .tall: return (1080, 1350)
            }
        }
    }

    /// Smallest and largest render side, in pixels (even sizes only: H.264 needs them).
    public static let sides = 16...8192

    public var aspect: Aspect
    /// The render size in pixels; its ratio is the aspect's (to the nearest even pixel).
    public var width: Int, height: Int

    /// A format of `aspect` at its default size.
    public init(_ aspect: Aspect) {
        self.aspect = aspect
        (width, height) = aspect.defaultSize
    }

    /// A format of `aspect` at `width` × `height`; nil when the size is out of range, odd, or
    /// not of the aspect (see `problem(aspect:width:height:)`).
    public init?(_ aspect: Aspect, width: Int, height: Int) {
        guard Self.problem(aspect: aspect, width: width, height: height) == nil else { return nil }
        self.aspect = aspect; self.width = width; self.height = height
    }

    /// What is wrong with a render size for `aspect`, in words, or nil when it is fine.
    public static func problem(aspect: Aspect, width: Int, height: Int) -> String? {
        for (name, side) in [("width", width), ("height", height)] {
            guard sides.contains(side) else { return "\(name) \(side) is outside \(sides.lowerBound) … \(sides.upperBound) pixels" }
            guard side % 2 == 0 else { return "\(name) \(side) is odd (video encoders need even sizes)" }
        }
        // The other side of the aspect at this width, allowing for rounding to an even pixel.
        let expected = Double(width) / aspect.ratio
        guard abs(Double(height) - expected) <= 2 else {
            return "\(width)×\(height) is not \(aspect.rawValue) (at width \(width) the height would be about \(Int(expected.rounded())))"
        }
        return nil
    }

    /// New projects: 9:16 at 1080×1920, the phone-editor default.
    public static let `default` = CompositionFormat(.portrait)
    /// What a version 1 project file (written before formats) opens as: 16:9 at 1920×1080.
    public static let legacy = CompositionFormat(.landscape)

    /// The preset closest in shape to a picture `width` × `height` (compared as ratios on a log
    /// scale, so 2:1 is as far from 1:1 as 1:2), at its default size: what a project made from a
    /// video starts as, as phone editors start at the first clip's shape.
    public static func nearest(width: Int, height: Int) -> CompositionFormat {
        guard width > 0, height > 0 else { return .default }
        let target = log(Double(width) / Double(height))
        let best = Aspect.allCases.min { abs(log($0.ratio) - target) < abs(log($1.ratio) - target) } ?? .portrait
        return CompositionFormat(best)
    }

    /// Width over height of the render size.
    public var ratio: Double { Double(width) / Double(height) }
}
