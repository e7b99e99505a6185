import CFFmpeg
import Foundation
import TactileCore

/// A decoded picture placed in a movie's frame: where it is drawn (in the frame's pixels; it may
/// reach outside the frame, as a slide's or a zoom's does), the part of the frame it may show in,
/// and its opacity.
public struct PlacedPicture: Sendable {
    public var picture: DecodedPicture
    /// The picture's rectangle: x, y, width, height in the frame's pixels.
    public var x: Double, y: Double, width: Double, height: Double
    /// The part of the frame it shows in (a wipe's revealed part, the frame itself).
    public var clip: PixelRect
    /// 0 … 1.
    public var opacity: Double

    public init(picture: DecodedPicture, x: Double, y: Double, width: Double, height: Double, clip: PixelRect, opacity: Double) {
        self.picture = picture; self.x = x; self.y = y; self.width = width; self.height = height; self.clip = clip; self.opacity = opacity
    }
}

/// Composes placed pictures into a YUV 4:2:0 frame the way the draw list's renderer would draw
/// them, without leaving YUV: black first, then each picture scaled (only its visible part) into
/// its place, blended by its opacity, then a black veil (a dip to black). Transitions export at
/// the cost of a scale and a blend instead of two conversions to RGBA, a draw and a conversion back.
final class PictureComposer {
    private let converter = PictureConverter()
    /// A frame to scale a translucent picture into before blending it.
    private var scratch: UnsafeMutablePointer<AVFrame>?

    deinit { if scratch != nil { av_frame_free(&scratch) } }

    func compose(_ pictures: [PlacedPicture], black: Double, into frame: UnsafeMutablePointer<AVFrame>) throws {
        let fw = Int(frame.pointee.width), fh = Int(frame.pointee.height)
        let covers =
            pictures.first.map { p in
                p.opacity >= 1 && p.clip == PixelRect(x: 0, y: 0, width: fw, height: fh)
                    && p.x <= 0.5 && p.y <= 0.5 && p.x + p.width >= Double(fw) - 0.5 && p.y + p.height >= Double(fh) - 0.5
            } ?? false
        if !covers { Self.fill(frame, y: 16, u: 128, v: 128) }
        for placed in pictures where placed.opacity > 0.002 {
            try draw(placed, into: frame)
        }
        if black > 0.002 { Self.veil(frame, black: min(1, black)) }
    }

    /// Scales the visible part of `placed` into its place in `frame`, blending when translucent.
    private func draw(_ placed: PlacedPicture, into frame: UnsafeMutablePointer<AVFrame>) throws {
        let fw = Int(frame.pointee.width), fh = Int(frame.pointee.height)
        let source = placed.picture.frame
        let sw = Int(source.pointee.width), sh = Int(source.pointee.height)
        guard sw > 1, sh > 1, placed.width > 0, placed.height > 0 else { return }
        // The visible part, on even pixels (chroma pairs).
        func even(_ v: Double) -> Int { Int((v / 2).rounded()) * 2 }
        let vx0 = max(even(max(placed.x, Double(placed.clip.x))), 0), vy0 = max(even(max(placed.y, Double(placed.clip.y))), 0)
        let vx1 = min(even(min(placed.x + placed.width, Double(placed.clip.x + placed.clip.width))), fw)
        let vy1 = min(even(min(placed.y + placed.height, Double(placed.clip.y + placed.clip.height))), fh)
        guard vx1 - vx0 >= 2, vy1 - vy0 >= 2 else { return }
        let visible = PixelRect(x: vx0, y: vy0, width: vx1 - vx0, height: vy1 - vy0)
        // The source part that lands there, on even source pixels.
        let kx = Double(sw) / placed.width, ky = Double(sh) / placed.height
        let sx0 = min(sw - 2, max(0, Int((Double(vx0) - placed.x) * kx / 2) * 2))
        let sy0 = min(sh - 2, max(0, Int((Double(vy0) - placed.y) * ky / 2) * 2))
        let sx1 = min(sw, max(sx0 + 2, Int(((Double(vx1) - placed.x) * kx).rounded())))
        let sy1 = min(sh, max(sy0 + 2, Int(((Double(vy1) - placed.y) * ky).rounded())))
        // The whole source needs no cut (a picture of another format is only placed whole).
        let part = PixelRect(x: sx0, y: sy0, width: sx1 - sx0, height: sy1 - sy0)
        let crop: PixelRect? = part == PixelRect(x: 0, y: 0, width: sw, height: sh) ? nil : part
        if crop != nil && !placed.picture.canBeCut { throw MediaError("a picture of this format cannot be cut") }
        if placed.opacity >= 0.998 {
            try converter.convert(source, crop: crop, into: frame, rect: visible)
            return
        }
        // Translucent: scaled on its own, then blended in.
        let layer = try scratchFrame(width: visible.width, height: visible.height)
        try converter.convert(source, crop: crop, into: layer, rect: nil)
        Self.blend(layer, into: frame, at: visible, opacity: placed.opacity)
    }

    private func scratchFrame(width: Int, height: Int) throws -> UnsafeMutablePointer<AVFrame> {
        if let s = scratch, Int(s.pointee.width) == width, Int(s.pointee.height) == height {
            let rc = av_frame_make_writable(s)
            guard rc >= 0 else { throw MediaError("preparing a frame", code: rc) }
            return s
        }
        if scratch != nil { av_frame_free(&scratch) }
        let s = try DecodedPicture.newFrame(format: AV_PIX_FMT_YUV420P, width: width, height: height)
        scratch = s
        return s
    }

    /// The planes of a YUV 4:2:0 frame: base, bytes per row, width and height of each.
    private static func planes(_ f: UnsafeMutablePointer<AVFrame>) -> [(UnsafeMutablePointer<UInt8>, Int, Int, Int)] {
        let w = Int(f.pointee.width), h = Int(f.pointee.height)
        guard let y = f.pointee.data.0, let u = f.pointee.data.1, let v = f.pointee.data.2 else { return [] }
        return [
            (y, Int(f.pointee.linesize.0), w, h), (u, Int(f.pointee.linesize.1), (w + 1) / 2, (h + 1) / 2),
            (v, Int(f.pointee.linesize.2), (w + 1) / 2, (h + 1) / 2),
        ]
    }

    static func fill(_ f: UnsafeMutablePointer<AVFrame>, y: UInt8, u: UInt8, v: UInt8) {
        for ((base, stride, _, rows), value) in zip(planes(f), [y, u, v]) { memset(base, Int32(value), stride * rows) }
    }

    /// Every sample moved `black` of the way to black (limited range: Y 16, chroma 128).
    static func veil(_ f: UnsafeMutablePointer<AVFrame>, black: Double) {
        let keep = Int(((1 - black) * 256).rounded())
        for (n, (base, stride, width, rows)) in planes(f).enumerated() {
            let zero = n == 0 ? 16 : 128
            for r in 0..<rows {
                let row = base + r * stride
                for x in 0..<width { row[x] = UInt8(clamping: zero + ((Int(row[x]) - zero) * keep) >> 8) }
            }
        }
    }

    /// `layer` laid over `frame` at `rect` (even origin) with `opacity`.
    static func blend(_ layer: UnsafeMutablePointer<AVFrame>, into frame: UnsafeMutablePointer<AVFrame>, at rect: PixelRect, opacity: Double) {
        let a = Int((min(1, max(0, opacity)) * 256).rounded())
        for (n, ((src, sStride, sw, sh), (dst, dStride, dw, dh))) in zip(planes(layer), planes(frame)).enumerated() {
            let ox = n == 0 ? rect.x : rect.x / 2, oy = n == 0 ? rect.y : rect.y / 2
            let width = min(sw, dw - ox), rows = min(sh, dh - oy)
            guard width > 0, rows > 0 else { continue }
            for r in 0..<rows {
                let s = src + r * sStride, d = dst + (oy + r) * dStride + ox
                for x in 0..<width { d[x] = UInt8((Int(d[x]) * (256 - a) + Int(s[x]) * a) >> 8) }
            }
        }
    }
}
