import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TactileCore
import TactileTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tactile-bench latency`: the real program in a real X11 window (Xvfb), driven by finger-like
/// mouse drags injected through the XTest extension at 60 and 120 events per second, at scale 1
/// and 2. Tactile records the session (`run --record`); its `latency.jsonl` gives each input
/// frame's input-to-present latency and the parts (waiting, UI pass, rendering, present). The
/// injector's own clock gives the whole way, from the injected event to the present that first
/// showed it (the X server and the socket included), on the same monotonic clock.
///
/// Each configuration runs with `window.vsync` on (the default) and off.
///
///     tactile-bench latency [--rates 60,120] [--scales 1,2] [--vsync on,off] [--late on,off] [--drags 12] [--tactile PATH]
func runLatencyBenchmark(_ arguments: [String]) throws {
    var rates = [60.0, 120.0], scales = [1.0, 2.0], drags = 12, vsyncs = [true, false], lates = [true]
    var tactile = tactileBesideBench()
    var i = 0
    func value() throws -> String {
        i += 1
        guard i < arguments.count else { throw BenchError("\(arguments[i - 1]) needs a value") }
        return arguments[i]
    }
    while i < arguments.count {
        switch arguments[i] {
        case "--rates": rates = try value().split(separator: ",").compactMap { Double($0) }
        case "--scales": scales = try value().split(separator: ",").compactMap { Double($0) }
        case "--drags": drags = Int(try value()) ?? drags
        case "--vsync": vsyncs = try value().split(separator: ",").map { $0 == "on" }
        case "--late": lates = try value().split(separator: ",").map { $0 == "on" }
        case "--tactile": tactile = try value()
        default: throw BenchError("unknown argument \(arguments[i]) (use --rates, --scales, --vsync, --late, --drags, --tactile)")
        }
        i += 1
    }
    try checkBuilt(tactile)
    let work = try freshFolder("tactile-bench-latency")

    print(
        "| Scale | Events/s | Renderer, vsync, late input | Input frames | In-app p50 | In-app p99 | Waiting p50 / p99 | UI pass p50 / p99 | Rendering p50 / p99 | Present p50 / p99 | Injected → present p50 | p99 | Scan-out est. | Injected → lit est. p99 |"
    )
    print("|---:|---:|---|---:|---:|---:|---|---|---|---|---:|---:|---:|---:|")
    for scale in scales {
        for rate in rates {
            for vsync in vsyncs {
                for late in vsync ? lates : [false] {
                    let run = work.appendingPathComponent("s\(Int(scale))-r\(Int(rate))-\(vsync ? "vsync" : "novsync")-\(late ? "late" : "atonce")")
                    var result = try measureLatency(
                        tactile: tactile, scale: scale, rate: rate, vsync: vsync, lateInput: late, drags: drags, folder: run,
                        caches: work.appendingPathComponent("cache"))
                    result.late = late
                    print(result.row)
                }
            }
        }
    }
}

/// The release `tactile` built beside this harness.
func tactileBesideBench() -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tactile").path
}

func checkBuilt(_ tactile: String) throws {
    guard FileManager.default.isExecutableFile(atPath: tactile) else {
        throw BenchError("\(tactile) is missing: build it first (swift build -c release --product tactile)")
    }
}

/// An empty folder `name` in the temporary directory (emptied if it was there).
func freshFolder(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// One configuration's figures.
private struct LatencyRun {
    var scale: Double, rate: Double, renderer: String, vsync: Bool
    /// Whether input was read late (`window.lateInput`, with vsync).
    var late = false
    var total: Percentiles, waiting: Percentiles, ui: Percentiles, render: Percentiles, present: Percentiles
    /// The frame's own work: UI pass, rendering and present (the total less the waiting).
    var work: Percentiles
    var endToEnd: Percentiles
    /// The estimated scan-out after each present (not part of the in-app figure).
    var scanOut: Percentiles

    var row: String {
        func ms(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "–" }
        func pair(_ p: Percentiles) -> String { "\(ms(p.p50)) / \(ms(p.p99))" }
        return
            "| \(Int(scale)) | \(Int(rate)) | \(renderer), \(vsync ? "on" : "off")\(vsync ? late ? ", late" : ", at once" : "") | \(total.count) | \(ms(total.p50)) | \(ms(total.p99)) | \(pair(waiting)) | \(pair(ui)) | "
            + "\(pair(render)) | \(pair(present)) | \(ms(endToEnd.p50)) | \(ms(endToEnd.p99)) | \(ms(scanOut.p50)) | "
            + "\(ms(endToEnd.p99.flatMap { e in scanOut.p50.map { e + $0 } })) |"
    }
}

/// Runs Xvfb and Tactile at `scale`, injects `drags` one-second drags at `rate` events per
/// second across the timeline, ends Tactile as a signal would, and reads its latency file.
private func measureLatency(
    tactile: String, scale: Double, rate: Double, vsync: Bool, lateInput: Bool = true, drags: Int, folder: URL,
    caches: URL, healthLoad: HealthLoad? = nil
) throws -> LatencyRun {
    let viewport = (width: 390.0, height: 844.0)
    let pixels = (width: Int(viewport.width * scale), height: Int(viewport.height * scale))
    let xvfb = try XvfbServer(width: pixels.width, height: pixels.height)
    defer { xvfb.stop() }
    let display = xvfb.display

    let session = folder.appendingPathComponent("session")
    let app = Process()
    app.executableURL = URL(fileURLWithPath: tactile)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = folder.appendingPathComponent("config.json")
    let health = healthLoad.map { ", \"kiosk\": {\"healthPort\": \($0.port)}" } ?? ""
    try Data("{\"window\": {\"vsync\": \(vsync), \"lateInput\": \(lateInput)}\(health)}\n".utf8).write(to: config)
    app.arguments = ["run", "--record", session.path, "--config", config.path, "--fullscreen", "--device", "fill", "--scale", String(scale)]
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = display
    env["SDL_VIDEODRIVER"] = "x11"
    env["SDL_AUDIODRIVER"] = "dummy"
    env["XDG_CACHE_HOME"] = caches.path
    env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
    app.environment = env
    let log = folder.appendingPathComponent("tactile.log")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: log.path, contents: nil)
    app.standardError = try FileHandle(forWritingTo: log)
    app.standardOutput = FileHandle.nullDevice
    try app.run()
    defer { if app.isRunning { app.terminate(); app.waitUntilExit() } }
    let trace = session.appendingPathComponent("trace.jsonl")
    // The first frame is recorded once the demo's media exist (made on the first start).
    try waitFor("Tactile's first frame", seconds: 120) {
        guard app.isRunning else { return true }
        return ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").contains("\"frame\"")
    }
    guard app.isRunning else { throw BenchError("tactile stopped: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")") }
    usleep(1_500_000)

    let xtest = try XInput(display: display)
    defer { xtest.close() }
    healthLoad?.start()
    defer { healthLoad?.stop() }
    var injected: [UInt64] = []
    let y = Int(606 * scale) // the demo's first track
    let from = Int(320 * scale), to = Int(70 * scale)
    let steps = Int(rate) // one second a drag
    let interval = UInt64(1e9 / rate)
    for d in 0..<drags {
        let (a, b) = d % 2 == 0 ? (from, to) : (to, from)
        xtest.move(a, y); xtest.button(down: true)
        var due = DispatchTime.now().uptimeNanoseconds + interval
        for s in 1...steps {
            sleepUntil(due)
            let x = a + (b - a) * s / steps
            injected.append(DispatchTime.now().uptimeNanoseconds)
            xtest.move(x, y)
            due += interval
        }
        sleepUntil(due)
        xtest.button(down: false)
        usleep(400_000)
    }
    healthLoad?.stop()
    usleep(500_000)
    app.terminate() // SIGTERM: save and close
    app.waitUntilExit()

    let renderer =
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "renderer: ").dropFirst().first?
        .split(separator: ",").first.map(String.init) ?? "?"
    let text = try String(contentsOf: session.appendingPathComponent("latency.jsonl"), encoding: .utf8)
    var origin: Double?
    var samples: [[String: Double]] = []
    for line in text.split(separator: "\n") {
        guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
        if o["kind"] as? String == "clock" { origin = (o["monotonicOrigin"] as? NSNumber)?.doubleValue; continue }
        if o["kind"] != nil { continue } // the settings in force, predictions
        samples.append(o.compactMapValues { ($0 as? NSNumber)?.doubleValue })
    }
    func p(_ k: String) -> Percentiles { Percentiles(samples.compactMap { $0[k] }) }
    // The whole way: each injected move to the present of the frame that took it — the first
    // frame with an event that arrived at or after the injection and before the next one. A
    // move whose frame showed nothing new (inside the slop, say) has no present to count.
    var endToEnd: [Double] = []
    if let origin {
        var next = 0
        let interval = 1 / rate
        for t in injected {
            let session = (Double(t) - origin) / 1e9
            while next < samples.count && (samples[next]["lastArrival"] ?? 0) < session { next += 1 }
            guard next < samples.count, let presented = samples[next]["presented"] else { break }
            if (samples[next]["firstArrival"] ?? .infinity) < session + interval { endToEnd.append((presented - session) * 1000) }
        }
    }
    return LatencyRun(
        scale: scale, rate: rate, renderer: renderer, vsync: vsync, total: p("total"), waiting: p("waiting"), ui: p("ui"),
        render: p("render"), present: p("present"),
        work: Percentiles(samples.compactMap { s in s["total"].flatMap { t in s["waiting"].map { t - $0 } } }),
        endToEnd: Percentiles(endToEnd), scanOut: p("scanOut"))
}

private func waitFor(_ what: String, seconds: Double, _ ready: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !ready() {
        guard Date() < deadline else { throw BenchError("timed out waiting for \(what)") }
        usleep(20_000)
    }
}

/// Sleeps until the monotonic instant `due` (nanoseconds).
private func sleepUntil(_ due: UInt64) {
    let now = DispatchTime.now().uptimeNanoseconds
    if due > now { usleep(UInt32((due - now) / 1000)) }
}

/// `tactile-bench health`: the frame loop's work per input frame (UI pass, rendering, present) at
/// scale 2, 60 drag events a second, vsync off, with and without a steady 200 requests a second
/// on `/health` and `/metrics` from a loop of our own (URLSession, loopback, paced, bounded), and
/// the requests' response times.
func runHealthLoadBenchmark(_ arguments: [String]) throws {
    let tactile = tactileBesideBench()
    try checkBuilt(tactile)
    let drags = Int(arguments.first ?? "") ?? 12
    let work = try freshFolder("tactile-bench-health")
    print("| Load | Input frames | In-app p50 / p99 | UI pass p50 / p99 | Frame work (UI + rendering + present) p50 / p99 | Requests | Response p50 / p99 |")
    print("|---|---:|---|---|---|---:|---|")
    for loaded in [false, true, false, true] {
        let load = loaded ? HealthLoad(port: 18_000 + Int.random(in: 0..<2000), perSecond: 200) : nil
        let r = try measureLatency(
            tactile: tactile, scale: 2, rate: 60, vsync: false, drags: drags,
            folder: work.appendingPathComponent("\(loaded ? "load" : "idle")-\(UUID().uuidString.prefix(6))"),
            caches: work.appendingPathComponent("cache"), healthLoad: load)
        func ms(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "–" }
        func pair(_ p: Percentiles) -> String { "\(ms(p.p50)) / \(ms(p.p99))" }
        let responses = load.map { Percentiles($0.responseTimes) }
        print(
            "| \(loaded ? "200 req/s on /health and /metrics" : "none") | \(r.total.count) | \(pair(r.total)) | \(pair(r.ui)) | \(pair(r.work)) | "
                + "\(load.map { "\($0.responseTimes.count) (\($0.failures) failed)" } ?? "–") | \(responses.map(pair) ?? "–") |")
    }
}

/// A steady stream of GET requests at a fixed rate, alternating `/health` and `/metrics`, each
/// timed; at most 50 in flight (a slow server is not buried).
final class HealthLoad: @unchecked Sendable {
    let port: Int, perSecond: Double
    private let lock = NSLock()
    private var times: [Double] = [], failed = 0, inFlight = 0, running = false
    init(port: Int, perSecond: Double) { self.port = port; self.perSecond = perSecond }

    var responseTimes: [Double] { lock.withLock { times } }
    var failures: Int { lock.withLock { failed } }

    func start() {
        lock.withLock { running = true }
        Thread.detachNewThread { [self] in
            let interval = UInt64(1e9 / perSecond)
            var due = DispatchTime.now().uptimeNanoseconds
            var n = 0
            while lock.withLock({ running }) {
                due += interval
                let now = DispatchTime.now().uptimeNanoseconds
                if due > now { usleep(UInt32((due - now) / 1000)) }
                guard lock.withLock({ inFlight < 50 }) else { continue }
                n += 1
                let url = URL(string: "http://127.0.0.1:\(port)/\(n % 2 == 0 ? "health" : "metrics")")!
                let t0 = DispatchTime.now().uptimeNanoseconds
                lock.withLock { inFlight += 1 }
                URLSession.shared.dataTask(with: url) { [self] _, response, _ in
                    let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                    lock.withLock {
                        inFlight -= 1
                        if (response as? HTTPURLResponse)?.statusCode == 200 { times.append(ms) } else { failed += 1 }
                    }
                }.resume()
            }
        }
    }

    func stop() { lock.withLock { running = false } }
}
