import CFFmpeg
import Foundation
import TactileCore

/// Decodes the sound of a media file to interleaved 32-bit float samples at a chosen rate and
/// channel count, resampled and remixed by libswresample. For waveforms and playback.
public final class AudioDecoder {
    public let path: String
    /// The output rate and channel count.
    public let sampleRate: Int, channels: Int

    private let input: DecodingInput
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var resampler: OpaquePointer?
    private var flushed = false

    /// Opens the best audio stream of `path`.
    public init(path: String, sampleRate: Int, channels: Int) throws {
        self.path = path; self.sampleRate = sampleRate; self.channels = channels
        input = try DecodingInput(path: path, type: AVMEDIA_TYPE_AUDIO, noun: "sound")
        let ctx = input.context
        if ctx.pointee.ch_layout.nb_channels == 0 { av_channel_layout_default(&ctx.pointee.ch_layout, 2) }
        var out = AVChannelLayout()
        av_channel_layout_default(&out, Int32(channels))
        let rc = swr_alloc_set_opts2(
            &resampler, &out, AV_SAMPLE_FMT_FLT, Int32(sampleRate),
            &ctx.pointee.ch_layout, ctx.pointee.sample_fmt, ctx.pointee.sample_rate, 0, nil)
        // Mono plays as dual mono at unity, as phone editors play it: the same samples on every
        // side. libswresample spreads a mono source 3 dB down (its center_mix_level is not used
        // for a source without left and right), so the matrix is given outright.
        if let swr = resampler, ctx.pointee.ch_layout.nb_channels == 1 {
            var ones = [Double](repeating: 1, count: channels)
            _ = swr_set_matrix(swr, &ones, 1)
        }
        guard rc >= 0, let swr = resampler, swr_init(swr) >= 0 else { close(); throw MediaError("\(path): cannot resample its sound", code: rc) }
        frame = av_frame_alloc()
        guard frame != nil else { close(); throw MediaError("out of memory") }
    }

    deinit { close() }

    private func close() {
        if resampler != nil { swr_free(&resampler) }
        if frame != nil { av_frame_free(&frame) }
    }

    /// Moves so the next samples read begin at source time `time` (sample-accurate).
    public func seek(to time: Time) throws {
        let timeBase = input.timeBase
        let target = timeBase.pts(of: time)
        let rc = input.seek(to: max(0, target))
        if rc < 0 { throw MediaError("\(path): cannot seek its sound", code: rc) }
        if let swr = resampler { swr_close(swr); swr_init(swr) }
        flushed = false
        skipUntil = time
    }

    /// After a seek: samples before this source time are dropped.
    private var skipUntil: Time?

    /// Appends the next chunk of samples (interleaved) to `samples`; false at the end of the sound.
    public func read(into samples: inout [Float]) throws -> Bool {
        guard let fr = frame, let swr = resampler else { return false }
        guard try input.receive(into: fr) else { return try drainResampler(swr, into: &samples) }
        defer { av_frame_unref(fr) }
        var frameStart: Time?
        let pts = fr.pointee.best_effort_timestamp != tactile_AV_NOPTS_VALUE() ? fr.pointee.best_effort_timestamp : fr.pointee.pts
        if pts != tactile_AV_NOPTS_VALUE() {
            let timeBase = input.timeBase
            frameStart = timeBase.time(ofPTS: pts)
        }
        let before = samples.count
        let produced = try convert(fr, swr: swr, into: &samples)
        if let until = skipUntil {
            // After a seek: drop what lies before the target, sample-accurately.
            let start = frameStart ?? until
            let drop = min(produced, max(0, Int(((until - start).seconds * Double(sampleRate)).rounded())))
            if drop > 0 { samples.removeSubrange(before..<(before + drop * channels)) }
            if drop < produced || frameStart == nil { skipUntil = nil }
        }
        return true
    }

    private func drainResampler(_ swr: OpaquePointer, into samples: inout [Float]) throws -> Bool {
        guard !flushed else { return false }
        flushed = true
        let before = samples.count
        let room = 4096
        samples.append(contentsOf: repeatElement(0, count: room * channels))
        let n = samples.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + before).assumingMemoryBound(to: UInt8.self)
            return swr_convert(swr, &out, Int32(room), nil, 0)
        }
        samples.removeLast((room - max(0, Int(n))) * channels)
        return samples.count > before
    }

    /// Resamples one decoded frame onto the end of `samples`; returns the samples per channel added.
    private func convert(_ fr: UnsafeMutablePointer<AVFrame>, swr: OpaquePointer, into samples: inout [Float]) throws -> Int {
        let inCount = Int(fr.pointee.nb_samples)
        let room = Int(swr_get_out_samples(swr, Int32(inCount))) + 16
        let before = samples.count
        samples.append(contentsOf: repeatElement(0, count: room * channels))
        let n = samples.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var out: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(buffer.baseAddress! + before).assumingMemoryBound(to: UInt8.self)
            return fr.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { input in
                swr_convert(swr, &out, Int32(room), input, Int32(inCount))
            }
        }
        guard n >= 0 else { samples.removeLast(room * channels); throw MediaError("\(path): converting its sound failed", code: n) }
        samples.removeLast((room - Int(n)) * channels)
        return Int(n)
    }
}
