import Foundation

/// A voice for the demo's beach clip, synthesised as speech is made: a glottal pulse train at a
/// speaking pitch (falling over each phrase, rising a little on each stressed syllable) shaped
/// by three formant resonators that move from vowel to vowel, with a breath of noise for the
/// consonants, in syllables grouped into words and phrases. Not words, but it sounds like someone
/// talking over the picture: the demo's music ducks under it. Mono samples in -1 … 1.
enum DemoVoice {
    /// Vowels as their first three formants (Hz): a, e, i, o, u.
    static let vowels: [(Double, Double, Double)] = [(730, 1090, 2440), (530, 1840, 2480), (270, 2290, 3010), (570, 840, 2410), (300, 870, 2240)]

    /// A phrase: when it starts (s), and its words as syllable counts.
    static let phrases: [(start: Double, words: [Int])] = [(0.9, [2, 1, 3]), (2.6, [1, 2, 2]), (4.9, [3, 1, 2]), (6.5, [2, 2])]

    /// `seconds` of the voice at `sampleRate`.
    static func render(seconds: Double, sampleRate: Int) -> [Float] {
        let rate = Double(sampleRate), n = Int(seconds * rate)
        var out = [Float](repeating: 0, count: n)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let syllable = 0.19, gap = 0.07
        var vowel = 0
        for (p, phrase) in phrases.enumerated() {
            var t = phrase.start
            let total = Double(phrase.words.reduce(0, +)) * syllable + Double(phrase.words.count - 1) * gap
            for (w, count) in phrase.words.enumerated() {
                for s in 0..<count {
                    vowel = (vowel + 2 + p + w) % vowels.count
                    let stressed = s == 0
                    // Pitch: 135 Hz falling to 105 over the phrase, a lift on a stressed syllable.
                    let into = (t - phrase.start) / max(total, 0.01)
                    let f0 = (135 - 30 * into) * (stressed ? 1.08 : 1)
                    render(
                        syllableAt: t, length: syllable, f0: f0, formants: vowels[vowel], loudness: stressed ? 0.5 : 0.38, noise: &seed,
                        rate: rate, into: &out)
                    t += syllable
                }
                t += gap
            }
        }
        return out
    }

    /// One syllable: a breath of noise (the consonant), then the vowel — pulses through the
    /// formant resonators — swelling in and dying away.
    private static func render(
        syllableAt start: Double, length: Double, f0: Double, formants: (Double, Double, Double), loudness: Double, noise seed: inout UInt64,
        rate: Double, into out: inout [Float]
    ) {
        let first = Int(start * rate), count = Int(length * rate)
        var r1 = Resonator(frequency: formants.0, bandwidth: 80, rate: rate)
        var r2 = Resonator(frequency: formants.1, bandwidth: 100, rate: rate)
        var r3 = Resonator(frequency: formants.2, bandwidth: 140, rate: rate)
        var phase = 0.0
        let consonant = 0.035, vibrato = 2 * Double.pi * 5 / rate
        let end = min(count, out.count - first)
        guard end > 0 else { return }
        for j in 0..<end {
            let t = Double(j) / rate
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let white = Double(seed >> 11) / Double(1 << 53) * 2 - 1
            // The glottal pulse: one sharp pulse a period, its pitch drifting a little.
            phase += f0 * (1 + 0.03 * sin(vibrato * Double(j))) / rate
            var excitation = 0.0
            if phase >= 1 { phase -= 1; excitation = 1 }
            let inConsonant = t < consonant
            let x = (inConsonant ? 0 : excitation) + white * (inConsonant ? 0.15 : 0.01)
            let s = r1.filter(x) + 0.6 * r2.filter(x) + 0.3 * r3.filter(x)
            let attack = min(1, t / 0.03), release = min(1, (length - t) / 0.06)
            out[first + j] += Float(max(-1, min(1, s * loudness * attack * release * 5.5)))
        }
    }

    /// A two-pole resonator: a formant of the vocal tract.
    struct Resonator {
        var a1 = 0.0, a2 = 0.0, gain = 0.0, y1 = 0.0, y2 = 0.0
        init(frequency: Double, bandwidth: Double, rate: Double) {
            let r = exp(-Double.pi * bandwidth / rate)
            a1 = 2 * r * cos(2 * Double.pi * frequency / rate)
            a2 = -r * r
            gain = 1 - r
        }
        mutating func filter(_ x: Double) -> Double {
            let y = gain * x + a1 * y1 + a2 * y2
            y2 = y1; y1 = y
            return y
        }
    }
}
