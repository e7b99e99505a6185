import Foundation
import TactileCore

/// One proxy maker: decodes a run of a source from the keyframe before a slot on and writes the
/// frames no segment holds yet into new segments of `proxySegmentSeconds`, asking its store at
/// every frame whether to go on (`ProxyStore.verdict`). It keeps its decoder between runs, so a
/// run that continues where the last one stopped needs no seek.
final class ProxyMaker {
    let number: Int
    /// Weak: a maker's thread outlives its store by up to a second.
    private let box: WeakBox<ProxyStore>
    private var store: ProxyStore? { box.value }
    private var decoder: VideoDecoder?

    /// The segment being written: its encoder, file, first slot and frame, and what it holds so far.
    private struct Open {
        var encoder: VideoEncoder
        var file: URL
        var first: Int64
        var start: Time
        var count: Int64 = 0
        var lastSlot: Int64
    }

    init(number: Int, store: WeakBox<ProxyStore>) {
        self.number = number
        box = store
    }

    /// Makes segments of `path` from `slot` on until the store says stop, the stream ends or
    /// `isCancelled`. Returns false when the source needs no proxy (every frame a keyframe);
    /// throws when it cannot be decoded or a segment cannot be written (the source is then not
    /// tried again this run).
    func makeRun(of path: String, from slot: Int64, isCancelled: () -> Bool) throws -> Bool {
        guard let destination = store?.destination(of: path) else { return true }
        do {
            return try run(of: path, from: slot, destination: destination, isCancelled: isCancelled)
        } catch {
            decoder = nil
            store?.settle(path)
            store?.made(path)
            throw error
        }
    }

    /// The run itself. The store is looked up at every frame and never held across one, so a
    /// store nobody uses any more goes away and its makers stop within a frame.
    private func run(
        of path: String, from slot: Int64, destination: (folder: URL, frameDuration: Time, segmentFrames: Int64),
        isCancelled: () -> Bool
    ) throws -> Bool {
        let settings = store?.settings ?? .init()
        let frameDuration = destination.frameDuration
        func slotOf(_ t: Time) -> Int64 { max(0, t.ticks) / max(1, frameDuration.ticks) }
        if decoder?.path != path {
            decoder = nil
            let d = try VideoDecoder(path: path, threads: 1)
            guard !d.isIntraOnly, d.duration.map({ $0 > d.frameDuration }) ?? true else {
                store?.settle(path)
                return false
            }
            if store?.knowsKeyframes(of: path) == false { store?.learnKeyframes(d.indexedKeyframeTimes.map(slotOf), of: path) }
            decoder = d
        }
        guard let d = decoder else { return true }
        let (w, h) = ProxyStore.proxySize(of: d.squarePixelSize, longSide: settings.proxyPictureSize)
        try FileManager.default.createDirectory(at: destination.folder, withIntermediateDirectories: true)
        var open: Open?
        var lastSeen: Int64?
        var written: Int64 = 0
        var decoded = 0
        var target = slot
        defer { store?.count(run: decoded, written: Int(written)) }

        func startSegment(at first: Int64, time: Time) throws -> Open {
            let file = destination.folder.appendingPathComponent(".maker\(number)-\(first).mov")
            let encoder = try VideoEncoder(
                url: file,
                settings: .init(
                    codec: .mjpeg, width: w, height: h, keyframeInterval: 1, rotation: d.rotation, quality: settings.proxyQuality,
                    timeBase: (1, Int(Time.ticksPerSecond)), frameRate: d.frameRate))
            return Open(encoder: encoder, file: file, first: first, start: time, lastSlot: first)
        }
        func finish(lastSlot: Int64) throws {
            guard let o = open else { return }
            open = nil
            try o.encoder.finish()
            let segment = ProxySegments.Segment(first: o.first, last: max(o.first, lastSlot), start: o.start)
            let final = destination.folder.appendingPathComponent(segment.name)
            guard rename(o.file.path, final.path) == 0 else { throw MediaError("\(final.path): cannot be written (\(String(cString: strerror(errno))))") }
            written += o.count
            if store?.publish(segment, of: path, by: number) != true { try? FileManager.default.removeItem(at: final) }
        }

        let reach = Time.seconds(settings.proxyReachSeconds)
        let ended = try d.forEachFrame(from: frameDuration * slot, reach: reach) { frame, time in
            guard !isCancelled(), let store = self.store else { return false }
            decoded += 1
            let s = slotOf(time)
            if let last = lastSeen, s <= last { return true } // a repeated timestamp
            lastSeen = s
            let full = open.map { $0.count >= destination.segmentFrames } ?? false
            let verdict = store.verdict(on: s, of: path, for: number, target: &target, segmentFull: full)
            if verdict != .write || full { try finish(lastSlot: s - 1) }
            switch verdict {
            case .stop: return false
            case .skip: return true
            case .write:
                if open == nil { open = try startSegment(at: s, time: time) }
                try open!.encoder.append(frame, pts: time.ticks - open!.start.ticks)
                open!.count += 1
                open!.lastSlot = s
                // Someone waits for a frame this segment holds: publish it now.
                if store.takeAwaited(open!.first...s, of: path) { try finish(lastSlot: s) }
                return true
            }
        }
        guard !isCancelled(), store != nil else { return true }
        if ended, let last = lastSeen {
            try finish(lastSlot: open?.lastSlot ?? last)
            store?.reachedEnd(of: path, lastSlot: last)
        } else if written == 0, open == nil, let last = lastSeen, last >= slot {
            // Passed the slot it set out for without a frame to write there.
            store?.wroteNothing(towards: slot, of: path, for: number)
        }
        return true
    }
}
