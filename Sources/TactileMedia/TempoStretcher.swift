import CFFmpeg
import Foundation

/// Plays interleaved float sound faster or slower keeping its pitch, through FFmpeg's `atempo`
/// filter (libavfilter): a clip at 2× sounds at its own pitch in half the time. `atempo` takes
/// factors from 0.5 up, so slower ones are a chain of halves and the rest (0.25 = 0.5 × 0.5).
public final class TempoStretcher {
    /// The factor: 2 plays twice as fast.
    public let tempo: Double
    public let sampleRate: Int, channels: Int
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var source: UnsafeMutablePointer<AVFilterContext>?
    private var sink: UnsafeMutablePointer<AVFilterContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var samplesIn: Int64 = 0
    private var ended = false

    /// The factors of the `atempo` chain for `tempo`: each within 0.5 … 2 (above 2 atempo skips
    /// samples rather than blending them), their product `tempo`.
    public static func chain(for tempo: Double) -> [Double] {
        var rest = tempo, factors: [Double] = []
        while rest < 0.5 { factors.append(0.5); rest /= 0.5 }
        while rest > 2 { factors.append(2); rest /= 2 }
        factors.append(rest)
        return factors
    }

    /// A stretcher of `channels`-channel float sound at `sampleRate` by `tempo`.
    public init(tempo: Double, sampleRate: Int, channels: Int) throws {
        self.tempo = tempo; self.sampleRate = sampleRate; self.channels = channels
        graph = avfilter_graph_alloc()
        frame = av_frame_alloc()
        guard let graph, frame != nil else { throw MediaError("out of memory") }
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, Int32(channels))
        var described = [CChar](repeating: 0, count: 64)
        av_channel_layout_describe(&layout, &described, described.count)
        let layoutName = String(cString: described)
        func make(_ filter: String, _ name: String, _ args: String?) throws -> UnsafeMutablePointer<AVFilterContext> {
            var context: UnsafeMutablePointer<AVFilterContext>?
            let rc = avfilter_graph_create_filter(&context, avfilter_get_by_name(filter), name, args, nil, graph)
            guard rc >= 0, let context else { throw MediaError("cannot make the \(filter) filter for a clip's speed", code: rc) }
            return context
        }
        let src = try make("abuffer", "in", "sample_rate=\(sampleRate):sample_fmt=flt:channel_layout=\(layoutName):time_base=1/\(sampleRate)")
        var last = src
        for (n, factor) in Self.chain(for: tempo).enumerated() {
            let stage = try make("atempo", "tempo\(n)", String(format: "tempo=%.6f", factor))
            guard avfilter_link(last, 0, stage, 0) >= 0 else { throw MediaError("cannot join the filters for a clip's speed") }
            last = stage
        }
        let format = try make("aformat", "format", "sample_fmts=flt:channel_layouts=\(layoutName):sample_rates=\(sampleRate)")
        let out = try make("abuffersink", "out", nil)
        guard avfilter_link(last, 0, format, 0) >= 0, avfilter_link(format, 0, out, 0) >= 0 else {
            throw MediaError("cannot join the filters for a clip's speed")
        }
        let rc = avfilter_graph_config(graph, nil)
        guard rc >= 0 else { throw MediaError("cannot set up the filters for a clip's speed", code: rc) }
        source = src; sink = out
    }

    deinit {
        if frame != nil { av_frame_free(&frame) }
        if graph != nil { avfilter_graph_free(&graph) }
    }

    /// Stretches `samples` (interleaved), appending what comes out to `output`; with `end`, also
    /// what the filter still holds (then nothing more may be given).
    public func process(_ samples: [Float], end: Bool = false, into output: inout [Float]) throws {
        guard !ended, let source, let sink, let frame else { return }
        let count = samples.count / channels
        if count > 0 {
            frame.pointee.nb_samples = Int32(count)
            frame.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
            frame.pointee.sample_rate = Int32(sampleRate)
            av_channel_layout_default(&frame.pointee.ch_layout, Int32(channels))
            frame.pointee.pts = samplesIn
            guard av_frame_get_buffer(frame, 0) >= 0, let data = frame.pointee.data.0 else { throw MediaError("out of memory") }
            samples.withUnsafeBytes { bytes in data.update(from: bytes.bindMemory(to: UInt8.self).baseAddress!, count: count * channels * 4) }
            samplesIn += Int64(count)
            let rc = av_buffersrc_add_frame(source, frame)
            av_frame_unref(frame)
            if rc < 0 { throw MediaError("cannot change a clip's speed", code: rc) }
        }
        if end {
            ended = true
            _ = av_buffersrc_add_frame(source, nil)
        }
        while true {
            let rc = av_buffersink_get_frame(sink, frame)
            if rc == tactile_AVERROR_EAGAIN() || rc == tactile_AVERROR_EOF() { break }
            if rc < 0 { throw MediaError("cannot change a clip's speed", code: rc) }
            let n = Int(frame.pointee.nb_samples) * channels
            if let data = frame.pointee.data.0 {
                data.withMemoryRebound(to: Float.self, capacity: n) { output.append(contentsOf: UnsafeBufferPointer(start: $0, count: n)) }
            }
            av_frame_unref(frame)
        }
    }
}
