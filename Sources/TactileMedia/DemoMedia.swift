import Foundation
import TactileCore

/// The built-in demo's media, made once by Tactile's own encoders into the user's cache folder
/// (`$XDG_CACHE_HOME/tactile`, else `~/.cache/tactile`): three short portrait (9:16) H.264 clips
/// painted procedurally (a beach at sunset, a city at night, a forest with light rays; see
/// `DemoScenes`; the beach with a voice talking over it, `DemoVoice`), a postcard still for
/// titles, a synthesised soundtrack with chords and a beat (`DemoMusic`) and a birdsong of chirps. A fresh machine works offline with no files given.
public enum DemoMedia {
    /// Bumped when the files change, so old caches are not reused.
    public static let version = 4

    /// The demo's files: name, and how it is made.
    public enum Item: CaseIterable, Sendable {
        case beach, city, forest, titleCard, soundtrack, birds

        /// Longest to make first, so the items made side by side end together.
        var makingOrder: Int {
            switch self {
            case .forest: return 0
            case .city: return 1
            case .beach: return 2
            case .soundtrack: return 3
            case .titleCard: return 4
            case .birds: return 5
            }
        }

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

    /// Frame size of the demo's video: portrait, as phones film.
    static let width = 360, height = 640

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
    /// of every item. The items are made side by side, one per core (painting a clip keeps one
    /// core busy), the longest first; `stopWhen` is asked by one item at a time.
    @discardableResult
    public static func ensure(in folder: URL = defaultFolder(), stopWhen: () -> Bool = { false }) throws -> [Item: String] {
        let (paths, missing) = planned(in: folder)
        let order = missing.sorted { $0.makingOrder < $1.makingOrder }
        let lock = NSLock()
        nonisolated(unsafe) var failures: [Error] = []
        DispatchQueue.concurrentPerform(iterations: order.count) { i in
            do {
                try make(order[i], in: folder, stopWhen: { lock.withLock { stopWhen() } })
            } catch {
                lock.withLock { failures.append(error) }
            }
        }
        if let failure = failures.first(where: { !($0 is Stopped) }) ?? failures.first { throw failure }
        return paths
    }

    /// Where every item is (or will be) in `folder`, and those not made yet: a first start opens
    /// its window on these paths at once and makes the missing ones behind it (`make(_:in:)`).
    public static func planned(in folder: URL = defaultFolder()) -> (paths: [Item: String], missing: [Item]) {
        var paths: [Item: String] = [:], missing: [Item] = []
        for item in Item.allCases {
            let url = folder.appendingPathComponent(item.fileName)
            if !FileManager.default.fileExists(atPath: url.path) { missing.append(item) }
            paths[item] = url.path
        }
        return (paths, missing)
    }

    /// Makes `item` in `folder`: beside its place, then renamed into it, so a start stopped
    /// half-way never leaves a half-written file that the next start would take for the whole one.
    public static func make(_ item: Item, in folder: URL = defaultFolder(), stopWhen: () -> Bool = { false }) throws {
        MediaLog.quiet()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(item.fileName)
        // The extension stays last: the muxer and the encoders choose the format by it.
        let name = item.fileName as NSString
        let partial = folder.appendingPathComponent(
            ".\(name.deletingPathExtension).partial-\(ProcessInfo.processInfo.processIdentifier).\(name.pathExtension)")
        defer { try? FileManager.default.removeItem(at: partial) }
        try make(item, at: partial, stopWhen: stopWhen)
        if stopWhen() { throw Stopped() }
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: partial, to: url)
    }

    /// Making the media was asked to stop (a termination signal during a first start).
    public struct Stopped: Error {}

    private static func make(_ item: Item, at url: URL, stopWhen: () -> Bool) throws {
        if stopWhen() { throw Stopped() }
        let settings = VideoEncoder.Settings(codec: .h264, width: width, height: height, framesPerSecond: 30, keyframeInterval: 60)
        switch item {
        case .beach:
            // Someone talking over the beach (`DemoVoice`): the soundtrack ducks under it.
            try DemoScenes.writeClip(
                .beach, seconds: 8, to: url, settings: settings, sound: DemoVoice.render(seconds: 8, sampleRate: 48_000), stopWhen: stopWhen)
        case .city: try DemoScenes.writeClip(.city, seconds: 6, to: url, settings: settings, stopWhen: stopWhen)
        case .forest: try DemoScenes.writeClip(.forest, seconds: 12, to: url, settings: settings, stopWhen: stopWhen)
        case .titleCard:
            try ImageCodec.writePNG(DemoScenes.frame(.postcard, index: 0, framesPerSecond: 30, width: width, height: height), to: url)
        case .soundtrack: try AudioEncoder.write(DemoMusic.render(seconds: 30, sampleRate: 48_000), sampleRate: 48_000, codec: .aac, to: url)
        case .birds: try AudioEncoder.write(chirps(seconds: 9, sampleRate: 48_000), sampleRate: 48_000, codec: .wav, to: url)
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
