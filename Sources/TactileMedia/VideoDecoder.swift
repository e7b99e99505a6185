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
/// keyframe before T and decode forward from there. One decoder serves one request at a time.
public final class VideoDecoder {
    public let path: String
    /// The frame size as stored.
    public private(set) var codedWidth = 0, codedHeight = 0
    /// Degrees clockwise the picture is turned for display.
    public private(set) var rotation = 0
    /// The average frame duration.
    public private(set) var frameDuration = Time.frame(atRate: 30)
    /// Frames decoded so far (for benchmarks and tests).
    public private(set) var framesDecoded = 0
    /// Seeks made so far.
    public private(set) var seeks = 0

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var streamIndex: Int32 = -1
    private var timeBase = AVRational(num: 1, den: 1)
    private var startPTS: Int64 = 0
    /// The last frame decoded (pts in stream time base) and its picture, kept for forward decoding.
    private var held: (pts: Int64, image: RGBAImage, key: Bool)?
    private var endOfStream = false
    private var scaler: OpaquePointer?
    private var scalerKey: (Int32, Int32, Int32, Int, Int)?

    /// Opens `path`; throws a `MediaError` a person can read when it has no decodable video.
    public init(path: String) throws {
        self.path = path
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        var rc = avformat_open_input(&fmt, path, nil, nil)
        guard rc >= 0, let f = fmt else { throw MediaError("\(path): not a media file FFmpeg recognises", code: rc) }
        format = f
        do {
            rc = avformat_find_stream_info(f, nil)
            guard rc >= 0 else { throw MediaError("\(path): its streams cannot be read", code: rc) }
            var decoder: UnsafePointer<AVCodec>?
            let index = av_find_best_stream(f, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
            guard index >= 0, let codec = decoder, let stream = f.pointee.streams[Int(index)] else {
                throw MediaError("\(path): has no video that can be decoded")
            }
            streamIndex = index
            timeBase = stream.pointee.time_base
            startPTS = stream.pointee.start_time == tactile_AV_NOPTS_VALUE() ? 0 : stream.pointee.start_time
            rotation = MediaProbe.rotationDegrees(stream)
            let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
            frameDuration = rate.num > 0 ? Time(ticks: Time.ticksPerSecond * Int64(rate.den) / Int64(rate.num)) : .frame(atRate: 30)
            guard let ctx = avcodec_alloc_context3(codec) else { throw MediaError("out of memory") }
            context = ctx
            rc = avcodec_parameters_to_context(ctx, stream.pointee.codecpar)
            guard rc >= 0 else { throw MediaError("\(path): cannot set up its decoder", code: rc) }
            ctx.pointee.thread_count = 0
            rc = avcodec_open2(ctx, codec, nil)
            guard rc >= 0 else { throw MediaError("\(path): cannot open its decoder", code: rc) }
            codedWidth = Int(ctx.pointee.width); codedHeight = Int(ctx.pointee.height)
            frame = av_frame_alloc(); packet = av_packet_alloc()
            guard frame != nil, packet != nil else { throw MediaError("out of memory") }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func close() {
        if let s = scaler { sws_freeContext(s); scaler = nil }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if context != nil { avcodec_free_context(&context) }
        if format != nil { avformat_close_input(&format) }
    }

    /// The frame shown at `time` (in source time from 0), at most `maxSize` pixels on its long
    /// side when given, turned upright.
    public func frame(at time: Time, maxSize: Int? = nil) throws -> DecodedFrame {
        // Containers with a coarse time base (Matroska's milliseconds) round frame times: a frame
        // nominally at 2/30 s is stored at 67 ms. Allow one unit of that rounding.
        let target = startPTS + pts(for: max(.zero, time)) + roundingTolerance
        // Continue forward when the request is ahead of what is held and not too far (within a
        // few keyframe intervals the seek would cost more than decoding on).
        let forward = held.map { $0.pts <= target && target - $0.pts < pts(for: .seconds(2)) } ?? false
        if !forward { try seek(to: target) }
        while true {
            guard let (framePTS, image, key) = try decodeNext() else {
                // End of stream: the last frame shows for ever after.
                guard let h = held else { throw MediaError("\(path): no frame could be decoded") }
                return DecodedFrame(image: oriented(h.image, maxSize: maxSize), time: seconds(h.pts), isKeyframe: h.key)
            }
            if framePTS > target, let h = held, h.pts <= target {
                // The held frame's interval contains the target; keep the new one for later.
                let answer = DecodedFrame(image: oriented(h.image, maxSize: maxSize), time: seconds(h.pts), isKeyframe: h.key)
                pending = (framePTS, image, key)
                return answer
            }
            held = (framePTS, image, key)
            if framePTS == target { return DecodedFrame(image: oriented(image, maxSize: maxSize), time: seconds(framePTS), isKeyframe: key) }
        }
    }

    /// A frame decoded past the target, handed out first by the next forward request.
    private var pending: (pts: Int64, image: RGBAImage, key: Bool)?

    private func seek(to target: Int64) throws {
        guard let f = format, let ctx = context else { return }
        let rc = av_seek_frame(f, streamIndex, target, AVSEEK_FLAG_BACKWARD)
        if rc < 0 { _ = av_seek_frame(f, streamIndex, startPTS, AVSEEK_FLAG_BACKWARD) }
        avcodec_flush_buffers(ctx)
        held = nil
        pending = nil
        endOfStream = false
        seeks += 1
    }

    /// The next frame in presentation order, or nil at the end.
    private func decodeNext() throws -> (Int64, RGBAImage, Bool)? {
        if let p = pending {
            pending = nil
            return p
        }
        guard let f = format, let ctx = context, let fr = frame, let pkt = packet else { return nil }
        while true {
            let r = avcodec_receive_frame(ctx, fr)
            if r >= 0 {
                defer { av_frame_unref(fr) }
                framesDecoded += 1
                var pts = fr.pointee.best_effort_timestamp
                if pts == tactile_AV_NOPTS_VALUE() { pts = fr.pointee.pts }
                if pts == tactile_AV_NOPTS_VALUE() { pts = (held?.pts ?? startPTS) + self.pts(for: frameDuration) }
                let key = fr.pointee.key_frame != 0
                return (pts, try convert(fr), key)
            }
            if r == tactile_AVERROR_EOF() { return nil }
            guard r == tactile_AVERROR_EAGAIN() else { throw MediaError("\(path): decoding failed", code: r) }
            if endOfStream { return nil }
            let read = av_read_frame(f, pkt)
            if read < 0 {
                endOfStream = true
                avcodec_send_packet(ctx, nil)
                continue
            }
            defer { av_packet_unref(pkt) }
            if pkt.pointee.stream_index == streamIndex {
                let s = avcodec_send_packet(ctx, pkt)
                if s < 0 && s != tactile_AVERROR_EAGAIN() { continue } // skip a damaged packet
            }
        }
    }

    private func convert(_ fr: UnsafeMutablePointer<AVFrame>) throws -> RGBAImage {
        let w = fr.pointee.width, h = fr.pointee.height
        let key = (w, h, fr.pointee.format, Int(w), Int(h))
        if scalerKey == nil || scalerKey! != key {
            if let s = scaler { sws_freeContext(s) }
            scaler = sws_getContext(w, h, AVPixelFormat(rawValue: fr.pointee.format), w, h, AV_PIX_FMT_RGBA, Int32(SWS_BILINEAR), nil, nil, nil)
            scalerKey = key
        }
        guard let sws = scaler else { throw MediaError("\(path): cannot convert its pixel format") }
        var pixels = [UInt8](repeating: 0, count: Int(w) * Int(h) * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            var dst: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            var dstStride: [Int32] = [w * 4, 0, 0, 0]
            withUnsafePointer(to: fr.pointee.data) { dataTuple in
                dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                    withUnsafePointer(to: fr.pointee.linesize) { lsTuple in
                        lsTuple.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                            _ = sws_scale(sws, src, srcStride, 0, h, &dst, &dstStride)
                        }
                    }
                }
            }
        }
        return RGBAImage(width: Int(w), height: Int(h), pixels: pixels)
    }

    private func oriented(_ image: RGBAImage, maxSize: Int?) -> RGBAImage {
        var out = image.rotated(clockwise: rotation)
        if let maxSize, max(out.width, out.height) > maxSize { out = out.scaled(toFit: maxSize) }
        return out
    }

    /// One time-base unit when frame times are rounded to it: a unit coarser than 1/10,000 s
    /// but finer than a quarter frame (Matroska's milliseconds; not AVI's whole frames).
    private var roundingTolerance: Int64 {
        let unit = Time(ticks: Int64(timeBase.num) * Time.ticksPerSecond / max(1, Int64(timeBase.den)))
        return unit > Time(ticks: Time.ticksPerSecond / 10_000) && unit * 4 < frameDuration ? 1 : 0
    }

    private func pts(for t: Time) -> Int64 {
        // t · den / (num · ticksPerSecond), rounded down, in 128-bit safe steps.
        let num = Int64(timeBase.num), den = Int64(timeBase.den)
        let (q, r) = t.ticks.quotientAndRemainder(dividingBy: Time.ticksPerSecond * num)
        return q * den + r * den / (Time.ticksPerSecond * num)
    }

    /// A frame's time, put back on the frame grid when the container rounded it.
    private func seconds(_ pts: Int64) -> Time {
        let p = pts - startPTS
        let t = Time(ticks: p * Int64(timeBase.num) * Time.ticksPerSecond / Int64(timeBase.den))
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

    /// The image shrunk (nearest-neighbour box average) so its long side is at most `maxSize`.
    public func scaled(toFit maxSize: Int) -> RGBAImage {
        let k = Double(maxSize) / Double(max(width, height))
        guard k < 1 else { return self }
        let nw = max(1, Int(Double(width) * k)), nh = max(1, Int(Double(height) * k))
        var out = [UInt8](repeating: 0, count: nw * nh * 4)
        for y in 0..<nh {
            let sy = min(height - 1, Int(Double(y) / k))
            for x in 0..<nw {
                let sx = min(width - 1, Int(Double(x) / k))
                let s = (sy * width + sx) * 4, t = (y * nw + x) * 4
                out[t] = pixels[s]; out[t + 1] = pixels[s + 1]; out[t + 2] = pixels[s + 2]; out[t + 3] = pixels[s + 3]
            }
        }
        return RGBAImage(width: nw, height: nh, pixels: out)
    }
}
