import Foundation
import TactileCore

/// Synthetic pictures with a frame index that survives compression: moving colour patterns for
/// demo and test media, and a row of black and white blocks at the top spelling the frame
/// number in binary, so exact-frame accuracy can be checked from decoded pixels (the reader is
/// test support's `TestPattern.readStamp`).
public enum TestPattern {
    /// Bits in the stamp (frames 0 … 65,535).
    public static let stampBits = 16
    /// Side of one stamp block, in pixels.
    public static let blockSize = 16

    /// Frame `index` of a pattern of `style` (0, 1, 2 … give distinct looks), with the frame
    /// number burned in as digits at the bottom left and as the binary stamp at the top.
    public static func frame(_ index: Int, width: Int, height: Int, style: Int) -> RGBAImage {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        let t = Double(index) / 30
        let base: (Double, Double, Double) = [(0.2, 0.45, 0.9), (0.95, 0.5, 0.2), (0.25, 0.8, 0.4), (0.7, 0.3, 0.85)][style % 4]
        // Per-column and per-row terms, so the per-pixel work is a few multiplications.
        let fw = Double(width), fh = Double(height)
        let column = (0..<width).map { Double($0) / fw }
        let sinX = column.map { sin($0 * 10 - t * 4) }, cosX = column.map { cos($0 * 10 - t * 4) }
        let sinY = (0..<height).map { sin(Double($0) / fh * 10) }, cosY = (0..<height).map { cos(Double($0) / fh * 10) }
        let bands = column.map { 0.5 + 0.5 * sin(($0 * 6 + t * 1.5) * Double.pi) }
        let cx = (0.5 + 0.3 * cos(t * 2)) * fw, cy = (0.5 + 0.3 * sin(t * 2)) * fh
        let r2 = fh * fh * 0.02
        px.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                let dy = Double(y) - cy
                for x in 0..<width {
                    let wave: Double
                    switch style % 3 {
                    case 0: wave = bands[x] // sliding bands
                    case 1: wave = 0.5 + 0.5 * (sinX[x] * cosY[y] + cosX[x] * sinY[y]) // diagonal stripes
                    default: let dx = Double(x) - cx; wave = dx * dx + dy * dy < r2 ? 1 : 0.25 // a circle orbiting
                    }
                    let i = (y * width + x) * 4
                    let k = 0.35 + 0.65 * wave
                    p[i] = UInt8(255 * base.0 * k)
                    p[i + 1] = UInt8(255 * base.1 * k)
                    p[i + 2] = UInt8(255 * base.2 * k)
                }
            }
        }
        stamp(index, into: &px, width: width, height: height)
        burnCounter(index, into: &px, width: width, height: height)
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

    /// Which of the seven segments (a … g) each digit lights.
    private static let segments: [[Int]] = [
        [0, 1, 2, 3, 4, 5], [1, 2], [0, 1, 6, 4, 3], [0, 1, 6, 2, 3], [5, 6, 1, 2],
        [0, 5, 6, 2, 3], [0, 5, 6, 4, 3, 2], [0, 1, 2], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 5, 6],
    ]

    /// Writes `index` in seven-segment digits at the bottom left, white on a dark plate, so a
    /// person can read which frame is shown.
    static func burnCounter(_ index: Int, into px: inout [UInt8], width: Int, height: Int) {
        let digits = Array(String(index)).compactMap { $0.wholeNumberValue }
        let h = max(10, height / 8), w = h / 2, stroke = max(2, h / 8), gap = w / 2
        let plateW = digits.count * (w + gap) + gap, plateH = h + 2 * gap
        let left = gap, top = height - plateH - gap
        guard top > 0, left + plateW < width else { return }
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ v: UInt8) {
            for y in max(0, y0)..<min(height, y1) {
                for x in max(0, x0)..<min(width, x1) {
                    let i = (y * width + x) * 4
                    px[i] = v; px[i + 1] = v; px[i + 2] = v
                }
            }
        }
        fill(left, top, left + plateW, top + plateH, 20)
        for (n, d) in digits.enumerated() {
            let x = left + gap + n * (w + gap), y = top + gap, mid = y + h / 2
            for s in segments[d] {
                switch s {
                case 0: fill(x, y, x + w, y + stroke, 255)
                case 1: fill(x + w - stroke, y, x + w, mid, 255)
                case 2: fill(x + w - stroke, mid, x + w, y + h, 255)
                case 3: fill(x, y + h - stroke, x + w, y + h, 255)
                case 4: fill(x, mid, x + stroke, y + h, 255)
                case 5: fill(x, y, x + stroke, mid, 255)
                default: fill(x, mid - stroke / 2, x + w, mid + stroke - stroke / 2, 255)
                }
            }
        }
    }

    /// Encodes a clip of `frames` frames of `style` into `url`.
    public static func writeClip(to url: URL, settings: VideoEncoder.Settings, frames: Int, style: Int) throws {
        let encoder = try VideoEncoder(url: url, settings: settings)
        for i in 0..<frames { try encoder.append(frame(i, width: settings.width, height: settings.height, style: style)) }
        try encoder.finish()
    }
}
