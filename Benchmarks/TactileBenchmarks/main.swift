// Tactile's benchmark harness: prints a Markdown table of medians and tails. Not a test; run
// it in release mode (see Docs/Benchmarks.md):  swift run -c release tactile-bench
import Foundation
import TactileApp
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileInput
import TactileSDL
import TactileUI

#if canImport(Glibc)
import Glibc
#endif

setenv("SDL_VIDEODRIVER", "dummy", 0)
setenv("SDL_AUDIODRIVER", "dummy", 0)

/// Wall-clock nanoseconds.
if CommandLine.arguments.dropFirst().first == "media" {
    try runMediaBenchmarks(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}
// The benchmarks that take their own arguments: a failure prints one line and exits with 2.
let subcommands: [String: ([String]) throws -> Void] = [
    "prediction": runPredictionBenchmark, "export": runExportBenchmark, "health": runHealthLoadBenchmark, "latency": runLatencyBenchmark, "monkey": runMonkey,
    "study-fixture": writeStudyFixture,
]
if let name = CommandLine.arguments.dropFirst().first, let run = subcommands[name] {
    do { try run(Array(CommandLine.arguments.dropFirst(2))) } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(2)
    }
    exit(0)
}

func nanos() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

if CommandLine.arguments.dropFirst().first == "study" {
    print("| What | Time | Rate |")
    print("|---|---:|---|")
    try runStudyBenchmarks()
    exit(0)
}

/// Runs `body` `iterations` times after `warmup` runs; returns sorted durations in ms.
func measure(iterations: Int, warmup: Int = 50, _ body: () -> Void) -> [Double] {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let t0 = nanos()
        body()
        samples.append(Double(nanos() - t0) / 1e6)
    }
    return samples.sorted()
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

var rows: [(String, String, String, String, String)] = []
func report(_ name: String, _ samples: [Double], target: String) {
    rows.append(
        (
            name, String(format: "%.3f", percentile(samples, 0.5)), String(format: "%.3f", percentile(samples, 0.99)),
            "\(samples.count)", target
        ))
    FileHandle.standardError.write(Data("  \(name): median \(String(format: "%.3f", percentile(samples, 0.5))) ms\n".utf8))
}

/// A project of `tracks` tracks with `clipsPerTrack` clips each, 3 s long with 1 s gaps.
func bigProject(tracks: Int, clipsPerTrack: Int) -> Project {
    Project(
        name: "Big",
        tracks: (0..<tracks).map { t in
            let kind: TrackKind = t == 0 ? .video : (t == tracks - 1 ? .audio : .overlay)
            let clipKind: ClipKind = kind == .video ? .video : (kind == .audio ? .audio : .text)
            return Track(
                id: "t\(t)", kind: kind,
                clips: (0..<clipsPerTrack).map { i in
                    Clip(
                        id: "t\(t)c\(i)", kind: clipKind, title: "Clip \(i)", start: .seconds(i * 4), duration: .seconds(3),
                        sourceDuration: clipKind.hasFiniteSource ? .seconds(10) : nil)
                })
        })
}

let fonts = try Fonts()
let measurer = TTFTextMeasurer(fonts: fonts, scale: 2)
let editor = Editor(measurer: measurer)

/// One UI pass (a frame with no input) at a moving playhead, so each pass lays out anew.
func uiPass(_ project: Project, label: String, target: String, selected: String? = nil) {
    var state = EditorState(project: project)
    state.selection = selected
    var step: Int64 = 0
    let duration = max(project.duration.ticks, 1)
    let samples = measure(iterations: 3000) {
        step += 1
        state.playhead = Time(ticks: (step * Time.seconds(0.37).ticks) % duration)
        _ = editor.frame(&state, events: [], now: .zero)
    }
    report(label, samples, target: target)
}

FileHandle.standardError.write(Data("Running benchmarks…\n".utf8))
uiPass(DemoProject.make(), label: "UI pass, demo project (3 tracks, 9 clips)", target: "≤ 1 ms", selected: "beach")
uiPass(bigProject(tracks: 8, clipsPerTrack: 125), label: "UI pass, 1,000 clips on 8 tracks", target: "≤ 4 ms", selected: "t0c3")
uiPass(bigProject(tracks: 8, clipsPerTrack: 1250), label: "UI pass, 10,000 clips on 8 tracks", target: "same as 1,000 (grows with what is visible)")

// The busiest screen: a text being edited (the field, the styles, 33 keys of the on-screen
// keyboard), opened the way a user opens it, by tapping the "Hello!" clip twice.
do {
    var state = EditorState(project: DemoProject.make())
    _ = editor.frame(&state, events: [], now: .zero)
    let clip = Point(x: 255, y: 660)
    var t = Time.seconds(1)
    for _ in 0..<2 {
        _ = editor.frame(
            &state, events: [.touch(.down, id: 1, at: clip, time: t), .touch(.up, id: 1, at: clip, time: t + .milliseconds(50))],
            now: t + .milliseconds(50))
        t += .milliseconds(150)
    }
    guard state.textEdit != nil else { fatalError("two taps on the Hello! clip did not open the text editor") }
    var step = 0
    let samples = measure(iterations: 3000) {
        step += 1
        state.playhead = .seconds(1 + Double(step % 30) / 10)
        _ = editor.frame(&state, events: [], now: t)
    }
    report("UI pass with a text being edited (field, styles, on-screen keyboard), demo", samples, target: "≤ 1 ms")
}

// A tap: down and up in one frame (two input passes plus the drawing pass), in the editor alone
// and through the host session, as the window steps it (sanitising, overlays, the comparison with
// the picture on screen).
do {
    var state = EditorState(project: DemoProject.make())
    _ = editor.frame(&state, events: [], now: .zero)
    var t = Time.zero
    let samples = measure(iterations: 2000) {
        t += .milliseconds(100)
        let p = Point(x: 250, y: 606)
        _ = editor.frame(&state, events: [.touch(.down, id: 1, at: p, time: t), .touch(.up, id: 1, at: p, time: t + .milliseconds(50))], now: t)
    }
    report("Input to draw list ready: a tap in one frame, demo", samples, target: "—")
}
do {
    let session = HostSession(project: DemoProject.make(), configuration: TactileConfiguration(), measurer: measurer)
    _ = session.step([], now: .zero)
    var t = Time.zero
    let samples = measure(iterations: 2000) {
        t += .milliseconds(100)
        let p = Point(x: 250, y: 606)
        _ = session.step([.touch(.down, id: 1, at: p, time: t), .touch(.up, id: 1, at: p, time: t + .milliseconds(50))], now: t)
    }
    report("Input to picture ready through the host session: a tap in one step, demo", samples, target: "—")
}

// A long session replayed: ten minutes of scrolls, flings, taps, trims and pinches generated from
// a fixed seed, fed frame by frame as the window would; each frame with input is timed from its
// events to its draw list.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state }
}
do {
    var rng = SeededRandom(state: 7)
    var t = Time.zero
    var frames: [[InputEvent]] = []
    func gesture(_ points: [Point], finger: Int) {
        frames.append([.touch(.down, id: finger, at: points[0], time: t)])
        for p in points.dropFirst() { t += .frame(atRate: 60); frames.append([.touch(.move, id: finger, at: p, time: t)]) }
        t += .frame(atRate: 60)
        frames.append([.touch(.up, id: finger, at: points.last!, time: t)])
        t += .milliseconds(Int.random(in: 100...600, using: &rng))
    }
    while t < .seconds(600) {
        let y = [606.0, 660, 714].randomElement(using: &rng)!
        let x = Double.random(in: 40...350, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: gesture([Point(x: x, y: y)], finger: 1) // tap
        case 1: gesture((0...20).map { Point(x: x - Double($0) * 6, y: y) }, finger: 1) // scroll / fling
        case 2: gesture((0...20).map { Point(x: x + Double($0) * 3, y: y) }, finger: 1) // drag (move or trim when on one)
        default: // pinch
            frames.append([.touch(.down, id: 1, at: Point(x: 150, y: y), time: t), .touch(.down, id: 2, at: Point(x: 240, y: y), time: t)])
            for i in 1...20 {
                t += .frame(atRate: 60)
                let d = Double(i) * (Bool.random(using: &rng) ? 2 : -1.5)
                frames.append([.touch(.move, id: 1, at: Point(x: 150 - d, y: y), time: t), .touch(.move, id: 2, at: Point(x: 240 + d, y: y), time: t)])
            }
            t += .frame(atRate: 60)
            frames.append([.touch(.up, id: 1, at: Point(x: 150, y: y), time: t), .touch(.up, id: 2, at: Point(x: 240, y: y), time: t)])
            t += .milliseconds(300)
        }
    }
    // In the editor alone, with its own frame loop (the figure earlier issues measured)…
    do {
        var state = EditorState(project: DemoProject.make())
        var loop = FrameLoop()
        var samples: [Double] = []
        for events in frames {
            let now = events[0].time
            while let due = loop.nextDue(), due.time < now {
                let out = editor.frame(&state, events: [], now: due.time)
                loop.frameDidRun(at: due.time, requests: out.requests)
            }
            let t0 = nanos()
            let out = editor.frame(&state, events: events, now: now)
            samples.append(Double(nanos() - t0) / 1e6)
            loop.frameDidRun(at: now, requests: out.requests)
        }
        report("Input event to draw list ready, 10-minute replayed session (\(samples.count) input frames)", samples.sorted(), target: "—")
    }
    // …and through the host session, as the window steps it: input in, composed picture out.
    let session = HostSession(project: DemoProject.make(), configuration: TactileConfiguration(), measurer: measurer)
    var samples: [Double] = []
    for events in frames {
        let now = events[0].time
        // Scheduled frames (momentum, springs) run between inputs, untimed, as in a window.
        while let due = session.nextWork(after: now), due.time < now { _ = session.step([], now: due.time) }
        let t0 = nanos()
        _ = session.step(events, now: now)
        samples.append(Double(nanos() - t0) / 1e6)
    }
    report("Input to picture ready through the host session, 10-minute replayed session (\(samples.count) input frames)", samples.sorted(), target: "—")
}

// A pinch on the 1,000-clip project: every frame of the pinch is a zoom change and a new layout.
do {
    var state = EditorState(project: bigProject(tracks: 8, clipsPerTrack: 125))
    state.playhead = .seconds(200)
    _ = editor.frame(&state, events: [], now: .zero)
    var t = Time.zero
    var samples: [Double] = []
    for round in 0..<40 {
        t += .milliseconds(200)
        _ = editor.frame(
            &state, events: [.touch(.down, id: 1, at: Point(x: 150, y: 620), time: t), .touch(.down, id: 2, at: Point(x: 240, y: 620), time: t)], now: t)
        for i in 1...40 {
            t += .frame(atRate: 60)
            let d = Double(i) * (round % 2 == 0 ? 2 : -1)
            let events: [InputEvent] = [
                .touch(.move, id: 1, at: Point(x: 150 - d, y: 620), time: t), .touch(.move, id: 2, at: Point(x: 240 + d, y: 620), time: t),
            ]
            let t0 = nanos()
            _ = editor.frame(&state, events: events, now: t)
            samples.append(Double(nanos() - t0) / 1e6)
        }
        t += .frame(atRate: 60)
        _ = editor.frame(&state, events: [.touch(.up, id: 1, at: .zero, time: t), .touch(.up, id: 2, at: .zero, time: t)], now: t)
    }
    report("UI pass during a pinch, 1,000 clips on 8 tracks", samples.sorted(), target: "≤ 4 ms")
}

// Software rasterisation of one frame (the snapshot / replay / export path).
for scale in [1.0, 2.0, 3.0] {
    var state = EditorState(project: DemoProject.make())
    state.selection = "city"
    let list = Editor(measurer: TTFTextMeasurer(fonts: fonts, scale: scale)).frame(&state, events: [], now: .zero).drawList
    let canvas = try OffscreenCanvas(width: Int(390 * scale), height: Int(844 * scale), fonts: fonts)
    let samples = measure(iterations: scale == 3 ? 60 : 150, warmup: 5) { _ = canvas.render(list, scale: scale) }
    report("Software rasterisation of one demo frame, \(Int(390 * scale))×\(Int(844 * scale)) px", samples, target: "—")
}

// Idle: a real window (SDL's dummy video driver) left alone. The first frame is drawn, then one
// second to settle, then five seconds measured: frames presented and CPU time used.
final class IdleProbe: @unchecked Sendable {
    var cpuBefore = 0.0, cpuAfter = 0.0
    var framesBefore = 0
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
var idleLine = ""
do {
    let host = WindowHost(
        options: WindowOptions(viewport: Size(width: 390, height: 844), scale: 1, fill: false, fullscreen: false),
        settings: TactileConfiguration().windowSettings)
    let probe = IdleProbe()
    var started = false
    var session: HostSession?
    try host.run { window in
        let s = HostSession(
            project: DemoProject.make(), configuration: TactileConfiguration(), measurer: window.measurer,
            viewport: Size(width: 390, height: 844))
        s.add(
            SessionEvents(frame: { _ in
                guard !started else { return }
                started = true
                Thread.detachNewThread {
                    usleep(1_000_000)
                    probe.cpuBefore = IdleProbe.cpuSeconds()
                    probe.framesBefore = host.framesPresented
                    usleep(5_000_000)
                    probe.cpuAfter = IdleProbe.cpuSeconds()
                    SDLEvents.pushQuit()
                }
            }))
        session = s
        return s
    }
    idleLine =
        "| Idle window, 5 s measured after the first frame | \(host.framesPresented - probe.framesBefore) presented, \(session?.framesRun ?? 0) run in all | \(String(format: "%.3f", probe.cpuAfter - probe.cpuBefore)) s | 0 frames, no busy CPU |"
}

let machine =
    (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
    .first { $0.hasPrefix("model name") }.map { String($0.split(separator: ":").last!).trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
print(
    "Machine: \(machine), \(ProcessInfo.processInfo.activeProcessorCount) cores; release build; SDL video driver for the idle window: \(ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] ?? "default").\n"
)
print("| benchmark | median ms | p99 ms | samples | target |")
print("|---|---|---|---|---|")
for r in rows { print("| \(r.0) | \(r.1) | \(r.2) | \(r.3) | \(r.4) |") }
print("\n| idle | frames | CPU time | target |\n|---|---|---|---|")
print(idleLine)
