import Foundation
import TactileCore

/// The media source of a real session: opens files, decodes frames, filmstrip thumbnails and
/// waveforms, and keeps pictures in memory under a byte budget (least recently used go first).
///
/// In `.background` mode every call returns at once: misses become requests for decode workers
/// (one serial queue per file and lane, latest request wins, at most one decode in flight per
/// decoder), results arrive between frames, bump `generation` and call `wake` so the host runs
/// another frame. While a finger scrubs, a frame may first be answered by a quick picture or the
/// nearest kept one (marked not exact; see `FrameWorker`), and each request tells the
/// `ProxyStore` where the user looks, so proxy segments are made there first. In
/// `.synchronous` mode (headless commands, replays, tests) misses are decoded
/// on the spot and exactly, so a trace gives the same frames every time.
public final class MediaCache: MediaSource {
    public enum Mode {
        case synchronous
        /// Decode on worker queues; `wake` is called (from any thread) when results arrive.
        case background(wake: @Sendable () -> Void)
    }

    /// What a cached picture is.
    enum PictureKey: Hashable {
        /// An exact canvas frame: the frame whose interval starts in frame slot `slot`.
        case frame(String, slot: Int64)
        /// A filmstrip thumbnail at source time `ticks`, `height` pixels tall.
        case thumbnail(String, ticks: Int64, height: Int)
    }

    struct Stored {
        var picture: MediaPicture
        var image: RGBAImage
    }

    struct LaneKey: Hashable {
        var path: String
        var lane: FrameLane
    }

    let settings: TactileConfiguration.Media
    let mode: Mode
    /// Where all-keyframe proxies are kept; canvas frames, trim previews and filmstrips are
    /// decoded from a file's proxy once it exists (nil: always from the file).
    public let proxies: ProxyStore?
    let lock = NSLock()
    private var statuses: [String: MediaStatus] = [:]
    private var pictures: LRUCache<PictureKey, Stored>
    private var keyByHandle: [ImageHandle: PictureKey] = [:]
    private var nextHandle = 1
    private var counter = 0
    private var lanes: [LaneKey: FrameWorker] = [:]
    private var lastShown: [LaneKey: PictureKey] = [:]
    /// One thumbnail worker per file and picture height: filmstrips and the media sheet's
    /// posters ask the same file for different sizes (one worker per file made every poster
    /// at the filmstrip's 96 px, blocky on a tile).
    private var filmstrips: [ThumbnailSize: ThumbnailWorker] = [:]
    private struct ThumbnailSize: Hashable { var path: String; var height: Int }
    private var waveforms: [String: Waveform?] = [:]
    private var failures: [String] = []
    /// Files being made now (a first start's demo media): loading until `fileMade` or `fileFailed`.
    private var awaited: Set<String> = []
    /// The time of the frame being drawn (`beginFrame(at:)`): how long a finger rests is measured on it.
    private var frameTime = Time.zero
    /// Workers holding an open decoder, with when each last used it.
    private var openDecoders: [ObjectIdentifier: (use: Int, bytes: Int, holder: DecodeWorker)] = [:]
    private var decoderUses = 0

    /// A cache in `mode`. With `proxies`, frames come from a file's proxy once it exists, and in
    /// `.background` mode proxies of long-GOP videos are made as their files are opened.
    public init(settings: TactileConfiguration.Media = .init(), mode: Mode, proxies: ProxyStore? = nil) {
        self.settings = settings
        self.mode = mode
        self.proxies = proxies
        pictures = LRUCache(budget: Int(settings.cacheBudgetMegabytes * 1_048_576))
        pictures.onEvict = { [unowned self] _, stored in keyByHandle[stored.picture.handle] = nil }
        MediaLog.quiet()
    }

    /// Whether misses are decoded on the spot.
    var isSynchronous: Bool { if case .synchronous = mode { return true } else { return false } }

    // MARK: MediaSource

    public var generation: Int { lock.withLock { counter } }

    /// Bytes of pictures kept now.
    public var cachedBytes: Int { lock.withLock { pictures.totalCost } }

    /// Pictures kept now.
    public var cachedPictures: Int { lock.withLock { pictures.count } }

    public func image(for handle: ImageHandle) -> RGBAImage? {
        lock.withLock { keyByHandle[handle].flatMap { pictures.peek($0)?.image } }
    }

    public func status(of path: String) -> MediaStatus {
        if let known = lock.withLock({ awaited.contains(path) ? MediaStatus.loading : statuses[path] }) { return known }
        if isSynchronous {
            let status = Self.open(path)
            lock.withLock { record(status, for: path) }
            return status
        }
        lock.withLock { statuses[path] = .loading }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let status = Self.open(path)
            deliver { record(status, for: path) }
            if let info = status.info, info.hasVideo, !info.isStill {
                proxies?.request(path, info: info) { [weak self] in self?.deliver {} }
            }
        }
        return .loading
    }

    /// Files that are being made (a first start's demo media, made behind the open window): they
    /// show as loading, and are not opened, until each is made or fails.
    public func awaitFiles(_ paths: [String]) { lock.withLock { awaited.formUnion(paths) } }

    /// A file awaited is made: it is opened at its next use (posters, frames, its waveform), and
    /// the screen is drawn again.
    public func fileMade(_ path: String) {
        deliver {
            awaited.remove(path)
            statuses[path] = nil
            waveforms[path] = nil
        }
    }

    /// A file awaited could not be made: offline, with the reason.
    public func fileFailed(_ path: String, reason: String) {
        deliver {
            awaited.remove(path)
            record(.offline(reason), for: path)
        }
    }

    /// The file the frame in `slot` of `path` is decoded from, and where that file starts in
    /// `path`: the proxy segment holding it once made, else the file itself.
    func decodingSource(for path: String, slot: Int64) -> (path: String, offset: Time) {
        proxies?.segment(of: path, slot: slot).map { ($0.file, $0.start) } ?? (path, .zero)
    }

    public func frame(of path: String, at time: Time, lane: FrameLane) -> MediaPicture? {
        guard let info = status(of: path).info, info.hasVideo else { return nil }
        let slot = Self.slot(of: time, info: info)
        let laneKey = LaneKey(path: path, lane: lane)
        if !isSynchronous { proxies?.look(at: slot, of: path, lane: lane) }
        let hit: MediaPicture? = lock.withLock {
            guard let stored = pictures.value(for: .frame(path, slot: slot)) else { return nil }
            lastShown[laneKey] = .frame(path, slot: slot)
            return stored.picture
        }
        if let hit, hit.isExact || isSynchronous { return hit }
        let worker = lock.withLock { () -> FrameWorker in
            if let w = lanes[laneKey] { return w }
            let w = FrameWorker(path: path, lane: lane, info: info, cache: self)
            lanes[laneKey] = w
            return w
        }
        if isSynchronous {
            return worker.decodeNow(time)
        }
        worker.request(time, slot: slot, now: lock.withLock { frameTime })
        // A quick picture of this very slot shows until the exact one follows, else the nearest
        // picture kept before it (a quick decode's passing frames, the keyframe it started
        // from), else what this lane showed last, while the frame is decoded.
        if let hit { return hit }
        return lock.withLock {
            let within = max(settings.quickScrubNearestFrames, settings.scrubStandInFrames)
            let before = nearestPictureLocked(of: path, slot: slot, within: within)
            guard var stand = before ?? lastShown[laneKey].flatMap({ pictures.peek($0)?.picture }) else { return nil }
            if before != nil { lastShown[laneKey] = .frame(path, slot: Self.slot(of: stand.time, info: info)) }
            stand.isExact = false
            return stand
        }
    }

    public func thumbnail(of path: String, at time: Time, height: Int) -> MediaPicture? {
        guard let info = status(of: path).info, info.hasVideo else { return nil }
        let t = info.isStill ? .zero : time
        let key = PictureKey.thumbnail(path, ticks: t.ticks, height: height)
        if !isSynchronous { proxies?.show(Self.slot(of: t, info: info), of: path) }
        let worker = lock.withLock { () -> ThumbnailWorker in
            let size = ThumbnailSize(path: path, height: height)
            if let w = filmstrips[size] { return w }
            let w = ThumbnailWorker(path: path, info: info, height: height, cache: self)
            filmstrips[size] = w
            return w
        }
        if let stored = lock.withLock({ pictures.value(for: key) }) {
            if !stored.picture.isExact && !isSynchronous { worker.want(t, key: key) }
            return stored.picture
        }
        if isSynchronous { return worker.decodeNow(t, key: key) }
        worker.want(t, key: key)
        return nil
    }

    public func waveform(of path: String) -> Waveform? {
        guard let info = status(of: path).info, info.hasAudio else { return nil }
        if let known = lock.withLock({ waveforms[path] }) { return known }
        let rate = settings.waveformBucketsPerSecond
        if isSynchronous {
            let w = try? WaveformBuilder.build(path: path, bucketsPerSecond: rate)
            lock.withLock { waveforms[path] = .some(w) }
            return w
        }
        lock.withLock { waveforms[path] = .some(nil) }
        DispatchQueue.global(qos: .utility).async { [self] in
            let w = try? WaveformBuilder.build(path: path, bucketsPerSecond: rate)
            deliver { waveforms[path] = .some(w) }
        }
        return nil
    }

    public func beginFrame(at now: Time) {
        lock.withLock { frameTime = now }
        proxies?.beginFrame()
        let workers = lock.withLock { Array(filmstrips.values) }
        for w in workers { w.clearWanted() }
    }

    public func takeProblems() -> [String] {
        lock.withLock {
            defer { failures.removeAll() }; return failures
        }
    }

    // MARK: Workers' side

    /// Stores a decoded picture under `key`; returns it as the editor sees it.
    @discardableResult
    func store(_ image: RGBAImage, time: Time, isExact: Bool, key: PictureKey, shownBy lane: LaneKey? = nil) -> MediaPicture {
        lock.withLock {
            if let old = pictures.peek(key) { keyByHandle[old.picture.handle] = nil }
            let handle = ImageHandle(nextHandle)
            nextHandle += 1
            let picture = MediaPicture(handle: handle, width: image.width, height: image.height, time: time, isExact: isExact)
            keyByHandle[handle] = key
            pictures.insert(Stored(picture: picture, image: image), for: key, cost: image.pixels.count + 256)
            if let lane { lastShown[lane] = key }
            return picture
        }
    }

    /// The picture kept for the nearest slot at or up to `within` slots before `slot` of `path`
    /// (what a moving finger is shown between decoded frames).
    func nearestPicture(of path: String, slot: Int64, within: Int) -> MediaPicture? {
        lock.withLock { nearestPictureLocked(of: path, slot: slot, within: within) }
    }

    /// `nearestPicture` for callers holding the lock.
    private func nearestPictureLocked(of path: String, slot: Int64, within: Int) -> MediaPicture? {
        for s in stride(from: slot, through: max(0, slot - Int64(within)), by: -1) {
            if let stored = pictures.peek(.frame(path, slot: s)) { return stored.picture }
        }
        return nil
    }

    /// Whether a picture is kept under `key` (exact ones only when `exact`).
    func has(_ key: PictureKey, exact: Bool) -> Bool { lock.withLock { hasLocked(key, exact: exact) } }

    /// `has` for callers holding the lock.
    func hasLocked(_ key: PictureKey, exact: Bool) -> Bool { pictures.peek(key).map { !exact || $0.picture.isExact } ?? false }

    /// Counts `holder`'s use of its open decoder (working in about `bytes`); when more than
    /// `openDecoderLimit` are open, the least recently used other one is closed (it reopens when
    /// next needed). Open decoders' memory comes out of the pictures' budget, so pictures and
    /// decoders together stay within `cacheBudgetMegabytes` (pictures keep at least a quarter).
    func usedDecoder(of holder: DecodeWorker, bytes: Int) {
        let victim = lock.withLock { () -> DecodeWorker? in
            decoderUses += 1
            openDecoders[ObjectIdentifier(holder)] = (decoderUses, bytes, holder)
            var victim: DecodeWorker?
            if openDecoders.count > max(1, settings.openDecoderLimit),
                let oldest = openDecoders.filter({ $0.key != ObjectIdentifier(holder) }).min(by: { $0.value.use < $1.value.use })
            {
                openDecoders[oldest.key] = nil
                victim = oldest.value.holder
            }
            let total = Int(settings.cacheBudgetMegabytes * 1_048_576)
            let reserved = openDecoders.values.reduce(0) { $0 + $1.bytes }
            let budget = max(total / 4, total - reserved)
            if pictures.budget != budget { pictures.budget = budget }
            return victim
        }
        victim?.closeDecoder(now: isSynchronous)
    }

    /// Decoders open now (for tests and the memory benchmark).
    public var openDecoderCount: Int { lock.withLock { openDecoders.count } }

    /// Estimated working memory of the open decoders, in bytes.
    public var decoderBytes: Int { lock.withLock { openDecoders.values.reduce(0) { $0 + $1.bytes } } }

    /// Records a failure (shown in a banner by the host).
    func fail(_ message: String) { deliver { failures.append(message) } }

    /// Applies `change` under the lock, counts a new result and wakes the host.
    func deliver(_ change: () -> Void) {
        lock.withLock {
            change()
            counter += 1
        }
        if case let .background(wake) = mode { wake() }
    }

    /// Keeps a file's status; an offline file becomes a problem to report. Holding the lock.
    private func record(_ status: MediaStatus, for path: String) {
        statuses[path] = status
        if case let .offline(reason) = status { failures.append("Media offline: \((path as NSString).lastPathComponent): \(reason)") }
    }

    /// The frame slot `time` falls in (stills have one slot).
    static func slot(of time: Time, info: MediaInfo) -> Int64 {
        guard let d = info.frameDuration, d.ticks > 0 else { return 0 }
        return max(0, time.ticks) / d.ticks
    }

    static func open(_ path: String) -> MediaStatus {
        let report = MediaProbe.probe(path)
        guard let info = report.mediaInfo else { return .offline(report.error ?? "The file cannot be used.") }
        return .ready(info)
    }
}
