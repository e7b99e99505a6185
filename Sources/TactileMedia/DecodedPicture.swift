import CFFmpeg
import TactileCore

/// A decoded frame kept as the codec made it (YUV, its coded size): an export scales it straight
/// into the movie's frame instead of converting it to RGBA, drawing it and converting it back.
/// Holds its own reference to the frame's buffers; safe to hand to another thread.
// Unchecked Sendable, safe: nothing changes after `init`; the frame's pixels are only read (the
// buffers are FFmpeg's reference-counted ones, this object holds its own reference) and it is
// freed once, in `deinit`.
public final class DecodedPicture: @unchecked Sendable {
    let frame: UnsafeMutablePointer<AVFrame>
    /// The source time of the frame.
    public let time: Time
    /// The clockwise turn that stands it upright (from the file's display matrix).
    public let rotation: Int
    /// The size it is handed out at when converted (fitted, upright), in pixels.
    public let width: Int, height: Int

    init(frame: UnsafeMutablePointer<AVFrame>, time: Time, rotation: Int, width: Int, height: Int) {
        self.frame = frame; self.time = time; self.rotation = rotation; self.width = width; self.height = height
    }

    /// Whether it is planar YUV 4:2:0, so a part of it can be cut out for scaling; other
    /// formats (a PNG's RGB) are placed only whole.
    public var canBeCut: Bool {
        frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue || frame.pointee.format == AV_PIX_FMT_YUVJ420P.rawValue
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// A new frame of `format` and size with its own pixels (contents undefined), like `source`
    /// in colour and sample aspect when given; freed again if its pixels cannot be had.
    static func newFrame(
        format: AVPixelFormat, width: Int, height: Int,
        like source: UnsafeMutablePointer<AVFrame>? = nil
    ) throws -> UnsafeMutablePointer<AVFrame> {
        guard let out = av_frame_alloc() else { throw MediaError("out of memory allocating a frame") }
        out.pointee.format = format.rawValue
        out.pointee.width = Int32(width)
        out.pointee.height = Int32(height)
        if let source {
            out.pointee.color_range = source.pointee.color_range
            out.pointee.colorspace = source.pointee.colorspace
            out.pointee.color_primaries = source.pointee.color_primaries
            out.pointee.color_trc = source.pointee.color_trc
            out.pointee.sample_aspect_ratio = source.pointee.sample_aspect_ratio
        }
        let rc = av_frame_get_buffer(out, 0)
        guard rc >= 0 else {
            var f: UnsafeMutablePointer<AVFrame>? = out
            av_frame_free(&f)
            throw MediaError("allocating frame pixels", code: rc)
        }
        return out
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}
