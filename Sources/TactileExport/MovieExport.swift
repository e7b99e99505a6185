import Foundation
import TactileCore
import TactileEditor
import TactileMedia
import TactileSDL
import TactileUI
import TactileHeadless

/// Exports a project to a movie: H.264 and stereo AAC in an MP4 through libavcodec, written
/// beside its destination and moved into place only when complete (a cancelled or failed export
/// leaves no file). Every frame is the composition the canvas shows at that time, drawn by the
/// same `CompositionView` at the movie's full size from exactly decoded pictures; the sound is
/// the playback mixer's (`SoundMix`: levels, fades, cross-fades, mute, ducking).
///
/// This thread decodes and lays out each frame; worker threads draw the frames side by side on
/// software canvases, and an encoder thread encodes them in order with the sound up to each
/// frame's end. Callers that must stay responsive (the editor) run it on a thread of their own.
public enum MovieExport {
    /// How far an export has come.
    public struct Progress: Sendable, Equatable {
        /// The movie time encoded so far, and the movie's length.
        public var done: Time, total: Time
        /// Seconds since the export began.
        public var elapsed: Double

        public init(done: Time, total: Time, elapsed: Double) { self.done = done; self.total = total; self.elapsed = elapsed }

        /// The share done, 0 … 1.
        public var fraction: Double { total > .zero ? min(1, max(0, done.seconds / total.seconds)) : 1 }
        /// Seconds left at the pace so far; nil until a little is done (the first frames are no guide).
        public var secondsLeft: Double? {
            guard fraction >= 0.02, elapsed > 0.2 else { return nil }
            return elapsed * (1 - fraction) / fraction
        }
    }

    /// What was written.
    public struct Summary: Sendable {
        public var url: URL
        public var frames: Int
        public var width: Int, height: Int
        public var framesPerSecond: Int
        public var duration: Time
        /// Wall-clock seconds the export took.
        public var seconds: Double
        /// Problems met on the way (a clip's sound that could not be read), each a sentence.
        public var problems: [String]
    }

    /// The export was cancelled; nothing was written.
    public struct Cancelled: Error, CustomStringConvertible {
        public init() {}
        public var description: String { "The export was cancelled." }
    }

    /// The sound's sample rate.
    public static let sampleRate = 48_000

    /// Writes `project` to `url` as `settings` say. `isCancelled` is asked before each frame;
    /// `onProgress` hears each encoded frame (on the encoder's thread). Throws `Cancelled`, or a
    /// `CommandError` naming the clip or the file.
    public static func export(
        _ project: Project, settings: MovieSettings, editor: EditorSettings = EditorSettings(),
        to url: URL, drawThreads: Int? = nil, isCancelled: @escaping () -> Bool = { false },
        onProgress: @escaping (Progress) -> Void = { _ in }
    ) throws -> Summary {
        let started = ProcessInfo.processInfo.systemUptime
        let (width, height) = settings.pixelSize(for: project.format.aspect)
        let fps = settings.framesPerSecond
        let total = project.duration
        guard total > .zero else { throw CommandError.badInput("the project is empty: there is nothing to export") }
        let media = ExportFrames(fitting: (width, height), threads: editor.export.decodeThreads)
        try checkMedia(of: project, in: media)

        let options = editor.export
        var encoderSettings = VideoEncoder.Settings(
            codec: .h264, width: width, height: height, framesPerSecond: fps,
            keyframeInterval: fps * 2, audioSampleRate: sampleRate,
            lookahead: editor.media.exportLookahead, bFrames: editor.media.exportBFrames)
        encoderSettings.preset = options.encoderPreset.rawValue
        encoderSettings.constantRateFactor = settings.constantRateFactor(options)
        encoderSettings.audioChannels = PlaybackMixer.channels
        encoderSettings.audioBitRate = options.audioKilobits * 1000
        // One writer per movie: a second export to the same file is refused at once.
        let lock = try CommandError.lock(file: url, writing: "movie")
        defer { lock.remove() }
        let encoder: VideoEncoder
        do { encoder = try VideoEncoder(url: url, settings: encoderSettings) } catch {
            throw CommandError("\(url.path): cannot write the movie (\(CommandError.reason(error)))")
        }
        let mixer = PlaybackMixer(project: project, from: .zero, sampleRate: sampleRate, settings: editor.media) { path in
            media.status(of: path).info?.hasAudio ?? false
        }

        // Frame k shows the composition at k / fps, exactly; the movie ends where the project does.
        func time(ofFrame k: Int) -> Time { Time(ticks: Int64(k) * Time.ticksPerSecond / Int64(fps)) }
        var frameCount = 0
        while time(ofFrame: frameCount) < total { frameCount += 1 }
        var samplesWritten = 0
        var lastLayer: RGBAImage?
        func encode(_ frame: FramePipeline.Frame, _ k: Int) throws {
            do {
                switch frame {
                case let .drawn(image):
                    try encoder.append(image, pts: Int64(k))
                case let .placed(pictures, black, layer, layerRect, reusesLastLayer):
                    let shown = reusesLastLayer ? lastLayer : layer
                    lastLayer = shown
                    try encoder.append(pictures, black: black, layer: shown, layerOrigin: (layerRect?.x ?? 0, layerRect?.y ?? 0), pts: Int64(k))
                case .repeated:
                    try encoder.appendRepeat(pts: Int64(k))
                }
            } catch { throw CommandError("\(url.path): encoding failed (\(CommandError.reason(error)))") }
            // The sound up to this frame's end (the last frame's end is the project's), so both
            // streams advance together.
            let end = k + 1 == frameCount ? total : time(ofFrame: k + 1)
            let target = Int(end.ticks * Int64(sampleRate) / Time.ticksPerSecond)
            if target > samplesWritten {
                do { try encoder.appendAudio(mixer.render(frames: target - samplesWritten)) } catch {
                    throw CommandError("\(url.path): encoding the sound failed (\(CommandError.reason(error)))")
                }
                samplesWritten = target
            }
            onProgress(Progress(done: end, total: total, elapsed: ProcessInfo.processInfo.systemUptime - started))
        }

        let fonts: Fonts
        do { fonts = try Fonts() } catch { throw CommandError("\(error)") }
        let theme = Theme(appearance: editor.theme)
        let measurer = TTFTextMeasurer(fonts: fonts, scale: 1)
        let picture = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let threads = drawThreads ?? options.drawThreads
        let workers = max(1, threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount)
        let pipeline = try FramePipeline(workers: workers, width: width, height: height, scale: 1, background: theme.canvasBackdrop)
        pipeline.startEncoding(encode)
        var submitted = 0
        var cancelled = false
        // The last placed frame's layer, to tell when the next one is the same.
        var lastOver: (list: DrawList, rect: PixelRect)?
        while submitted < frameCount, !pipeline.failed {
            if isCancelled() { cancelled = true; break }
            let t = time(ofFrame: submitted)
            media.beginFrame(at: t)
            let ui = UIContext(memory: UIMemory(input: editor.input), touches: [], now: t, viewport: picture.size, measurer: measurer, theme: theme)
            let drawn = CompositionView(ui: ui, media: media, editing: editor.editing, theme: theme).draw(project, at: t, in: picture)
            var job = FramePipeline.Job(index: submitted, list: ui.draw, images: [:])
            if var (placement, over) = placement(of: ui.draw, drawn, in: picture, media: media) {
                // Overlays that stay put give the same layer again (a handle names one picture
                // for ever, so a moving picture in the picture never compares equal).
                if let rect = placement.layer, let last = lastOver, last.rect == rect, last.list == over {
                    placement.reusesLastLayer = true
                }
                lastOver = placement.layer.map { (over, $0) }
                job.placed = placement
                job.list = over
            } else {
                lastOver = nil
            }
            job.images = VideoExport.pictures(in: job.list, from: media)
            pipeline.submit(job)
            submitted += 1
        }
        do { try pipeline.finish(frames: submitted) } catch { encoder.abandon(); throw error }
        if cancelled { encoder.abandon(); throw Cancelled() }
        do { try encoder.finish() } catch {
            encoder.abandon()
            throw CommandError("\(url.path): cannot finish the movie (\(CommandError.reason(error)))")
        }
        return Summary(
            url: url, frames: frameCount, width: width, height: height, framesPerSecond: fps, duration: total,
            seconds: ProcessInfo.processInfo.systemUptime - started, problems: media.takeProblems() + mixer.problems)
    }

    /// When the picture beneath the overlays is made of decoded frames only — one filling the
    /// frame, or a transition's two (moved, scaled, cut to a part, translucent) under a black
    /// veil — the placement that lets the encoder compose them straight from YUV, and the draw
    /// list of what lies over them (nil: the frame is drawn whole, as a picture without media
    /// or with see-through parts is). The frame is the same either way, but
    /// placed pictures skip converting 8 MB to RGBA, copying it thrice and converting it back.
    static func placement(
        of list: DrawList, _ drawn: CompositionView.Drawn, in picture: Rect,
        media: ExportFrames
    ) -> (FramePipeline.Placement, DrawList)? {
        let commands = list.commands
        guard drawn.baseCommandCount >= 3, commands.count >= drawn.baseCommandCount, case .fillRect = commands[0],
            case .pushClip = commands[1]
        else { return nil }
        // The base's commands: clips, pictures and at most a black veil over the whole.
        var clips = [picture]
        var pictures: [PlacedPicture] = []
        var black = 0.0
        func whole(_ r: Rect) -> PixelRect {
            let x0 = Int(r.minX.rounded()), y0 = Int(r.minY.rounded())
            return PixelRect(x: x0, y: y0, width: max(0, Int(r.maxX.rounded()) - x0), height: max(0, Int(r.maxY.rounded()) - y0))
        }
        for command in commands[2..<drawn.baseCommandCount] {
            switch command {
            case let .pushClip(r):
                clips.append(clips.last!.intersection(r))
            case .popClip:
                guard clips.count > 1 else { return nil }
                clips.removeLast()
            case let .image(handle, nil, frame, opacity):
                guard black == 0, var decoded = media.decodedPicture(for: handle) else { return nil }
                // Video in another format than YUV 4:2:0 is converted (once) where a part of it is cut out.
                if !decoded.canBeCut, !clips.last!.contains(frame.insetBy(dx: 0.5, dy: 0.5)) {
                    guard let cuttable = media.decodedPicture(for: handle, cuttable: true) else { return nil }
                    decoded = cuttable
                }
                pictures.append(
                    PlacedPicture(
                        picture: decoded, x: frame.x - picture.x, y: frame.y - picture.y, width: frame.width, height: frame.height,
                        clip: whole(clips.last!.offsetBy(dx: -picture.x, dy: -picture.y)), opacity: opacity))
            case let .fillRect(r, color, radius)
            where color.r == 0 && color.g == 0 && color.b == 0 && radius == 0
                && abs(r.x - picture.x) < 0.5 && abs(r.y - picture.y) < 0.5 && abs(r.width - picture.width) < 0.5 && abs(r.height - picture.height) < 0.5:
                black = 1 - (1 - black) * (1 - Double(color.a) / 255)
            default:
                return nil
            }
        }
        guard !pictures.isEmpty || black > 0 else { return nil }
        // What lies over it: the overlays (within the picture's clip), in a layer as large as
        // their turned boxes, grown for shadows and anti-aliased edges.
        var over = DrawList()
        var bounds: Rect?
        for overlay in drawn.overlays {
            let pad = 4 + overlay.box.height * 0.2
            let box = overlay.box.turned(by: overlay.clip.placement.rotation).insetBy(dx: -pad, dy: -pad)
            bounds = bounds.map { $0.union(box) } ?? box
        }
        var layer: PixelRect?
        if let b = bounds?.intersection(picture), b.width > 0, b.height > 0 {
            over.add(.pushClip(picture))
            for command in commands[drawn.baseCommandCount...] { over.add(command) }
            let left = Int(b.minX.rounded(.down)) & ~1, top = Int(b.minY.rounded(.down)) & ~1
            let right = min(Int(picture.width), Int(b.maxX.rounded(.up))), bottom = min(Int(picture.height), Int(b.maxY.rounded(.up)))
            if right > left, bottom > top { layer = PixelRect(x: left, y: top, width: right - left, height: bottom - top) }
        }
        return (FramePipeline.Placement(pictures: pictures, black: black, layer: layer), over)
    }

    /// Refuses a project whose media are offline, or without pictures where it shows them,
    /// naming the clip and the file: a movie with a placeholder in it is not what was asked for.
    static func checkMedia(of project: Project, in media: ExportFrames) throws {
        for track in project.tracks {
            for clip in track.clips {
                guard let path = clip.media else { continue }
                let name = (path as NSString).lastPathComponent
                switch media.status(of: path) {
                case let .offline(reason):
                    throw CommandError.badInput("clip \"\(clip.title)\" (\(name)) cannot be exported: \(reason)")
                case let .ready(info) where !info.hasVideo && track.kind != .audio && clip.kind != .audio:
                    throw CommandError.badInput("clip \"\(clip.title)\" (\(name)) has no picture")
                default:
                    break
                }
            }
        }
    }
}
