import Foundation
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileMedia
import TactileSDL
import TactileUI
import TactileHeadless

/// Renders a session to a video: the trace plays through the host session on the virtual clock,
/// and at every tick of the video's frame rate the session's picture — the editor's latest frame
/// with the overlays the session composes over it (the touches: an export's configuration shows
/// them) — is drawn and encoded (H.264 in an MP4 through libavcodec).
public enum VideoExport {
    /// What was written.
    public struct Summary: Sendable {
        public var frames: Int
        public var framesPerSecond: Double
        public var width: Int, height: Int
        public var duration: Time
        /// Frames that showed what the one before showed: sent to the encoder again, not drawn.
        public var stillFrames = 0
    }

    /// Writes `trace` played in `session` to `url` at `framesPerSecond`, up to `until` (default:
    /// the trace's end plus the touch indicators' fade, or the sound's end). `soundtrack`: a sound
    /// file, where it starts on the trace's clock and how long it is (the session's think-aloud
    /// recording), laid under the picture as AAC; silence where it has nothing.
    ///
    /// With `workers` above 1 (default: one per core) the work runs as a pipeline: this thread
    /// replays the session and takes each frame's draw list (with the pictures it shows, so the
    /// media cache may move on), the workers rasterise frames side by side on canvases of their
    /// own, and an encoder thread takes them back in order. The replay is deterministic and
    /// every frame is drawn from its own draw list, so the frames are the serial path's (`workers`
    /// 1), bit for bit; at most `workers` frames are in flight, which bounds the memory.
    /// `onProgress` hears each frame's time as it is encoded.
    ///
    /// `from`: the video starts there on the trace's clock (a clip), the session replayed up to it
    /// first; the sound too. `chapters`: where each starts on the trace's clock and its title (a
    /// session's tasks and markers); each runs to the next, the last to the video's end.
    public static func export(
        _ trace: Trace, in session: HeadlessSession, to url: URL, framesPerSecond: Double,
        until: Time? = nil, soundtrack: (url: URL, start: Time, duration: Time)? = nil,
        workers: Int? = nil, from start: Time = .zero, chapters: [(start: Time, title: String)] = [],
        onProgress: ((Time, Time) -> Void)? = nil
    ) throws -> Summary {
        let player = session.player
        let viewport = player.state.viewport
        let overlays = session.configuration.overlays
        // To the touches' last fade, or the sound's end when that is later.
        let end =
            until
            ?? max(
                trace.duration + .seconds(overlays.liftFadeDuration + overlays.trailDuration),
                soundtrack.map { $0.start + $0.duration } ?? .zero)
        guard start < end else { throw CommandError.badInput("the video would start at \(start.seconds) s, after its end at \(end.seconds) s") }
        // Each chapter runs to the next one's start, the last to the video's end (times in the video).
        let marks = chapters.filter { $0.start >= start && $0.start < end }.sorted { $0.start < $1.start }
        let videoChapters = marks.enumerated().map { i, c in
            VideoChapter(
                start: (c.start - start).seconds, end: ((i + 1 < marks.count ? marks[i + 1].start : end) - start).seconds, title: c.title)
        }
        // H.264 in 4:2:0 wants even sides.
        func even(_ v: Double) -> Int { let n = Int((v * session.scale).rounded()); return n + n % 2 }
        let width = even(viewport.width), height = even(viewport.height)
        let rate = rational(framesPerSecond)
        // One writer per video: a second export to the same file is refused at once.
        let lock = try CommandError.lock(file: url, writing: "video")
        defer { lock.remove() }
        let encoder: VideoEncoder
        do {
            var settings = VideoEncoder.Settings(
                codec: .h264, width: width, height: height,
                framesPerSecond: Int(framesPerSecond.rounded()),
                keyframeInterval: Int(framesPerSecond.rounded()) * 2,
                timeBase: (rate.seconds, rate.frames), frameRate: rate,
                audioSampleRate: soundtrack == nil ? nil : Soundtrack.sampleRate,
                lookahead: session.configuration.media.exportLookahead,
                bFrames: session.configuration.media.exportBFrames)
            settings.chapters = videoChapters
            // x264 on as many threads as cores, sharing each frame in slices: its own choice
            // (half as many again, a frame each) holds more frames for no speed here, where
            // drawing takes the other core's share.
            settings.threads = ProcessInfo.processInfo.activeProcessorCount
            settings.slicedThreads = true
            encoder = try VideoEncoder(url: url, settings: settings)
        } catch { throw CommandError("\(url.path): cannot write the video (\(CommandError.reason(error)))") }
        let sound: Soundtrack?
        do { sound = try soundtrack.map { try Soundtrack(url: $0.url, start: $0.start) } } catch {
            throw CommandError("\(soundtrack!.url.path): the sound cannot be read (\(CommandError.reason(error)))")
        }
        // Frame k shows the session at `start` + k / fps, exactly (ticks, no drift).
        func time(ofFrame k: Int) -> Time { start + Time(ticks: Int64(k) * Int64(rate.seconds) * Time.ticksPerSecond / Int64(rate.frames)) }
        // A video that starts later (a clip) has the sound from its start on.
        if let sound, start > .zero {
            do { _ = try sound.samples(through: start) } catch {
                throw CommandError("\(soundtrack!.url.path): the sound cannot be read (\(CommandError.reason(error)))")
            }
        }
        // `image` nil: the frame before, again.
        func encode(_ image: RGBAImage?, _ k: Int) throws {
            do {
                if let image { try encoder.append(image, pts: Int64(k)) } else { try encoder.appendRepeat(pts: Int64(k)) }
            } catch { throw CommandError("\(url.path): encoding failed (\(CommandError.reason(error)))") }
            if let sound {
                // The sound up to the next frame's time, so both streams advance together.
                do { try encoder.appendAudio(try sound.samples(through: time(ofFrame: k + 1))) } catch {
                    throw CommandError("\(url.path): encoding the sound failed (\(CommandError.reason(error)))")
                }
            }
            onProgress?(time(ofFrame: k), end)
        }
        var cursor = TraceCursor(trace)
        /// The picture the session shows at t, its overlays (the touches) composed; before the
        /// session's first frame the screen is blank, as the window's was.
        func list(at t: Time) -> DrawList {
            player.advance(&cursor, through: t)
            return player.lastOutput == nil ? DrawList() : session.host.picture(at: t)
        }

        let (frames, still) = try drawFrames(
            through: end, workers: max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount), width: width, height: height,
            session: session, time: time(ofFrame:), list: list(at:), encode: encode)
        do { try encoder.finish() } catch { throw CommandError("\(url.path): cannot finish the video (\(CommandError.reason(error)))") }
        return Summary(frames: frames, framesPerSecond: framesPerSecond, width: width, height: height, duration: end - start, stillFrames: still)
    }

    /// Draws every frame up to `end` and hands each to `encode` in order (nil: the frame before
    /// again, a still moment not drawn): on this thread alone, or through a pipeline of
    /// `workers` drawing threads and an encoder thread. Returns how many frames, and how many still.
    private static func drawFrames(
        through end: Time, workers count: Int, width: Int, height: Int, session: HeadlessSession, time: (Int) -> Time,
        list: (Time) -> DrawList, encode: @escaping (RGBAImage?, Int) throws -> Void
    ) throws -> (frames: Int, still: Int) {
        let background = session.host.theme.background
        var frames = 0, still = 0
        var last: DrawList?
        if count == 1 {
            // The serial path: replay, draw and encode each frame in turn on this thread.
            let canvas: OffscreenCanvas
            do { canvas = try OffscreenCanvas(width: width, height: height, fonts: session.fonts) } catch { throw CommandError("\(error)") }
            canvas.renderer.imageStore = session.media
            while time(frames) <= end {
                // A still moment (the same picture as the frame before) is not drawn again.
                let drawn = list(time(frames))
                if drawn == last { still += 1 }
                // Drawn only where it differs from the frame before, which the canvas shows.
                try encode(drawn == last ? nil : canvas.render(drawn, over: last, scale: session.scale, clearColor: background), frames)
                last = drawn
                frames += 1
            }
            return (frames, still)
        }
        // Frames in flight beyond one per worker keep both cores busy through a hard frame.
        let pipeline = try FramePipeline(
            workers: count, width: width, height: height, scale: session.scale, background: background,
            queued: session.configuration.media.sessionVideoQueue)
        pipeline.startEncoding { frame, k in
            switch frame {
            case let .drawn(image): try encode(image, k)
            case .repeated: try encode(nil, k)
            case .placed: return
            }
        }
        while time(frames) <= end, !pipeline.failed {
            let drawn = list(time(frames))
            // A still moment (the same picture as the frame before) is not drawn again.
            var job = FramePipeline.Job(index: frames, list: drawn, images: [:], repeatsLast: drawn == last, incremental: true)
            if job.repeatsLast { still += 1 } else { job.images = pictures(in: drawn, from: session.media) }
            pipeline.submit(job)
            last = drawn
            frames += 1
        }
        try pipeline.finish(frames: frames)
        return (frames, still)
    }

    /// The pictures `list` draws, taken from `store` now (the media cache may drop them before a
    /// worker draws the frame).
    static func pictures(in list: DrawList, from store: ImageStore) -> [ImageHandle: RGBAImage] {
        var out: [ImageHandle: RGBAImage] = [:]
        for command in list.commands {
            switch command {
            case let .image(handle, _, _, _), let .blurredImage(handle, _, _, _, _):
                if out[handle] == nil, let picture = store.image(for: handle) { out[handle] = picture }
            default: continue
            }
        }
        return out
    }

    /// A frame rate as frames per whole seconds (59.94 → 60000/1001; 60 → 60/1).
    static func rational(_ fps: Double) -> (frames: Int, seconds: Int) {
        if abs(fps - fps.rounded()) < 1e-6 { return (Int(fps.rounded()), 1) }
        let ntsc = fps * 1.001
        if abs(ntsc - ntsc.rounded()) < 1e-3 { return (Int(ntsc.rounded()) * 1000, 1001) }
        return (Int((fps * 1000).rounded()), 1000)
    }
}

/// A sound file read in step with the video: samples from the trace's time zero, silence before
/// the sound starts and after it ends, decoded (and resampled) as they are needed.
final class Soundtrack {
    static let sampleRate = 48_000
    private let decoder: AudioDecoder
    private let startSample: Int
    private var written = 0
    private var buffer: [Float] = []
    private var used = 0
    private var ended = false

    init(url: URL, start: Time) throws {
        decoder = try AudioDecoder(path: url.path, sampleRate: Self.sampleRate, channels: 1)
        startSample = Int((start.seconds * Double(Self.sampleRate)).rounded())
    }

    /// The samples from the last call's end up to `time`.
    func samples(through time: Time) throws -> [Float] {
        let target = Int((time.seconds * Double(Self.sampleRate)).rounded())
        var out: [Float] = []
        out.reserveCapacity(max(0, target - written))
        while written < target {
            let index = written - startSample
            if index < 0 {
                let n = min(target - written, -index)
                out += repeatElement(0, count: n); written += n
                continue
            }
            if used == buffer.count && !ended {
                buffer.removeAll(keepingCapacity: true); used = 0
                if try !decoder.read(into: &buffer) { ended = true }
            }
            if used == buffer.count {
                if ended { out += repeatElement(0, count: target - written); written = target }
                continue
            }
            let n = min(buffer.count - used, target - written)
            out += buffer[used..<used + n]; used += n; written += n
        }
        return out
    }
}
