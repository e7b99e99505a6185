import CFFmpeg
import TactileCore

/// One stream of a media file opened for decoding: the demuxer, the best stream of a kind and
/// its decoder, each freed exactly once. Hands out decoded frames, reading and sending packets as
/// the decoder asks (damaged packets are skipped), and seeks. The video and audio decoders are
/// built on it.
final class DecodingInput {
    let path: String
    let format: UnsafeMutablePointer<AVFormatContext>
    let stream: UnsafeMutablePointer<AVStream>
    let context: UnsafeMutablePointer<AVCodecContext>
    /// What the stream holds, in words for messages ("video", "sound").
    private let noun: String
    private let packet: UnsafeMutablePointer<AVPacket>
    private var endOfStream = false
    /// While set (stream time), packets of frames shown before it that nothing refers to are
    /// not decoded: reaching a frame from its keyframe costs only the frames it needs, and every
    /// frame decoded is exactly as without skipping. Only where the codec was opened decoding
    /// every frame; cleared, packets are decoded as it was opened.
    var skipsUnreferencedBefore: Int64? {
        didSet { if skipsUnreferencedBefore == nil { context.pointee.skip_frame = openedSkip } }
    }
    /// The frames the codec was opened to skip (`configure`'s choice).
    private var openedSkip = AVDISCARD_DEFAULT

    /// Opens the best `type` stream of `path`; `configure` may set decoder options before it opens.
    init(path: String, type: AVMediaType, noun: String, configure: (UnsafeMutablePointer<AVCodecContext>) -> Void = { _ in }) throws {
        self.path = path
        self.noun = noun
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        var ctx: UnsafeMutablePointer<AVCodecContext>?
        var pkt: UnsafeMutablePointer<AVPacket>?
        do {
            var rc = avformat_open_input(&fmt, path, nil, nil)
            guard rc >= 0, let f = fmt else { throw MediaError("\(path): not a media file FFmpeg recognises", code: rc) }
            // Probing decodes a few frames of each stream: on one thread each, so opening a 1080p
            // file does not allocate a frame per thread per core only to free them again.
            var options = [OpaquePointer?](repeating: nil, count: Int(f.pointee.nb_streams))
            for i in options.indices { av_dict_set(&options[i], "threads", "1", 0) }
            rc = options.withUnsafeMutableBufferPointer { avformat_find_stream_info(f, $0.baseAddress) }
            for i in options.indices { av_dict_free(&options[i]) }
            guard rc >= 0 else { throw MediaError("\(path): its streams cannot be read", code: rc) }
            var decoder: UnsafePointer<AVCodec>?
            let index = av_find_best_stream(f, type, -1, -1, &decoder, 0)
            guard index >= 0, let codec = decoder, let st = f.pointee.streams[Int(index)] else {
                throw MediaError("\(path): has no \(noun) that can be decoded")
            }
            ctx = avcodec_alloc_context3(codec)
            pkt = av_packet_alloc()
            guard let c = ctx, let p = pkt else { throw MediaError("out of memory") }
            rc = avcodec_parameters_to_context(c, st.pointee.codecpar)
            guard rc >= 0 else { throw MediaError("\(path): cannot set up its \(noun) decoder", code: rc) }
            configure(c)
            rc = avcodec_open2(c, codec, nil)
            guard rc >= 0 else { throw MediaError("\(path): cannot open its \(noun) decoder", code: rc) }
            format = f; stream = st; context = c; packet = p
            openedSkip = c.pointee.skip_frame
        } catch {
            if pkt != nil { av_packet_free(&pkt) }
            if ctx != nil { avcodec_free_context(&ctx) }
            if fmt != nil { avformat_close_input(&fmt) }
            throw error
        }
    }

    deinit {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
        var f: UnsafeMutablePointer<AVFormatContext>? = format
        avformat_close_input(&f)
    }

    /// Goes back to the stream's first frame (by its timestamp, else to the file's first byte)
    /// and empties the decoder: for demuxers whose seek to a time found nothing (a lone JPEG
    /// read as a pipe, a time past the end of a file cut short).
    func rewind() {
        // Streams without a header to keep (image pipes, MPEG transport and program streams) go
        // back by bytes; the rest by the first frame's timestamp (a byte seek would land inside
        // their header).
        let name = String(cString: format.pointee.iformat.pointee.name)
        let byBytes = name.hasSuffix("_pipe") || ["image2", "mpegts", "mpeg", "h264", "hevc", "m4v", "mjpeg"].contains(name)
        let first = stream.pointee.start_time == tactile_AV_NOPTS_VALUE() ? 0 : stream.pointee.start_time
        if !byBytes || avformat_seek_file(format, -1, Int64.min, 0, Int64.max, AVSEEK_FLAG_BYTE) < 0 {
            av_seek_frame(format, stream.pointee.index, first, AVSEEK_FLAG_BACKWARD)
        }
        avcodec_flush_buffers(context)
        endOfStream = false
    }

    /// The stream's time base.
    var timeBase: AVRational { stream.pointee.time_base }

    /// Decodes the next frame into `frame`; false at the end of the stream.
    func receive(into frame: UnsafeMutablePointer<AVFrame>) throws -> Bool {
        var damaged = 0
        while true {
            let r = avcodec_receive_frame(context, frame)
            if r >= 0 { return true }
            if r == tactile_AVERROR_EOF() { return false }
            if r != tactile_AVERROR_EAGAIN() {
                // A damaged frame (a file cut short mid-packet): skip it; give up only when
                // nothing but damage follows.
                damaged += 1
                guard damaged < 32 else { throw MediaError("\(path): decoding its \(noun) failed", code: r) }
                continue
            }
            if endOfStream { return false }
            if av_read_frame(format, packet) < 0 {
                endOfStream = true
                avcodec_send_packet(context, nil)
                continue
            }
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == stream.pointee.index {
                if let before = skipsUnreferencedBefore, openedSkip == AVDISCARD_DEFAULT {
                    let pts = packet.pointee.pts
                    context.pointee.skip_frame = pts != tactile_AV_NOPTS_VALUE() && pts < before ? AVDISCARD_NONREF : AVDISCARD_DEFAULT
                }
                let s = avcodec_send_packet(context, packet)
                if s < 0 && s != tactile_AVERROR_EAGAIN() { continue } // skip a damaged packet
            }
        }
    }

    /// Seeks to the keyframe at or before `target` (stream time base), else to `fallback`, and
    /// empties the decoder. Returns FFmpeg's result for the first attempt.
    @discardableResult
    func seek(to target: Int64, fallback: Int64? = nil) -> Int32 {
        let rc = av_seek_frame(format, stream.pointee.index, target, AVSEEK_FLAG_BACKWARD)
        if rc < 0, let fallback { _ = av_seek_frame(format, stream.pointee.index, fallback, AVSEEK_FLAG_BACKWARD) }
        avcodec_flush_buffers(context)
        endOfStream = false
        return rc
    }
}

extension AVRational {
    /// `pts` in this time base as a `Time`, in steps that cannot overflow for fine time bases
    /// (the proxies' 1/705,600,000 s) or long files.
    func time(ofPTS pts: Int64) -> Time {
        let (q, r) = (pts * Int64(num)).quotientAndRemainder(dividingBy: Int64(den))
        return Time(ticks: q * Time.ticksPerSecond + r * Time.ticksPerSecond / Int64(den))
    }

    /// `t` as a timestamp in this time base, rounded down, in steps that cannot overflow.
    func pts(of t: Time) -> Int64 {
        let n = Int64(num), d = Int64(den)
        let (q, r) = t.ticks.quotientAndRemainder(dividingBy: Time.ticksPerSecond * n)
        return q * d + r * d / (Time.ticksPerSecond * n)
    }
}
