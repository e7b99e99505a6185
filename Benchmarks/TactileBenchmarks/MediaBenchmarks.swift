import Foundation
import TactileCore
import TactileMedia

/// `tactile-bench media`: exact-frame scrub latency on 1080p H.264 with a 250-frame GOP, our cache
/// against the naive way (seek to the keyframe and decode forward on every request, no cache).
func runMediaBenchmarks() throws {
    MediaLog.quiet()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-bench-media")
    let clip = folder.appendingPathComponent("1080p-gop250.mp4")
    let seconds = 40
    if !FileManager.default.fileExists(atPath: clip.path) {
        FileHandle.standardError.write(Data("  making \(seconds) s of 1080p H.264, GOP 250…\n".utf8))
        try TestPattern.writeClip(to: clip, settings: .init(codec: .h264, width: 1920, height: 1080, framesPerSecond: 30, keyframeInterval: 250),
                                  frames: seconds * 30, style: 1)
    }
    // A realistic scrub at 60 requests per second: sweeps forward and back of 1 to 4 s at
    // varying speeds, with a jump to a random place every 90 requests.
    var rng = SeededGenerator(seed: 7)
    var requests: [Time] = []
    var t = 5.0
    while requests.count < 900 {
        if requests.count % 90 == 89 { t = Double.random(in: 1...Double(seconds - 2), using: &rng) }
        let sweep = Double.random(in: 1...4, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
        let steps = Int.random(in: 20...60, using: &rng)
        for i in 1...steps where requests.count < 900 {
            requests.append(.seconds(min(Double(seconds) - 0.1, max(0, t + sweep * Double(i) / Double(steps)))))
        }
        t = requests.last!.seconds
    }
    func run(_ body: (Time) -> Void) -> [Double] {
        requests.map { r in
            let t0 = nanos()
            body(r)
            return Double(nanos() - t0) / 1e6
        }.sorted()
    }
    let naiveDecoder = try VideoDecoder(path: clip.path, maxPictureSize: 960)
    naiveDecoder.alwaysSeeks = true
    let naive = run { _ = try? naiveDecoder.frame(at: $0) }
    let cache = MediaCache(settings: TactileConfiguration().media, mode: .synchronous)
    let cold = run { _ = cache.frame(of: clip.path, at: $0, lane: .canvas) }
    let warm = run { _ = cache.frame(of: clip.path, at: $0, lane: .canvas) }
    func line(_ name: String, _ s: [Double], _ target: String) -> String {
        String(format: "| %@ | %.2f | %.2f | %.2f | %d | %@ |", name, percentile(s, 0.5), percentile(s, 0.95), s.last!, s.count, target)
    }
    print("| scrub on 1080p H.264, GOP 250 | p50 ms | p95 ms | max ms | requests | target |")
    print("|---|---|---|---|---|---|")
    print(line("naive: seek + decode forward, no cache", naive, "—"))
    print(line("Tactile, first pass (cold)", cold, "—"))
    print(line("Tactile, second pass over the same scrub (warm)", warm, "p95 ≤ 16.7 ms"))
    print(String(format: "\nSpeed-up at p95, warm against naive: %.1f× (target ≥ 20×); resident cache %d MB in %d pictures.",
                 percentile(naive, 0.95) / percentile(warm, 0.95), cache.cachedBytes / 1_048_576, cache.cachedPictures))
}

/// A small deterministic random source (SplitMix64), so every run scrubs the same way.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
