import Foundation
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileMedia

/// `tactile-bench media [scrub|filmstrip|memory|first-second]`: the media benchmarks of
/// Docs/Benchmarks.md (all of them when none is named). Test media are made by our own encoder into the temp folder
/// the first time.
func runMediaBenchmarks(_ which: [String]) throws {
    setlinebuf(stdout)
    MediaLog.quiet()
    MediaMemory.returnLargeBuffersToTheSystem()
    let all = which.isEmpty
    if all || which.contains("scrub") { try scrubBenchmark() }
    if all || which.contains("filmstrip") { try filmstripBenchmark() }
    if all || which.contains("memory") { try memoryBenchmark() }
    if all || which.contains("first-second") { try firstSecondBenchmark() }
}

let benchFolder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-bench-media")

/// A 1080p H.264 clip with a 250-frame GOP (30 fps), made once.
func benchClip(seconds: Int) throws -> URL {
    let clip = benchFolder.appendingPathComponent("1080p-gop250-\(seconds)s.mp4")
    if !FileManager.default.fileExists(atPath: clip.path) {
        FileHandle.standardError.write(Data("  making \(seconds) s of 1080p H.264, GOP 250…\n".utf8))
        try TestPattern.writeClip(
            to: clip, settings: .init(codec: .h264, width: 1920, height: 1080, framesPerSecond: 30, keyframeInterval: 250),
            frames: seconds * 30, style: 1)
    }
    return clip
}

func progress(_ text: String) { FileHandle.standardError.write(Data("  \(text)\n".utf8)) }

// MARK: 1. Scrub latency

func scrubBenchmark() throws {
    let seconds = 40
    let clip = try benchClip(seconds: seconds)
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
    let settings = TactileConfiguration().media
    progress("naive…")
    let naiveDecoder = try VideoDecoder(path: clip.path, maxPictureSize: settings.canvasPictureSize)
    naiveDecoder.alwaysSeeks = true
    let naive = run { _ = try? naiveDecoder.frame(at: $0) }
    progress("cache on the file…")
    let cache = MediaCache(settings: settings, mode: .synchronous)
    let cold = run { _ = cache.frame(of: clip.path, at: $0, lane: .canvas) }
    let warm = run { _ = cache.frame(of: clip.path, at: $0, lane: .canvas) }
    progress("making the proxy…")
    let proxyFolder = benchFolder.appendingPathComponent("proxies")
    try? FileManager.default.removeItem(at: proxyFolder)
    let proxies = ProxyStore(folder: proxyFolder, settings: settings)
    let made = nanos()
    try proxies.makeNow(clip.path)
    let making = Double(nanos() - made) / 1e9
    let proxyBytes = directoryBytes(proxyFolder)
    let proxied = MediaCache(settings: settings, mode: .synchronous, proxies: proxies)
    let proxyCold = run { _ = proxied.frame(of: clip.path, at: $0, lane: .canvas) }
    let proxyWarm = run { _ = proxied.frame(of: clip.path, at: $0, lane: .canvas) }
    func line(_ name: String, _ s: [Double], _ target: String) -> String {
        String(format: "| %@ | %.2f | %.2f | %.2f | %d | %@ |", name, percentile(s, 0.5), percentile(s, 0.95), s.last!, s.count, target)
    }
    print("| scrub on 1080p H.264, GOP 250 | p50 ms | p95 ms | max ms | requests | target |")
    print("|---|---|---|---|---|---|")
    print(line("naive: seek + decode forward, no cache", naive, "—"))
    print(line("Tactile on the file, first pass (cold)", cold, "—"))
    print(line("Tactile on the file, second pass (warm)", warm, "—"))
    print(line("Tactile with its proxy, first pass", proxyCold, "—"))
    print(line("Tactile with its proxy, second pass (warm)", proxyWarm, "p95 ≤ 16.7 ms"))
    print(
        String(
            format:
                "\nSpeed-up at p95, warm with proxy against naive: %.0f× (target ≥ 20×). Making the proxy of %d s took %.1f s (%.0f frames/s), %.1f MB on disk; the proxied cache held %d MB in %d pictures.",
            percentile(naive, 0.95) / percentile(proxyWarm, 0.95), seconds, making, Double(seconds * 30) / making, proxyBytes / 1_048_576,
            proxied.cachedBytes / 1_048_576, proxied.cachedPictures))
}

// MARK: 2. Filmstrip

/// Thumbnails of a 10-minute clip fitted to the timeline: ours (background workers, keyframe
/// pass then exact pass) against the ffmpeg command line with `-skip_frame nokey`.
func filmstripBenchmark() throws {
    let clip = try benchClip(seconds: 600)
    let settings = TactileConfiguration().media
    let layout = TactileConfiguration().layout
    // The clip fitted between the margins of the default viewport at 2×; thumbnails 96 px tall
    // at 16:9 are 171 px wide, each at its slot's middle.
    let stripPixels = (layout.viewport.width - 2 * layout.margin) * 2
    let thumbWidth = Double(settings.thumbnailPixelHeight) * 16 / 9
    let count = Int((stripPixels / thumbWidth).rounded(.up))
    let times = (0..<count).map { Time.seconds(600 * (Double($0) + 0.5) / Double(count)) }
    progress("\(count) thumbnails…")

    var ours: [(first: Double, exact: Double)] = []
    for _ in 0..<5 {
        let start = nanos()
        let cache = MediaCache(settings: settings, mode: .background(wake: {}))
        var first: Double?
        while true {
            cache.beginFrame(at: .seconds(Double(nanos() - start) / 1e9))
            _ = cache.status(of: clip.path)
            let pictures = times.map { cache.thumbnail(of: clip.path, at: $0, height: settings.thumbnailPixelHeight) }
            if first == nil, pictures.allSatisfy({ $0 != nil }) { first = Double(nanos() - start) / 1e9 }
            if pictures.allSatisfy({ $0?.isExact == true }) { break }
            usleep(1000)
        }
        ours.append((first!, Double(nanos() - start) / 1e9))
    }
    // The command line: one process decoding only keyframes and keeping the ones before each slot.
    let keyframeSeconds = 250.0 / 30
    let picks = times.map { Int($0.seconds / keyframeSeconds) }
    let select = picks.map { "eq(n\\,\($0))" }.joined(separator: "+")
    let out = benchFolder.appendingPathComponent("cli-thumbs")
    var cli: [Double] = [], cliSeeks: [Double] = []
    let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    if let ffmpeg {
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: out)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let start = nanos()
            try shell(
                ffmpeg,
                [
                    "-loglevel", "error", "-skip_frame", "nokey", "-i", clip.path, "-vf", "select='\(select)',scale=-2:96",
                    "-vsync", "vfr", out.appendingPathComponent("t%02d.png").path,
                ])
            cli.append(Double(nanos() - start) / 1e9)
            // And the way scripts often do it: one process per thumbnail, seeking the input.
            let seekStart = nanos()
            for (i, t) in times.enumerated() {
                try shell(
                    ffmpeg,
                    [
                        "-loglevel", "error", "-skip_frame", "nokey", "-ss", String(format: "%.3f", t.seconds), "-i", clip.path,
                        "-frames:v", "1", "-vf", "scale=-2:96", "-y", out.appendingPathComponent("s\(i).png").path,
                    ])
            }
            cliSeeks.append(Double(nanos() - seekStart) / 1e9)
        }
    }
    let median = { (xs: [Double]) in xs.sorted()[xs.count / 2] }
    print("\n| \(count) filmstrip thumbnails of 10 min 1080p H.264 (GOP 250) | median s | runs | target |")
    print("|---|---|---|---|")
    print(String(format: "| Tactile: a picture in every slot (keyframe pass) | %.3f | %d | faster than the CLI |", median(ours.map(\.first)), ours.count))
    print(String(format: "| Tactile: every slot exact (exact pass) | %.3f | %d | — |", median(ours.map(\.exact)), ours.count))
    if ffmpeg != nil {
        print(String(format: "| ffmpeg -skip_frame nokey, one run selecting the keyframes | %.3f | %d | — |", median(cli), cli.count))
        print(String(format: "| ffmpeg -skip_frame nokey -ss T, one run per thumbnail | %.3f | %d | — |", median(cliSeeks), cliSeeks.count))
    } else {
        print("| ffmpeg command line | not installed (Scripts/bench installs it) | — | — |")
    }
}

/// Bytes of the files under `folder`.
func directoryBytes(_ folder: URL) -> Double {
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])?.allObjects as? [URL] ?? []
    return files.reduce(0) { $0 + Double((try? $1.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0) }
}

/// Runs a program to its end; throws when it fails.
func shell(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw MediaError("\(program) failed with status \(process.terminationStatus)") }
}

// MARK: 3. Memory

/// Resident size while scrubbing through an hour of 1080p media (six ten-minute files): the
/// canvas frame at every keyframe and a filmstrip thumbnail every 20 s: 870 MB of pictures, far
/// more than the budget.
func memoryBenchmark() throws {
    let clip = try benchClip(seconds: 600)
    let files = try (0..<6).map { i -> String in
        let link = benchFolder.appendingPathComponent("hour-part-\(i).mp4")
        if !FileManager.default.fileExists(atPath: link.path) { try FileManager.default.linkItem(at: clip, to: link) }
        return link.path
    }
    let settings = TactileConfiguration().media
    let baseline = residentMegabytes()
    var peak = baseline
    let start = nanos()
    let cache = MediaCache(settings: settings, mode: .synchronous)
    var requests = 0
    for file in files {
        for k in stride(from: 0.0, to: 600, by: 250.0 / 30) {
            _ = cache.frame(of: file, at: .seconds(k), lane: .canvas)
            requests += 1
        }
        for s in stride(from: 1.0, to: 600, by: 20) {
            cache.beginFrame(at: .seconds(Double(nanos() - start) / 1e9))
            _ = cache.thumbnail(of: file, at: .seconds(s), height: settings.thumbnailPixelHeight)
            requests += 1
            if requests % 50 == 0 { peak = max(peak, residentMegabytes()) }
        }
        peak = max(peak, residentMegabytes())
        progress(
            String(
                format: "%@: resident %.0f MB, pictures %d MB, decoders %d MB", (file as NSString).lastPathComponent, residentMegabytes(),
                cache.cachedBytes / 1_048_576, cache.decoderBytes / 1_048_576))
    }
    let after = residentMegabytes()
    print("\n| memory, scrubbing an hour of 1080p H.264 | MB | target |")
    print("|---|---|---|")
    print(String(format: "| resident before opening any media | %.0f | — |", baseline))
    print(String(format: "| resident at its peak while scrubbing | %.0f | — |", peak))
    print(String(format: "| resident after the scrub | %.0f | — |", after))
    print(String(format: "| growth over the baseline at the peak | %.0f | ≤ %.0f (the cache budget) |", peak - baseline, settings.cacheBudgetMegabytes))
    print(
        String(
            format: "| pictures the cache holds at the end (%d pictures) + open decoders' estimated memory | %d + %d | ≤ %.0f |", cache.cachedPictures,
            cache.cachedBytes / 1_048_576, cache.decoderBytes / 1_048_576, settings.cacheBudgetMegabytes))
    print(
        String(
            format: "\n%d requests over 6 files in %.0f s; %d decoders open at the end (limit %d).", requests, Double(nanos() - start) / 1e9,
            cache.openDecoderCount, settings.openDecoderLimit))
}

/// This process's resident set size in megabytes (from /proc/self/statm).
func residentMegabytes() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
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
