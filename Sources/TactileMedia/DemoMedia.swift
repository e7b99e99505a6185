import Foundation
import TactileCore

/// The built-in demo's media, made once by Tactile's own encoders into the user's cache folder
/// (`$XDG_CACHE_HOME/tactile`, else `~/.cache/tactile`): three short H.264 clips with distinct
/// moving patterns and their frame numbers burned in, a still title card, a soundtrack of soft
/// tones and a birdsong of chirps. A fresh machine works offline with no files given.
public enum DemoMedia {
    /// Bumped when the files change, so old caches are not reused.
    public static let version = 2

    /// The demo's files: name, and how it is made.
    public enum Item: CaseIterable {
        case beach, city, forest, titleCard, soundtrack, birds

        public var fileName: String {
            switch self {
            case .beach: return "beach.mp4"
            case .city: return "city.mp4"
            case .forest: return "forest.mp4"
            case .titleCard: return "title-card.png"
            case .soundtrack: return "soundtrack.m4a"
            case .birds: return "birdsong.wav"
            }
        }
    }

    /// Frame size of the demo's video.
    static let width = 640, height = 360

    /// The cache folder for this version of the demo media.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        cacheRoot(environment: environment).appendingPathComponent("demo-media-v\(version)")
    }

    /// Tactile's cache folder: `$XDG_CACHE_HOME/tactile`, else `~/.cache/tactile`.
    public static func cacheRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        }
        return base.appendingPathComponent("tactile")
    }

    /// Makes whatever is missing in `folder` (each file appears atomically) and returns the path
    /// of every item.
    @discardableResult
    public static func ensure(in folder: URL = defaultFolder()) throws -> [Item: String] {
        MediaLog.quiet()
        var paths: [Item: String] = [:]
        for item in Item.allCases {
            let url = folder.appendingPathComponent(item.fileName)
            if !FileManager.default.fileExists(atPath: url.path) { try make(item, at: url) }
            paths[item] = url.path
        }
        return paths
    }

    private static func make(_ item: Item, at url: URL) throws {
        let settings = VideoEncoder.Settings(codec: .h264, width: width, height: height, framesPerSecond: 30, keyframeInterval: 60)
        switch item {
        case .beach: try TestPattern.writeClip(to: url, settings: settings, frames: 8 * 30, style: 0)
        case .city: try TestPattern.writeClip(to: url, settings: settings, frames: 6 * 30, style: 1)
        case .forest: try TestPattern.writeClip(to: url, settings: settings, frames: 12 * 30, style: 2)
        case .titleCard: try ImageCodec.writePNG(TestPattern.frame(0, width: width, height: height, style: 3), to: url)
        case .soundtrack: try AudioEncoder.write(tones(seconds: 30, sampleRate: 48_000), sampleRate: 48_000, codec: .aac, to: url)
        case .birds: try AudioEncoder.write(chirps(seconds: 9, sampleRate: 48_000), sampleRate: 48_000, codec: .wav, to: url)
        }
    }

    /// Soft tones stepping through a chord, each with a plucked envelope: a waveform with shape.
    static func tones(seconds: Double, sampleRate: Int) -> [Float] {
        let notes = [261.63, 329.63, 392.0, 523.25, 392.0, 329.63]
        let beat = 0.5
        let n = Int(seconds * Double(sampleRate))
        return (0..<n).map { i in
            let t = Double(i) / Double(sampleRate)
            let k = Int(t / beat)
            let local = t - Double(k) * beat
            let envelope = min(1, local / 0.01) * exp(-local * 5) * (0.6 + 0.4 * sin(t * 0.7))
            return Float(sin(2 * Double.pi * notes[k % notes.count] * t) * envelope * 0.45)
        }
    }

    /// Short rising chirps at uneven intervals.
    static func chirps(seconds: Double, sampleRate: Int) -> [Float] {
        let n = Int(seconds * Double(sampleRate))
        let starts = stride(from: 0.2, to: seconds, by: 0.37).map { $0 + 0.11 * sin($0 * 7) }
        var out = [Float](repeating: 0, count: n)
        for s in starts {
            let a = Int(s * Double(sampleRate)), length = Int(0.12 * Double(sampleRate))
            for j in 0..<length where a + j < n {
                let u = Double(j) / Double(length)
                let f = 2_400 + 1_800 * u
                out[a + j] += Float(sin(2 * Double.pi * f * Double(j) / Double(sampleRate)) * sin(Double.pi * u) * 0.5)
            }
        }
        return out
    }
}
