import CFFmpeg
import TactileCore

/// A decoded frame kept as the codec made it (YUV, its coded size): an export scales it straight
/// into the movie's frame instead of converting it to RGBA, drawing it and converting it back.
/// Holds its own reference to the frame's buffers; safe to hand to another thread.
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
}

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
}
