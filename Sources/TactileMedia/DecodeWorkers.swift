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
    /// The decoder open now, if any (on the queue).
    var currentDecoder: VideoDecoder? { decoder }
    /// Working memory of decoders a subclass holds besides `decoder`.
    var extraDecoderBytes: Int { 0 }

    init(path: String, info: MediaInfo, cache: MediaCache, queue: DispatchQueue) {
        self.path = path; self.info = info; owner = cache; self.queue = queue
    }

    /// The decoder for the frame in `slot` at `maxPictureSize`: on the proxy segment holding it
    /// once there is one, else on the file; opened when needed and counted as used; nil once the
    /// file failed (reported once). A segment that will not open drops the proxy and the file
    /// itself is opened.
    func openDecoder(maxPictureSize: Int, slot: Int64) -> VideoDecoder? {
        guard !failed else { return nil }
        let source = cache.decodingSource(for: path, slot: slot)
        if decoder?.path != source.path {
            decoder = nil
            do {
                decoder = try VideoDecoder(
                    path: source.path, maxPictureSize: maxPictureSize, threads: cache.settings.decodeThreads,
                    timeOffset: source.offset)
            } catch {
                return recovers(from: error, decoding: source.path) ? openDecoder(maxPictureSize: maxPictureSize, slot: slot) : nil
            }
        }
        guard let d = decoder else { return nil }
        countDecoderUse()
        return d
    }

    /// Tells the cache this worker used its decoders now (with their working memory).
    func countDecoderUse() {
        cache.usedDecoder(of: self, bytes: (decoder?.estimatedWorkingBytes ?? 0) + extraDecoderBytes)
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
/// as a stand-in and is abandoned, so at most one decode is in flight.
///
/// While the finger moves (each request a new slot) and neither a proxy segment nor the exact
/// decoder's position makes the exact frame cheap, the frame is decoded at reduced cost
/// (`media.quickScrubDecode`: a second decoder without the loop filter, skipping frames nothing
/// refers to) and kept as not exact. Once the finger rests (the same slot asked a frame later) the exact
/// frame follows: from a proxy segment when one holds it, else decoded, switching to a segment
/// that appears meanwhile.
final class FrameWorker: DecodeWorker {
    let lane: FrameLane
    // Guarded by the cache's lock.
    private var latest: (time: Time, slot: Int64, moving: Bool)?
    private var inFlight: Int64?
    /// Whether the decode in flight makes a quick picture.
    private var inFlightQuick = false
    private var running = false
    /// The slot asked last and the frame time it was first asked at.
    private var lastRequested: (slot: Int64, since: Time)?
    /// The decoder of quick pictures while the finger moves (on the file itself); touched only on the queue.
    private var quickDecoder: VideoDecoder?
    /// Which way the finger went last: -1 back, 1 on, 0 not known. Guarded by the cache's lock.
    private var heading = 0
    /// The file's keyframes' slots, once the quick decoder has read the container's index.
    /// Guarded by the cache's lock.
    private var keyframeSlots: [Int64] = []
    /// The last slot before a keyframe a look-behind finished at (or failed): not tried again.
    /// Guarded by the cache's lock.
    private var lookedBehindTo: Int64?

    init(path: String, lane: FrameLane, info: MediaInfo, cache: MediaCache) {
        self.lane = lane
        super.init(path: path, info: info, cache: cache, queue: DispatchQueue(label: "tactile.frames.\(lane)", qos: .userInteractive))
    }

    /// Asks for the frame at `time` on the frame at `now`, replacing any request not yet
    /// started. The finger moves until the same slot is asked `scrubRestMilliseconds` after it
    /// was first (the first request ever counts as a rest).
    func request(_ time: Time, slot: Int64, now: Time) {
        let start = cache.lock.withLock { () -> Bool in
            let moving: Bool
            if let last = lastRequested, last.slot == slot {
                moving = (now - last.since).seconds * 1000 < cache.settings.scrubRestMilliseconds
            } else {
                moving = lastRequested != nil
                if let last = lastRequested { heading = slot < last.slot ? -1 : 1 }
                lastRequested = (slot, now)
            }
            if latest?.slot == slot { if !moving { latest?.moving = false }; return false }
            // The finger rests where a quick picture is being made: the exact frame is wanted
            // now (the quick decode gives way).
            if inFlight == slot, !(inFlightQuick && !moving) { return false }
            latest = (time, slot, moving)
            if running { return false }
            running = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    private func drain() {
        guard let cache = owner else { return }
        while let (next, behind) = cache.lock.withLock({ () -> ((time: Time, slot: Int64, moving: Bool), Bool)? in
            guard let l = latest else {
                inFlight = nil
                if let behind = lookBehindSlot() { return ((time(ofSlot: behind), behind, true), true) }
                running = false
                return nil
            }
            latest = nil
            inFlight = l.slot
            return (l, false)
        }) {
            if behind {
                lookBehind(to: next.slot)
                continue
            }
            let key = MediaCache.PictureKey.frame(path, slot: next.slot)
            if cache.has(key, exact: true) { continue }
            if next.moving, cache.settings.quickScrubDecode, !exactIsCheap(next.time, slot: next.slot) {
                cache.lock.withLock { inFlightQuick = true }
                defer { cache.lock.withLock { inFlightQuick = false } }
                // A picture this near is already kept: it shows while the finger moves.
                if cache.nearestPicture(of: path, slot: next.slot, within: cache.settings.quickScrubNearestFrames) != nil { continue }
                if decodeQuickly(next.time, slot: next.slot) { cache.deliver {} }
                continue
            }
            if !next.moving, !waitForMaker(slot: next.slot, time: next.time) { continue }
            if decode(next.time, slot: next.slot, standIns: true) != nil { cache.deliver {} }
        }
    }

    /// While nothing is asked and the finger goes back towards the keyframe before it, the
    /// interval before that keyframe is decoded quickly ahead of it (`media.lookBehindFrames`),
    /// so a finger crossing the keyframe backwards finds pictures kept. The slot to decode to
    /// (the last one before the keyframe), or nil. Called holding the cache's lock.
    private func lookBehindSlot() -> Int64? {
        guard heading < 0, cache.settings.quickScrubDecode, cache.settings.lookBehindFrames > 0, let finger = lastRequested?.slot,
            let i = keyframeSlots.lastIndex(where: { $0 <= finger }), keyframeSlots[i] > 0
        else { return nil }
        let keyframe = keyframeSlots[i]
        let behind = keyframe - 1
        guard finger - keyframe <= Int64(cache.settings.lookBehindFrames), lookedBehindTo != behind,
            !cache.hasLocked(.frame(path, slot: behind), exact: false),
            cache.decodingSource(for: path, slot: behind).path == path
        else { return nil }
        return behind
    }

    /// Decodes quickly up to `slot` for a look-behind, keeping what it passes, showing nothing;
    /// remembered as done unless a request came meanwhile (it goes on at the next lull).
    private func lookBehind(to slot: Int64) {
        _ = decodeQuickly(time(ofSlot: slot), slot: slot, shown: false)
        cache.lock.withLock { if latest == nil { lookedBehindTo = slot } }
    }

    /// The time of `slot`'s frame.
    private func time(ofSlot slot: Int64) -> Time { (info.frameDuration ?? .frame(atRate: 30)) * slot }

    /// When a proxy maker writing towards `slot` will reach it sooner than a decode of the file
    /// would (it decodes on one core, this decoder on all), waits for its segment, asking it to
    /// publish the frame at once. Returns false when a newer request came meanwhile; true when
    /// the segment is there or the maker stopped or stalled (then the file is decoded).
    private func waitForMaker(slot: Int64, time: Time) -> Bool {
        guard let proxies = cache.proxies, cache.decodingSource(for: path, slot: slot).path == path,
            var distance = proxies.makerDistance(to: slot, of: path)
        else { return true }
        let fresh =
            framesToDecodeOnTheFile(reaching: time)
            ?? proxies.keyframe(before: slot, of: path).map { Int(slot - $0) } ?? Int.max
        guard distance * 2 < fresh else { return true }
        proxies.await(slot, of: path)
        var stalled = 0
        while true {
            if cache.lock.withLock({ latest != nil }) { return false }
            if proxies.segment(of: path, slot: slot) != nil { return true }
            usleep(1000)
            guard let d = proxies.makerDistance(to: slot, of: path) else { return true }
            if d < distance { distance = d; stalled = 0 } else { stalled += 1 }
            if Double(stalled) > cache.settings.proxyWaitStallMilliseconds { return true }
        }
    }

    /// Decodes the frame at `time` right away (synchronous mode).
    func decodeNow(_ time: Time) -> MediaPicture? { decode(time, slot: MediaCache.slot(of: time, info: info), standIns: false) }

    /// Whether the exact frame costs little now: a proxy segment holds it, or the exact decoder
    /// stands a few frames before it.
    private func exactIsCheap(_ time: Time, slot: Int64) -> Bool {
        if cache.decodingSource(for: path, slot: slot).path != path { return true }
        guard let n = framesToDecodeOnTheFile(reaching: time) else { return false }
        return n <= cache.settings.quickScrubCheapFrames
    }

    /// How many frames the exact decoder, open on the file itself, would decode on to reach
    /// `time`; nil when it would seek (or is on a proxy segment, or closed).
    private func framesToDecodeOnTheFile(reaching time: Time) -> Int? {
        guard let d = currentDecoder, d.path == path else { return nil }
        return d.framesToDecode(reaching: time)
    }

    private func decode(_ time: Time, slot: Int64, standIns: Bool) -> MediaPicture? {
        guard let d = openDecoder(maxPictureSize: cache.settings.canvasPictureSize, slot: slot) else { return nil }
        let shownBy = MediaCache.LaneKey(path: path, lane: lane)
        let fromFile = d.path == path
        var segmentAppeared = false
        do {
            let standIn: ((DecodedFrame) -> Void)? =
                standIns
                ? { [self] stand in
                    cache.store(stand.image, time: stand.time, isExact: true, key: key(for: stand.time), shownBy: shownBy)
                    cache.deliver {}
                } : nil
            let wanted: () -> Bool =
                standIns
                ? { [self] in
                    guard cache.lock.withLock({ latest == nil }) else { return false }
                    // A segment holding the frame appeared while decoding the file: one small decode away.
                    if fromFile, cache.proxies?.segment(of: path, slot: slot) != nil { segmentAppeared = true; return false }
                    return true
                } : { true }
            guard let frame = try d.frame(at: time, standIn: standIn, isWanted: wanted) else {
                return segmentAppeared ? decode(time, slot: slot, standIns: standIns) : nil
            }
            // Also keep it under the slot asked for when that differs (past the last frame,
            // variable frame rates), so the same request hits next time.
            if key(for: time) != key(for: frame.time) {
                cache.store(frame.image, time: frame.time, isExact: true, key: key(for: time))
            }
            return cache.store(frame.image, time: frame.time, isExact: true, key: key(for: frame.time), shownBy: shownBy)
        } catch {
            return recovers(from: error, decoding: d.path) ? decode(time, slot: slot, standIns: standIns) : nil
        }
    }

    /// A quick picture near the frame at `time` (see the type's notes), kept under `slot` as not
    /// exact; the keyframe a seek lands on stands in first. False when abandoned or failed.
    /// `shown`: the lane shows what is decoded on the way (false for a look-behind).
    private func decodeQuickly(_ time: Time, slot: Int64, shown: Bool = true) -> Bool {
        let shownBy = shown ? MediaCache.LaneKey(path: path, lane: lane) : nil
        do {
            if quickDecoder == nil {
                // One thread: with every B-frame skipped, frame threads have little to share.
                let d = try VideoDecoder(
                    path: path, maxPictureSize: min(cache.settings.canvasPictureSize, cache.settings.quickPictureSize), threads: 1, quality: .quick)
                quickDecoder = d
                let slots = d.indexedKeyframeTimes.map { MediaCache.slot(of: $0, info: info) }
                cache.lock.withLock { keyframeSlots = slots }
            }
            guard let d = quickDecoder else { return false }
            countDecoderUse()
            // Frames decoded on the way are kept, so a finger going back over them finds them:
            // every one near the frame asked for, one in `quickScrubNearestFrames` before that,
            // and, while shown, at least one a frame so the picture follows the decode. The rest
            // are decoded only (turning each into a picture costs a third of the decode).
            var lastKept: (slot: Int64, at: UInt64)?
            let settings = cache.settings
            let keeps: (Time) -> Bool = { [self] t in
                let s = MediaCache.slot(of: t, info: info), now = DispatchTime.now().uptimeNanoseconds
                let near = s >= slot - Int64(settings.quickKeepAllFrames)
                let spaced = lastKept.map { s - $0.slot >= Int64(max(1, settings.quickScrubNearestFrames)) } ?? true
                let due = shown && (lastKept.map { Double(now - $0.at) / 1e6 >= settings.quickShowEveryMilliseconds } ?? true)
                guard near || spaced || due else { return false }
                lastKept = (s, now)
                return true
            }
            let passing: (DecodedFrame) -> Void = { [self] stand in
                let k = key(for: stand.time)
                if !cache.has(k, exact: false) { cache.store(stand.image, time: stand.time, isExact: false, key: k, shownBy: shownBy) }
                if shown { cache.deliver {} }
            }
            guard
                let frame = try d.frame(
                    at: time, standIn: nil, passing: passing, keepsPassing: keeps, isWanted: { [self] in cache.lock.withLock { latest == nil } })
            else {
                return false
            }
            cache.store(frame.image, time: frame.time, isExact: false, key: .frame(path, slot: slot), shownBy: shownBy)
            return true
        } catch {
            quickDecoder = nil
            return false
        }
    }

    override var extraDecoderBytes: Int { quickDecoder?.estimatedWorkingBytes ?? 0 }

    /// Closes both decoders (see `DecodeWorker.closeDecoder`).
    override func closeDecoder(now: Bool) {
        super.closeDecoder(now: now)
        if now { quickDecoder = nil } else { queue.async { self.quickDecoder = nil } }
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
        guard let d = openDecoder(at: time), let frame = try? d.frame(at: time) else { return nil }
        return cache.store(frame.image, time: frame.time, isExact: true, key: key)
    }

    private func make(_ time: Time, key: MediaCache.PictureKey) -> Bool {
        guard let d = openDecoder(at: time), let frame = try? d.frame(at: time) else { return false }
        cache.store(frame.image, time: frame.time, isExact: true, key: key)
        return true
    }

    private func makeKeyframe(_ time: Time, key: MediaCache.PictureKey) -> Bool {
        guard let d = openDecoder(at: time), let frame = try? d.keyframe(at: time) else { return false }
        let exact = MediaCache.slot(of: frame.time, info: info) == MediaCache.slot(of: time, info: info)
        cache.store(frame.image, time: frame.time, isExact: exact, key: key)
        return true
    }

    /// The decoder for the thumbnail at `time`, at thumbnails' size: `height` pixels tall at the picture's aspect.
    private func openDecoder(at time: Time) -> VideoDecoder? {
        let w = Double(info.pictureWidth ?? 16), h = Double(info.pictureHeight ?? 9)
        return openDecoder(maxPictureSize: w >= h ? Int((Double(height) * w / h).rounded(.up)) : height, slot: MediaCache.slot(of: time, info: info))
    }
}
