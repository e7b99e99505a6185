import Foundation
import TactileCore
import TactileMedia

// MARK: 4. Scrubbing from the first second a long-GOP file is open

/// `tactile-bench media first-second`: a 900-request scrub that starts the moment a 10-minute
/// 1080p GOP-250 file is opened, with no proxy yet, in real time as the window runs it: a frame
/// every 1/60 s while the finger moves or rests, and one more whenever the cache wakes the host.
/// Each finger position is a request; it counts as answered ("something shown") once the canvas
/// shows a picture from the requested frame's keyframe interval, not after it (the keyframe
/// stand-in, a quick picture or the exact frame), and as exact once it shows that very frame.
/// Where the finger rests, the time from the rest's start to the exact frame is measured.
/// Runs: today's path (exact decodes only, while the whole-file proxy pass of before runs beside
/// it), the new one (quick pictures and proxy segments where the user is), and the naive way;
/// first, what an ideal scrubber at this machine's decoding speed would leave (`ScrubBound`).
func firstSecondBenchmark() throws {
    let clip = try benchClip(seconds: 600).path
    if CommandLine.arguments.contains("--whole-only") { return try wholeProxyBenchmark(clip: clip, settings: TactileConfiguration().media) }
    let script = ScrubScript(seconds: 600, seed: 11)
    progress("\(script.requests.count) requests, \(script.rests.count) rests, \(String(format: "%.1f", script.duration)) s")
    var base = TactileConfiguration().media
    base.cacheBudgetMegabytes = 256
    let gop = 250

    progress("this machine's decoding speed…")
    let bound = ScrubBound(script: script, rates: try DecodeRates(clip: clip, settings: base, gop: gop), gop: gop)
    print(bound.summary)
    if CommandLine.arguments.contains("--bound-only") { return }
    var today = base
    today.quickScrubDecode = false
    if CommandLine.arguments.contains("--new-only") {
        // Quicker rounds while tuning: the new path alone, both lanes.
        for lane in [FrameLane.canvas, .preview] {
            let r = try runScrub(clip: clip, script: script, settings: base, proxies: .segments, gop: gop, lane: lane)
            print(
                String(
                    format:
                        "new, %@: shown p95 %.1f ms, within a frame %.0f %%, frames off p50 %.0f p95 %.0f, exact after rest p50 %.1f p95 %.1f ms, CPU %.1f s, %d requests in stalls",
                    "\(lane)", percentile(r.shown, 0.95), r.shownWithinFrame * 100, percentile(r.framesOff, 0.5), percentile(r.framesOff, 0.95),
                    percentile(r.exactAfterRest, 0.5), percentile(r.exactAfterRest, 0.95), r.cpuSeconds, r.unasked))
        }
        return
    }
    progress("today's path…")
    let before = try runScrub(clip: clip, script: script, settings: today, proxies: .wholeFilePass, gop: gop, lane: .canvas)
    progress("the new path…")
    let after = try runScrub(clip: clip, script: script, settings: base, proxies: .segments, gop: gop, lane: .canvas)
    progress("the new path, trim preview and filmstrip at once…")
    let trim = try runScrub(clip: clip, script: script, settings: base, proxies: .segments, gop: gop, lane: .preview)
    progress("today's path, trim preview and filmstrip at once…")
    let trimToday = try runScrub(clip: clip, script: script, settings: today, proxies: .wholeFilePass, gop: gop, lane: .preview)
    progress("the naive way…")
    let naiveDecoder = try VideoDecoder(path: clip, maxPictureSize: base.canvasPictureSize)
    naiveDecoder.alwaysSeeks = true
    // Every third request: each costs a seek and up to 250 decoded frames.
    let naive = stride(from: 0, to: script.requests.count, by: 3).map { script.requests[$0] }.map { r -> Double in
        let t0 = nanos()
        _ = try? naiveDecoder.frame(at: r.time)
        return Double(nanos() - t0) / 1e6
    }.sorted()

    func row(_ name: String, _ r: ScrubResult) -> String {
        String(
            format: "| %@ | %.1f | %.1f | %.0f %% | %.0f / %.0f | %.1f | %.1f | %d of %d | %.1f |", name, percentile(r.shown, 0.5), percentile(r.shown, 0.95),
            r.shownWithinFrame * 100, percentile(r.framesOff, 0.5), percentile(r.framesOff, 0.95), percentile(r.exactAfterRest, 0.5),
            percentile(r.exactAfterRest, 0.95),
            r.restsExact, r.exactAfterRest.count, r.cpuSeconds)
    }
    print(
        "\n| scrub from the moment a 10-min 1080p GOP-250 file opens | shown p50 ms | shown p95 ms | shown within 16.7 ms | frames off p50 / p95 | exact after rest p50 ms | exact after rest p95 ms | rests exact before the finger moved on | CPU s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    print(row("today: exact decodes, whole-file proxy pass beside", before))
    print(row("new: quick pictures, proxy segments where the user is", after))
    print(
        String(
            format: "| naive: seek + decode forward, no cache (every third request's own decode) | %.1f | %.1f | — | 0 / 0 | %.1f | %.1f | — | — |",
            percentile(naive, 0.5), percentile(naive, 0.95), percentile(naive, 0.5), percentile(naive, 0.95)))
    print(row("today, trim preview lane with the canvas and a filmstrip", trimToday))
    print(row("new, trim preview lane with the canvas and a filmstrip", trim))
    print(
        String(
            format:
                "\nProxy made during the scrub: %.0f %% of the file with segments where the user is (%d segments); the whole-file pass of before had made %.0f %% (unusable until done).",
            after.proxyShare * 100, after.segmentsMade, before.proxyShare * 100))
    print(
        "Requests left out, in stalls of the whole process longer than a frame: \([before, after, trimToday, trim].map { "\($0.unasked)" }.joined(separator: ", ")) (rows 1, 2, 4, 5)."
    )
    if CommandLine.arguments.contains("--no-whole") { return }

    try wholeProxyBenchmark(clip: clip, settings: base)
}

/// CPU of a whole proxy: the segmented makers (all cores, idle priority) against one pass.
func wholeProxyBenchmark(clip: String, settings base: TactileConfiguration.Media) throws {
    progress("CPU of a whole proxy: segments on every core…")
    let segmented = try wholeProxyCPU(clip: clip, settings: base, segments: true)
    progress("CPU of a whole proxy: segments, one maker…")
    var one = base
    one.proxyMakers = 1
    let oneMaker = try wholeProxyCPU(clip: clip, settings: one, segments: true)
    progress("CPU of a whole proxy: one pass from the start…")
    let onePass = try wholeProxyCPU(clip: clip, settings: base, segments: false)
    print(
        String(
            format:
                "\n| whole proxy of 10 min 1080p | wall s | CPU s | work |\n|---|---|---|---|\n| one pass from the start (today's order) | %.1f | %.1f | %@ |\n| segments in user order on every core, idle priority | %.1f | %.1f | %@ |\n| segments, one maker at idle priority | %.1f | %.1f | %@ |",
            onePass.wall, onePass.cpu, onePass.work, segmented.wall, segmented.cpu, segmented.work, oneMaker.wall, oneMaker.cpu, oneMaker.work))
}

/// The finger's path: 900 positions in sweeps of 1 to 4 s forward and back at varying speeds
/// (one position per 1/60 s), each sweep followed by a rest of 0.3 to 0.8 s, and a jump to a
/// random place every third sweep; the same every run.
struct ScrubScript {
    struct Request { var time: Time; var at: Double; var restStart: Bool }
    var requests: [Request] = []
    var rests: [Int] { requests.indices.filter { requests[$0].restStart } }
    var duration: Double { (requests.last?.at ?? 0) + 1.0 / 60 }

    init(seconds: Int, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var t = 30.0
        var clock = 0.0
        var gestures = 0
        while requests.count < 900 {
            if gestures % 3 == 2 { t = Double.random(in: 5...Double(seconds - 5), using: &rng) }
            gestures += 1
            let sweep = Double.random(in: 1...4, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let steps = Int.random(in: 20...60, using: &rng)
            for i in 1...steps where requests.count < 899 {
                let p = min(Double(seconds) - 0.1, max(0, t + sweep * Double(i) / Double(steps)))
                requests.append(.init(time: .seconds(p), at: clock, restStart: false))
                clock += 1.0 / 60
            }
            t = requests.last!.time.seconds
            requests.append(.init(time: .seconds(t), at: clock, restStart: true))
            clock += Double(Int.random(in: 18...48, using: &rng)) / 60
        }
    }
}

/// What one scrub run measured.
struct ScrubResult {
    /// Per request: ms until an honest picture showed (the request's life when none did).
    var shown: [Double]
    /// Per request: how many frames from the one asked for the picture shown last for it was.
    var framesOff: [Double]
    var shownWithinFrame: Double
    /// Per rest: ms until the exact frame showed (the rest's length when it did not).
    var exactAfterRest: [Double]
    var restsExact: Int
    var cpuSeconds: Double
    var proxyShare: Double
    var segmentsMade: Int
    /// Requests never asked: the whole process was not run for longer than a frame (a
    /// machine's stall, where a window would not have drawn either). Left out of the figures above.
    var unasked: Int
}

enum ProxyKind { case wholeFilePass, segments }

/// Runs `script` against a fresh cache on `clip`, in real time.
func runScrub(clip: String, script: ScrubScript, settings: TactileConfiguration.Media, proxies kind: ProxyKind, gop: Int, lane: FrameLane) throws -> ScrubResult
{
    let folder = benchFolder.appendingPathComponent("proxies-\(kind)-\(lane)")
    try? FileManager.default.removeItem(at: folder)
    let store = ProxyStore(folder: folder, settings: settings)
    let woken = WakeFlag()
    let cache = MediaCache(settings: settings, mode: .background(wake: { woken.set() }), proxies: kind == .segments ? store : nil)
    let cancelPass = WakeFlag()
    let passDone = WakeFlag()
    if kind == .wholeFilePass {
        // Before: one proxy pass over the whole file from its start, beside the scrub.
        Thread.detachNewThread {
            _ = try? store.makeNow(clip, isCancelled: { cancelPass.isSet })
            passDone.set()
        }
    }
    let frame = Time.frame(atRate: 30)
    let cpu0 = cpuSeconds()
    let start = nanos()
    func now() -> Double { Double(nanos() - start) / 1e9 }
    var shown = [Double?](repeating: nil, count: script.requests.count)
    var exact = [Double?](repeating: nil, count: script.requests.count)
    var off = [Double](repeating: 1e9, count: script.requests.count)
    var offExact = [Bool](repeating: false, count: script.requests.count)
    var current = 0
    // The window's frames, on a fixed grid of 1/60 s from the start: each request is the
    // finger's place sampled at a frame's start, so each is asked at least once. (Timing each
    // frame from the last one's query drifted by the polling delay and skipped a request every
    // few dozen frames.)
    var nextFrame = 0.0
    let playhead = Time.seconds(300)
    let filmstrip = (0..<6).map { Time.seconds(50 + 100 * Double($0)) }
    var asked = [Bool](repeating: false, count: script.requests.count)
    _ = cache.status(of: clip)
    while now() < script.duration {
        let t = now()
        while current + 1 < script.requests.count, t >= script.requests[current + 1].at { current += 1 }
        let due = t >= nextFrame || woken.take()
        if !due { usleep(500); continue }
        if t >= nextFrame { nextFrame += ((t - nextFrame) * 60).rounded(.down) / 60 + 1.0 / 60 }
        let request = script.requests[current]
        asked[current] = true
        cache.beginFrame(at: .seconds(t))
        if lane == .preview {
            _ = cache.frame(of: clip, at: playhead, lane: .canvas)
            for f in filmstrip { _ = cache.thumbnail(of: clip, at: f, height: settings.thumbnailPixelHeight) }
        }
        guard let picture = cache.frame(of: clip, at: request.time, lane: lane) else { continue }
        let slot = request.time.ticks / frame.ticks
        let keyframe = slot / Int64(gop) * Int64(gop)
        let pictureSlot = picture.time.ticks / frame.ticks
        if shown[current] == nil, pictureSlot >= keyframe, pictureSlot <= slot { shown[current] = (t - request.at) * 1000 }
        off[current] = Double(abs(pictureSlot - slot))
        offExact[current] = picture.isExact
        if exact[current] == nil, picture.isExact, pictureSlot == slot { exact[current] = (t - request.at) * 1000 }
    }
    let cpu = cpuSeconds() - cpu0
    let progressOfProxy = store.progress(of: clip)
    cancelPass.set()
    if kind == .wholeFilePass { while !passDone.isSet { usleep(1000) } }
    let life = script.requests.indices.map { i in (i + 1 < script.requests.count ? script.requests[i + 1].at : script.duration) - script.requests[i].at }
    let answered = script.requests.indices.filter { asked[$0] }
    let shownMs = answered.map { shown[$0] ?? life[$0] * 1000 }.sorted()
    let rests = script.rests
    let exactMs = rests.map { exact[$0] ?? life[$0] * 1000 }.sorted()
    if ProcessInfo.processInfo.environment["TACTILE_BENCH_DETAIL"] != nil {
        // Every request left more than 30 frames off: where in its gesture, which way, and
        // whether an exact picture (a keyframe's, or another frame's) or a quick one showed.
        var gestureStart = 0
        for i in script.requests.indices {
            if i > 0, script.requests[i - 1].restStart { gestureStart = i }
            guard asked[i], off[i] > 30 else { continue }
            let slot = script.requests[i].time.ticks / frame.ticks
            let prev = i > 0 ? script.requests[i - 1].time : script.requests[i].time
            let way = script.requests[i].time > prev ? "forward" : script.requests[i].time < prev ? "backward" : "resting"
            let jumped = gestureStart > 0 && abs((script.requests[gestureStart].time - script.requests[gestureStart - 1].time).seconds) > 5
            progress(
                String(
                    format: "off %4.0f %@: request %d at %.2f s, %d after its keyframe, %@, step %d of its gesture%@", off[i],
                    offExact[i] ? "exact" : "quick", i, script.requests[i].time.seconds, Int(slot) % gop, way, i - gestureStart, jumped ? " (after a jump)" : ""
                ))
        }
        for i in rests {
            let slot = script.requests[i].time.ticks / frame.ticks
            let back = i > 1 && script.requests[i - 2].time > script.requests[i - 1].time
            progress(
                String(
                    format: "rest at %.2f s (request %d, %d frames after its keyframe, %@): exact after %@", script.requests[i].time.seconds, i,
                    Int(slot) % gop, back ? "backward" : "forward", exact[i].map { String(format: "%.1f ms", $0) } ?? "never"))
        }
    }
    let segments =
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path).first.map {
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent($0).path).filter { !$0.hasPrefix(".") && $0.hasSuffix(".mov") }
                .count
        }) ?? nil
    return ScrubResult(
        shown: shownMs, framesOff: answered.map { off[$0] }.sorted(),
        shownWithinFrame: Double(answered.filter { (shown[$0] ?? 99) <= 1000.0 / 60 }.count) / Double(answered.count),
        exactAfterRest: exactMs, restsExact: rests.filter { exact[$0] != nil }.count, cpuSeconds: cpu,
        proxyShare: Double(progressOfProxy.covered) / Double(600 * 30), segmentsMade: segments ?? 0, unasked: script.requests.count - answered.count)
}

/// Wall and CPU seconds to make the whole proxy of `clip`: by the background makers (as the
/// window does, nobody looking) or in one pass from the start on this thread.
func wholeProxyCPU(clip: String, settings: TactileConfiguration.Media, segments: Bool) throws -> (wall: Double, cpu: Double, work: String) {
    let folder = benchFolder.appendingPathComponent("proxies-whole-\(segments)")
    try? FileManager.default.removeItem(at: folder)
    let store = ProxyStore(folder: folder, settings: settings)
    let cpu0 = cpuSeconds(), start = nanos()
    if segments {
        guard let info = MediaProbe.probe(clip).mediaInfo else { throw MediaError("\(clip): cannot be read") }
        store.request(clip, info: info) {}
        while !store.isComplete(clip) { usleep(20_000) }
        usleep(300_000) // the last run counts its work as it returns
    } else {
        try store.makeNow(clip)
    }
    let w = store.work
    return (
        Double(nanos() - start) / 1e9, cpuSeconds() - cpu0, "\(w.runs) runs, \(w.decoded) frames decoded, \(w.written) written, \(w.refused) segments refused"
    )
}

/// This process's user and system CPU time so far, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// A flag another thread sets (the cache's wake-up, a cancelled pass).
final class WakeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var isSet: Bool { lock.withLock { flag } }
    /// Whether it was set since the last take; clears it.
    func take() -> Bool {
        lock.withLock {
            defer { flag = false }; return flag
        }
    }
}
