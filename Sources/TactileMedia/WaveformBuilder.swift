import TactileCore

/// Computes a file's waveform once: its sound decoded to stereo (mono spread to both sides at
/// full level) and reduced to the peak magnitude of either side in each bucket.
public enum WaveformBuilder {
    /// The peaks of `path`'s sound, `bucketsPerSecond` per second. Throws when it has no sound.
    public static func build(path: String, bucketsPerSecond: Int, sampleRate: Int = 8_000) throws -> Waveform {
        let decoder = try AudioDecoder(path: path, sampleRate: sampleRate, channels: 2)
        let perBucket = max(1, sampleRate / max(1, bucketsPerSecond))
        var peaks: [Float] = []
        var samples: [Float] = []
        var carry = 0 // samples already folded into the last, unfinished bucket
        var current: Float = 0
        while try decoder.read(into: &samples) {
            for i in stride(from: 0, to: samples.count - 1, by: 2) {
                let m = max(abs(samples[i]), abs(samples[i + 1]))
                if m > current { current = m }
                carry += 1
                if carry == perBucket { peaks.append(min(1, current)); current = 0; carry = 0 }
            }
            samples.removeAll(keepingCapacity: true)
        }
        if carry > 0 { peaks.append(min(1, current)) }
        return Waveform(bucketsPerSecond: bucketsPerSecond, peaks: peaks)
    }
}
