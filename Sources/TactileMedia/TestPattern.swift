import Foundation
import TactileCore

/// Synthetic pictures with a frame index that survives compression: moving colour patterns for
/// demo and test media, and a row of black and white blocks at the top spelling the frame
/// number in binary, so exact-frame accuracy can be checked from decoded pixels.
public enum TestPattern {
    /// Bits in the stamp (frames 0 … 65,535).
    public static let stampBits = 16
    /// Side of one stamp block, in pixels.
    public static let blockSize = 16

    /// Frame `index` of a pattern of `style` (0, 1, 2 … give distinct looks).
    public static func frame(_ index: Int, width: Int, height: Int, style: Int) -> RGBAImage {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        let t = Double(index) / 30
        let base: (Double, Double, Double) = [(0.2, 0.45, 0.9), (0.95, 0.5, 0.2), (0.25, 0.8, 0.4), (0.7, 0.3, 0.85)][style % 4]
        for y in 0..<height {
            for x in 0..<width {
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let wave: Double
                switch style % 3 {
                case 0: wave = 0.5 + 0.5 * sin((u * 6 + t * 1.5) * Double.pi)                  // sliding bands
                case 1: wave = 0.5 + 0.5 * sin((u + v) * 10 - t * 4)                            // diagonal stripes
                default:                                                                        // a circle orbiting
                    let cx = 0.5 + 0.3 * cos(t * 2), cy = 0.5 + 0.3 * sin(t * 2)
                    wave = ((u - cx) * (u - cx) * Double(width * width) + (v - cy) * (v - cy) * Double(height * height))
                        < Double(height * height) * 0.02 ? 1 : 0.25
                }
                let i = (y * width + x) * 4
                px[i] = UInt8(255 * base.0 * (0.35 + 0.65 * wave))
                px[i + 1] = UInt8(255 * base.1 * (0.35 + 0.65 * wave))
                px[i + 2] = UInt8(255 * base.2 * (0.35 + 0.65 * wave))
            }
        }
        stamp(index, into: &px, width: width, height: height)
        return RGBAImage(width: width, height: height, pixels: px)
    }

    /// Writes `index` as blocks along the top edge (most significant bit first), white for 1.
    static func stamp(_ index: Int, into px: inout [UInt8], width: Int, height: Int) {
        let b = blockSize
        for bit in 0..<stampBits where (bit + 1) * b <= width && b <= height {
            let on = (index >> (stampBits - 1 - bit)) & 1 == 1
            for y in 0..<b {
                for x in (bit * b)..<((bit + 1) * b) {
                    let i = (y * width + x) * 4
                    let value: UInt8 = on ? 255 : 0
                    px[i] = value; px[i + 1] = value; px[i + 2] = value
                }
            }
        }
    }

    /// Reads the frame index back from decoded pixels (upright, same size as written).
    public static func readStamp(_ image: RGBAImage) -> Int {
        var value = 0
        for bit in 0..<stampBits {
            let p = image.pixel(x: bit * blockSize + blockSize / 2, y: blockSize / 2)
            let luma = (Int(p.r) * 299 + Int(p.g) * 587 + Int(p.b) * 114) / 1000
            value = value << 1 | (luma > 128 ? 1 : 0)
        }
        return value
    }

    /// Encodes a clip of `frames` frames of `style` into `url`.
    public static func writeClip(to url: URL, settings: VideoEncoder.Settings, frames: Int, style: Int) throws {
        let encoder = try VideoEncoder(url: url, settings: settings)
        for i in 0..<frames { try encoder.append(frame(i, width: settings.width, height: settings.height, style: style)) }
        try encoder.finish()
    }
}
