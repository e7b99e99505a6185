import Foundation
import TactileCore

/// All-keyframe proxies of long-GOP videos, kept in a cache folder: every frame of the source,
/// scaled to `proxyPictureSize` and stored as a JPEG in a QuickTime file, at the source's own
/// frame times. Seeking a proxy costs one small decoded frame, so scrubbing and trim previews
/// answer within a display frame however far apart the source's keyframes are.
///
/// A proxy is named after the source's path, size and modification date and the proxy settings,
/// so an edited file gets a new one; proxies are made one at a time on a background queue,
/// written atomically, and the least recently used are deleted when the folder outgrows
/// `proxyBudgetMegabytes`.
public final class ProxyStore: @unchecked Sendable {
    /// Bumped when the proxy format changes, so old proxies are not read.
    static let formatVersion = 1

    public let folder: URL
    let settings: TactileConfiguration.Media
    private let queue = DispatchQueue(label: "tactile.proxies", qos: .utility)
    private let lock = NSLock()
    /// Sources whose proxy file was looked for: the proxy's path, or nil when there is none yet.
    private var known: [String: String?] = [:]
    /// Sources queued or being made, and sources that need no proxy or failed.
    private var queued: Set<String> = []
    private var settled: Set<String> = []

    public init(folder: URL, settings: TactileConfiguration.Media) {
        self.folder = folder
        self.settings = settings
    }

    /// The folder Tactile keeps proxies in: `$XDG_CACHE_HOME/tactile/proxies` (else `~/.cache/…`).
    public static var defaultFolder: URL { DemoMedia.cacheRoot().appendingPathComponent("proxies") }

    /// The proxy of `path` when one has been made.
    public func proxy(for path: String) -> String? {
        if let answer = lock.withLock({ known[path] }) { return answer }
        guard let file = proxyFile(for: path) else { return nil }
        let answer = FileManager.default.fileExists(atPath: file.path) ? file.path : nil
        if answer != nil { touch(file) }
        lock.withLock { known[path] = .some(answer) }
        return answer
    }

    /// Makes the proxy of `path` in the background unless it exists, is being made, or the
    /// source needs none (every frame a keyframe already, or a still); `made` is called when a
    /// new proxy is ready.
    public func request(_ path: String, made: @escaping @Sendable () -> Void) {
        guard settings.makeProxies, proxy(for: path) == nil else { return }
        let start = lock.withLock { () -> Bool in
            guard !queued.contains(path), !settled.contains(path) else { return false }
            queued.insert(path)
            return true
        }
        guard start else { return }
        queue.async { [weak self] in
            guard let self else { return }
            // Nil when the source needs no proxy or it could not be made: either way, not again this run.
            let proxy = (try? self.makeNow(path, isCancelled: { [weak self] in self == nil })) ?? nil
            self.lock.withLock { _ = self.queued.remove(path); if proxy == nil { self.settled.insert(path) } }
            if proxy != nil { made() }
        }
    }

    /// Makes the proxy of `path` now and returns its path, or nil when the source needs none.
    /// Throws when the source cannot be decoded or the proxy cannot be written.
    @discardableResult
    public func makeNow(_ path: String, isCancelled: () -> Bool = { false }) throws -> String? {
        if let existing = proxy(for: path) { return existing }
        guard let file = proxyFile(for: path) else { throw MediaError("\(path): cannot be read to make its proxy") }
        let source = try VideoDecoder(path: path)
        guard !source.isIntraOnly, source.duration.map({ $0 > source.frameDuration }) ?? true else { return nil }
        let (w, h) = Self.proxySize(of: source.squarePixelSize, longSide: settings.proxyPictureSize)
        let encoder = try VideoEncoder(url: file, settings: .init(
            codec: .mjpeg, width: w, height: h, keyframeInterval: 1, rotation: source.rotation, quality: settings.proxyQuality,
            timeBase: (1, Int(Time.ticksPerSecond)), frameRate: source.frameRate))
        var last: Int64 = -1
        var cancelled = false
        try source.forEachFrame { frame, time in
            if isCancelled() { cancelled = true; return false }
            // Frame times at Time's own resolution, so the proxy's frames land in the source's slots.
            let pts = max(0, time.ticks)
            if pts > last {
                try encoder.append(frame, pts: pts)
                last = pts
            }
            return true
        }
        guard !cancelled else { throw MediaError("\(path): making its proxy was cancelled") }
        guard last >= 0 else { throw MediaError("\(path): no frame could be decoded to make its proxy") }
        try encoder.finish()
        lock.withLock { known[path] = .some(file.path) }
        prune(keeping: file)
        return file.path
    }

    /// Deletes the proxy of `path` (it could not be decoded) and makes no new one this run.
    public func reject(_ path: String) {
        let file = lock.withLock { () -> String?? in
            settled.insert(path)
            defer { known[path] = .some(nil) }
            return known[path]
        }
        if let file = file ?? nil { try? FileManager.default.removeItem(atPath: file) }
    }


    /// The size of a proxy: `size` fitted into `longSide`, both sides even (4:2:0 chroma).
    static func proxySize(of size: (width: Int, height: Int), longSide: Int) -> (Int, Int) {
        let k = min(1, Double(longSide) / Double(max(size.width, size.height)))
        func even(_ v: Double) -> Int { max(2, Int((v / 2).rounded()) * 2) }
        return (even(Double(size.width) * k), even(Double(size.height) * k))
    }

    /// Where the proxy of `path` lives; nil when the source cannot be looked at.
    func proxyFile(for path: String) -> URL? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.int64Value,
              let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 else { return nil }
        let identity = "\(Self.formatVersion)|\(path)|\(size)|\(modified)|\(settings.proxyPictureSize)|\(settings.proxyQuality)"
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return folder.appendingPathComponent("\(name)-\(Self.fingerprint(identity)).mov")
    }

    /// A stable 64-bit FNV-1a hash in hexadecimal (Swift's own hash changes between runs).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// Marks a proxy as just used (its modification date orders pruning).
    private func touch(_ file: URL) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    }

    /// Deletes the least recently used proxies while the folder is over budget, and partial files
    /// an interrupted run left more than an hour ago.
    private func prune(keeping fresh: URL) {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: Array(keys)) else { return }
        var entries: [(url: URL, size: Int, date: Date)] = []
        for url in files {
            let values = try? url.resourceValues(forKeys: keys)
            let date = values?.contentModificationDate ?? .distantPast
            if url.lastPathComponent.hasPrefix(".") {
                if date < Date(timeIntervalSinceNow: -3600) { try? FileManager.default.removeItem(at: url) }
                continue
            }
            entries.append((url, values?.fileSize ?? 0, date))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        let budget = Int(settings.proxyBudgetMegabytes * 1_048_576)
        for entry in entries.sorted(by: { $0.date < $1.date }) where total > budget && entry.url != fresh {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
            lock.withLock { for (k, v) in known where v == entry.url.path { known[k] = nil } }
        }
    }
}
