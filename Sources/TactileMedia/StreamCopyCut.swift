import CFFmpeg
import Foundation
import TactileCore
#if canImport(Glibc)
import Glibc
#endif

/// A span of a movie cut out without decoding or encoding a frame: its picture and sound packets
/// copied from the keyframe at or before the span's start, their times moved so the span starts
/// at 0. The frames between that keyframe and the start (at most one keyframe interval) are in
/// the file at times before 0, and the MP4's edit list hides them, so the clip shows from its
/// frame on show at its start wherever edit lists are honoured (FFmpeg, browsers, VLC, QuickTime). It ends
/// on the last frame shown before `to`, plus the one reference frame after it that frames
/// before it may need (one frame at most). Orders of magnitude faster than drawing the span again.
public enum StreamCopyCut {
    /// What was cut: its length on its own clock, in seconds.
    public struct Result: Sendable {
        public var seconds: Double
    }

    /// Cuts `from` … `to` (seconds on `source`'s clock) of `source` into `target` (.mp4), written
    /// beside it as a hidden partial file and moved into place when complete.
    public static func cut(_ source: URL, from: Double, to: Double, into target: URL) throws -> Result {
        guard from.isFinite, to.isFinite, to > from, from >= 0 else { throw MediaError("cutting \(source.path): the span \(from) … \(to) s is empty") }
        let input = try Input(source)
        let plan = try input.plan(from: from, to: to)
        let output = try Output(target, copying: input)
        try copy(input: try Input(source), plan: plan, into: output)
        try output.finish()
        return Result(seconds: plan.seconds)
    }

    /// Which packets make the clip: the video packets at decode positions `first…last`, the
    /// sound packets that end after `soundFrom` and begin before `soundTo` (stream times), and
    /// the time each stream's packets are moved back by.
    struct Plan {
        var first: Int, last: Int
        var videoShift: Int64
        var soundShift: Int64, soundFrom: Int64, soundTo: Int64
        var seconds: Double
    }

    /// Copies the planned packets of `input` into `output`, moved to the clip's clock.
    static func copy(input: Input, plan: Plan, into output: Output) throws {
        var packet: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
        guard let p = packet else { throw MediaError("out of memory") }
        defer { av_packet_free(&packet) }
        var position = -1
        while av_read_frame(input.format, p) >= 0 {
            defer { av_packet_unref(p) }
            let index = Int(p.pointee.stream_index)
            var keep = false, shift: Int64 = 0
            if index == input.video {
                position += 1
                keep = position >= plan.first && position <= plan.last
                shift = plan.videoShift
            } else if index == input.sound {
                let pts = p.pointee.pts == tactile_AV_NOPTS_VALUE() ? p.pointee.dts : p.pointee.pts
                keep = pts + max(p.pointee.duration, 1) > plan.soundFrom && pts < plan.soundTo
                shift = plan.soundShift
            }
            guard keep, let out = output.streamIndex(forInput: index) else { continue }
            if p.pointee.pts != tactile_AV_NOPTS_VALUE() { p.pointee.pts -= shift }
            if p.pointee.dts != tactile_AV_NOPTS_VALUE() { p.pointee.dts -= shift }
            // A packet the source's own edit list hid (the encoder's priming) is shown in the clip
            // only if the clip's edit list shows it.
            p.pointee.flags &= ~Int32(AV_PKT_FLAG_DISCARD)
            try output.write(p, from: input.format.pointee.streams[index]!, to: out)
        }
    }

    /// A movie opened to read its packets.
    final class Input {
        let url: URL
        let format: UnsafeMutablePointer<AVFormatContext>
        let video: Int
        let sound: Int?

        init(_ url: URL) throws {
            self.url = url
            var fmt: UnsafeMutablePointer<AVFormatContext>?
            var rc = avformat_open_input(&fmt, url.path, nil, nil)
            guard rc >= 0, let f = fmt else { throw MediaError("\(url.path): not a media file FFmpeg recognises", code: rc) }
            format = f
            rc = avformat_find_stream_info(f, nil)
            guard rc >= 0 else { throw MediaError("\(url.path): its streams cannot be read", code: rc) }
            let v = av_find_best_stream(f, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
            guard v >= 0 else { throw MediaError("\(url.path): has no video to cut") }
            video = Int(v)
            let a = av_find_best_stream(f, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
            sound = a >= 0 ? Int(a) : nil
        }

        deinit {
            var f: UnsafeMutablePointer<AVFormatContext>? = format
            avformat_close_input(&f)
        }

        func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> { format.pointee.streams[index]! }

        /// Reads every video packet's times once to find the keyframe the clip starts from and
        /// the last packet it needs.
        func plan(from: Double, to: Double) throws -> Plan {
            let videoBase = stream(video).pointee.time_base
            func ticks(_ seconds: Double, _ base: AVRational) -> Int64 { Int64((seconds * Double(base.den) / Double(base.num)).rounded()) }
            let start = ticks(from, videoBase), end = ticks(to, videoBase)
            var packet: UnsafeMutablePointer<AVPacket>? = av_packet_alloc()
            guard let p = packet else { throw MediaError("out of memory") }
            defer { av_packet_free(&packet) }
            var position = -1
            var first: (position: Int, pts: Int64)?, last = -1, lastShown = Int64.min
            // The frame on show at the start: the latest that begins at or before it.
            var onShow: Int64?
            while av_read_frame(format, p) >= 0 {
                defer { av_packet_unref(p) }
                guard Int(p.pointee.stream_index) == video else { continue }
                position += 1
                let pts = p.pointee.pts == tactile_AV_NOPTS_VALUE() ? p.pointee.dts : p.pointee.pts
                let isKey = p.pointee.flags & AV_PKT_FLAG_KEY != 0
                if isKey, pts <= start || first == nil { first = (position, pts) }
                if pts <= start, pts > onShow ?? .min { onShow = pts }
                // Everything up to the last frame shown before the end, in decode order.
                if pts < end, first != nil { last = position; lastShown = max(lastShown, pts + max(p.pointee.duration, 1)) }
            }
            guard let first, last >= first.position, lastShown > start else {
                throw MediaError("\(url.path): has no picture between \(String(format: "%.2f", from)) and \(String(format: "%.2f", to)) s")
            }
            // The sound starts one packet before the keyframe (the decoder's overlap), hidden by
            // the edit list like the frames before the start.
            let shown = max(first.pts, onShow ?? first.pts)
            var plan = Plan(
                first: first.position, last: last, videoShift: shown, soundShift: 0, soundFrom: 0, soundTo: 0,
                seconds: Double(lastShown - shown) * Double(videoBase.num) / Double(videoBase.den))
            if let sound {
                let base = stream(sound).pointee.time_base
                let firstSeconds = Double(first.pts) * Double(videoBase.num) / Double(videoBase.den)
                let overlap = Int64(stream(sound).pointee.codecpar.pointee.frame_size > 0 ? stream(sound).pointee.codecpar.pointee.frame_size : 1024)
                plan.soundShift = ticks(Double(shown) * Double(videoBase.num) / Double(videoBase.den), base)
                plan.soundFrom = ticks(firstSeconds, base) - overlap
                plan.soundTo = ticks(Double(lastShown) * Double(videoBase.num) / Double(videoBase.den), base)
            }
            return plan
        }
    }

    /// The clip being written: a copy of the input's picture and sound streams.
    final class Output {
        let url: URL
        let temporary: URL
        private var format: UnsafeMutablePointer<AVFormatContext>?
        private var mapping: [Int: Int] = [:]
        private var finished = false

        init(_ url: URL, copying input: Input) throws {
            self.url = url
            temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial.\(url.pathExtension)")
            var fmt: UnsafeMutablePointer<AVFormatContext>?
            var rc = avformat_alloc_output_context2(&fmt, nil, nil, temporary.path)
            guard rc >= 0, let f = fmt else { throw MediaError("\(url.path): no container for this name", code: rc) }
            format = f
            do {
                for index in [input.video] + (input.sound.map { [$0] } ?? []) {
                    let from = input.stream(index)
                    guard let to = avformat_new_stream(f, nil) else { throw MediaError("out of memory") }
                    rc = avcodec_parameters_copy(to.pointee.codecpar, from.pointee.codecpar)
                    guard rc >= 0 else { throw MediaError("copying the stream's description", code: rc) }
                    to.pointee.codecpar.pointee.codec_tag = 0
                    to.pointee.time_base = from.pointee.time_base
                    // The display matrix (a turned phone video) goes along.
                    if let side = av_stream_get_side_data(from, AV_PKT_DATA_DISPLAYMATRIX, nil),
                        let copy = av_stream_new_side_data(to, AV_PKT_DATA_DISPLAYMATRIX, 36)
                    {
                        copy.update(from: side, count: 36)
                    }
                    mapping[index] = Int(to.pointee.index)
                }
                try OutputFile.open(temporary, finishing: url, into: f)
                rc = avformat_write_header(f, nil)
                guard rc >= 0 else { throw MediaError("writing the container header", code: rc) }
            } catch {
                close()
                if !(error is FileRefusal) { try? FileManager.default.removeItem(at: temporary) } else { finished = true }
                throw error
            }
        }

        deinit { close(); if !finished { try? FileManager.default.removeItem(at: temporary) } }

        func streamIndex(forInput index: Int) -> Int? { mapping[index] }

        /// Writes `packet` (times in `source`'s base) into the output stream `index`.
        func write(_ packet: UnsafeMutablePointer<AVPacket>, from source: UnsafeMutablePointer<AVStream>, to index: Int) throws {
            guard let f = format, let stream = f.pointee.streams[index] else { throw MediaError("the clip is closed") }
            av_packet_rescale_ts(packet, source.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = Int32(index)
            packet.pointee.pos = -1
            let rc = av_interleaved_write_frame(f, packet)
            guard rc >= 0 else { throw MediaError("writing a packet", code: rc) }
        }

        /// Writes the trailer and moves the clip into place.
        func finish() throws {
            guard let f = format else { throw MediaError("the clip is closed") }
            let rc = av_write_trailer(f)
            guard rc >= 0 else { throw MediaError("writing the container trailer", code: rc) }
            try OutputFile.close(f)
            close()
            if rename(temporary.path, url.path) != 0 { throw MediaError("moving the finished file to \(url.path)") }
            finished = true
        }

        private func close() {
            guard let f = format else { return }
            if f.pointee.pb != nil { _ = tactile_avio_close_fd(&f.pointee.pb) }
            avformat_free_context(f)
            format = nil
        }
    }
}
