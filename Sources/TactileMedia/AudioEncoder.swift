import CFFmpeg
import Foundation
import TactileCore

/// Writes an audio file (WAV as 16-bit PCM, or AAC in .m4a) from float samples, through
/// libavformat / libavcodec / libswresample. The file appears atomically when done.
public enum AudioEncoder {
    public enum Codec: String, Sendable, CaseIterable { case wav, aac }

    /// Encodes mono `samples` (-1 … 1) at `sampleRate` into `url`, as `channels` identical channels.
    public static func write(_ samples: [Float], sampleRate: Int, channels: Int = 2, codec: Codec, to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial.\(url.pathExtension)")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var format: UnsafeMutablePointer<AVFormatContext>?
        var context: UnsafeMutablePointer<AVCodecContext>?
        var frame: UnsafeMutablePointer<AVFrame>?
        var packet: UnsafeMutablePointer<AVPacket>?
        var resampler: OpaquePointer?
        defer {
            swr_free(&resampler)
            av_frame_free(&frame)
            av_packet_free(&packet)
            avcodec_free_context(&context)
            if let fmt = format {
                if fmt.pointee.pb != nil { try? OutputFile.close(fmt) }
                avformat_free_context(fmt)
            }
        }
        do {
            var rc = avformat_alloc_output_context2(&format, nil, nil, temporary.path)
            guard rc >= 0, let fmt = format else { throw MediaError("choosing a container for \(url.lastPathComponent)", code: rc) }
            let id = codec == .wav ? AV_CODEC_ID_PCM_S16LE : AV_CODEC_ID_AAC
            guard let encoder = avcodec_find_encoder(id) else { throw MediaError("this FFmpeg has no \(codec.rawValue) encoder") }
            guard let st = avformat_new_stream(fmt, nil) else { throw MediaError("out of memory adding a stream") }
            context = avcodec_alloc_context3(encoder)
            guard let ctx = context else { throw MediaError("out of memory allocating an encoder") }
            ctx.pointee.sample_rate = Int32(sampleRate)
            av_channel_layout_default(&ctx.pointee.ch_layout, Int32(channels))
            ctx.pointee.sample_fmt = codec == .wav ? AV_SAMPLE_FMT_S16 : AV_SAMPLE_FMT_FLTP
            ctx.pointee.bit_rate = codec == .aac ? 128_000 : 0
            ctx.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
            try openEncoder(ctx, encoder, named: codec.rawValue, for: st, in: fmt)
            try OutputFile.open(temporary, finishing: url, into: fmt)
            rc = avformat_write_header(fmt, nil)
            guard rc >= 0 else { throw MediaError("writing the container header", code: rc) }

            // The mono samples are repeated into every channel before resampling, so the
            // resampler's matrix is the identity and the level written is the level given.
            var mono = AVChannelLayout()
            av_channel_layout_default(&mono, Int32(channels))
            rc = swr_alloc_set_opts2(
                &resampler, &ctx.pointee.ch_layout, ctx.pointee.sample_fmt, Int32(sampleRate),
                &mono, AV_SAMPLE_FMT_FLT, Int32(sampleRate), 0, nil)
            guard rc >= 0, let swr = resampler, swr_init(swr) >= 0 else { throw MediaError("setting up the resampler", code: rc) }

            frame = av_frame_alloc(); packet = av_packet_alloc()
            guard let f = frame, let pkt = packet else { throw MediaError("out of memory") }
            let chunk = ctx.pointee.frame_size > 0 ? Int(ctx.pointee.frame_size) : 1024
            var pts: Int64 = 0
            func drain() throws { try writePendingPackets(from: ctx, using: pkt, to: fmt, stream: st) }
            var offset = 0
            while offset < samples.count {
                let n = min(chunk, samples.count - offset)
                av_frame_unref(f)
                f.pointee.nb_samples = Int32(n)
                f.pointee.format = ctx.pointee.sample_fmt.rawValue
                f.pointee.sample_rate = ctx.pointee.sample_rate
                av_channel_layout_copy(&f.pointee.ch_layout, &ctx.pointee.ch_layout)
                rc = av_frame_get_buffer(f, 0)
                guard rc >= 0 else { throw MediaError("allocating audio", code: rc) }
                let spread = channels == 1 ? Array(samples[offset..<offset + n]) : samples[offset..<offset + n].flatMap { repeatElement($0, count: channels) }
                try spread.withUnsafeBufferPointer { src in
                    var input: [UnsafePointer<UInt8>?] = [UnsafeRawPointer(src.baseAddress!).assumingMemoryBound(to: UInt8.self)]
                    let converted = withUnsafeMutablePointer(to: &f.pointee.data) { dataTuple in
                        dataTuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { out in
                            swr_convert(swr, out, Int32(n), &input, Int32(n))
                        }
                    }
                    guard converted >= 0 else { throw MediaError("converting audio", code: converted) }
                }
                f.pointee.pts = pts
                pts += Int64(n)
                offset += n
                rc = avcodec_send_frame(ctx, f)
                guard rc >= 0 else { throw MediaError("encoding audio", code: rc) }
                try drain()
            }
            rc = avcodec_send_frame(ctx, nil)
            try drain()
            rc = av_write_trailer(fmt)
            guard rc >= 0 else { throw MediaError("writing the container trailer", code: rc) }
            try OutputFile.close(fmt)
            if rename(temporary.path, url.path) != 0 { throw MediaError("moving the finished file to \(url.path)") }
        } catch let refusal as FileRefusal {
            throw refusal
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A sine tone, `seconds` long, with 5 ms fades at both ends.
    public static func tone(hz: Double, seconds: Double, sampleRate: Int, level: Float = 0.4) -> [Float] {
        let n = Int(seconds * Double(sampleRate))
        let fade = Double(sampleRate) * 0.005
        return (0..<n).map { i in
            let envelope = min(1, Double(i) / fade, Double(n - i) / fade)
            return Float(sin(2 * Double.pi * hz * Double(i) / Double(sampleRate)) * envelope) * level
        }
    }
}
