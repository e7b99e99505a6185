import Foundation
import TactileCore
import TactileMedia
import TactileStudy

import TactileHeadless
#if canImport(Glibc)
import Glibc
#endif

// MARK: Export, side by side with the ffmpeg command line and melt
//
// `tactile-bench export [--runs N] [--only demo|long|phone] [--print]`: `tactile export` of the
// demo, of thirty seconds of phone video filmed held upright, and of a two-minute 1080p30
// project (21 clips, 20 cuts each with a half-second transition, a picture and a caption over
// it, music and a voice under it) against the ffmpeg command line rendering
// the same composition with one filter_complex (trim, xfade, overlay, drawtext, volume, afade,
// amix), both writing H.264 (the same x264 preset, CRF, keyframe interval, B-frames and
// lookahead) and stereo AAC at 160 kbit/s — and against `melt` (MLT, the engine under Kdenlive
// and Shotcut) on two render threads, given the same timeline as an MLT document
// (`meltDocument`). Each run is a whole process, timed from outside; the table gives medians of
// wall time, CPU time and peak resident memory, and each peer's ratio to Tactile.

/// The two-minute project's sources: four 8 s 1080p30 clips (a keyframe a second), two minutes
/// of music and a voice of tone bursts, made once by our encoder and kept.
func exportSources() throws -> (clips: [URL], music: URL, voice: URL) {
    let folder = benchFolder.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var clips: [URL] = []
    for i in 0..<4 {
        let url = folder.appendingPathComponent("source\(i).mp4")
        if !FileManager.default.fileExists(atPath: url.path) {
            progress("making 8 s of 1080p30 H.264 (\(i + 1) of 4)…")
            try TestPattern.writeClip(
                to: url, settings: .init(codec: .h264, width: 1920, height: 1080, framesPerSecond: 30, keyframeInterval: 30),
                frames: 240, style: i)
        }
        clips.append(url)
    }
    let music = folder.appendingPathComponent("music.m4a"), voice = folder.appendingPathComponent("voice.wav")
    if !FileManager.default.fileExists(atPath: music.path) {
        let chord = zip(
            AudioEncoder.tone(hz: 220, seconds: 125, sampleRate: 48_000, level: 0.3),
            AudioEncoder.tone(hz: 277, seconds: 125, sampleRate: 48_000, level: 0.2)
        ).map { $0 + $1 }
        try AudioEncoder.write(chord, sampleRate: 48_000, codec: .aac, to: music)
    }
    if !FileManager.default.fileExists(atPath: voice.path) {
        var bursts: [Float] = []
        for _ in 0..<30 { bursts += AudioEncoder.tone(hz: 440, seconds: 0.6, sampleRate: 48_000, level: 0.5) + [Float](repeating: 0, count: 19_200) }
        try AudioEncoder.write(bursts, sampleRate: 48_000, codec: .wav, to: voice)
    }
    return (clips, music, voice)
}

/// The two-minute project: 21 clips of 120/21 s, each cut with a 0.5 s transition (dissolve,
/// dip to black, wipe, slide, zoom in turn), the title card as a picture from 10 to 40 s, a
/// caption over the whole, music at −6 dB fading in and out, a voice from 20 to 80 s.
func longExportProject(sources: (clips: [URL], music: URL, voice: URL), titleCard: String) -> Project {
    let count = 21
    let length = Time(ticks: 120 * Time.ticksPerSecond / Int64(count))
    let kinds: [Transition.Kind] = [.crossDissolve, .dipToBlack, .wipe, .slide, .zoom]
    var video: [Clip] = []
    for i in 0..<count {
        var clip = Clip(
            id: "c\(i)", kind: .video, media: sources.clips[i % 4].path, title: "Clip \(i)", start: length * Int64(i),
            duration: length, sourceStart: .seconds(1 + Double(i % 3) * 0.5), sourceDuration: .seconds(8))
        if i > 0 { clip.transitionIn = Transition(kinds[(i - 1) % kinds.count], duration: .seconds(0.5)) }
        video.append(clip)
    }
    let picture = Clip(
        id: "card", kind: .image, media: titleCard, title: "Card", start: .seconds(10), duration: .seconds(30),
        transform: OverlayTransform(x: 0.8, y: 0.25, scale: 0.5))
    let caption = Clip(
        id: "caption", kind: .text, title: "Tactile export", start: .zero, duration: .seconds(120),
        transform: OverlayTransform(x: 0.5, y: 0.85), textStyle: TextStyle(colour: .white, background: false))
    var music = Clip(
        id: "music", kind: .audio, media: sources.music.path, title: "Music", start: .zero, duration: .seconds(120),
        sourceDuration: .seconds(125))
    music.sound = ClipSound(decibels: -6, fadeIn: .seconds(2), fadeOut: .seconds(3))
    let voice = Clip(
        id: "voice", kind: .audio, media: sources.voice.path, title: "Voice", start: .seconds(20), duration: .seconds(60),
        sourceDuration: .seconds(60))
    return Project(
        name: "Two minutes", format: CompositionFormat(.landscape),
        tracks: [
            Track(id: "video", kind: .video, clips: video),
            Track(id: "pictures", kind: .overlay, clips: [picture]), Track(id: "captions", kind: .overlay, clips: [caption]),
            Track(id: "soundtrack", kind: .audio, clips: [music]), Track(id: "voices", kind: .audio, clips: [voice]),
        ])
}

/// Phone video: two 8 s clips filmed held upright (1920 × 1080 coded, a quarter turn in the
/// display matrix, a keyframe a second), made once by our encoder and kept.
func phoneSources() throws -> [URL] {
    let folder = benchFolder.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return try (0..<2).map { i in
        let url = folder.appendingPathComponent("phone\(i).mp4")
        if !FileManager.default.fileExists(atPath: url.path) {
            progress("making 8 s of phone video, 1080p30 turned a quarter (\(i + 1) of 2)…")
            try TestPattern.writeClip(
                to: url,
                settings: .init(
                    codec: .h264, width: 1920, height: 1080, framesPerSecond: 30, keyframeInterval: 30,
                    rotation: 90), frames: 240, style: i)
        }
        return url
    }
}

/// Thirty seconds of phone video in a 9:16 project: six clips of 5 s, each cut a 0.5 s
/// transition, a caption over the whole.
func phoneExportProject(sources: [URL]) -> Project {
    let kinds: [Transition.Kind] = [.crossDissolve, .slide, .wipe, .dipToBlack, .zoom]
    var video: [Clip] = []
    for i in 0..<6 {
        var clip = Clip(
            id: "p\(i)", kind: .video, media: sources[i % 2].path, title: "Phone \(i)", start: .seconds(Double(5 * i)),
            duration: .seconds(5), sourceStart: .seconds(1 + Double(i % 3) * 0.5), sourceDuration: .seconds(8))
        if i > 0 { clip.transitionIn = Transition(kinds[i - 1], duration: .seconds(0.5)) }
        video.append(clip)
    }
    let caption = Clip(
        id: "caption", kind: .text, title: "Held upright", start: .zero, duration: .seconds(30),
        transform: OverlayTransform(x: 0.5, y: 0.85), textStyle: TextStyle(colour: .white, background: false))
    return Project(
        name: "Phone video", format: CompositionFormat(.portrait),
        tracks: [
            Track(id: "video", kind: .video, clips: video), Track(id: "captions", kind: .overlay, clips: [caption]),
        ])
}

/// The ffmpeg command line rendering `project` like `tactile export` (one filter_complex):
/// each visual clip trimmed from its source with the handles its transitions use, scaled to
/// fit, and joined by xfade (concat at hard cuts); pictures overlaid and texts drawn in their
/// time ranges (stickers as boxes of their size); every sound trimmed, levelled, faded, delayed
/// to its place and mixed by amix. Rotation of overlays is not drawn (xfade and overlay have none).
func ffmpegCommand(for project: Project, size: (width: Int, height: Int), fps: Int, crf: Int, preset: String, out: String) -> [String] {
    var inputs: [String] = [], filters: [String] = []
    var inputCount = 0
    func input(_ path: String, still: Time? = nil) -> Int {
        if let still { inputs += ["-loop", "1", "-t", String(format: "%.3f", still.seconds)] }
        inputs += ["-i", path]
        inputCount += 1
        return inputCount - 1
    }
    func s(_ t: Time) -> String { String(format: "%.4f", t.seconds) }
    let (w, h) = size
    // The video track: segments with their handles, then joined.
    let clips = project.tracks.first { $0.kind == .video }?.clips ?? []
    var chain: String?
    var chainLength = Time.zero
    for (i, clip) in clips.enumerated() {
        let before = clip.transitionIn?.half ?? .zero
        let after = i + 1 < clips.count ? (clips[i + 1].transitionIn?.half ?? .zero) : .zero
        let label = "v\(i)"
        let fit = "scale=\(w):\(h):force_original_aspect_ratio=decrease,pad=\(w):\(h):(ow-iw)/2:(oh-ih)/2,setsar=1,fps=\(fps),format=yuv420p"
        if clip.kind == .image, let path = clip.media {
            let n = input(path, still: clip.duration + before + after)
            filters.append("[\(n):v]\(fit),trim=duration=\(s(clip.duration + before + after)),setpts=PTS-STARTPTS[\(label)]")
        } else if let path = clip.media {
            let n = input(path)
            filters.append(
                "[\(n):v]trim=start=\(s(clip.sourceStart - before)):end=\(s(clip.sourceStart + clip.duration + after)),setpts=PTS-STARTPTS,\(fit)[\(label)]")
        }
        guard let previous = chain else { chain = label; chainLength = clip.duration + after; continue }
        let joined = "j\(i)"
        if let transition = clip.transitionIn {
            let name: String
            switch transition.kind {
            case .crossDissolve: name = "fade"
            case .dipToBlack: name = "fadeblack"
            case .wipe: name = "wiperight"
            case .slide: name = "slideleft"
            case .zoom: name = "zoomin"
            }
            // The outgoing stream runs half the transition past the cut; xfade starts where it begins.
            filters.append(
                "[\(previous)][\(label)]xfade=transition=\(name):duration=\(s(transition.duration)):offset=\(s(chainLength - transition.duration))[\(joined)]")
            chainLength = chainLength - transition.duration + clip.duration + before + after
        } else {
            filters.append("[\(previous)][\(label)]concat=n=2:v=1:a=0[\(joined)]")
            chainLength = chainLength + clip.duration + after
        }
        chain = joined
    }
    var picture = chain ?? "base"
    if chain == nil { filters.append("color=black:s=\(w)x\(h):r=\(fps):d=\(s(project.duration))[base]") }
    // Overlays, bottom first.
    let shorter = Double(min(w, h))
    for (i, clip) in project.tracks.filter({ $0.kind == .overlay }).flatMap(\.clips).enumerated() {
        let enable = "enable='between(t,\(s(clip.start)),\(s(clip.start + clip.duration)))'"
        let place = clip.placement
        let out = "o\(i)"
        switch clip.kind {
        case .image, .video:
            guard let path = clip.media else { continue }
            let width = Int(shorter * 0.53 * place.scale) / 2 * 2
            let n = input(path, still: clip.kind == .image ? project.duration : nil)
            filters.append("[\(n):v]scale=\(width):-2[p\(i)]")
            filters.append("[\(picture)][p\(i)]overlay=x=\(Int(place.x * Double(w)) - width / 2):y=\(Int(place.y * Double(h)))-h/2:\(enable)[\(out)]")
        case .text:
            let size = Int(shorter * 0.1 * clip.style.size.factor * place.scale)
            let text = clip.title.replacingOccurrences(of: "'", with: "").replacingOccurrences(of: ":", with: "\\:")
            filters.append(
                "[\(picture)]drawtext=fontfile=/usr/share/fonts/opentype/inter/Inter-Bold.otf:text='\(text)':fontsize=\(size):fontcolor=white"
                    + ":shadowx=2:shadowy=2:shadowcolor=black@0.6:x=\(Int(place.x * Double(w)))-tw/2:y=\(Int(place.y * Double(h)))-th/2:\(enable)[\(out)]")
        case .sticker:
            let side = Int(shorter * 0.26 * place.scale)
            filters.append(
                "[\(picture)]drawbox=x=\(Int(place.x * Double(w)) - side / 2):y=\(Int(place.y * Double(h)) - side / 2):w=\(side):h=\(side):color=yellow@0.9:t=fill:\(enable)[\(out)]"
            )
        case .audio:
            continue
        }
        picture = out
    }
    // Sound: every clip with sound on an unmuted track.
    var sounds: [String] = []
    for track in project.tracks where !track.isMuted {
        for clip in track.clips {
            guard let path = clip.media, MediaProbe.probe(path).audio != nil else { continue }
            let n = input(path)
            let label = "a\(sounds.count)"
            let fadeOut = clip.sound.fadeOut > .zero ? ",afade=t=out:st=\(s(clip.duration - clip.sound.fadeOut)):d=\(s(clip.sound.fadeOut))" : ""
            let fadeIn = clip.sound.fadeIn > .zero ? ",afade=t=in:st=0:d=\(s(clip.sound.fadeIn))" : ""
            let delay = Int((clip.start.seconds * 1000).rounded())
            filters.append(
                "[\(n):a]atrim=start=\(s(clip.sourceStart)):end=\(s(clip.sourceStart + clip.duration)),asetpts=PTS-STARTPTS,"
                    + "aresample=48000,aformat=channel_layouts=stereo,volume=\(String(format: "%.2f", clip.sound.decibels))dB\(fadeIn)\(fadeOut),adelay=\(delay):all=1[\(label)]"
            )
            sounds.append(label)
        }
    }
    var maps = ["-map", "[\(picture)]"]
    if !sounds.isEmpty {
        filters.append(sounds.map { "[\($0)]" }.joined() + "amix=inputs=\(sounds.count):normalize=0:duration=longest,atrim=end=\(s(project.duration))[mix]")
        maps += ["-map", "[mix]"]
    }
    return ["-y", "-loglevel", "error"] + inputs + ["-filter_complex", filters.joined(separator: ";")] + maps
        + [
            "-t", s(project.duration), "-c:v", "libx264", "-preset", preset, "-crf", "\(crf)", "-pix_fmt", "yuv420p",
            "-x264-params", "keyint=\(fps * 2):min-keyint=\(fps * 2):scenecut=0:bframes=0:rc-lookahead=3",
            "-c:a", "aac", "-b:a", "160k", "-ar", "48000", "-ac", "2", out,
        ]
}

/// One whole process: its wall time, CPU time and peak resident memory in MiB (the kernel's accounting).
struct ProcessRun {
    var wall: Double, cpu: Double, peakMegabytes: Double
}

func timedRun(_ program: String, _ arguments: [String]) throws -> ProcessRun {
    var pid: pid_t = 0
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let start = nanos()
    let rc = posix_spawn(&pid, program, &actions, nil, argv, environ)
    guard rc == 0 else { throw MediaError("\(program) cannot be started (\(rc))") }
    var status: Int32 = 0
    var usage = rusage()
    // The kernel's peak for a spawned child starts from this process's size (the child shares
    // it until exec), so the peak is read from the child's own /proc entry while it runs.
    var peak = 0.0
    while wait4(pid, &status, WNOHANG, &usage) == 0 {
        if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
        {
            peak = max(peak, kb / 1024)
        }
        usleep(20_000)
    }
    let wall = Double(nanos() - start) / 1e9
    guard status == 0 else { throw MediaError("\(program) \(arguments.suffix(1).joined()) failed with status \(status)") }
    let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return ProcessRun(wall: wall, cpu: cpu, peakMegabytes: peak)
}

func runExportBenchmark(_ arguments: [String]) throws {
    var runs = 3
    var only: String?
    var i = 0
    while i < arguments.count {
        switch arguments[i] {
        case "--runs": i += 1; runs = Int(arguments[i]) ?? 3
        case "--only": i += 1; only = arguments[i]
        case "--print": break
        default: throw MediaError("unknown argument \(arguments[i]) (expected --runs N, --only demo|long|phone)")
        }
        i += 1
    }
    guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw MediaError("the ffmpeg command line is not installed (Scripts/bench installs it)")
    }
    let tactile = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tactile").path
    guard FileManager.default.isExecutableFile(atPath: tactile) else { throw MediaError("\(tactile) is missing (Scripts/bench export builds it)") }
    let folder = benchFolder.appendingPathComponent("export")
    let demoFiles = try DemoMedia.ensure()
    var cases: [(name: String, project: Project, file: String)] = []
    if only == nil || only == "demo" { cases.append(("demo (21 s, 1080×1920)", MediaProject.demo().project, "demo")) }
    if only == nil || only == "long" {
        let sources = try exportSources()
        cases.append(("two minutes, 20 transitions (1920×1080)", longExportProject(sources: sources, titleCard: demoFiles[.titleCard]!), "long"))
    }
    if only == nil || only == "phone" {
        cases.append(("phone video turned upright, 30 s (1080×1920)", phoneExportProject(sources: try phoneSources()), "phone"))
    }
    let options = TactileConfiguration().export
    print("| Project | Renderer | Wall (median) | × real time | CPU | Peak memory | Time ÷ Tactile's | Memory ÷ Tactile's | Runs |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for (name, project, slug) in cases {
        let file = folder.appendingPathComponent("project-\(slug).json")
        try ProjectFile.save(project, to: file)
        let settings = MovieSettings(size: .p1080, framesPerSecond: 30, quality: .standard)
        let size = settings.pixelSize(for: project.format.aspect)
        let ours = [
            tactile, "export", "--project", file.path, "--out", folder.appendingPathComponent("tactile-\(slug).mp4").path, "--size", "1080p", "--fps", "30",
        ]
        let theirs = ffmpegCommand(
            for: project, size: size, fps: 30, crf: settings.constantRateFactor(options), preset: options.encoderPreset.rawValue,
            out: folder.appendingPathComponent("ffmpeg-\(slug).mp4").path)
        // melt, when installed (Scripts/bench export installs it), on the same timeline.
        let melt = ["/usr/bin/melt", "/usr/local/bin/melt"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let document = folder.appendingPathComponent("melt-\(slug).mlt")
        try meltDocument(for: project, size: size, fps: 30).write(to: document, atomically: true, encoding: .utf8)
        let mlt = meltCommand(
            document: document.path, out: folder.appendingPathComponent("melt-\(slug).mp4").path, crf: settings.constantRateFactor(options),
            preset: options.encoderPreset.rawValue, fps: 30, threads: 2)
        // `--print`: the command lines, to time them with other tools.
        if arguments.contains("--print") {
            func quoted(_ words: [String]) -> String {
                words.map { $0.contains(where: { " ';[]()=,:".contains($0) }) ? "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" : $0 }.joined(
                    separator: " ")
            }
            print(quoted(ours)); print(quoted([ffmpeg] + theirs))
            if let melt { print(quoted([melt] + mlt)) }
            continue
        }
        var a: [ProcessRun] = [], b: [ProcessRun] = [], c: [ProcessRun] = []
        for r in 0..<runs {
            progress("\(name): run \(r + 1) of \(runs)")
            a.append(try timedRun(ours[0], Array(ours.dropFirst())))
            b.append(try timedRun(ffmpeg, theirs))
            if let melt { c.append(try timedRun(melt, mlt)) }
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        let oursWall = median(a.map(\.wall)), oursPeak = median(a.map(\.peakMegabytes))
        for (renderer, results) in [("tactile export", a), ("ffmpeg command line", b), ("melt (MLT), 2 threads", c)] where !results.isEmpty {
            let wall = median(results.map(\.wall)), peak = median(results.map(\.peakMegabytes))
            print(
                "| \(name) | \(renderer) | "
                    + String(
                        format: "%.1f s | %.2f× | %.1f s | %.0f MiB | %.2f× | %.2f× | %d |", wall, project.duration.seconds / wall,
                        median(results.map(\.cpu)), peak, wall / oursWall, peak / oursPeak, results.count))
        }
    }
}
