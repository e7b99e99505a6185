import CFFmpeg
import Foundation
import TactileCore

/// Still-image encoding and decoding through libavcodec (PNG), used by `tactile snapshot`,
/// replays and tests. Each FFmpeg object is owned by one scope and freed exactly once.
public enum ImageCodec {
    /// Encodes `image` as PNG bytes (RGBA, lossless).
    public static func encodePNG(_ image: RGBAImage) throws -> Data {
        guard image.width > 0, image.height > 0 else { throw MediaError("cannot encode an empty image") }
        guard let codec = avcodec_find_encoder(AV_CODEC_ID_PNG) else { throw MediaError("this FFmpeg has no PNG encoder") }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        guard let ctx = context else { throw MediaError("out of memory allocating a PNG encoder") }
        ctx.pointee.width = Int32(image.width)
        ctx.pointee.height = Int32(image.height)
        ctx.pointee.pix_fmt = AV_PIX_FMT_RGBA
        ctx.pointee.time_base = AVRational(num: 1, den: 25)
        var rc = avcodec_open2(ctx, codec, nil)
        guard rc >= 0 else { throw MediaError("opening the PNG encoder", code: rc) }

        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let f = frame else { throw MediaError("out of memory allocating a frame") }
        f.pointee.width = ctx.pointee.width
        f.pointee.height = ctx.pointee.height
        f.pointee.format = AV_PIX_FMT_RGBA.rawValue
        rc = av_frame_get_buffer(f, 0)
        guard rc >= 0 else { throw MediaError("allocating frame pixels", code: rc) }
        let stride = Int(f.pointee.linesize.0)
        image.pixels.withUnsafeBytes { src in
            let dst = f.pointee.data.0!
            for y in 0..<image.height {
                memcpy(dst + y * stride, src.baseAddress! + y * image.width * 4, image.width * 4)
            }
        }
        rc = avcodec_send_frame(ctx, f)
        guard rc >= 0 else { throw MediaError("encoding PNG", code: rc) }
        rc = avcodec_send_frame(ctx, nil)
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let pkt = packet else { throw MediaError("out of memory allocating a packet") }
        var out = Data()
        while true {
            rc = avcodec_receive_packet(ctx, pkt)
            if rc == tactile_AVERROR_EOF() || rc == tactile_AVERROR_EAGAIN() { break }
            guard rc >= 0 else { throw MediaError("encoding PNG", code: rc) }
            out.append(pkt.pointee.data, count: Int(pkt.pointee.size))
            av_packet_unref(pkt)
        }
        guard !out.isEmpty else { throw MediaError("the PNG encoder produced nothing") }
        return out
    }

    /// Writes `image` as a PNG file, atomically.
    public static func writePNG(_ image: RGBAImage, to url: URL) throws {
        try AtomicFile.write(try encodePNG(image), to: url)
    }

    /// Decodes PNG bytes into RGBA pixels.
    public static func decodePNG(_ data: Data) throws -> RGBAImage {
        guard let codec = avcodec_find_decoder(AV_CODEC_ID_PNG) else { throw MediaError("this FFmpeg has no PNG decoder") }
        var context = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&context) }
        guard let ctx = context else { throw MediaError("out of memory allocating a PNG decoder") }
        var rc = avcodec_open2(ctx, codec, nil)
        guard rc >= 0 else { throw MediaError("opening the PNG decoder", code: rc) }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        guard let pkt = packet else { throw MediaError("out of memory allocating a packet") }
        rc = av_new_packet(pkt, Int32(data.count))
        guard rc >= 0 else { throw MediaError("allocating a packet", code: rc) }
        data.withUnsafeBytes { _ = memcpy(pkt.pointee.data, $0.baseAddress!, data.count) }
        rc = avcodec_send_packet(ctx, pkt)
        guard rc >= 0 else { throw MediaError("not a readable PNG", code: rc) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let f = frame else { throw MediaError("out of memory allocating a frame") }
        rc = avcodec_receive_frame(ctx, f)
        if rc == tactile_AVERROR_EAGAIN() {
            avcodec_send_packet(ctx, nil)
            rc = avcodec_receive_frame(ctx, f)
        }
        guard rc >= 0 else { throw MediaError("not a readable PNG", code: rc) }
        return try convertToRGBA(f)
    }

    /// Reads a PNG file into RGBA pixels.
    public static func readPNG(at url: URL) throws -> RGBAImage {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw MediaError("\(url.path): cannot be read") }
        return try decodePNG(data)
    }

    /// Converts any decoded frame to packed RGBA with libswscale.
    static func convertToRGBA(_ frame: UnsafeMutablePointer<AVFrame>) throws -> RGBAImage {
        let w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        guard w > 0, h > 0 else { throw MediaError("the image has no pixels") }
        return try PictureConverter(flags: Int32(SWS_POINT)).rgba(from: frame, width: w, height: h)
    }
}
