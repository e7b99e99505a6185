import Foundation
import TactileCore
import TactileMedia

// MARK: What this machine's decoder allows the first-second scrub

/// How fast this machine decodes the benchmark's file, in frames of the file per 1/60 s: the
/// fastest of several whole keyframe intervals, from a seek to the interval's last frame.
/// `quick`: the quick decoder (one thread, B-frames skipped, no loop filter, nothing turned into
/// a picture on the way). `exact`: the exact decoder on one thread (the other core), skipping
/// the frames nothing refers to as an exact seek does.
struct DecodeRates {
    var quick: Double
    var exact: Double

    init(clip: String, settings: TactileConfiguration.Media, gop: Int) throws {
        let frame = Time.frame(atRate: 30)
        func fastest(_ open: () throws -> VideoDecoder) throws -> Double {
            var best = Double.infinity
            for k in 0..<6 {
                let keyframe = Int64((k * 11 + 3) * gop)
                let decoder = try open()
                let t0 = nanos()
                _ = try decoder.frame(
                    at: frame * (keyframe + Int64(gop) - 1), standIn: nil, passing: decoder.quality == .quick ? { _ in } : nil,
                    keepsPassing: { _ in false }, isWanted: { true })
                best = min(best, Double(nanos() - t0) / 1e9)
            }
            return Double(gop) / best / 60
        }
        quick = try fastest {
            try VideoDecoder(path: clip, maxPictureSize: min(settings.canvasPictureSize, settings.quickPictureSize), threads: 1, quality: .quick)
        }
        exact = try fastest { try VideoDecoder(path: clip, maxPictureSize: settings.canvasPictureSize, threads: 1) }
    }
}

/// An ideal scrubber at a given decoding rate, for a lower bound on what any decoder that starts
/// at a keyframe can show. It cannot know where a jump will land (a random place), but knows
/// everything else: it starts decoding where the finger lands the moment it does (no opening or
/// seeking costs), keeps every frame it ever decoded, and spends each frame's work first on
/// reaching the finger, then on the keyframe interval the finger will cross into next before its
/// next jump (all of it when the finger enters it backwards), then on decoding ahead. Each
/// interval resumes where it was left.
struct IdealScrubber {
    let rate: Double
    let gop: Int
    /// Per keyframe interval, the last frame decoded from its keyframe on (-1: none).
    private var decodedTo: [Int64: Double] = [:]

    init(rate: Double, gop: Int) { self.rate = rate; self.gop = gop }

    /// One frame of work with the finger on `slot`, the finger's next interval being `next`
    /// (entered backwards or not); how many frames the nearest picture kept before the finger
    /// is from it after that frame.
    mutating func step(to slot: Int64, next: (interval: Int64, backwards: Bool)?) -> Double {
        let interval = slot / Int64(gop), offset = Double(slot % Int64(gop))
        var budget = rate
        func work(_ i: Int64, upTo target: Double) {
            let from = decodedTo[i] ?? -1
            let done = min(budget, max(0, target - from))
            decodedTo[i] = from + done
            budget -= done
        }
        work(interval, upTo: offset)
        if let next { work(next.interval, upTo: next.backwards ? Double(gop - 1) : 0) }
        work(interval, upTo: Double(gop - 1))
        return max(0, offset - (decodedTo[interval] ?? -1))
    }
}

/// What the ideal scrubber leaves of the script on this machine, with a core each: the quick one
/// for frames off, the exact one for the exact frame after each rest (following the finger as
/// the quick one does, and told where each rest will be: it skips nothing it will need).
struct ScrubBound {
    var rates: DecodeRates
    var framesOff: [Double]
    var exactAfterRest: [Double]

    init(script: ScrubScript, rates: DecodeRates, gop: Int) {
        self.rates = rates
        let frame = Time.frame(atRate: 30)
        var quick = IdealScrubber(rate: rates.quick, gop: gop), exact = IdealScrubber(rate: rates.exact, gop: gop)
        var off: [Double] = [], rests: [Double] = []
        let slots = script.requests.map { $0.time.ticks / frame.ticks }
        let g = Int64(gop)
        for (i, request) in script.requests.enumerated() {
            let slot = slots[i]
            // The interval the finger crosses into next, before any jump (one of over 5 s).
            var next: (interval: Int64, backwards: Bool)?
            for j in (i + 1)..<max(i + 1, slots.count) {
                if abs(slots[j] - slots[j - 1]) > 5 * 30 { break }
                if slots[j] / g != slot / g { next = (slots[j] / g, slots[j] < slot); break }
            }
            off.append(quick.step(to: slot, next: next))
            let short = exact.step(to: slot, next: next)
            if request.restStart { rests.append(short / rates.exact * 1000 / 60) }
        }
        framesOff = off.sorted()
        exactAfterRest = rests.sorted()
    }

    /// One line for the benchmark's output.
    var summary: String {
        String(
            format:
                "ideal decoder at this machine's speed (quick %.1f, exact %.1f frames of the file per 1/60 s): frames off p95 %.0f, %d of %d requests more than 30 off; exact after rest p50 %.1f p95 %.1f ms, %d of %d rests over 100 ms",
            rates.quick, rates.exact, percentile(framesOff, 0.95), framesOff.filter { $0 > 30 }.count, framesOff.count,
            percentile(exactAfterRest, 0.5), percentile(exactAfterRest, 0.95), exactAfterRest.filter { $0 > 100 }.count, exactAfterRest.count)
    }
}
