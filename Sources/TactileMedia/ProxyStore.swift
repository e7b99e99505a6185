import Foundation
import TactileCore

/// All-keyframe proxies of long-GOP videos, made where the user is first. A proxy is a folder of
/// segments (`media.proxySegmentSeconds` of frames each, every frame a JPEG scaled to
/// `proxyPictureSize`, in a QuickTime file, at the source's own frame times), so seeking costs
/// one small decoded frame. Segments are made in the order the user needs them (`ProxyPriority`:
/// around the trim edge being dragged and the playhead, then the visible filmstrip, then the
/// rest) by one maker per core (`media.proxyMakers`) on threads of idle priority, so they never
/// take a core from the frame loop; the cache decodes from a segment as soon as it exists.
///
/// A proxy's folder is named after the source's path, size and modification date and the proxy
/// settings, so an edited file gets a new one; segments are written atomically and named after
/// the slots they cover, so a proxy left half made goes on where it stopped next time. The least
/// recently used proxies are deleted when the folder outgrows `proxyBudgetMegabytes`.
// Unchecked Sendable, safe: `folder` and `settings` never change, and every mutable property
// is read and written only while holding `condition` (the makers wait on it).
public final class ProxyStore: @unchecked Sendable {
    /// Bumped when the proxy format changes, so old proxies are not read.
    static let formatVersion = 2

    public let folder: URL
    let settings: TactileConfiguration.Media
    /// Guards the state below; signalled when there may be work for a maker.
    let condition = NSCondition()
    private var sources: [String: Source] = [:]
    /// What each maker is making: the source and the slots it has started at and will soon reach.
    private var claims: [Int: (path: String, slots: ClosedRange<Int64>)] = [:]
    /// The slots each maker's open segment holds so far: no other maker writes them.
    private var writing: [Int: (path: String, slots: ClosedRange<Int64>)] = [:]
    /// Slots someone waits for: the maker writing one ends its segment there.
    private var awaited: [String: Set<Int64>] = [:]
    /// Slots a run set out for and could not make (no frame decodes there): left alone this run.
    private var stuck: [String: Set<Int64>] = [:]
    private var frameNumber = 0
    /// What the makers did so far (for benchmarks): runs started, frames decoded and written,
    /// segments refused because another maker had made the same frames.
    public var work: (runs: Int, decoded: Int, written: Int, refused: Int) { condition.withLock { counts } }
    private var counts = (runs: 0, decoded: 0, written: 0, refused: 0)
    private var makersStarted = false
    private var segmentsWritten = 0

    /// One source's proxy and what the user wants of it.
    struct Source {
        /// Its proxy folder; nil when the source cannot be looked at.
        var folder: URL?
        var segments = ProxySegments()
        var frameDuration = Time.frame(atRate: 30)
        var slotCount = Int64.max / 4
        /// The keyframes' slots (from the container's index, once a maker opened the source).
        var keyframes: [Int64] = []
        /// Made in the background (requested by a cache in the window).
        var wanted = false
        /// Needs no proxy (every frame a keyframe) or could not be made: not tried again this run.
        var settled = false
        /// The slot each lane looked at last, and on which frame.
        var focus: [FrameLane: (slot: Int64, frame: Int)] = [:]
        /// Which way each lane's slot moved last: 1 forward, -1 back, 0 not known (after a jump).
        var heading: [FrameLane: Int] = [:]
        /// Filmstrip slots on screen this frame and the last.
        var filmstrip: Set<Int64> = [], previousFilmstrip: Set<Int64> = []
        var lastInterest = 0
        var made: (@Sendable () -> Void)?
    }

    public init(folder: URL, settings: TactileConfiguration.Media) {
        self.folder = folder
        self.settings = settings
    }

    /// The folder Tactile keeps proxies in: `$XDG_CACHE_HOME/tactile/proxies` (else `~/.cache/…`).
    public static var defaultFolder: URL { DemoMedia.cacheRoot().appendingPathComponent("proxies") }

    // MARK: What the cache asks

    /// The segment holding `slot` of `path`: its file and the source time its timestamps count from.
    func segment(of path: String, slot: Int64) -> (file: String, start: Time)? {
        condition.withLock {
            guard let s = loadedSource(path), let folder = s.folder, let seg = s.segments.segment(containing: slot) else { return nil }
            return (folder.appendingPathComponent(seg.name).path, seg.start)
        }
    }

    /// Whether `path`'s proxy holds every frame.
    public func isComplete(_ path: String) -> Bool { condition.withLock { loadedSource(path)?.segments.isComplete ?? false } }

    /// Frame slots of `path` its proxy holds, and how many the source has (nil until known).
    public func progress(of path: String) -> (covered: Int64, total: Int64?) {
        condition.withLock {
            guard let s = loadedSource(path) else { return (0, nil) }
            return (s.segments.coveredSlots, s.segments.end ?? (s.slotCount < Int64.max / 4 ? s.slotCount : nil))
        }
    }

    /// Makes `path`'s proxy in the background, where the user looks first, unless the source
    /// needs none; `made` is called (on a maker's thread) after each new segment.
    public func request(_ path: String, info: MediaInfo, made: @escaping @Sendable () -> Void) {
        guard settings.makeProxies, info.hasVideo, !info.isStill else { return }
        // The keyframes first, from the container's index: two makers must not start in the
        // same keyframe interval (they would decode the same frames).
        if !knowsKeyframes(of: path), let d = try? VideoDecoder(path: path, threads: 1), let step = info.frameDuration, step.ticks > 0 {
            condition.withLock { _ = loadedSource(path) }
            learnKeyframes(d.indexedKeyframeTimes.map { max(0, $0.ticks) / step.ticks }, of: path)
        }
        condition.withLock {
            guard var s = loadedSource(path), s.folder != nil else { return }
            s.wanted = true
            s.made = made
            describe(&s, info: info)
            sources[path] = s
            startMakers()
            condition.broadcast()
        }
    }

    /// Notes that `lane` shows `path` at `slot` this frame (the playhead, a trim edge).
    func look(at slot: Int64, of path: String, lane: FrameLane) {
        condition.withLock {
            guard loadedSource(path) != nil else { return }
            let old = sources[path]?.focus[lane]?.slot
            if let old, old != slot, let s = sources[path] {
                sources[path]?.heading[lane] = abs(slot - old) > aroundSlots(of: s) ? 0 : (slot > old ? 1 : -1)
            }
            sources[path]?.focus[lane] = (slot, frameNumber)
            sources[path]?.lastInterest = frameNumber
            if old != slot { condition.broadcast() }
        }
    }

    /// Notes that the filmstrip shows `path` at `slot` this frame.
    func show(_ slot: Int64, of path: String) {
        condition.withLock {
            guard loadedSource(path) != nil else { return }
            sources[path]?.filmstrip.insert(slot)
        }
    }

    /// Starts a frame: what was not looked at again for `interestFrames` frames stops counting.
    func beginFrame() {
        condition.withLock {
            frameNumber += 1
            for key in sources.keys where sources[key]!.wanted {
                sources[key]!.previousFilmstrip = sources[key]!.filmstrip
                sources[key]!.filmstrip = []
            }
        }
    }

    /// Makes every missing segment of `path`'s proxy now, on this thread. Returns false when the
    /// source needs no proxy; throws when it cannot be decoded or the proxy cannot be written.
    @discardableResult
    public func makeNow(_ path: String, isCancelled: @escaping () -> Bool = { false }) throws -> Bool {
        let info = try MediaCache.open(path).info ?? { throw MediaError("\(path): cannot be read to make its proxy") }()
        let folder = condition.withLock { () -> URL? in
            guard var s = loadedSource(path) else { return nil }
            describe(&s, info: info)
            sources[path] = s
            return s.folder
        }
        guard folder != nil else { throw MediaError("\(path): cannot be read to make its proxy") }
        let maker = ProxyMaker(number: -1, store: WeakBox(self))
        while let slot = condition.withLock({ nextSlot(of: path, for: -1) }) {
            guard !isCancelled() else { throw MediaError("\(path): making its proxy was cancelled") }
            guard try maker.makeRun(of: path, from: slot, isCancelled: isCancelled) else { return false }
        }
        condition.withLock { claims[-1] = nil }
        return condition.withLock { sources[path]?.settled != true }
    }

    /// Deletes the proxy of `path` (it could not be decoded) and makes no new one this run.
    public func reject(_ path: String) {
        let folder = condition.withLock { () -> URL? in
            sources[path]?.settled = true
            sources[path]?.segments = ProxySegments()
            return sources[path]?.folder
        }
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    // MARK: What makers ask

    /// The next source and slot for maker `number`, waiting until there is one; nil once this
    /// store is gone (checked every second).
    static func nextJob(for number: Int, of weakStore: WeakBox<ProxyStore>) -> (String, Int64)? {
        while true {
            guard let condition = weakStore.value?.condition else { return nil }
            condition.lock()
            if let job = weakStore.value?.nextWantedJob(for: number) {
                condition.unlock()
                return job
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 1))
            condition.unlock()
        }
    }

    /// The source with the freshest interest that has a slot to make, and that slot. Holding the lock.
    private func nextWantedJob(for number: Int) -> (String, Int64)? {
        claims[number] = nil
        writing[number] = nil
        let candidates = sources.filter { $0.value.wanted && !$0.value.settled && !$0.value.segments.isComplete }
            .sorted { $0.value.lastInterest > $1.value.lastInterest }
        for (path, _) in candidates {
            if let slot = nextSlot(of: path, for: number) {
                if yields(number, at: slot, of: path) { claims[number] = nil; return nil }
                return (path, slot)
            }
        }
        return nil
    }

    /// Whether maker `number` should leave the cores to the maker writing towards the frame the
    /// user looks at: while that frame is not made yet, makers with work away from it wait.
    /// Holding the lock.
    private func yields(_ number: Int, at slot: Int64, of path: String) -> Bool {
        guard let s = sources[path], let f = focusSlots(of: s).first, !s.segments.covers(f) else { return false }
        let around = aroundSlots(of: s)
        guard abs(slot - f) > around else { return false }
        return writing.contains { $0.key != number && $0.value.path == path && $0.value.slots.upperBound < f && gop(around: $0.value.slots, in: s).contains(f) }
    }

    /// The slot of `path` maker `number` should make next (claiming it), or nil. Holding the lock.
    func nextSlot(of path: String, for number: Int) -> Int64? {
        guard let s = sources[path], !s.settled else { return nil }
        // Other makers' stretches, every open segment (this maker's too: not yet published) and
        // slots no frame decodes in.
        let busy =
            claims.filter { $0.key != number && $0.value.path == path }.map { gop(around: $0.value.slots, in: s) }
            + writing.values.filter { $0.path == path }.map(\.slots) + (stuck[path] ?? []).map { $0...$0 }
        let interest = ProxyInterest(focus: focusSlots(of: s), filmstrip: s.filmstrip.union(s.previousFilmstrip).sorted())
        let around = aroundSlots(of: s)
        guard let slot = ProxyPriority.nextSlot(for: interest, segments: s.segments, busy: busy, around: around, slotCount: s.slotCount) else {
            claims[number] = nil
            return nil
        }
        claims[number] = (path, slot...slot)
        return slot
    }

    /// What a maker does with a frame: write it, pass it (covered, another maker's, or on the
    /// way to the frame the user looks at) and decode on, or stop the run.
    enum Verdict { case write, skip, stop }

    /// Decides for maker `number` on the frame at `slot` of `path`, in a run heading for
    /// `target`: write it (into the open segment or a new one), skip it and decode on, or stop
    /// because what is wanted most now lies elsewhere: behind, or ahead past a keyframe a seek
    /// reaches sooner. `segmentFull`: the open segment has its frames, so this is where to look
    /// up again. A run goes on towards a new target ahead of it.
    ///
    /// While the frame the user looks at is not made and lies more than `proxySprintFrames`
    /// ahead, the run sprints: it decodes without writing (a frame written costs several decoded
    /// ones), so it stands at the finger soon after a jump; the frames it passed are made later.
    func verdict(on slot: Int64, of path: String, for number: Int, target: inout Int64, segmentFull: Bool) -> Verdict {
        condition.withLock {
            guard let s = sources[path], !s.settled else { return .stop }
            let taken = s.segments.covers(slot) || writing.contains { $0.key != number && $0.value.path == path && $0.value.slots.contains(slot) }
            let start = min(claims[number]?.slots.lowerBound ?? slot, slot)
            let focus = focusSlots(of: s).first.flatMap { s.segments.covers($0) ? nil : $0 }
            func write() -> Verdict {
                let first = segmentFull ? slot : (writing[number]?.slots.lowerBound ?? slot)
                writing[number] = (path, first...slot)
                return .write
            }
            func sprintOrWrite(towards next: Int64) -> Verdict {
                // Someone waits for the frame: straight there, written from it on. A finger going
                // back will want the frames on the way: they are written.
                let waitedFor = focus.map { awaited[path]?.contains($0) == true } ?? false
                guard let f = focus, f == next, focusHeading(of: s) >= 0 || waitedFor,
                    f - slot > (waitedFor ? 0 : Int64(max(0, settings.proxySprintFrames))),
                    !writing.contains(where: { $0.key != number && $0.value.path == path && $0.value.slots.upperBound > slot && $0.value.slots.upperBound < f })
                else { return write() }
                // Where it stands, so the cache knows how far it is and others leave it the cores.
                writing[number] = (path, slot...slot)
                return .skip
            }
            // A jump: the user now looks far from this run, at a frame no maker is making:
            // give way at once rather than finish the segment.
            if let f = focus, f < slot - aroundSlots(of: s) || !reachable(f, from: slot, target: target, in: s),
                stuck[path]?.contains(f) != true,
                !claims.contains(where: { $0.key != number && $0.value.path == path && gop(around: $0.value.slots, in: s).contains(f) })
            {
                return .stop
            }
            if !taken && !segmentFull {
                if let f = focus, f > slot { target = max(target, f) }
                claims[number] = (path, start...max(slot, target))
                return sprintOrWrite(towards: focus.map { $0 > slot ? $0 : slot } ?? slot)
            }
            // Look up again: go on to what is wanted next when it lies ahead within reach.
            guard let next = nextSlot(of: path, for: number), !yields(number, at: next, of: path) else { return .stop }
            if next >= slot, reachable(next, from: slot, target: target, in: s) {
                target = max(target, next)
                claims[number] = (path, start...target)
                return taken ? .skip : sprintOrWrite(towards: next)
            }
            // What is wanted next lies elsewhere, but this run has not reached its own target
            // yet (the other makers' claims moved meanwhile): it goes on there rather than stop
            // at the keyframe it started from.
            guard target > slot, !s.segments.covers(target),
                !writing.contains(where: { $0.key != number && $0.value.path == path && $0.value.slots.contains(target) })
            else { return .stop }
            claims[number] = (path, start...target)
            return taken ? .skip : write()
        }
    }

    /// Whether a run at `slot` heading for `target` goes on to `next` rather than stop and seek:
    /// it is the target or within `proxyReachSeconds`, or no keyframe lies between (a seek
    /// would land before `slot`). Holding the lock.
    private func reachable(_ next: Int64, from slot: Int64, target: Int64, in s: Source) -> Bool {
        let reach = Int64((settings.proxyReachSeconds / s.frameDuration.seconds).rounded())
        if next <= max(target, slot + reach) { return true }
        guard let k = s.keyframes.last(where: { $0 <= next }) else { return false }
        return k <= slot
    }

    /// How many frames before `slot` of `path` the nearest maker writing towards it stands: 0
    /// when its open segment holds the frame already, nil when none is (then nobody will make
    /// it soon).
    func makerDistance(to slot: Int64, of path: String) -> Int64? {
        condition.withLock {
            writing.values.filter { $0.path == path && $0.slots.lowerBound <= slot }.map { max(0, slot - $0.slots.upperBound) }.min()
        }
    }

    /// Asks the makers to end their segment right after writing `slot` of `path`, so a frame
    /// someone waits for is published at once.
    func await(_ slot: Int64, of path: String) { condition.withLock { awaited[path, default: []].insert(slot) } }

    /// Whether a slot of `slots` of `path` is awaited (and no longer, once asked).
    func takeAwaited(_ slots: ClosedRange<Int64>, of path: String) -> Bool {
        condition.withLock {
            guard let wanted = awaited[path]?.filter({ slots.contains($0) }), !wanted.isEmpty else { return false }
            awaited[path]?.subtract(wanted)
            return true
        }
    }

    /// The keyframe slot at or before `slot` of `path`, when the keyframes are known.
    func keyframe(before slot: Int64, of path: String) -> Int64? {
        condition.withLock { sources[path]?.keyframes.last { $0 <= slot } }
    }

    /// Counts a maker's run and what it did.
    func count(run decoded: Int, written: Int) {
        condition.withLock {
            counts.runs += 1; counts.decoded += decoded; counts.written += written
        }
    }

    /// Records that maker `number` set out for `target` of `path` and wrote nothing: a slot no
    /// frame decodes in, left alone this run.
    func wroteNothing(towards target: Int64, of path: String, for number: Int) {
        condition.withLock {
            if sources[path]?.segments.covers(target) == false { stuck[path, default: []].insert(target) }
        }
    }

    /// Records a finished segment of `path` by maker `number` and tells the cache.
    func publish(_ segment: ProxySegments.Segment, of path: String, by number: Int) -> Bool {
        let (added, made, prune) = condition.withLock { () -> (Bool, (@Sendable () -> Void)?, Bool) in
            if writing[number]?.path == path, let w = writing[number]?.slots, w.lowerBound <= segment.last { writing[number] = nil }
            guard sources[path]?.settled == false, sources[path]?.segments.insert(segment) == true else { counts.refused += 1; return (false, nil, false) }
            segmentsWritten += 1
            let complete = sources[path]!.segments.isComplete
            return (true, sources[path]?.made, complete || segmentsWritten % 64 == 0)
        }
        made?()
        if prune, let folder = condition.withLock({ sources[path]?.folder }) { self.prune(keeping: folder) }
        return added
    }

    /// Records that `path`'s stream ends after the frame at `lastSlot`.
    func reachedEnd(of path: String, lastSlot: Int64) {
        let folder = condition.withLock { () -> URL? in
            guard sources[path]?.segments.end == nil else { return nil }
            sources[path]?.segments.end = lastSlot + 1
            return sources[path]?.folder
        }
        if let folder {
            FileManager.default.createFile(atPath: folder.appendingPathComponent("end-\(lastSlot + 1)").path, contents: nil)
            if isComplete(path) { prune(keeping: folder) }
        }
        made(path)
    }

    /// Marks `path` as needing no proxy, or failed: not tried again this run.
    func settle(_ path: String) { condition.withLock { sources[path]?.settled = true } }

    /// Tells the cache something changed for `path`.
    func made(_ path: String) { condition.withLock { sources[path]?.made }?() }

    /// Keeps the keyframe slots a maker read from `path`'s index.
    func learnKeyframes(_ slots: [Int64], of path: String) {
        condition.withLock { if sources[path]?.keyframes.isEmpty == true { sources[path]?.keyframes = slots } }
    }

    /// Whether the keyframes of `path` are known.
    func knowsKeyframes(of path: String) -> Bool { condition.withLock { !(sources[path]?.keyframes.isEmpty ?? true) } }

    /// The folder segments of `path` go to, its frame length and the frames in a segment.
    func destination(of path: String) -> (folder: URL, frameDuration: Time, segmentFrames: Int64)? {
        condition.withLock { sources[path].flatMap { s in s.folder.map { ($0, s.frameDuration, segmentFrames(of: path)) } } }
    }

    /// Frames in a segment of `path`. Holding the lock.
    private func segmentFrames(of path: String) -> Int64 {
        let d = sources[path]?.frameDuration.seconds ?? 1.0 / 30
        return max(1, Int64((settings.proxySegmentSeconds / d).rounded()))
    }

    // MARK: Inside

    /// The slots looked at lately, most urgent first (the trim edge, then the playhead). Holding the lock.
    private func focusSlots(of s: Source) -> [Int64] { lookingLanes(of: s).compactMap { s.focus[$0]?.slot } }

    /// Which way the most urgent lane's slot moved last (see `Source.heading`). Holding the lock.
    private func focusHeading(of s: Source) -> Int { lookingLanes(of: s).first.flatMap { s.heading[$0] } ?? 0 }

    /// The lanes that looked at `s` within `proxyInterestFrames`, most urgent first (the trim
    /// edge's, then the playhead's). Holding the lock.
    private func lookingLanes(of s: Source) -> [FrameLane] {
        let fresh = frameNumber - max(1, settings.proxyInterestFrames)
        return [FrameLane.preview, .canvas].filter { (s.focus[$0]?.frame ?? Int.min) >= fresh }
    }

    /// `proxyAroundSeconds` in slots of `s`.
    private func aroundSlots(of s: Source) -> Int64 { Int64((settings.proxyAroundSeconds / s.frameDuration.seconds).rounded()) }

    /// A maker's stretch widened to the whole keyframe interval its run decodes from, once the
    /// keyframes are known: another maker starting in that interval would decode the same frames.
    /// Index times may be decoding times, a few frames early with B-frames, so the interval's end
    /// goes a few frames further. Holding the lock.
    private func gop(around slots: ClosedRange<Int64>, in s: Source) -> ClosedRange<Int64> {
        guard let i = s.keyframes.lastIndex(where: { $0 <= slots.lowerBound }) else { return slots }
        let end = i + 1 < s.keyframes.count ? s.keyframes[i + 1] - 1 + 8 : slots.upperBound
        return min(s.keyframes[i], slots.lowerBound)...max(end, slots.upperBound)
    }

    /// Fills in the frame grid of `s` from `info`.
    private func describe(_ s: inout Source, info: MediaInfo) {
        if let d = info.frameDuration, d.ticks > 0 { s.frameDuration = d }
        if let duration = info.duration { s.slotCount = max(1, (duration.ticks + s.frameDuration.ticks - 1) / s.frameDuration.ticks) }
    }

    /// The source of `path`, its folder looked at the first time. Holding the lock.
    private func loadedSource(_ path: String) -> Source? {
        if let s = sources[path] { return s }
        var s = Source()
        s.folder = proxyFolder(for: path)
        if let folder = s.folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
            for name in names {
                if let seg = ProxySegments.Segment(name: name) { s.segments.insert(seg) }
                if name.hasPrefix("end-"), let end = Int64(name.dropFirst(4)) { s.segments.end = end }
            }
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: folder.path)
        }
        sources[path] = s
        return s
    }

    /// Starts the makers, once. Holding the lock.
    private func startMakers() {
        guard !makersStarted else { return }
        makersStarted = true
        let count = settings.proxyMakers > 0 ? settings.proxyMakers : ProcessInfo.processInfo.activeProcessorCount
        let box = WeakBox(self)
        for number in 0..<count {
            BackgroundThread.start(named: "tactile.proxy.\(number)") {
                let maker = ProxyMaker(number: number, store: box)
                while let (path, slot) = ProxyStore.nextJob(for: number, of: box) {
                    _ = try? maker.makeRun(of: path, from: slot, isCancelled: { box.value == nil })
                }
            }
        }
    }

    /// The size of a proxy: `size` fitted into `longSide`, both sides even (4:2:0 chroma).
    static func proxySize(of size: (width: Int, height: Int), longSide: Int) -> (Int, Int) {
        let k = min(1, Double(longSide) / Double(max(size.width, size.height)))
        func even(_ v: Double) -> Int { max(2, Int((v / 2).rounded()) * 2) }
        return (even(Double(size.width) * k), even(Double(size.height) * k))
    }

    /// Where the proxy of `path` lives; nil when the source cannot be looked at.
    func proxyFolder(for path: String) -> URL? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.int64Value,
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
        else { return nil }
        let identity = "\(Self.formatVersion)|\(path)|\(size)|\(modified)|\(settings.proxyPictureSize)|\(settings.proxyQuality)"
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return folder.appendingPathComponent("\(name)-\(Self.fingerprint(identity))")
    }

    /// A stable 64-bit FNV-1a hash in hexadecimal (Swift's own hash changes between runs).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    /// Deletes the least recently used proxies while the folder is over budget (never `fresh`).
    private func prune(keeping fresh: URL) {
        let fm = FileManager.default
        guard let folders = try? fm.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey]) else { return }
        var entries: [(url: URL, size: Int, date: Date)] = []
        for url in folders {
            let date = (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast
            let files = (try? fm.contentsOfDirectory(at: url, includingPropertiesForKeys: [.fileSizeKey])) ?? []
            entries.append((url, files.reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0) }, date))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        let budget = Int(settings.proxyBudgetMegabytes * 1_048_576)
        for entry in entries.sorted(by: { $0.date < $1.date }) where total > budget && entry.url.standardizedFileURL.path != fresh.standardizedFileURL.path {
            try? fm.removeItem(at: entry.url)
            total -= entry.size
            condition.withLock {
                for (k, v) in sources where v.folder?.standardizedFileURL.path == entry.url.standardizedFileURL.path {
                    sources[k]?.segments = ProxySegments()
                    sources[k]?.settled = true
                }
            }
        }
    }
}

/// A weak reference that threads can hold without keeping its object alive.
// Unchecked Sendable, safe: it holds only a weak reference, which the runtime reads and
// clears atomically; the object it names guards its own state.
final class WeakBox<T: AnyObject>: @unchecked Sendable {
    weak var value: T?
    init(_ value: T) { self.value = value }
}
