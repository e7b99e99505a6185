import CFFmpeg
import Foundation
import TactileCore

/// Decodes the sound of a media file to interleaved 32-bit float samples at a chosen rate and
/// channel count, resampled and remixed by libswresample. For waveforms and playback.
public final class AudioDecoder {
    public let path: String
    /// The output rate and channel count.
    public let sampleRate: Int, channels: Int

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var resampler: OpaquePointer?
    private var streamIndex: Int32 = -1
    private var timeBase = AVRational(num: 1, den: 1)
    private var endOfStream = false
    private var flushed = false

    /// Opens the best audio stream of `path`.
    public init(path: String, sampleRate: Int, channels: Int) throws {
        self.path = path; self.sampleRate = sampleRate; self.channels = channels
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        var rc = avformat_open_input(&fmt, path, nil, nil)
        guard rc >= 0, let f = fmt else { throw MediaError("\(path): not a media file FFmpeg recognises", code: rc) }
        format = f
        do {
            rc = avformat_find_stream_info(f, nil)
            guard rc >= 0 else { throw MediaError("\(path): its streams cannot be read", code: rc) }
            var decoder: UnsafePointer<AVCodec>?
            let index = av_find_best_stream(f, AVMEDIA_TYPE_AUDIO, -1, -1, &decoder, 0)
            guard index >= 0, let codec = decoder, let stream = f.pointee.streams[Int(index)] else {
                throw MediaError("\(path): has no sound that can be decoded")
            }
            streamIndex = index
            timeBase = stream.pointee.time_base
            guard let ctx = avcodec_alloc_context3(codec) else { throw MediaError("out of memory") }
            context = ctx
            rc = avcodec_parameters_to_context(ctx, stream.pointee.codecpar)
            guard rc >= 0 else { throw MediaError("\(path): cannot set up its audio decoder", code: rc) }
            rc = avcodec_open2(ctx, codec, nil)
            guard rc >= 0 else { throw MediaError("\(path): cannot open its audio decoder", code: rc) }
            if ctx.pointee.ch_layout.nb_channels == 0 { av_channel_layout_default(&ctx.pointee.ch_layout, 2) }
            var out = AVChannelLayout()
            av_channel_layout_default(&out, Int32(channels))
            rc = swr_alloc_set_opts2(&resampler, &out, AV_SAMPLE_FMT_FLT, Int32(sampleRate),
                                     &ctx.pointee.ch_layout, ctx.pointee.sample_fmt, ctx.pointee.sample_rate, 0, nil)
            // Mono spreads to both sides at full level (libswresample's default is 3 dB down).
            if let swr = resampler { av_opt_set_double(UnsafeMutableRawPointer(swr), "center_mix_level", 1, 0) }
            guard rc >= 0, let swr = resampler, swr_init(swr) >= 0 else { throw MediaError("\(path): cannot resample its sound", code: rc) }
            frame = av_frame_alloc(); packet = av_packet_alloc()
            guard frame != nil, packet != nil else { throw MediaError("out of memory") }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    private func close() {
        if resampler != nil { swr_free(&resampler) }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if context != nil { avcodec_free_context(&context) }
        if format != nil { avformat_close_input(&format) }
    }

    /// Moves so the next samples read begin at source time `time` (sample-accurate).
    public func seek(to time: Time) throws {
        guard let f = format, let ctx = context else { return }
        let target = time.ticks * Int64(timeBase.den) / (Int64(timeBase.num) * Time.ticksPerSecond)
        let rc = av_seek_frame(f, streamIndex, max(0, target), AVSEEK_FLAG_BACKWARD)
        if rc < 0 { throw MediaError("\(path): cannot seek its sound", code: rc) }
        avcodec_flush_buffers(ctx)
        if let swr = resampler { swr_close(swr); swr_init(swr) }
        endOfStream = false; flushed = false
        skipUntil = time
    }

    /// After a seek: samples before this source time are dropped.
    private var skipUntil: Time?

    /// Appends the next chunk of samples (interleaved) to `samples`; false at the end of the sound.
    public func read(into samples: inout [Float]) throws -> Bool {
        guard let f = format, let ctx = context, let fr = frame, let pkt = packet, let swr = resampler else { return false }
        while true {
            let r = avcodec_receive_frame(ctx, fr)
            if r >= 0 {
                defer { av_frame_unref(fr) }
                var frameStart: Time?
                let pts = fr.pointee.best_effort_timestamp != tactile_AV_NOPTS_VALUE() ? fr.pointee.best_effort_timestamp : fr.pointee.pts
                if pts != tactile_AV_NOPTS_VALUE() {
                    frameStart = Time(ticks: pts * Int64(timeBase.num) * Time.ticksPerSecond / Int64(timeBase.den))
                }
                let before = samples.count
                let produced = try convert(fr, swr: swr, into: &samples)
                if let until = skipUntil {
                    // After a seek: drop what lies before the target, sample-accurately.
                    let start = frameStart ?? until
                    let drop = min(produced, max(0, Int(((until - start).seconds * Double(sampleRate)).rounded())))
                    if drop > 0 { samples.removeSubrange(before..<(before + drop * channels)) }
                    if drop < produced || frameStart == nil { skipUntil = nil }
                }
                return true
            }
            if r == tactile_AVERROR_EOF() { return try drainResampler(swr, into: &samples) }
            guard r == tactile_AVERROR_EAGAIN() else { throw MediaError("\(path): decoding its sound failed", code: r) }
            if endOfStream { return try drainResampler(swr, into: &samples) }
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

    private func drainResampler(_ swr: OpaquePointer, into samples: inout [Float]) throws -> Bool {
        guard !flushed else { return false }
        flushed = true
        let before = samples.count
        let room = 4096
        samples.append(contentsOf: repeatElement(0, count: room * channels))
        let n = samples.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + before).assumingMemoryBound(to: UInt8.self)
            return swr_convert(swr, &out, Int32(room), nil, 0)
        }
        samples.removeLast((room - max(0, Int(n))) * channels)
        return samples.count > before
    }

    /// Resamples one decoded frame onto the end of `samples`; returns the samples per channel added.
    private func convert(_ fr: UnsafeMutablePointer<AVFrame>, swr: OpaquePointer, into samples: inout [Float]) throws -> Int {
        let inCount = Int(fr.pointee.nb_samples)
        let room = Int(swr_get_out_samples(swr, Int32(inCount))) + 16
        let before = samples.count
        samples.append(contentsOf: repeatElement(0, count: room * channels))
        let n = samples.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + before).assumingMemoryBound(to: UInt8.self)
            return fr.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { input in
                swr_convert(swr, &out, Int32(room), input, Int32(inCount))
            }
        }
        guard n >= 0 else { samples.removeLast(room * channels); throw MediaError("\(path): converting its sound failed", code: n) }
        samples.removeLast((room - Int(n)) * channels)
        return Int(n)
    }
}
