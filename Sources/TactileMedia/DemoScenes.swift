import Foundation
import TactileCore

/// The demo's pictures, painted procedurally for a portrait (9:16) frame: a beach at sunset with
/// rolling waves and a glittering low sun, a city at night with drifting bokeh, a forest with
/// light rays and floating dust, and a postcard still. No counters or stamps (the test media
/// keep those). Per-pixel work is table lookups and integer sums, so the demo's 26 seconds paint
/// in a few seconds even in a debug build.
public enum DemoScenes {
    /// The kinds of picture.
    public enum Scene: CaseIterable { case beach, city, forest, postcard }

    /// Frame `index` of `scene` at `framesPerSecond`.
    public static func frame(_ scene: Scene, index: Int, framesPerSecond: Int, width: Int, height: Int) -> RGBAImage {
        let canvas = Canvas(width: width, height: height)
        let t = Double(index) / Double(max(1, framesPerSecond))
        switch scene {
        case .beach: beach(canvas, t)
        case .city: city(canvas, t)
        case .forest: forest(canvas, t)
        case .postcard: postcard(canvas)
        }
        return RGBAImage(width: width, height: height, pixels: canvas.pixels)
    }

    /// Encodes `seconds` of `scene` into `url`.
    /// `stopWhen` is asked before each frame: true stops with `DemoMedia.Stopped`.
    public static func writeClip(
        _ scene: Scene, seconds: Double, to url: URL, settings: VideoEncoder.Settings, sound: [Float]? = nil, stopWhen: () -> Bool = { false }
    ) throws {
        var settings = settings
        if sound != nil { settings.audioSampleRate = 48_000 }
        let encoder = try VideoEncoder(url: url, settings: settings)
        let frames = Int((seconds * Double(settings.framesPerSecond)).rounded())
        for i in 0..<frames {
            if stopWhen() { throw DemoMedia.Stopped() }
            try encoder.append(frame(scene, index: i, framesPerSecond: settings.framesPerSecond, width: settings.width, height: settings.height))
        }
        if let sound { try encoder.appendAudio(sound) }
        try encoder.finish()
    }

    // MARK: Painting

    /// RGB pixels being painted (alpha stays opaque), with the few operations the scenes use.
    /// A class over raw memory: the painting loops touch every pixel many times a frame, and
    /// must not pay for copy-on-write checks (even in a debug build).
    final class Canvas {
        let width: Int, height: Int
        private let p: UnsafeMutablePointer<UInt8>
        private let count: Int

        init(width: Int, height: Int) {
            self.width = width; self.height = height
            count = width * height * 4
            p = .allocate(capacity: count)
            p.initialize(repeating: 255, count: count)
        }

        deinit { p.deallocate() }

        /// The picture as RGBA bytes.
        var pixels: [UInt8] { Array(UnsafeBufferPointer(start: p, count: count)) }

        /// Fills each row with the colour `colour(y)` gives.
        func rows(_ colour: (Int) -> RGB) {
            for y in 0..<height {
                let c = colour(y)
                var i = y * width * 4
                for _ in 0..<width { p[i] = c.r; p[i + 1] = c.g; p[i + 2] = c.b; i += 4 }
            }
        }

        /// Sets one pixel.
        @inline(__always) func set(_ x: Int, _ y: Int, _ c: RGB) {
            let i = (y * width + x) * 4
            p[i] = c.r; p[i + 1] = c.g; p[i + 2] = c.b
        }

        /// Adds `colour` × `amount` (0 … 1) to one pixel.
        @inline(__always) func add(_ x: Int, _ y: Int, _ colour: RGB, _ amount: Double) {
            guard x >= 0, y >= 0, x < width, y < height, amount > 0 else { return }
            let i = (y * width + x) * 4, k = Int(min(1, amount) * 256)
            p[i] = UInt8(min(255, Int(p[i]) + (Int(colour.r) * k) >> 8))
            p[i + 1] = UInt8(min(255, Int(p[i + 1]) + (Int(colour.g) * k) >> 8))
            p[i + 2] = UInt8(min(255, Int(p[i + 2]) + (Int(colour.b) * k) >> 8))
        }

        /// Mixes `colour` over one pixel by `amount` (0 … 1).
        @inline(__always) func mix(_ x: Int, _ y: Int, _ colour: RGB, _ amount: Double) {
            guard x >= 0, y >= 0, x < width, y < height, amount > 0 else { return }
            let i = (y * width + x) * 4, k = Int(min(1, amount) * 256)
            p[i] = UInt8((Int(p[i]) * (256 - k) + Int(colour.r) * k) >> 8)
            p[i + 1] = UInt8((Int(p[i + 1]) * (256 - k) + Int(colour.g) * k) >> 8)
            p[i + 2] = UInt8((Int(p[i + 2]) * (256 - k) + Int(colour.b) * k) >> 8)
        }

        /// A soft disc: full `colour` (added, or laid over when `covering`) in the middle, fading out to `radius`.
        func glow(_ cx: Double, _ cy: Double, radius: Double, _ colour: RGB, strength: Double, covering: Bool = false) {
            let r2 = radius * radius
            let y0 = max(0, Int(cy - radius)), y1 = min(height - 1, Int(cy + radius))
            let x0 = max(0, Int(cx - radius)), x1 = min(width - 1, Int(cx + radius))
            guard y0 <= y1, x0 <= x1 else { return }
            for y in y0...y1 {
                let dy = Double(y) - cy
                for x in x0...x1 {
                    let dx = Double(x) - cx, d2 = (dx * dx + dy * dy) / r2
                    guard d2 < 1 else { continue }
                    let k = strength * (1 - d2 * d2 * d2) // flat top, soft rim: a lens's bokeh
                    if covering { mix(x, y, colour, k) } else { add(x, y, colour, k) }
                }
            }
        }
    }

    struct RGB { var r, g, b: UInt8 }

    /// A colour between `a` and `b`.
    static func blend(_ a: RGB, _ b: RGB, _ k: Double) -> RGB {
        let k = min(1, max(0, k))
        func c(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(Double(x) + (Double(y) - Double(x)) * k) }
        return RGB(r: c(a.r, b.r), g: c(a.g, b.g), b: c(a.b, b.b))
    }

    /// A colour along `stops` (positions 0 … 1, in order).
    static func gradient(_ stops: [(Double, RGB)], _ u: Double) -> RGB {
        guard let first = stops.first else { return RGB(r: 0, g: 0, b: 0) }
        if u <= first.0 { return first.1 }
        for (a, b) in zip(stops, stops.dropFirst()) where u <= b.0 { return blend(a.1, b.1, (u - a.0) / max(1e-9, b.0 - a.0)) }
        return stops.last!.1
    }

    /// A repeatable pseudo-random number in 0 ..< 1 for `n` (the scenes are the same every time).
    static func noise(_ n: Int) -> Double {
        var x = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        x ^= x >> 31; x = x &* 0xBF58_476D_1CE4_E5B9; x ^= x >> 27
        return Double(x % 1_000_003) / 1_000_003
    }

    // MARK: Scenes

    /// A beach at sunset: a sky from deep blue to orange, a low sun sinking with its glow, waves
    /// rolling toward the shore with a glittering path under the sun, foam washing the sand.
    static func beach(_ c: Canvas, _ t: Double) {
        let w = Double(c.width), h = Double(c.height)
        let horizon = Int(h * 0.46), shore = Int(h * 0.8)
        let sky: [(Double, RGB)] = [
            (0, RGB(r: 28, g: 36, b: 92)), (0.45, RGB(r: 150, g: 80, b: 140)),
            (0.8, RGB(r: 250, g: 130, b: 90)), (1, RGB(r: 255, g: 190, b: 110)),
        ]
        let sea: [(Double, RGB)] = [(0, RGB(r: 120, g: 80, b: 110)), (0.25, RGB(r: 40, g: 70, b: 120)), (1, RGB(r: 20, g: 96, b: 120))]
        let sand: [(Double, RGB)] = [(0, RGB(r: 214, g: 170, b: 120)), (1, RGB(r: 236, g: 196, b: 146))]
        c.rows { y in
            if y < horizon { return gradient(sky, Double(y) / Double(horizon)) }
            if y < shore { return gradient(sea, Double(y - horizon) / Double(shore - horizon)) }
            return gradient(sand, Double(y - shore) / max(1, h - Double(shore)))
        }
        // The sun, sinking slowly, with a wide glow over sky and sea.
        let sunX = w * 0.6, sunY = Double(horizon) - h * 0.05 + t * h * 0.004, sunR = w * 0.085
        c.glow(sunX, sunY, radius: sunR * 4, RGB(r: 255, g: 150, b: 80), strength: 0.35)
        for y in max(0, Int(sunY - sunR))..<max(0, min(horizon, Int(sunY + sunR) + 1)) {
            for x in Int(sunX - sunR)...Int(sunX + sunR) {
                let dx = Double(x) - sunX, dy = Double(y) - sunY
                let d = (dx * dx + dy * dy).squareRoot() / sunR
                if d < 1 { c.mix(x, y, RGB(r: 255, g: 236, b: 180), min(1, (1 - d) * 6)) }
            }
        }
        // Waves: bright crests moving toward the shore, finer near the horizon (perspective).
        for y in horizon..<shore {
            let depth = Double(y - horizon) / Double(shore - horizon) // 0 far … 1 near
            let spacing = 2 + depth * 22, speed = 6 + depth * 30
            let crest = (Double(y) * 1.0 - t * speed).truncatingRemainder(dividingBy: spacing)
            let onCrest = abs(crest) < 0.6 + depth * 1.6
            for x in 0..<c.width {
                let ripple = sin(Double(x) * (0.08 - depth * 0.05) + Double(y) * 0.3 + t * 1.3)
                if onCrest && ripple > -0.2 { c.add(x, y, RGB(r: 120, g: 140, b: 150), 0.35 + 0.3 * depth) }
                // The sun's path: a glitter column widening toward the shore.
                let pathWidth = sunR * (0.6 + depth * 2.2), dx = abs(Double(x) - sunX)
                if dx < pathWidth {
                    let sparkle = noise(x / 2 &* 7_919 &+ y &* 104_729 &+ Int(t * 12) &* 31) > 0.72 - depth * 0.1
                    c.add(x, y, RGB(r: 255, g: 190, b: 120), (sparkle ? 0.9 : 0.18) * (1 - dx / pathWidth))
                }
            }
        }
        // The swash: foam sliding up and back over wet sand.
        for x in 0..<c.width {
            let reach = Double(shore) + h * (0.035 + 0.03 * sin(t * 0.9 + Double(x) * 0.012))
            for y in shore..<min(c.height, Int(reach) + 4) {
                let toEdge = reach - Double(y)
                if toEdge > 3 {
                    c.mix(x, y, RGB(r: 150, g: 130, b: 110), 0.35)
                } else if toEdge > -3 {
                    c.mix(x, y, RGB(r: 246, g: 244, b: 236), 0.85 - abs(toEdge) * 0.2)
                }
            }
        }
    }

    /// A city at night: towers with lit windows against a dusky sky, drifting out-of-focus
    /// lights in front, the view panning slowly.
    static func city(_ c: Canvas, _ t: Double) {
        let w = Double(c.width), h = Double(c.height)
        let sky: [(Double, RGB)] = [(0, RGB(r: 10, g: 12, b: 36)), (0.7, RGB(r: 44, g: 28, b: 78)), (1, RGB(r: 90, g: 50, b: 90))]
        c.rows { y in gradient(sky, Double(y) / h) }
        let pan = Int(t * 7)
        // Towers: widths and heights from a repeatable sequence, in two rows of depth.
        for layer in 0..<2 {
            var x = -pan / (2 - layer) - 40, n = layer * 1000
            while x < c.width {
                let width = 26 + Int(noise(n) * 44), top = Int(h * (layer == 0 ? 0.25 : 0.42) + noise(n + 7) * h * 0.25)
                let body = layer == 0 ? RGB(r: 22, g: 20, b: 44) : RGB(r: 12, g: 12, b: 24)
                for y in top..<c.height where max(0, x) < min(c.width, x + width) {
                    for xx in max(0, x)..<min(c.width, x + width) {
                        let wx = xx - x, wy = y - top
                        let window = wx % 7 >= 2 && wx % 7 <= 5 && wy % 11 >= 3 && wy % 11 <= 8 && wx > 2 && wx < width - 2
                        if window && noise(n &* 31 &+ (wx / 7) &* 131 &+ (wy / 11)) > 0.55 {
                            c.mix(xx, y, RGB(r: 255, g: 206, b: 128), layer == 0 ? 0.55 : 0.9)
                        } else {
                            c.mix(xx, y, body, 1)
                        }
                    }
                }
                x += width + 4 + Int(noise(n + 3) * 10)
                n += 1
            }
        }
        // Bokeh: soft discs of street and car lights drifting across, gently pulsing.
        let colours = [RGB(r: 255, g: 170, b: 70), RGB(r: 255, g: 90, b: 110), RGB(r: 90, g: 200, b: 255), RGB(r: 255, g: 220, b: 140)]
        for i in 0..<30 {
            let speed = 4 + noise(i + 50) * 14
            let x = (noise(i) * (w + 120) + t * speed).truncatingRemainder(dividingBy: w + 120) - 60
            let y = h * (0.3 + noise(i + 100) * 0.65) + sin(t * 0.6 + Double(i)) * 6
            let r = 12 + noise(i + 200) * 34
            let pulse = 0.75 + 0.25 * sin(t * (1 + noise(i + 300)) + Double(i))
            c.glow(x, y, radius: r, colours[i % colours.count], strength: 0.42 * pulse)
        }
    }

    /// A forest: dark trunks at several depths, a green canopy glow, slanting rays of light that
    /// breathe, dust drifting through them.
    static func forest(_ c: Canvas, _ t: Double) {
        let w = Double(c.width), h = Double(c.height)
        let air: [(Double, RGB)] = [
            (0, RGB(r: 120, g: 170, b: 90)), (0.5, RGB(r: 50, g: 96, b: 60)),
            (0.85, RGB(r: 28, g: 52, b: 34)), (0.86, RGB(r: 62, g: 50, b: 30)), (1, RGB(r: 40, g: 32, b: 22)),
        ]
        c.rows { y in gradient(air, Double(y) / h) }
        // Trunks, far (pale) to near (dark), drifting at their depth's speed.
        for depth in 0..<3 {
            let shade = [RGB(r: 96, g: 124, b: 86), RGB(r: 52, g: 62, b: 42), RGB(r: 30, g: 26, b: 18)][depth]
            let count = [7, 4, 3][depth], cover = [0.5, 0.8, 0.97][depth]
            for i in 0..<count {
                let n = depth * 100 + i
                let width = Double([8, 18, 40][depth]) * (0.7 + noise(n) * 0.6)
                let x = (noise(n + 7) * (w + 60) - t * Double(depth + 1) * 1.5).truncatingRemainder(dividingBy: w + 60)
                let x0 = Int(x < -30 ? x + w + 60 : x) - 30
                guard max(0, x0) < min(c.width, x0 + Int(width)) else { continue }
                // Rounded trunks: lighter in the middle.
                let columns = (max(0, x0)..<min(c.width, x0 + Int(width))).map { xx in
                    (xx, blend(shade, RGB(r: 0, g: 0, b: 0), abs(Double(xx - x0) / width - 0.5) * 0.7))
                }
                for y in 0..<c.height { for (xx, colour) in columns { c.mix(xx, y, colour, cover) } }
            }
        }
        // The canopy: dark leaves along the top with gaps the light comes through, swaying.
        for i in 0..<46 {
            let x = noise(i + 900) * (w + 40) - 20 + sin(t * 0.7 + Double(i)) * 3
            let y = noise(i + 910) * h * 0.2 - h * 0.03
            c.glow(x, y, radius: 18 + noise(i + 920) * 34, RGB(r: 22, g: 52, b: 28), strength: 0.9, covering: true)
        }
        // Light on the forest floor.
        for i in 0..<10 {
            c.glow(
                noise(i + 950) * w, h * (0.9 + noise(i + 960) * 0.08), radius: 10 + noise(i + 970) * 16,
                RGB(r: 200, g: 190, b: 110), strength: 0.12 + 0.05 * sin(t + Double(i)))
        }
        // Rays: bands along a slant, each breathing at its own pace, fading toward the ground.
        let slant = 0.55
        // Spread across the frame, each shifted a little from an even spacing.
        let rays = (0..<5).map { i in
            (centre: (Double(i) + 0.3 + noise(i + 400) * 0.4) / 5 * (w + h * slant), width: 12 + noise(i + 410) * 26, phase: noise(i + 420) * 6)
        }
        let light = RGB(r: 255, g: 244, b: 190)
        // The light along the slant, once per frame: then each pixel is one lookup.
        let span = Int(w + h * slant) + 2
        let along = (0..<span).map { u -> Double in
            rays.reduce(0) { k, ray in
                let d = abs(Double(u) - ray.centre) / ray.width
                return d < 1 ? k + (1 - d * d) * (0.55 + 0.45 * sin(t * 0.8 + ray.phase)) : k
            }
        }
        for y in 0..<c.height {
            let fade = max(0, 1 - Double(y) / (h * 1.15))
            let shift = Int(Double(y) * slant)
            for x in 0..<c.width where along[x + shift] > 0 { c.add(x, y, light, along[x + shift] * 0.6 * fade) }
        }
        // Dust in the light.
        for i in 0..<70 {
            let x = (noise(i + 600) * w + sin(t * 0.5 + Double(i)) * 12 + t * 3).truncatingRemainder(dividingBy: w)
            var y = (noise(i + 700) * h * 0.8 - t * (2 + noise(i) * 4)).truncatingRemainder(dividingBy: h * 0.8)
            if y < 0 { y += h * 0.8 }
            // Motes show where the light catches them.
            let lit = along[min(span - 1, max(0, Int(x + y * slant)))]
            if lit > 0.05 { c.glow(x, y, radius: 2.2, light, strength: min(1, lit * 1.2)) }
        }
    }

    /// A still for titles: a warm diagonal gradient with soft circles of light.
    static func postcard(_ c: Canvas) {
        let w = Double(c.width), h = Double(c.height)
        let stops: [(Double, RGB)] = [(0, RGB(r: 255, g: 140, b: 96)), (0.5, RGB(r: 214, g: 82, b: 130)), (1, RGB(r: 76, g: 52, b: 140))]
        for y in 0..<c.height {
            for x in 0..<c.width { c.set(x, y, gradient(stops, Double(x) / w * 0.35 + Double(y) / h * 0.65)) }
        }
        for i in 0..<14 {
            c.glow(noise(i + 800) * w, noise(i + 810) * h, radius: 20 + noise(i + 820) * 60, RGB(r: 255, g: 230, b: 200), strength: 0.18)
        }
    }
}
