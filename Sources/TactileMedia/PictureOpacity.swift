import CFFmpeg
import TactileCore

extension DecodedPicture {
    /// Whether its pixels carry an alpha channel (a PNG with transparency, video with alpha):
    /// placed as it is, its see-through parts would lose what lies beneath them.
    public var hasAlphaChannel: Bool { tactile_pixel_format_has_alpha(frame.pointee.format) != 0 }

    /// Whether every pixel is fully opaque: no alpha channel, or 8-bit RGBA-family pixels whose
    /// alpha is 255 throughout (our own PNGs carry alpha even when nothing is see-through).
    /// Other formats with alpha are taken as see-through.
    public var isOpaque: Bool {
        guard hasAlphaChannel else { return true }
        let alphaByte: Int
        switch AVPixelFormat(rawValue: frame.pointee.format) {
        case AV_PIX_FMT_RGBA, AV_PIX_FMT_BGRA: alphaByte = 3
        case AV_PIX_FMT_ARGB, AV_PIX_FMT_ABGR: alphaByte = 0
        default: return false
        }
        guard let base = frame.pointee.data.0 else { return false }
        let stride = Int(frame.pointee.linesize.0), w = Int(frame.pointee.width), h = Int(frame.pointee.height)
        for y in 0..<h {
            let row = base + y * stride + alphaByte
            for x in 0..<w where row[x * 4] != 255 { return false }
        }
        return true
    }

    /// The picture as planar YUV 4:2:0 (so parts of it can be cut out), converted once; itself
    /// when it is already. Its alpha, if any, is dropped: ask `isOpaque` first.
    func inYUV420(using converter: PictureConverter) throws -> DecodedPicture {
        if canBeCut { return self }
        let out = try Self.newFrame(format: AV_PIX_FMT_YUV420P, width: Int(frame.pointee.width), height: Int(frame.pointee.height), like: frame)
        do { try converter.convert(frame, into: out) } catch {
            var f: UnsafeMutablePointer<AVFrame>? = out
            av_frame_free(&f)
            throw error
        }
        return DecodedPicture(frame: out, time: time, rotation: rotation, width: width, height: height)
    }
}
