extension RGBAImage {
    /// A small, soft copy of the picture's centre cut to `aspect` (width / height), `width`
    /// pixels wide: each pixel the mean of a 4 × 4 grid of samples over its area, then softened
    /// by `passes` 3 × 3 box passes. Stretched over a picture with linear filtering it is a
    /// blurred backdrop (CapCut's blurred canvas): 24 pixels across a 1080-pixel frame blur by
    /// about a twelfth of its width. Opaque; a few thousand samples whatever the picture's size.
    public func blurredMiniature(aspect: Double, width w: Int, passes: Int) -> RGBAImage {
        guard width > 0, height > 0, aspect > 0, aspect.isFinite, w > 0 else { return RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255)) }
        let h = max(1, min(4 * w, Int((Double(w) / aspect).rounded())))
        // The centred crop of the aspect, in source pixels.
        var cropW = Double(width), cropH = Double(height)
        if cropW / cropH > aspect { cropW = cropH * aspect } else { cropH = cropW / aspect }
        let x0 = (Double(width) - cropW) / 2, y0 = (Double(height) - cropH) / 2
        var rgb = [Float](repeating: 0, count: w * h * 3)
        let grid = 4
        pixels.withUnsafeBufferPointer { p in
            for j in 0..<h {
                for i in 0..<w {
                    var r: Float = 0, g: Float = 0, b: Float = 0
                    for sy in 0..<grid {
                        let y = min(height - 1, Int(y0 + (Double(j) + (Double(sy) + 0.5) / Double(grid)) * cropH / Double(h)))
                        for sx in 0..<grid {
                            let x = min(width - 1, Int(x0 + (Double(i) + (Double(sx) + 0.5) / Double(grid)) * cropW / Double(w)))
                            let o = (y * width + x) * 4
                            r += Float(p[o]); g += Float(p[o + 1]); b += Float(p[o + 2])
                        }
                    }
                    let n = Float(grid * grid), o = (j * w + i) * 3
                    rgb[o] = r / n; rgb[o + 1] = g / n; rgb[o + 2] = b / n
                }
            }
        }
        for _ in 0..<max(0, passes) { rgb = Self.boxBlurred(rgb, width: w, height: h) }
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for k in 0..<(w * h) {
            for c in 0..<3 { out[k * 4 + c] = UInt8(max(0, min(255, rgb[k * 3 + c].rounded()))) }
        }
        return RGBAImage(width: w, height: h, pixels: out)
    }

    /// One 3 × 3 box pass over RGB floats, the edges repeated.
    private static func boxBlurred(_ rgb: [Float], width w: Int, height h: Int) -> [Float] {
        var out = rgb
        for j in 0..<h {
            for i in 0..<w {
                for c in 0..<3 {
                    var sum: Float = 0
                    for dy in -1...1 {
                        let y = min(h - 1, max(0, j + dy))
                        for dx in -1...1 { sum += rgb[(y * w + min(w - 1, max(0, i + dx))) * 3 + c] }
                    }
                    out[(j * w + i) * 3 + c] = sum / 9
                }
            }
        }
        return out
    }
}
