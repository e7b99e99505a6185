import CFFmpeg
import Foundation
import TactileCore

/// A decoded picture and where it sits in its source.
public struct DecodedFrame: Sendable {
    public var image: RGBAImage
    /// The frame's presentation time in its source.
    public var time: Time
    /// Whether the picture was a keyframe.
    public var isKeyframe: Bool
}

/// Decodes exact frames of one video file: the frame shown at time T is the one whose display
/// interval contains T (its timestamp ≤ T and the next frame's > T), so it rounds down like the
/// timecode. Requests ahead of the last one in the same stretch decode forward; others seek to the
/// keyframe before T and decode forward from there. Only the frame handed out is converted to
/// RGBA (scaled by swscale to `maxPictureSize`). One decoder serves one request at a time.
public final class VideoDecoder {
    public let path: String
    /// The frame size as stored.
    public private(set) var codedWidth = 0, codedHeight = 0
    /// Degrees clockwise the picture is turned for display.
    public private(set) var rotation = 0
    /// The average frame duration.
    public private(set) var frameDuration = Time.frame(atRate: 30)
    /// The stream's length, when the container says.
    public private(set) var duration: Time?
    /// Memory the codec works in, estimated: each decoding thread holds the reference and
    /// reordering frames and one it works on, at the coded size and pixel format, plus the
    /// frames this decoder keeps (held, pending) and the picture it hands out.
    public var estimatedWorkingBytes: Int {
        let ctx = input.context.pointee
        let frame = max(0, Int(av_image_get_buffer_size(ctx.pix_fmt, max(1, ctx.width), max(1, ctx.height), 1)))
        let perThread = Int(max(1, ctx.refs)) + Int(max(0, ctx.has_b_frames)) + 1
        let (w, h) = (Int(max(1, ctx.width)), Int(max(1, ctx.height)))
        let k = maxPictureSize.map { min(1, Double($0) / Double(max(w, h))) } ?? 1
        let picture = Int(Double(w) * k * Double(h) * k) * 4
        return frame * (perThread * Int(max(1, ctx.thread_count)) + 2) + picture
    }
    /// Whether every frame is a keyframe (MJPEG, PNG, proxies): seeking then costs one frame.
    public private(set) var isIntraOnly = false
    /// The stream's frame rate as a fraction (frames, seconds).
    public private(set) var frameRate = (frames: 30, seconds: 1)
    /// Longest side of the pictures handed out, in pixels (nil: full size).
    public let maxPictureSize: Int?
    /// When set, pictures are scaled (up or down) to fit this box, upright, instead: an export
    /// decodes each frame at the size it is drawn, so drawing it is a plain copy.
    public var fitting: (width: Int, height: Int)? {
        didSet { if fitting.map({ ($0.width, $0.height) }) ?? (0, 0) != oldValue.map({ ($0.width, $0.height) }) ?? (0, 0) { heldImage = nil } }
    }
    /// Frames decoded so far (for benchmarks and tests).
    public private(set) var framesDecoded = 0
    /// Seeks made so far.
    public private(set) var seeks = 0
    /// Seek to the keyframe and decode forward on every request, remembering nothing: the naive
    /// way, kept for benchmarks to compare against.
    public var alwaysSeeks = false
    /// Where the file's first frame sits in the source it was cut from (a proxy segment): times
    /// asked for and handed out are the source's.
    public let timeOffset: Time
    /// How faithfully frames are decoded.
    public let quality: Quality

    /// How faithfully a decoder decodes.
    public enum Quality: Sendable {
        /// Every frame exactly as the file holds it.
        case exact
        /// At reduced cost while a finger scrubs: no loop filter, B-frames skipped, fast
        /// scaling. Pictures are near the frame asked for, never exact.
        case quick
    }

    private let input: DecodingInput
    /// Scratch frame the codec decodes into.
    private var incoming: UnsafeMutablePointer<AVFrame>?
    /// The last frame decoded at or before the target (kept for forward decoding).
    private var heldFrame: UnsafeMutablePointer<AVFrame>?
    private var held: (pts: Int64, key: Bool)?
    private var heldImage: RGBAImage?
    /// While set, positioning leaves the held frame unconverted (`decodedPicture(at:)`).
    private var skipsConversion = false
    /// A frame decoded past the target, handed out first by the next forward request.
    private var pendingFrame: UnsafeMutablePointer<AVFrame>?
    private var pending: (pts: Int64, key: Bool)?
    private let timeBase: AVRational
    private let startPTS: Int64
    /// How far the container's index runs ahead of the times frames show at.
    private let indexDelay: Int64
    /// Converts the frames handed out to RGBA (see `PictureConverter`).
    private let converter: PictureConverter

    /// Opens `path`; throws a `MediaError` a person can read when it has no decodable video.
    /// `keyframesOnly` makes the codec skip every other frame (for quick filmstrips). `threads`:
    /// the codec's decoding threads (0: one per core; each holds frames of its own).
    /// `timeOffset`: where the file starts in its source (proxy segments).
    public init(
        path: String, maxPictureSize: Int? = nil, keyframesOnly: Bool = false, threads: Int = 0,
        quality: Quality = .exact, timeOffset: Time = .zero
    ) throws {
        self.path = path
        self.maxPictureSize = maxPictureSize
        self.quality = quality
        self.timeOffset = timeOffset
        converter = PictureConverter(flags: Int32(quality == .quick ? SWS_FAST_BILINEAR : SWS_BILINEAR))
        input = try DecodingInput(path: path, type: AVMEDIA_TYPE_VIDEO, noun: "video") { ctx in
            // FFmpeg's own choice is one more thread than cores: on two cores that decodes a
            // keyframe interval a fifth slower than one per core.
            ctx.pointee.thread_count = Int32(threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount)
            if keyframesOnly { ctx.pointee.skip_frame = AVDISCARD_NONKEY }
            if quality == .quick {
                ctx.pointee.skip_loop_filter = AVDISCARD_ALL
                if !keyframesOnly { ctx.pointee.skip_frame = AVDISCARD_BIDIR }
                ctx.pointee.flags2 |= AV_CODEC_FLAG2_FAST
            }
        }
        let stream = input.stream
        timeBase = stream.pointee.time_base
        startPTS = stream.pointee.start_time == tactile_AV_NOPTS_VALUE() ? 0 : stream.pointee.start_time
        // Some containers (MP4) index decoding times: with B-frames a keyframe decodes a few
        // frames before it shows. The first frame is a keyframe shown at the start, so the first
        // entry's distance from the start is that delay.
        if avformat_index_get_entries_count(stream) > 0, let first = avformat_index_get_entry(stream, 0)?.pointee.timestamp {
            indexDelay = max(0, startPTS - first)
        } else {
            indexDelay = 0
        }
        rotation = MediaProbe.rotationDegrees(stream)
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameDuration = rate.num > 0 ? Time(ticks: Time.ticksPerSecond * Int64(rate.den) / Int64(rate.num)) : .frame(atRate: 30)
        frameRate = rate.num > 0 && rate.den > 0 ? (Int(rate.num), Int(rate.den)) : (30, 1)
        isIntraOnly = avcodec_descriptor_get(stream.pointee.codecpar.pointee.codec_id).map { Int32($0.pointee.props) & AV_CODEC_PROP_INTRA_ONLY != 0 } ?? false
        codedWidth = Int(input.context.pointee.width); codedHeight = Int(input.context.pointee.height)
        incoming = av_frame_alloc(); heldFrame = av_frame_alloc(); pendingFrame = av_frame_alloc()
        guard incoming != nil, heldFrame != nil, pendingFrame != nil else { close(); throw MediaError("out of memory") }
        if stream.pointee.duration > 0 {
            duration = seconds(startPTS + stream.pointee.duration)
        } else if input.format.pointee.duration > 0 {
            duration = Time(ticks: input.format.pointee.duration * (Time.ticksPerSecond / 1_000_000))
        }
    }

    deinit { close() }

    private func close() {
        if incoming != nil { av_frame_free(&incoming) }
        if heldFrame != nil { av_frame_free(&heldFrame) }
        if pendingFrame != nil { av_frame_free(&pendingFrame) }
    }

    /// The frame shown at `time` (source time from 0), turned upright.
    public func frame(at time: Time) throws -> DecodedFrame {
        guard let frame = try frame(at: time, standIn: nil, isWanted: { true }) else { throw MediaError("\(path): no frame could be decoded") }
        return frame
    }

    /// How many frames before an exact frame asked for every frame is decoded (before them,
    /// frames nothing refers to are skipped): wider than any gap of a variable frame rate.
    static let unreferencedSkipMargin: Int64 = 8

    /// The frame shown at `time`, decoded in steps: when a seek was needed and the keyframe it
    /// lands on is not the answer, `standIn` gets that keyframe at once; `passing`, when given,
    /// gets the frames decoded on the way instead, those `keepsPassing` wants (only those are
    /// turned into pictures; quick scrubbing keeps them); between decoded frames `isWanted` is
    /// asked whether to go on. Returns nil when abandoned (a newer request won).
    public func frame(
        at time: Time, standIn: ((DecodedFrame) -> Void)?, passing: ((DecodedFrame) -> Void)? = nil,
        keepsPassing: (Time) -> Bool = { _ in true }, isWanted: () -> Bool
    ) throws -> DecodedFrame? {
        let target = streamTarget(for: time)
        if !alwaysSeeks, let h = held, h.pts <= target, let p = pending, p.pts > target { return try heldPicture() }
        // On the way to an exact frame, frames nothing refers to are skipped until a few frames
        // before it (frame times may vary: the one shown at `time` is decoded whatever the gaps
        // before it, unless one shows for longer than that margin).
        if quality == .exact, !isIntraOnly, passing == nil {
            input.skipsUnreferencedBefore = target - pts(for: frameDuration * Self.unreferencedSkipMargin)
        }
        defer { input.skipsUnreferencedBefore = nil }
        // Continue forward when the request is ahead of what is held and not too far (within a
        // few keyframe intervals the seek would cost more than decoding on; when every frame is a
        // keyframe, or for a quick decode that skips all but keyframes and P-frames, a seek costs
        // one frame).
        let window = isIntraOnly || quality == .quick ? frameDuration * 2 : .seconds(2)
        let forward = !alwaysSeeks && decodesOn(to: target, within: window)
        var justSeeked = false
        var backoff = Backoff(target: target, startPTS: startPTS, unit: pts(for: .seconds(1)))
        if !forward { seek(to: target); justSeeked = true }
        while true {
            guard let next = try decodeNext() else {
                // End of stream: the last frame shows for ever after.
                if held != nil { return try heldPicture() }
                // A seek that found no frame at all (past the end of a file cut short, a demuxer
                // that cannot seek by time): step back, so the last frame that decodes shows, in
                // headless replays as in the window.
                guard stepBack(&backoff) else { return nil }
                justSeeked = true
                continue
            }
            // Containers that seek by bytes (MPEG-TS, MPEG-PS) may land after the target: the
            // frame wanted lies before the first one decoded. Step back and decode forward.
            if justSeeked, held == nil, next.pts > target, stepBack(&backoff) { continue }
            if next.pts > target, held != nil {
                // The held frame's interval contains the target; keep the new one for later.
                swap(&pendingFrame, &incoming)
                pending = next
                return try heldPicture()
            }
            takeIncoming(next)
            if next.pts >= target { return try heldPicture() }
            if let passing {
                if keepsPassing(sourceTime(ofPTS: next.pts)) { passing(try heldPicture()) }
            } else if justSeeked, let standIn {
                standIn(try heldPicture())
            }
            justSeeked = false
            if !isWanted() { return nil }
        }
    }

    /// Frames to decode before the frame shown at `time` is in hand without a seek (0: it is
    /// held), or nil when reaching it takes a seek.
    public func framesToDecode(reaching time: Time) -> Int? {
        let target = streamTarget(for: time)
        guard let h = held, h.pts <= target else { return nil }
        if let p = pending, p.pts > target { return 0 }
        return Int((target - h.pts) / max(1, pts(for: frameDuration)))
    }

    /// The keyframe at or before `time`: one seek and one decoded frame (quick filmstrips).
    public func keyframe(at time: Time) throws -> DecodedFrame {
        let target = streamTarget(for: time)
        var backoff = Backoff(target: target, startPTS: startPTS, unit: pts(for: .seconds(1)))
        seek(to: target)
        while true {
            guard let next = try decodeNext() else {
                guard stepBack(&backoff) else { throw MediaError("\(path): no frame could be decoded") }
                continue
            }
            if next.pts > target, stepBack(&backoff) { continue }
            takeIncoming(next)
            return try heldPicture()
        }
    }

    /// How far a request has stepped back from its target: 2, 8, 32, 128 s, then the file's start.
    struct Backoff {
        let target: Int64, startPTS: Int64, unit: Int64
        var steps = 0
        static let limit = 5
    }

    /// Seeks further back for `backoff`'s request (last, to the first byte); false when even that was tried.
    private func stepBack(_ backoff: inout Backoff) -> Bool {
        guard backoff.steps <= Backoff.limit else { return false }
        backoff.steps += 1
        let back = backoff.unit * Int64(2 << (2 * (backoff.steps - 1)))
        if backoff.steps <= Backoff.limit && backoff.target - back > backoff.startPTS {
            seek(to: backoff.target - back)
        } else {
            rewindToStart()
            backoff.steps = Backoff.limit + 1
        }
        return true
    }

    /// Decodes every frame from the current position (the start, for a new decoder) in order,
    /// handing each one, neither converted nor turned, and its time to `body`; stops when `body`
    /// returns false. Returns true when it reached the end of the stream. How proxies are made.
    @discardableResult
    func forEachFrame(_ body: (UnsafeMutablePointer<AVFrame>, Time) throws -> Bool) throws -> Bool {
        while let next = try decodeNext() {
            takeIncoming(next)
            guard let held = heldFrame, try body(held, sourceTime(ofPTS: next.pts)) else { return false }
        }
        return true
    }

    /// `forEachFrame` from the keyframe at or before `time`, or, when the frame this decoder
    /// holds is at most `reach` before `time`, from that frame (handed to `body` again) without a seek.
    @discardableResult
    func forEachFrame(from time: Time, reach: Time, _ body: (UnsafeMutablePointer<AVFrame>, Time) throws -> Bool) throws -> Bool {
        let target = streamTarget(for: time)
        if let h = held, decodesOn(to: target, within: reach), let fr = heldFrame {
            guard try body(fr, sourceTime(ofPTS: h.pts)) else { return false }
            return try forEachFrame(body)
        }
        // Containers that seek by bytes may land after the target: step back until the first
        // frame decoded is at or before it (or the file's start is reached).
        var backoff = Backoff(target: target, startPTS: startPTS, unit: pts(for: .seconds(1)))
        seek(to: target)
        while true {
            guard let first = try decodeNext() else {
                if stepBack(&backoff) { continue }
                return true
            }
            if first.pts > target, stepBack(&backoff) { continue }
            takeIncoming(first)
            guard let fr = heldFrame, try body(fr, sourceTime(ofPTS: first.pts)) else { return false }
            return try forEachFrame(body)
        }
    }

    /// The stream time a request for source time `time` aims at. Containers with a coarse time
    /// base (Matroska's milliseconds) round frame times: a frame nominally at 2/30 s is stored at
    /// 67 ms, so one unit of that rounding is allowed.
    private func streamTarget(for time: Time) -> Int64 { startPTS + pts(for: max(.zero, time - timeOffset)) + roundingTolerance }

    /// The source time of the frame at stream time `pts`.
    private func sourceTime(ofPTS pts: Int64) -> Time { seconds(pts) + timeOffset }

    /// Whether decoding on from the frame held reaches stream time `target` more cheaply than a
    /// seek: it is no further than `window` ahead, or no keyframe lies between.
    private func decodesOn(to target: Int64, within window: Time) -> Bool {
        guard let h = held, h.pts <= target else { return false }
        return target - h.pts <= pts(for: window) || noKeyframe(after: h.pts, upTo: target)
    }

    /// Whether the container's index lists no keyframe after `held` up to `target` (stream
    /// times): a seek to `target` would land at or before `held`, so decoding on is cheaper.
    /// False when the container has no index.
    private func noKeyframe(after held: Int64, upTo target: Int64) -> Bool {
        let i = av_index_search_timestamp(input.stream, target - indexDelay, AVSEEK_FLAG_BACKWARD)
        guard i >= 0, let entry = avformat_index_get_entry(input.stream, i) else { return false }
        return entry.pointee.timestamp + indexDelay <= held
    }

    /// The source times of the keyframes the container's index lists, in order (empty when it
    /// has no index: MPEG transport streams, raw streams). Index times may be decoding times, a
    /// frame or two before the frames' own with B-frames.
    var indexedKeyframeTimes: [Time] {
        let st = input.stream
        let count = Int(avformat_index_get_entries_count(st))
        var times: [Time] = []
        for i in 0..<count {
            guard let entry = avformat_index_get_entry(st, Int32(i)), entry.pointee.flags & AVINDEX_KEYFRAME != 0 else { continue }
            times.append(timeBase.time(ofPTS: entry.pointee.timestamp + indexDelay - startPTS) + timeOffset)
        }
        return times
    }

    /// The stream's picture size with its sample aspect ratio applied, before rotation.
    var squarePixelSize: (width: Int, height: Int) {
        let par = input.stream.pointee.codecpar.pointee
        var w = Int(par.width)
        if par.sample_aspect_ratio.num > 0, par.sample_aspect_ratio.den > 0, par.sample_aspect_ratio.num != par.sample_aspect_ratio.den {
            w = Int((Double(w) * Double(par.sample_aspect_ratio.num) / Double(par.sample_aspect_ratio.den)).rounded())
        }
        return (max(1, w), max(1, Int(par.height)))
    }

    private func takeIncoming(_ info: (pts: Int64, key: Bool)) {
        av_frame_unref(heldFrame)
        av_frame_move_ref(heldFrame, incoming)
        held = info
        heldImage = nil
    }

    private func heldPicture() throws -> DecodedFrame {
        guard let h = held, let fr = heldFrame else { throw MediaError("\(path): no frame could be decoded") }
        if skipsConversion { return DecodedFrame(image: RGBAImage(width: 0, height: 0, pixels: []), time: sourceTime(ofPTS: h.pts), isKeyframe: h.key) }
        if heldImage == nil { heldImage = try convert(fr).rotated(clockwise: rotation) }
        return DecodedFrame(image: heldImage!, time: sourceTime(ofPTS: h.pts), isKeyframe: h.key)
    }

    private func seek(to target: Int64) {
        input.seek(to: target, fallback: startPTS)
        forgetFrames()
        seeks += 1
    }

    private func rewindToStart() {
        input.rewind()
        forgetFrames()
        seeks += 1
    }

    private func forgetFrames() {
        held = nil; heldImage = nil; pending = nil
        av_frame_unref(heldFrame); av_frame_unref(pendingFrame)
    }

    /// Decodes the next frame in presentation order into `incoming`; nil at the end.
    private func decodeNext() throws -> (pts: Int64, key: Bool)? {
        if let p = pending {
            pending = nil
            swap(&pendingFrame, &incoming)
            av_frame_unref(pendingFrame)
            return p
        }
        guard let fr = incoming else { return nil }
        av_frame_unref(fr)
        guard try input.receive(into: fr) else { return nil }
        framesDecoded += 1
        var pts = fr.pointee.best_effort_timestamp
        if pts == tactile_AV_NOPTS_VALUE() { pts = fr.pointee.pts }
        if pts == tactile_AV_NOPTS_VALUE() { pts = (held?.pts ?? startPTS) + self.pts(for: frameDuration) }
        return (pts, fr.pointee.key_frame != 0)
    }

    /// The frame shown at `time`, as the codec made it (not converted): an export scales it
    /// straight into the movie's frame, or converts it with `picture(from:)` when it must be drawn.
    public func decodedPicture(at time: Time) throws -> DecodedPicture {
        skipsConversion = true
        defer { skipsConversion = false }
        let shown = try frame(at: time)
        guard let fr = heldFrame, let clone = av_frame_clone(fr) else { throw MediaError("\(path): no frame could be decoded") }
        let (w, h) = try drawnSize(of: fr)
        let upright = rotation % 180 == 0 ? (Int(w), Int(h)) : (Int(h), Int(w))
        return DecodedPicture(frame: clone, time: shown.time, rotation: rotation, width: upright.0, height: upright.1)
    }

    /// `picture` (from this decoder) as RGBA, fitted and turned upright as `frame(at:)` gives it.
    public func picture(from picture: DecodedPicture) throws -> RGBAImage {
        try convert(picture.frame).rotated(clockwise: rotation)
    }

    /// Converts to RGBA at `drawnSize(of:)`.
    private func convert(_ fr: UnsafeMutablePointer<AVFrame>) throws -> RGBAImage {
        let (ow, oh) = try drawnSize(of: fr)
        return try converter.rgba(from: fr, width: Int(ow), height: Int(oh))
    }

    /// The size a frame is handed out at, before it is turned upright: scaled to fit `fitting`,
    /// else down to fit `maxPictureSize` (aspect kept, sample aspect applied).
    private func drawnSize(of fr: UnsafeMutablePointer<AVFrame>) throws -> (Int32, Int32) {
        let w = fr.pointee.width, h = fr.pointee.height
        guard w > 0, h > 0 else { throw MediaError("\(path): a frame has no size") }
        var (ow, oh) = (w, h)
        let sar = fr.pointee.sample_aspect_ratio
        if sar.num > 0, sar.den > 0, sar.num != sar.den { ow = max(1, Int32(Int64(w) * Int64(sar.num) / Int64(sar.den))) }
        if let box = fitting, box.width > 0, box.height > 0 {
            // The box as the coded picture sees it (the picture is turned upright afterwards).
            let (bw, bh) = rotation % 180 == 0 ? (box.width, box.height) : (box.height, box.width)
            let k = min(Double(bw) / Double(ow), Double(bh) / Double(oh))
            // One side exactly the box's, so the picture fits it with no further scaling.
            if Double(bw) / Double(ow) <= Double(bh) / Double(oh) {
                ow = Int32(bw); oh = max(2, Int32((Double(oh) * k).rounded()))
            } else {
                oh = Int32(bh); ow = max(2, Int32((Double(ow) * k).rounded()))
            }
        } else if let m = maxPictureSize, max(ow, oh) > Int32(m) {
            let k = Double(m) / Double(max(ow, oh))
            ow = max(2, Int32((Double(ow) * k).rounded())); oh = max(2, Int32((Double(oh) * k).rounded()))
        }
        return (ow, oh)
    }

    /// One time-base unit when frame times are rounded to it: a unit coarser than 1/10,000 s
    /// but finer than a quarter frame (Matroska's milliseconds; not AVI's whole frames).
    private var roundingTolerance: Int64 {
        let unit = Time(ticks: Int64(timeBase.num) * Time.ticksPerSecond / max(1, Int64(timeBase.den)))
        return unit > Time(ticks: Time.ticksPerSecond / 10_000) && unit * 4 < frameDuration ? 1 : 0
    }

    private func pts(for t: Time) -> Int64 { timeBase.pts(of: t) }

    /// A frame's time, put back on the frame grid when the container rounded it.
    private func seconds(_ pts: Int64) -> Time {
        let t = timeBase.time(ofPTS: pts - startPTS)
        guard roundingTolerance > 0 else { return t }
        let unit = Time(ticks: Int64(timeBase.num) * Time.ticksPerSecond / Int64(timeBase.den))
        let k = (Double(t.ticks) / Double(frameDuration.ticks)).rounded()
        let grid = frameDuration * Int64(k)
        return abs((grid - t).ticks) <= unit.ticks ? grid : t
    }
}

extension RGBAImage {
    /// The image turned clockwise by 0, 90, 180 or 270 degrees.
    public func rotated(clockwise degrees: Int) -> RGBAImage {
        let d = ((degrees % 360) + 360) % 360
        guard d != 0 else { return self }
        let w = width, h = height
        let (nw, nh) = d == 180 ? (w, h) : (h, w)
        var out = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<h {
            for x in 0..<w {
                let (nx, ny): (Int, Int)
                switch d {
                case 90: (nx, ny) = (h - 1 - y, x)
                case 180: (nx, ny) = (w - 1 - x, h - 1 - y)
                default: (nx, ny) = (y, w - 1 - x)
                }
                let s = (y * w + x) * 4, t = (ny * nw + nx) * 4
                out[t] = pixels[s]; out[t + 1] = pixels[s + 1]; out[t + 2] = pixels[s + 2]; out[t + 3] = pixels[s + 3]
            }
        }
        return RGBAImage(width: nw, height: nh, pixels: out)
    }
}
