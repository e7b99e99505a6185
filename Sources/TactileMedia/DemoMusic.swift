import Foundation

/// The demo's soundtrack, synthesised: a I–V–vi–IV progression in C at 96 beats a minute — a
/// soft pad, a plucked arpeggio, a bass on the downbeats, kick, snare and hi-hats — faded in and
/// out. Mono samples in -1 … 1.
enum DemoMusic {
    /// `seconds` of the soundtrack at `sampleRate`.
    static func render(seconds: Double, sampleRate: Int) -> [Float] {
        let rate = Double(sampleRate), n = Int(seconds * rate)
        let beat = 60.0 / 96, bar = 4 * beat
        // Chord tones (Hz) and a bass root per bar: C, G, Am, F.
        let chords: [[Double]] = [[261.63, 329.63, 392.0], [196.0, 246.94, 293.66], [220.0, 261.63, 329.63], [174.61, 220.0, 261.63]]
        let bass: [Double] = [65.41, 98.0, 110.0, 87.31]
        var out = [Float](repeating: 0, count: n)
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        var lastNoise = 0.0
        let twoPi = 2 * Double.pi
        for i in 0..<n {
            let t = Double(i) / rate
            let barIndex = Int(t / bar), inBar = t - Double(barIndex) * bar
            let chord = chords[barIndex % chords.count]
            let beatIndex = Int(inBar / beat), inBeat = inBar - Double(beatIndex) * beat
            let eighth = Int(inBar / (beat / 2)), inEighth = inBar - Double(eighth) * beat / 2
            // White noise for the drums, and its difference (a cheap high-pass) for the hats.
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Double(seed >> 11) / Double(1 << 53) * 2 - 1
            let bright = noise - lastNoise
            lastNoise = noise

            var s = 0.0
            // Pad: each chord tone doubled a little out of tune, swelling in every bar.
            let swell = min(1, inBar / 0.4) * (0.75 + 0.25 * cos(twoPi * inBar / bar))
            for f in chord { s += 0.045 * swell * (sin(twoPi * f * t) + sin(twoPi * f * 1.004 * t)) }
            // Arpeggio: chord tones an octave up on the eighths, plucked.
            let note = chord[[0, 1, 2, 1][eighth % 4]] * 2
            s += 0.1 * exp(-7 * inEighth) * (sin(twoPi * note * t) + 0.25 * sin(3 * twoPi * note * t))
            // Bass on beats one and three.
            if beatIndex % 2 == 0 {
                let f = bass[barIndex % bass.count]
                s += 0.28 * exp(-2.5 * inBeat) * (sin(twoPi * f * t) + 0.35 * sin(2 * twoPi * f * t))
            }
            // Drums from the second bar on: kick on one and three, snare on two and four, hats between.
            if barIndex >= 1 {
                if beatIndex % 2 == 0 {
                    let sweep = 45 + 70 * exp(-30 * inBeat)
                    s += 0.55 * exp(-11 * inBeat) * sin(twoPi * sweep * inBeat)
                } else {
                    s += exp(-16 * inBeat) * (0.22 * noise + 0.12 * sin(twoPi * 190 * inBeat))
                }
                if eighth % 2 == 1 { s += 0.07 * exp(-55 * inEighth) * bright }
            }
            let fade = min(1, t / 1.5, (seconds - t) / 2.5)
            out[i] = Float(s * max(0, fade))
        }
        let peak = out.reduce(Float(0)) { max($0, abs($1)) }
        if peak > 0 { for i in out.indices { out[i] *= 0.8 / peak } }
        return out
    }
}
