import CFFmpeg
import TactileCore

/// Lays a drawn layer over a YUV 4:2:0 frame: the export's overlays (texts, stickers, pictures
/// in the picture), drawn in RGBA over a transparent canvas, onto the picture the encoder holds.
/// SDL draws onto transparency premultiplied (each colour already times its coverage), so a
/// pixel is the layer's colour plus the picture's times what the layer leaves uncovered; the
/// colours go to YUV as swscale turns RGBA into the encoder's frames (BT.601, limited range).
enum LayerBlending {
    /// Blends `layer` (premultiplied RGBA) into `frame` with its top left corner at (`x`, `y`)
    /// (even); the part outside the frame is left out.
    static func blend(_ layer: RGBAImage, atX x0: Int, y y0: Int, into frame: UnsafeMutablePointer<AVFrame>) {
        let fw = Int(frame.pointee.width), fh = Int(frame.pointee.height)
        guard frame.pointee.format == AV_PIX_FMT_YUV420P.rawValue, let yPlane = frame.pointee.data.0,
            let uPlane = frame.pointee.data.1, let vPlane = frame.pointee.data.2
        else { return }
        let ys = Int(frame.pointee.linesize.0), us = Int(frame.pointee.linesize.1), vs = Int(frame.pointee.linesize.2)
        // The layer's part inside the frame, its origin even so chroma pairs line up.
        let left = max(0, x0) & ~1, top = max(0, y0) & ~1
        let right = min(fw, x0 + layer.width), bottom = min(fh, y0 + layer.height)
        guard right > left, bottom > top else { return }
        let lw = layer.width
        layer.pixels.withUnsafeBufferPointer { buffer in
            guard let px = buffer.baseAddress else { return }
            var y = top
            while y < bottom {
                let rows = min(2, bottom - y)
                var x = left
                while x < right {
                    let cols = min(2, right - x)
                    // A 2×2 block: four lumas, one chroma pair from the block's mean. Pixels left
                    // of or above the layer (its corner odd) count as uncovered.
                    var sr = 0, sg = 0, sb = 0, sa = 0
                    for dy in 0..<rows {
                        let ly = y + dy - y0
                        guard ly >= 0 else { continue }
                        let luma = yPlane + (y + dy) * ys
                        for dx in 0..<cols {
                            let lx = x + dx - x0
                            guard lx >= 0 else { continue }
                            let p = px + (ly * lw + lx) * 4
                            let a = Int(p[3])
                            guard a > 0 else { continue }
                            let r = Int(p[0]), g = Int(p[1]), b = Int(p[2])
                            sa += a; sr += r; sg += g; sb += b
                            // Y = 16 + (66 R + 129 G + 25 B) / 256 for the layer's own (premultiplied) colour.
                            let ly8 = (66 * r + 129 * g + 25 * b + 128) >> 8
                            let base = Int(luma[x + dx]) - 16
                            luma[x + dx] = UInt8(clamping: 16 + ly8 + (base * (255 - a) + 127) / 255)
                        }
                    }
                    if sa > 0 {
                        let u = uPlane + (y / 2) * us + x / 2, v = vPlane + (y / 2) * vs + x / 2
                        let lu = (-38 * sr - 74 * sg + 112 * sb + 512) >> 10
                        let lv = (112 * sr - 94 * sg - 18 * sb + 512) >> 10
                        let keep = 4 * 255 - sa
                        u.pointee = UInt8(clamping: 128 + lu + ((Int(u.pointee) - 128) * keep + 510) / 1020)
                        v.pointee = UInt8(clamping: 128 + lv + ((Int(v.pointee) - 128) * keep + 510) / 1020)
                    }
                    x += 2
                }
                y += 2
            }
        }
    }
}
