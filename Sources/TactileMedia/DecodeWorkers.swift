import Foundation
import TactileCore

/// What both decode workers share: one file, a serial queue, and a decoder opened on the file's
/// proxy once there is one (else on the file), counted against the cache's open-decoder limit
/// and closed when the cache asks.
class DecodeWorker {
    let path: String
    let info: MediaInfo
    /// Weak: a worker may still be finishing a decode when its cache goes away.
    fileprivate weak var owner: MediaCache?
    /// The owning cache (a worker only runs while the cache lives: it calls in, the cache holds it).
    var cache: MediaCache { owner! }
    let queue: DispatchQueue
    /// Touched only on `queue` (or on the caller's thread in synchronous mode).
    private var decoder: VideoDecoder?
    private var failed = false

    init(path: String, info: MediaInfo, cache: MediaCache, queue: DispatchQueue) {
        self.path = path; self.info = info; owner = cache; self.queue = queue
    }

    /// The decoder of the file's current source at `maxPictureSize`, opened when needed and
    /// counted as used; nil once the file failed (reported once). A proxy that will not open is
    /// dropped and the file itself opened.
    func openDecoder(maxPictureSize: Int) -> VideoDecoder? {
        guard !failed else { return nil }
        let source = cache.decodingSource(for: path)
        if decoder?.path != source {
            do { decoder = try VideoDecoder(path: source, maxPictureSize: maxPictureSize, threads: cache.settings.decodeThreads) } catch {
                decoder = nil
                return recovers(from: error, decoding: source) ? openDecoder(maxPictureSize: maxPictureSize) : nil
            }
        }
        guard let d = decoder else { return nil }
        cache.usedDecoder(of: self, bytes: d.estimatedWorkingBytes)
        return d
    }

    /// After `source` failed: a damaged proxy is dropped (true: try again on the file itself);
    /// a failing file is reported once and not tried again.
    func recovers(from error: Error, decoding source: String) -> Bool {
        if source != path {
            cache.proxies?.reject(path)
            decoder = nil
            return true
        }
        failed = true
        cache.fail("\(error)")
        return false
    }

    /// Closes the decoder: `now` on the caller's thread (synchronous mode, where decodes run on
    /// the caller's thread too), else on the worker's queue after any decode in flight.
    func closeDecoder(now: Bool) {
        if now { decoder = nil } else { queue.async { self.decoder = nil } }
    }
}

/// Decodes canvas or preview frames of one file on its own serial queue. The newest request
/// wins: a decode still running when a newer request arrives hands out the keyframe it reached
/// as a stand-in and is abandoned, so at most one decode is in flight and the exact frame follows
/// as soon as the finger rests.
final class FrameWorker: DecodeWorker {
    let lane: FrameLane
    // Guarded by the cache's lock.
    private var latest: (time: Time, slot: Int64)?
    private var inFlight: Int64?
    private var running = false

    init(path: String, lane: FrameLane, info: MediaInfo, cache: MediaCache) {
        self.lane = lane
        super.init(path: path, info: info, cache: cache, queue: DispatchQueue(label: "tactile.frames.\(lane)", qos: .userInteractive))
    }

    /// Asks for the frame at `time`, replacing any request not yet started.
    func request(_ time: Time, slot: Int64) {
        let start = cache.lock.withLock { () -> Bool in
            if inFlight == slot || latest?.slot == slot { return false }
            latest = (time, slot)
            if running { return false }
            running = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    private func drain() {
        guard let cache = owner else { return }
        while let next = cache.lock.withLock({ () -> (time: Time, slot: Int64)? in
            guard let l = latest else { running = false; inFlight = nil; return nil }
            latest = nil
            inFlight = l.slot
            return l
        }) {
            if cache.has(.frame(path, slot: next.slot), exact: true) { continue }
            if decode(next.time, standIns: true) != nil { cache.deliver {} }
        }
    }

    /// Decodes the frame at `time` right away (synchronous mode).
    func decodeNow(_ time: Time) -> MediaPicture? { decode(time, standIns: false) }

    private func decode(_ time: Time, standIns: Bool) -> MediaPicture? {
        guard let d = openDecoder(maxPictureSize: cache.settings.canvasPictureSize) else { return nil }
        let shownBy = MediaCache.LaneKey(path: path, lane: lane)
        do {
            let standIn: ((DecodedFrame) -> Void)? = standIns ? { [self] stand in
                cache.store(stand.image, time: stand.time, isExact: true, key: key(for: stand.time), shownBy: shownBy)
                cache.deliver {}
            } : nil
            let wanted: () -> Bool = standIns ? { [self] in cache.lock.withLock { latest == nil } } : { true }
            guard let frame = try d.frame(at: time, standIn: standIn, isWanted: wanted) else { return nil }
            // Also keep it under the slot asked for when that differs (past the last frame,
            // variable frame rates), so the same request hits next time.
            if key(for: time) != key(for: frame.time) {
                cache.store(frame.image, time: frame.time, isExact: true, key: key(for: time))
            }
            return cache.store(frame.image, time: frame.time, isExact: true, key: key(for: frame.time), shownBy: shownBy)
        } catch {
            return recovers(from: error, decoding: d.path) ? decode(time, standIns: standIns) : nil
        }
    }

    private func key(for frameTime: Time) -> MediaCache.PictureKey { .frame(path, slot: MediaCache.slot(of: frameTime, info: info)) }
}

/// Fills one file's filmstrip on its own serial queue: first a quick pass showing the keyframe
/// before each wanted slot (one seek and one decoded frame each), then an exact pass in time
/// order. Only thumbnails the screen still wants are made.
final class ThumbnailWorker: DecodeWorker {
    let height: Int
    // Guarded by the cache's lock.
    private var wanted: [Int64: MediaCache.PictureKey] = [:]
    private var running = false

    init(path: String, info: MediaInfo, height: Int, cache: MediaCache) {
        self.height = height
        super.init(path: path, info: info, cache: cache, queue: DispatchQueue(label: "tactile.thumbnails", qos: .utility))
    }

    /// Asks for the thumbnail at `time` (kept until the next frame begins).
    func want(_ time: Time, key: MediaCache.PictureKey) {
        let start = cache.lock.withLock { () -> Bool in
            wanted[time.ticks] = key
            if running { return false }
            running = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    /// Forgets what was wanted (the screen asks again each frame).
    func clearWanted() { cache.lock.withLock { wanted.removeAll() } }

    private func drain() {
        guard let cache = owner else { return }
        while let (ticks, key, quick) = next() {
            let made = quick ? makeKeyframe(Time(ticks: ticks), key: key) : make(Time(ticks: ticks), key: key)
            cache.lock.withLock { if !quick || !made { wanted[ticks] = nil } }
            if made { cache.deliver {} }
        }
    }

    /// The earliest wanted slot with no picture yet (quick pass), else the earliest whose picture
    /// is only a keyframe's (exact pass); nil when done.
    private func next() -> (Int64, MediaCache.PictureKey, Bool)? {
        cache.lock.withLock {
            let keys = wanted.keys.sorted()
            if let t = keys.first(where: { !cacheHas(wanted[$0]!, exact: false) }) { return (t, wanted[t]!, true) }
            if let t = keys.first(where: { !cacheHas(wanted[$0]!, exact: true) }) { return (t, wanted[t]!, false) }
            keys.forEach { wanted[$0] = nil }
            running = false
            return nil
        }
    }

    /// `cache.has` for callers already holding the lock.
    private func cacheHas(_ key: MediaCache.PictureKey, exact: Bool) -> Bool { cache.hasLocked(key, exact: exact) }

    /// Makes the exact thumbnail at `time` right away (synchronous mode).
    func decodeNow(_ time: Time, key: MediaCache.PictureKey) -> MediaPicture? {
        guard let d = openDecoder(), let frame = try? d.frame(at: time) else { return nil }
        return cache.store(frame.image, time: frame.time, isExact: true, key: key)
    }

    private func make(_ time: Time, key: MediaCache.PictureKey) -> Bool {
        guard let d = openDecoder(), let frame = try? d.frame(at: time) else { return false }
        cache.store(frame.image, time: frame.time, isExact: true, key: key)
        return true
    }

    private func makeKeyframe(_ time: Time, key: MediaCache.PictureKey) -> Bool {
        guard let d = openDecoder(), let frame = try? d.keyframe(at: time) else { return false }
        let exact = MediaCache.slot(of: frame.time, info: info) == MediaCache.slot(of: time, info: info)
        cache.store(frame.image, time: frame.time, isExact: exact, key: key)
        return true
    }

    /// The decoder at thumbnails' size: `height` pixels tall at the picture's aspect.
    private func openDecoder() -> VideoDecoder? {
        let w = Double(info.pictureWidth ?? 16), h = Double(info.pictureHeight ?? 9)
        return openDecoder(maxPictureSize: w >= h ? Int((Double(height) * w / h).rounded(.up)) : height)
    }
}
