import CFFmpeg
import Foundation
import TactileCore

/// The one place Tactile calls swscale. swscale's SIMD paths read and write whole vectors, so
/// for a narrow picture (a 2×2 video: 8 bytes a row) they touch bytes past the end of each row
/// and of the last one. Every buffer swscale sees here is therefore one of its own: rows padded
/// to `alignment` bytes, an extra row and a vector's slack after the last, allocated with
/// `av_malloc` (aligned as FFmpeg's own frames are). Pictures come out into packed `RGBAImage`s
/// by copying rows; RGBA going in is first copied into such a buffer. Safe at every size from
/// 1×1 up, odd sizes included (`Scripts/sanitize` runs the media tests under AddressSanitizer).
///
/// One converter keeps one swscale context, rebuilt when the sizes or formats change.
final class PictureConverter {
    /// Row alignment and trailing slack of the scratch buffers, in bytes (AVX-512 vectors).
    static let alignment = 64

    private let flags: Int32
    private var context: OpaquePointer?
    private var key: [Int32] = []
    private var scratch: UnsafeMutablePointer<UInt8>?
    private var scratchBytes = 0

    /// A converter scaling with `flags` (SWS_BILINEAR, SWS_POINT …).
    init(flags: Int32 = Int32(SWS_BILINEAR)) { self.flags = flags }

    deinit {
        if let c = context { sws_freeContext(c) }
        if let s = scratch { av_free(s) }
    }

    /// Bytes a padded row of `width` RGBA pixels takes.
    static func paddedStride(width: Int) -> Int { (width * 4 + alignment - 1) / alignment * alignment }

    /// `frame` converted to packed RGBA at `width` × `height` (scaled when they differ from the frame's).
    func rgba(from frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int) throws -> RGBAImage {
        let (w, h) = (Int(frame.pointee.width), Int(frame.pointee.height))
        guard w > 0, h > 0, width > 0, height > 0 else { throw MediaError("a picture has no size") }
        let sws = try scaler(from: (w, h, frame.pointee.format), to: (width, height, AV_PIX_FMT_RGBA.rawValue))
        let stride = Self.paddedStride(width: width)
        let buffer = try scratchBuffer(bytes: stride * (height + 1) + Self.alignment)
        var dst: [UnsafeMutablePointer<UInt8>?] = [buffer, nil, nil, nil]
        var dstStride: [Int32] = [Int32(stride), 0, 0, 0]
        let rows = withUnsafePointer(to: frame.pointee.data) { dataTuple in
            dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                withUnsafePointer(to: frame.pointee.linesize) { lsTuple in
                    lsTuple.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                        sws_scale(sws, src, srcStride, 0, Int32(h), &dst, &dstStride)
                    }
                }
            }
        }
        guard rows > 0 else { throw MediaError("converting a picture to RGBA failed") }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<height { memcpy(out.baseAddress! + y * width * 4, buffer + y * stride, width * 4) }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `image` converted (and scaled) into `frame`, whose size and format are set and whose
    /// buffers come from `av_frame_get_buffer` (padded by FFmpeg itself).
    func convert(_ image: RGBAImage, into frame: UnsafeMutablePointer<AVFrame>) throws {
        guard image.width > 0, image.height > 0 else { throw MediaError("a picture has no size") }
        let sws = try scaler(
            from: (image.width, image.height, AV_PIX_FMT_RGBA.rawValue),
            to: (Int(frame.pointee.width), Int(frame.pointee.height), frame.pointee.format))
        let stride = Self.paddedStride(width: image.width)
        let buffer = try scratchBuffer(bytes: stride * (image.height + 1) + Self.alignment)
        image.pixels.withUnsafeBytes { src in
            let row = image.width * 4
            for y in 0..<image.height {
                let line = buffer + y * stride
                memcpy(line, src.baseAddress! + y * row, row)
                // The padding repeats the edge pixel, and the spare row the last row: swscale
                // reads past the edge when it subsamples chroma (a 1×1 picture), and must read
                // the picture's own colour there, not whatever the memory held.
                var x = row
                while x + 4 <= stride { memcpy(line + x, line + row - 4, 4); x += 4 }
            }
            memcpy(buffer + image.height * stride, buffer + (image.height - 1) * stride, stride)
        }
        var srcData: [UnsafePointer<UInt8>?] = [UnsafePointer(buffer), nil, nil, nil]
        var srcStride: [Int32] = [Int32(stride), 0, 0, 0]
        let rows = withUnsafeMutablePointer(to: &frame.pointee.data) { dataTuple in
            dataTuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { dst in
                withUnsafeMutablePointer(to: &frame.pointee.linesize) { lsTuple in
                    lsTuple.withMemoryRebound(to: Int32.self, capacity: 8) { dstStride in
                        sws_scale(sws, &srcData, &srcStride, 0, Int32(image.height), dst, dstStride)
                    }
                }
            }
        }
        guard rows > 0 else { throw MediaError("converting a picture for the encoder failed") }
    }

    /// `source` (a decoded frame) converted and scaled into `frame` (as `convert(_:into:)`), or
    /// into `rect` of it (a YUV 4:2:0 frame; `rect`'s origin even), the rest left as it was.
    /// With `crop` (even origin, in a YUV 4:2:0 source) only that part of the source is scaled.
    func convert(_ source: UnsafeMutablePointer<AVFrame>, crop: PixelRect? = nil, into frame: UnsafeMutablePointer<AVFrame>, rect: PixelRect? = nil) throws {
        let part = crop ?? PixelRect(x: 0, y: 0, width: Int(source.pointee.width), height: Int(source.pointee.height))
        let (w, h) = (part.width, part.height)
        guard w > 0, h > 0 else { throw MediaError("a picture has no size") }
        if crop != nil {
            guard source.pointee.format == AV_PIX_FMT_YUV420P.rawValue || source.pointee.format == AV_PIX_FMT_YUVJ420P.rawValue,
                part.x % 2 == 0, part.y % 2 == 0, part.x + part.width <= Int(source.pointee.width),
                part.y + part.height <= Int(source.pointee.height)
            else {
                throw MediaError("a picture cannot be cut to \(part)")
            }
        }
        let target = rect ?? PixelRect(x: 0, y: 0, width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        guard target.width > 0, target.height > 0 else { return }
        if rect != nil {
            guard frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue, target.x % 2 == 0, target.y % 2 == 0,
                target.x + target.width <= Int(frame.pointee.width), target.y + target.height <= Int(frame.pointee.height)
            else {
                throw MediaError("a picture cannot be placed at \(target) in this frame")
            }
        }
        let sws = try scaler(from: (w, h, source.pointee.format), to: (target.width, target.height, frame.pointee.format))
        // The planes' starts moved to the rectangle's corner (chroma at half resolution).
        var dst: [UnsafeMutablePointer<UInt8>?] = [frame.pointee.data.0, frame.pointee.data.1, frame.pointee.data.2, frame.pointee.data.3]
        var dstStride: [Int32] = [frame.pointee.linesize.0, frame.pointee.linesize.1, frame.pointee.linesize.2, frame.pointee.linesize.3]
        if rect != nil {
            dst[0] = dst[0].map { $0 + target.y * Int(dstStride[0]) + target.x }
            dst[1] = dst[1].map { $0 + target.y / 2 * Int(dstStride[1]) + target.x / 2 }
            dst[2] = dst[2].map { $0 + target.y / 2 * Int(dstStride[2]) + target.x / 2 }
        }
        // The source planes' starts moved to the crop's corner (chroma at half resolution).
        let planes = [source.pointee.data.0, source.pointee.data.1, source.pointee.data.2, source.pointee.data.3]
        var src: [UnsafePointer<UInt8>?] = planes.map { p in p.map { UnsafePointer<UInt8>($0) } }
        var srcStride: [Int32] = [source.pointee.linesize.0, source.pointee.linesize.1, source.pointee.linesize.2, source.pointee.linesize.3]
        if crop != nil {
            src[0] = src[0].map { $0 + part.y * Int(srcStride[0]) + part.x }
            src[1] = src[1].map { $0 + part.y / 2 * Int(srcStride[1]) + part.x / 2 }
            src[2] = src[2].map { $0 + part.y / 2 * Int(srcStride[2]) + part.x / 2 }
        }
        let rows = sws_scale(sws, &src, &srcStride, 0, Int32(h), &dst, &dstStride)
        guard rows > 0 else { throw MediaError("converting a frame for the encoder failed") }
    }

    private func scaler(from a: (Int, Int, Int32), to b: (Int, Int, Int32)) throws -> OpaquePointer {
        let wanted = [Int32(a.0), Int32(a.1), a.2, Int32(b.0), Int32(b.1), b.2]
        if wanted != key || context == nil {
            if let c = context { sws_freeContext(c) }
            context = sws_getContext(
                Int32(a.0), Int32(a.1), AVPixelFormat(rawValue: a.2), Int32(b.0), Int32(b.1), AVPixelFormat(rawValue: b.2),
                flags, nil, nil, nil)
            key = wanted
        }
        guard let c = context else { throw MediaError("cannot convert this picture's pixel format") }
        return c
    }

    private func scratchBuffer(bytes: Int) throws -> UnsafeMutablePointer<UInt8> {
        if let s = scratch, scratchBytes >= bytes { return s }
        if let s = scratch { av_free(s); scratch = nil; scratchBytes = 0 }
        guard let raw = av_mallocz(bytes) else { throw MediaError("out of memory for a \(bytes)-byte picture") }
        scratch = raw.bindMemory(to: UInt8.self, capacity: bytes)
        scratchBytes = bytes
        return scratch!
    }
}
