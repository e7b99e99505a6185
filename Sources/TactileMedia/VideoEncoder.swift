import CFFmpeg
import Foundation
import TactileCore

/// Writes a video file through libavformat / libavcodec from RGBA frames: the project's own
/// encoder for demo media, test media and (later) exported replays. Owns every FFmpeg object
/// and frees each exactly once; the file appears atomically when `finish()` succeeds.
public final class VideoEncoder {
    /// A codec and the pixel format it is fed.
    public enum Codec: String, Sendable, CaseIterable {
        case h264, mpeg4, mjpeg, ffv1, png

        var id: AVCodecID {
            switch self {
            case .h264: return AV_CODEC_ID_H264
            case .mpeg4: return AV_CODEC_ID_MPEG4
            case .mjpeg: return AV_CODEC_ID_MJPEG
            case .ffv1: return AV_CODEC_ID_FFV1
            case .png: return AV_CODEC_ID_PNG
            }
        }
        var pixelFormat: AVPixelFormat {
            switch self {
            case .mjpeg: return AV_PIX_FMT_YUVJ420P
            case .png: return AV_PIX_FMT_RGB24
            default: return AV_PIX_FMT_YUV420P
            }
        }
    }

    public struct Settings: Sendable {
        public var codec: Codec
        public var width: Int
        public var height: Int
        public var framesPerSecond: Int
        /// Frames between keyframes (a long GOP makes seeking hard, as phone video does).
        public var keyframeInterval: Int
        /// Rotation written to the stream's display matrix, in degrees clockwise (0, 90, 180, 270).
        public var rotation: Int
        /// A fixed quantiser (MJPEG: 2 best … 31) instead of a bit rate; nil for the codec's default.
        public var quality: Int?
        /// The time base of `append(_:pts:)`'s timestamps; nil for one tick per frame.
        public var timeBase: (num: Int, den: Int)?
        /// The frame rate written to the stream as a fraction (NTSC's 30000/1001); nil for `framesPerSecond`.
        public var frameRate: (frames: Int, seconds: Int)?
        /// A mono AAC sound track at this sample rate, fed with `appendAudio`; nil: picture only.
        public var audioSampleRate: Int?
        /// H.264: frames the rate control looks ahead, and B-frames between references (nil: the
        /// preset's lookahead and 2 B-frames). Each frame held costs about six times its picture in memory.
        public var lookahead: Int?, bFrames: Int?
        /// H.264: x264's threads (nil: its own choice, 1.5 a core, each holding frames), and
        /// whether they share each frame in slices rather than take a frame each (less memory
        /// and latency, a file about 1 % larger).
        public var threads: Int?, slicedThreads = false
        /// H.264: x264's speed preset and constant-rate factor. "veryfast", 23.
        public var preset = "veryfast", constantRateFactor = 23
        /// The sound track's channels (1 mono, 2 stereo; `appendAudio` takes them interleaved)
        /// and its bit rate in bits per second. 1, 96 000.
        public var audioChannels = 1, audioBitRate = 96_000
        /// The video's chapters (a session's tasks and markers), written into its container.
        public var chapters: [VideoChapter] = []
        public init(
            codec: Codec, width: Int, height: Int, framesPerSecond: Int = 30, keyframeInterval: Int = 30, rotation: Int = 0,
            quality: Int? = nil, timeBase: (num: Int, den: Int)? = nil, frameRate: (frames: Int, seconds: Int)? = nil,
            audioSampleRate: Int? = nil, lookahead: Int? = nil, bFrames: Int? = nil
        ) {
            self.codec = codec; self.width = width; self.height = height
            self.framesPerSecond = framesPerSecond; self.keyframeInterval = keyframeInterval; self.rotation = rotation
            self.quality = quality; self.timeBase = timeBase; self.frameRate = frameRate; self.audioSampleRate = audioSampleRate
            self.lookahead = lookahead; self.bFrames = bFrames
        }
    }

    private let url: URL
    private let temporary: URL
    private let settings: Settings
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var context: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    // The sound track, when there is one: its stream, encoder, frame and packet, the samples
    // waiting to fill an encoder frame, and the next sample's timestamp.
    private var audioStream: UnsafeMutablePointer<AVStream>?
    private var audioContext: UnsafeMutablePointer<AVCodecContext>?
    private var audioFrame: UnsafeMutablePointer<AVFrame>?
    private var audioPacket: UnsafeMutablePointer<AVPacket>?
    private var pendingAudio: [Float] = []
    private var channels: Int { max(1, settings.audioChannels) }
    private var audioPTS: Int64 = 0
    /// Converts RGBA frames and decoded frames to the codec's format (see `PictureConverter`).
    private let converter = PictureConverter()
    /// Composes placed pictures into frames (with swscale contexts of its own, so drawn frames
    /// and placed pictures that alternate do not rebuild one context each time).
    private let composer = PictureComposer()
    private var nextPTS: Int64 = 0
    private var finished = false

    /// Opens `url` for writing; the container follows the file's extension (.mp4, .mkv, .avi, .mov).
    public init(url: URL, settings: Settings) throws {
        self.url = url
        self.settings = settings
        temporary = Self.partialFile(for: url)
        // A refused name is left as it stood (marked finished, so nothing removes it).
        do { try open() } catch let refusal as FileRefusal { close(); finished = true; throw refusal } catch {
            close(); try? FileManager.default.removeItem(at: temporary); throw error
        }
    }

    deinit { close(); if !finished { try? FileManager.default.removeItem(at: temporary) } }

    /// The file a movie is written into before it is moved into place: hidden, beside it.
    static func partialFile(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial.\(url.pathExtension)")
    }

    /// Whether `name` is what `partialFile(for:)` names: `.NAME.EXT.partial.EXT`, for a movie's
    /// extensions only (other programs' hidden files are left alone).
    static func isPartialFileName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.count > 1 else { return false }
        return ["mp4", "m4v", "mov", "mkv", "avi"].contains { ext in
            name.hasSuffix(".\(ext).partial.\(ext)") && name.count > ".\(ext).partial.\(ext)".count + 1
        }
    }

    /// Removes from `folder` what writes that were killed before they could clean up (a power
    /// cut, SIGKILL) left behind: a partial file whose lock (`.NAME.lock`, which says who held it)
    /// no live process holds, whoever ran it; one without a lock once untouched for `seconds` (a
    /// write under way touches its file every frame); then the lock files of dead holders. Regular
    /// files named as `partialFile(for:)` and `WriterLock` name them only. Returns their names.
    @discardableResult
    public static func removeAbandonedPartialFiles(in folder: URL, untouchedFor seconds: TimeInterval = 120, now: Date = Date()) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names where isPartialFileName(name) {
            let url = folder.appendingPathComponent(name)
            guard let attributes = try? fm.attributesOfItem(atPath: url.path), attributes[.type] as? FileAttributeType == .typeRegular,
                let modified = attributes[.modificationDate] as? Date
            else { continue }
            // ".a.mp4.partial.mp4" is written under the lock ".a.mp4.lock".
            let movie = String(name.dropFirst().prefix(upTo: name.range(of: ".partial.", options: .backwards)!.lowerBound))
            let lock = WriterLock.lockURL(of: folder.appendingPathComponent(movie))
            let abandoned = fm.fileExists(atPath: lock.path) ? !WriterLock.isHeld(lock) : now.timeIntervalSince(modified) >= seconds
            guard abandoned else { continue }
            if (try? fm.removeItem(at: url)) != nil { removed.append(name) }
        }
        return removed + WriterLock.removeStaleLocks(in: folder)
    }

    private func open() throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        var rc = avformat_alloc_output_context2(&format, nil, nil, temporary.path)
        guard rc >= 0, let fmt = format else { throw MediaError("choosing a container for \(url.lastPathComponent)", code: rc) }
        guard let codec = avcodec_find_encoder(settings.codec.id) else { throw MediaError("this FFmpeg has no \(settings.codec.rawValue) encoder") }
        guard let st = avformat_new_stream(fmt, nil) else { throw MediaError("out of memory adding a stream") }
        stream = st
        context = avcodec_alloc_context3(codec)
        guard let ctx = context else { throw MediaError("out of memory allocating an encoder") }
        ctx.pointee.width = Int32(settings.width)
        ctx.pointee.height = Int32(settings.height)
        ctx.pointee.pix_fmt = settings.codec.pixelFormat
        ctx.pointee.time_base =
            settings.timeBase.map { AVRational(num: Int32($0.num), den: Int32($0.den)) }
            ?? AVRational(num: 1, den: Int32(settings.framesPerSecond))
        ctx.pointee.framerate =
            settings.frameRate.map { AVRational(num: Int32($0.frames), den: Int32($0.seconds)) }
            ?? AVRational(num: Int32(settings.framesPerSecond), den: 1)
        ctx.pointee.gop_size = Int32(settings.keyframeInterval)
        ctx.pointee.max_b_frames = settings.codec == .h264 ? Int32(settings.bFrames ?? 2) : 0
        if let q = settings.quality {
            ctx.pointee.flags |= Int32(AV_CODEC_FLAG_QSCALE)
            ctx.pointee.global_quality = Int32(q) * FF_QP2LAMBDA
        } else if settings.codec == .mpeg4 || settings.codec == .mjpeg {
            ctx.pointee.bit_rate = 2_000_000
        }
        if settings.codec == .h264 {
            av_opt_set(ctx.pointee.priv_data, "preset", settings.preset, 0)
            av_opt_set(ctx.pointee.priv_data, "crf", "\(settings.constantRateFactor)", 0)
            // Keyframes exactly every `keyframeInterval` frames, no scene-cut extras.
            var params = "keyint=\(settings.keyframeInterval):min-keyint=\(settings.keyframeInterval):scenecut=0"
            if let l = settings.lookahead { params += ":rc-lookahead=\(l)" }
            if let b = settings.bFrames { params += ":bframes=\(b)" }
            if let t = settings.threads { params += ":threads=\(t)" }
            if settings.slicedThreads { params += ":sliced-threads=1" }
            av_opt_set(ctx.pointee.priv_data, "x264-params", params, 0)
        }
        try openEncoder(ctx, codec, named: settings.codec.rawValue, for: st, in: fmt)
        st.pointee.avg_frame_rate = ctx.pointee.framerate
        if settings.rotation % 360 != 0 {
            // av_display_rotation_set takes a clockwise angle (while av_display_rotation_get answers
            // counter-clockwise): a phone's portrait video reads back as -90.
            guard let matrix = av_stream_new_side_data(st, AV_PKT_DATA_DISPLAYMATRIX, 9 * 4) else { throw MediaError("out of memory") }
            matrix.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_set($0, Double(settings.rotation)) }
        }
        if let rate = settings.audioSampleRate {
            // The sound track: AAC, planar float, as libavcodec's own encoder takes it.
            guard let aac = avcodec_find_encoder(AV_CODEC_ID_AAC) else { throw MediaError("this FFmpeg has no AAC encoder") }
            guard let ast = avformat_new_stream(fmt, nil) else { throw MediaError("out of memory adding a stream") }
            audioStream = ast
            audioContext = avcodec_alloc_context3(aac)
            guard let actx = audioContext else { throw MediaError("out of memory allocating an encoder") }
            actx.pointee.sample_rate = Int32(rate)
            av_channel_layout_default(&actx.pointee.ch_layout, Int32(max(1, settings.audioChannels)))
            actx.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
            actx.pointee.bit_rate = Int64(settings.audioBitRate)
            actx.pointee.time_base = AVRational(num: 1, den: Int32(rate))
            try openEncoder(actx, aac, named: "aac", for: ast, in: fmt)
            audioFrame = av_frame_alloc()
            audioPacket = av_packet_alloc()
            guard audioFrame != nil, audioPacket != nil else { throw MediaError("out of memory allocating a frame") }
        }
        if fmt.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try OutputFile.open(temporary, finishing: url, into: fmt)
        }
        try VideoChapter.add(settings.chapters, to: fmt)
        rc = avformat_write_header(fmt, nil)
        guard rc >= 0 else { throw MediaError("writing the container header", code: rc) }
        frame = av_frame_alloc()
        packet = av_packet_alloc()
        guard let f = frame, packet != nil else { throw MediaError("out of memory allocating a frame") }
        f.pointee.width = ctx.pointee.width
        f.pointee.height = ctx.pointee.height
        f.pointee.format = ctx.pointee.pix_fmt.rawValue
        rc = av_frame_get_buffer(f, 0)
        guard rc >= 0 else { throw MediaError("allocating frame pixels", code: rc) }
    }

    /// Encodes the next frame (`image` must have the settings' size), one tick after the last.
    public func append(_ image: RGBAImage) throws { try append(image, pts: nextPTS) }

    /// Encodes `image` at timestamp `pts` in the time base (ticks of `framesPerSecond`, or
    /// `timeBase`); timestamps must increase. Irregular steps make variable-frame-rate video.
    public func append(_ image: RGBAImage, pts: Int64) throws {
        guard context != nil, let f = frame else { throw MediaError("the encoder is closed") }
        guard image.width == settings.width, image.height == settings.height else {
            throw MediaError("frame is \(image.width)×\(image.height), the video \(settings.width)×\(settings.height)")
        }
        let rc = av_frame_make_writable(f)
        guard rc >= 0 else { throw MediaError("preparing a frame", code: rc) }
        try converter.convert(image, into: f)
        try send(f, pts: pts)
    }

    /// Encodes the last frame's picture again at `pts` (a still moment of a session: nothing
    /// drawn, nothing converted).
    public func appendRepeat(pts: Int64) throws {
        guard context != nil, let f = frame else { throw MediaError("the encoder is closed") }
        guard nextPTS > 0 else { throw MediaError("there is no frame to repeat") }
        // (Writable keeps the picture: a frame still held by the encoder is copied first.)
        let rc = av_frame_make_writable(f)
        guard rc >= 0 else { throw MediaError("preparing a frame", code: rc) }
        try send(f, pts: pts)
    }

    /// Encodes a frame composed of decoded pictures (`PictureComposer`: each scaled into its
    /// place, blended by its opacity, under a `black` veil) with `layer` — premultiplied RGBA
    /// drawn over a transparent canvas — laid over them with its corner at `layerOrigin`, at
    /// `pts`: an export's frame without converting the pictures to RGBA and back.
    public func append(_ pictures: [PlacedPicture], black: Double = 0, layer: RGBAImage?, layerOrigin: (x: Int, y: Int) = (0, 0), pts: Int64) throws {
        guard context != nil, let f = frame else { throw MediaError("the encoder is closed") }
        guard settings.codec.pixelFormat == AV_PIX_FMT_YUV420P else { throw MediaError("pictures are placed in YUV 4:2:0 frames only") }
        let rc = av_frame_make_writable(f)
        guard rc >= 0 else { throw MediaError("preparing a frame", code: rc) }
        try composer.compose(pictures, black: black, into: f)
        if let layer { LayerBlending.blend(layer, atX: layerOrigin.x, y: layerOrigin.y, into: f) }
        try send(f, pts: pts)
    }

    /// Encodes a decoded frame, scaled to the settings' size, at `pts` (in the settings' time
    /// base): how proxies are made from a source's frames without an RGBA round trip.
    func append(_ source: UnsafeMutablePointer<AVFrame>, pts: Int64) throws {
        guard context != nil, let f = frame else { throw MediaError("the encoder is closed") }
        let rc = av_frame_make_writable(f)
        guard rc >= 0 else { throw MediaError("preparing a frame", code: rc) }
        try converter.convert(source, into: f)
        try send(f, pts: pts)
    }

    private func send(_ f: UnsafeMutablePointer<AVFrame>, pts: Int64) throws {
        guard let ctx = context else { throw MediaError("the encoder is closed") }
        f.pointee.pts = pts
        nextPTS = pts + 1
        if let q = settings.quality { f.pointee.quality = Int32(q) * FF_QP2LAMBDA }
        let rc = avcodec_send_frame(ctx, f)
        guard rc >= 0 else { throw MediaError("encoding a frame", code: rc) }
        try drain()
    }

    /// Appends samples (-1 … 1, the channels interleaved) to the sound track, in order, at its
    /// sample rate; they are encoded as soon as they fill an encoder frame.
    public func appendAudio(_ samples: [Float]) throws {
        guard let actx = audioContext else { throw MediaError("this video has no sound track") }
        pendingAudio += samples
        let size = (actx.pointee.frame_size > 0 ? Int(actx.pointee.frame_size) : 1024) * channels
        var used = 0
        while pendingAudio.count - used >= size {
            try encodeAudio(pendingAudio[used..<used + size])
            used += size
        }
        pendingAudio.removeFirst(used)
    }

    private func encodeAudio(_ samples: ArraySlice<Float>) throws {
        guard let actx = audioContext, let f = audioFrame, let pkt = audioPacket, let fmt = format, let st = audioStream else { return }
        av_frame_unref(f)
        let frames = samples.count / channels
        f.pointee.nb_samples = Int32(frames)
        f.pointee.format = actx.pointee.sample_fmt.rawValue
        f.pointee.sample_rate = actx.pointee.sample_rate
        av_channel_layout_copy(&f.pointee.ch_layout, &actx.pointee.ch_layout)
        var rc = av_frame_get_buffer(f, 0)
        guard rc >= 0 else { throw MediaError("allocating audio", code: rc) }
        // Interleaved in, one plane per channel out.
        let base = samples.startIndex
        for c in 0..<channels {
            guard let plane = f.pointee.extended_data[c] else { throw MediaError("allocating audio") }
            plane.withMemoryRebound(to: Float.self, capacity: frames) { out in
                for i in 0..<frames { out[i] = samples[base + i * channels + c] }
            }
        }
        f.pointee.pts = audioPTS
        audioPTS += Int64(frames)
        rc = avcodec_send_frame(actx, f)
        guard rc >= 0 else { throw MediaError("encoding audio", code: rc) }
        try writePendingPackets(from: actx, using: pkt, to: fmt, stream: st)
    }

    /// Flushes the encoder, writes the trailer and moves the file into place.
    public func finish() throws {
        guard let ctx = context, let fmt = format else { throw MediaError("the encoder is closed") }
        if let actx = audioContext, let pkt = audioPacket, let st = audioStream {
            if !pendingAudio.isEmpty { try encodeAudio(pendingAudio[...]); pendingAudio = [] }
            let rc = avcodec_send_frame(actx, nil)
            guard rc >= 0 else { throw MediaError("flushing the audio encoder", code: rc) }
            try writePendingPackets(from: actx, using: pkt, to: fmt, stream: st)
        }
        var rc = avcodec_send_frame(ctx, nil)
        guard rc >= 0 else { throw MediaError("flushing the encoder", code: rc) }
        try drain()
        rc = av_write_trailer(fmt)
        guard rc >= 0 else { throw MediaError("writing the container trailer", code: rc) }
        if fmt.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 { try OutputFile.close(fmt) }
        close()
        if rename(temporary.path, url.path) != 0 { throw MediaError("moving the finished file to \(url.path)") }
        finished = true
    }

    /// Gives up: closes the file and removes what was written, so nothing is left behind (a
    /// cancelled or failed export). The encoder is closed afterwards.
    public func abandon() {
        guard !finished else { return }
        close()
        try? FileManager.default.removeItem(at: temporary)
    }

    private func drain() throws {
        guard let ctx = context, let pkt = packet, let fmt = format, let st = stream else { return }
        try writePendingPackets(from: ctx, using: pkt, to: fmt, stream: st)
    }

    private func close() {
        if audioFrame != nil { av_frame_free(&audioFrame) }
        if audioPacket != nil { av_packet_free(&audioPacket) }
        if audioContext != nil { avcodec_free_context(&audioContext) }
        if frame != nil { av_frame_free(&frame) }
        if packet != nil { av_packet_free(&packet) }
        if context != nil { avcodec_free_context(&context) }
        if let fmt = format {
            if fmt.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0, fmt.pointee.pb != nil { try? OutputFile.close(fmt) }
            avformat_free_context(fmt)
            format = nil
        }
    }
}
