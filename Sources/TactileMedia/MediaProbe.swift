import CFFmpeg
import Foundation
import TactileCore

/// What `tactile probe` reports about one file.
public struct ProbeReport: Sendable, Hashable {
    public struct Video: Sendable, Hashable {
        public var codec: String
        public var codedWidth: Int, codedHeight: Int
        /// The size as shown: rotation and sample aspect ratio applied.
        public var displayWidth: Int, displayHeight: Int
        /// Degrees clockwise the picture is turned when shown (0, 90, 180, 270).
        public var rotation: Int
        public var frameRate: Double
        public var pixelFormat: String
    }
    public struct Audio: Sendable, Hashable {
        public var codec: String
        public var sampleRate: Int
        public var channels: Int
    }

    public var path: String
    public var ok: Bool
    public var error: String?
    /// Something to know about a file that can be used ("cut short: only the first 2.5 s of its 10 s decode").
    public var warning: String?
    public var container: String?
    public var duration: Double?
    public var video: Video?
    public var audio: Audio?

    /// The report as the documented JSON object.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("path", .string(path)), ("ok", .bool(ok)), ("error", error.map { .string($0) } ?? .null),
            ("warning", warning.map { .string($0) } ?? .null),
            ("container", container.map { .string($0) } ?? .null), ("duration", duration.map { .number($0) } ?? .null),
        ]
        fields.append(
            (
                "video",
                video.map { v in
                    .object([
                        ("codec", .string(v.codec)), ("codedWidth", .number(Double(v.codedWidth))), ("codedHeight", .number(Double(v.codedHeight))),
                        ("displayWidth", .number(Double(v.displayWidth))), ("displayHeight", .number(Double(v.displayHeight))),
                        ("rotation", .number(Double(v.rotation))), ("frameRate", .number((v.frameRate * 1000).rounded() / 1000)),
                        ("pixelFormat", .string(v.pixelFormat)),
                    ])
                } ?? .null
            ))
        fields.append(
            (
                "audio",
                audio.map { a in
                    .object([("codec", .string(a.codec)), ("sampleRate", .number(Double(a.sampleRate))), ("channels", .number(Double(a.channels)))])
                } ?? .null
            ))
        return .object(fields)
    }
}

/// Opens media files with libavformat and says what is in them, or precisely why not.
public enum MediaProbe {
    public static func probe(_ path: String) -> ProbeReport {
        var report = ProbeReport(path: path, ok: false)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            report.error = "No such file."
            return report
        }
        if isDirectory.boolValue { report.error = "This is a folder, not a media file."; return report }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.intValue ?? 0
        if size == 0 { report.error = "The file is empty."; return report }
        guard FileManager.default.isReadableFile(atPath: path) else { report.error = "The file cannot be read (permission denied)."; return report }

        var format: UnsafeMutablePointer<AVFormatContext>?
        var rc = avformat_open_input(&format, path, nil, nil)
        guard rc >= 0, let fmt = format else {
            if let kind = sniffContainer(path) {
                report.error = "It looks like \(kind) file but is damaged or cut short (\(describe(rc)))."
            } else {
                report.error = "Not a media file FFmpeg recognises (\(describe(rc)))."
            }
            return report
        }
        defer { avformat_close_input(&format) }
        rc = avformat_find_stream_info(fmt, nil)
        guard rc >= 0 else {
            report.error = "The file is damaged or cut short: its streams cannot be read (\(describe(rc)))."
            return report
        }
        report.container = String(cString: fmt.pointee.iformat.pointee.name)
        if fmt.pointee.duration != tactile_AV_NOPTS_VALUE() && fmt.pointee.duration > 0 {
            report.duration = Double(fmt.pointee.duration) / Double(AV_TIME_BASE)
        }
        let videoIndex = av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        let audioIndex = av_find_best_stream(fmt, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        var problems: [String] = []
        if videoIndex >= 0, let st = fmt.pointee.streams[Int(videoIndex)] {
            let par = st.pointee.codecpar.pointee
            let codecName = String(cString: avcodec_get_name(par.codec_id))
            if avcodec_find_decoder(par.codec_id) == nil { problems.append("Its video is in \(describeCodec(par)), which this FFmpeg cannot decode.") }
            let rotation = rotationDegrees(st)
            var w = Int(par.width), h = Int(par.height)
            if par.sample_aspect_ratio.num > 0 && par.sample_aspect_ratio.den > 0 && par.sample_aspect_ratio.num != par.sample_aspect_ratio.den {
                w = Int((Double(w) * Double(par.sample_aspect_ratio.num) / Double(par.sample_aspect_ratio.den)).rounded())
            }
            if rotation % 180 != 0 { swap(&w, &h) }
            let rate = st.pointee.avg_frame_rate.den > 0 && st.pointee.avg_frame_rate.num > 0 ? st.pointee.avg_frame_rate : st.pointee.r_frame_rate
            let fps = rate.den > 0 ? Double(rate.num) / Double(rate.den) : 0
            let pixel = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)).map { String(cString: $0) } ?? "unknown"
            if par.width <= 0 || par.height <= 0 { problems.append("Its video has no picture size.") }
            report.video = .init(
                codec: codecName, codedWidth: Int(par.width), codedHeight: Int(par.height), displayWidth: w, displayHeight: h,
                rotation: rotation, frameRate: fps, pixelFormat: pixel)
            if report.duration == nil, st.pointee.duration != tactile_AV_NOPTS_VALUE() {
                report.duration = Double(st.pointee.duration) * Double(st.pointee.time_base.num) / Double(st.pointee.time_base.den)
            }
        }
        // An index that promises more than the file holds (an MP4 cut short after its moov):
        // the length is what really decodes.
        let indexed = videoIndex >= 0 ? videoIndex : audioIndex
        if indexed >= 0, let st = fmt.pointee.streams[Int(indexed)], let claimed = report.duration,
            let decodable = decodableSeconds(of: st, fileSize: Int64(size)), decodable < claimed - 0.05
        {
            report.duration = decodable
            report.warning =
                "The file is cut short: only the first \(String(format: "%.1f", decodable)) s of its \(String(format: "%.1f", claimed)) s can be played."
        }
        if audioIndex >= 0, let st = fmt.pointee.streams[Int(audioIndex)] {
            let par = st.pointee.codecpar.pointee
            let codecName = String(cString: avcodec_get_name(par.codec_id))
            if avcodec_find_decoder(par.codec_id) == nil { problems.append("Its sound is in \(describeCodec(par)), which this FFmpeg cannot decode.") }
            report.audio = .init(codec: codecName, sampleRate: Int(par.sample_rate), channels: Int(par.ch_layout.nb_channels))
        }
        if report.video == nil && report.audio == nil { problems.append("It holds no audio or video.") }
        if problems.isEmpty {
            report.ok = true
        } else {
            report.error = problems.joined(separator: " ")
        }
        return report
    }

    /// How many seconds of `stream` lie within the file's `fileSize` bytes, by the demuxer's index
    /// of packets (MP4 and QuickTime index every one); nil when it has no index or all is there.
    static func decodableSeconds(of stream: UnsafeMutablePointer<AVStream>, fileSize: Int64) -> Double? {
        let count = avformat_index_get_entries_count(stream)
        guard count > 0, let last = avformat_index_get_entry(stream, count - 1) else { return nil }
        guard last.pointee.pos + Int64(last.pointee.size) > fileSize else { return nil }
        // The last packet wholly inside the file (entries are in file order within a stream).
        var lo = 0, hi = Int(count) - 1, found = -1
        while lo <= hi {
            let mid = (lo + hi) / 2
            guard let e = avformat_index_get_entry(stream, Int32(mid)) else { break }
            if e.pointee.pos + Int64(e.pointee.size) <= fileSize { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        guard found >= 0 else { return 0 }
        // Presentation order can run ahead of file order (B-frames): take the latest time among
        // the packets that are there, plus one frame.
        var latest = Int64.min
        for i in max(0, found - 16)...found { if let e = avformat_index_get_entry(stream, Int32(i)) { latest = max(latest, e.pointee.timestamp) } }
        let tb = stream.pointee.time_base
        let start = stream.pointee.start_time == tactile_AV_NOPTS_VALUE() ? 0 : stream.pointee.start_time
        let rate = stream.pointee.avg_frame_rate
        let frame = rate.num > 0 && rate.den > 0 ? Double(rate.den) / Double(rate.num) : 0
        return max(0, Double(latest - start) * Double(tb.num) / Double(max(1, tb.den)) + frame)
    }

    /// Degrees clockwise from the stream's display matrix, snapped to 0, 90, 180 or 270.
    static func rotationDegrees(_ stream: UnsafeMutablePointer<AVStream>) -> Int {
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil) else { return 0 }
        let angle = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard angle.isFinite else { return 0 }
        let clockwise = (Int((-angle).rounded()) % 360 + 360) % 360
        return (clockwise + 45) / 90 * 90 % 360
    }

    /// The container a file's first bytes announce ("an MP4"), when they announce one.
    static func sniffContainer(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 12))
        guard head.count >= 12 else { return nil }
        func ascii(_ r: Range<Int>) -> String { String(decoding: head[r], as: UTF8.self) }
        if ascii(4..<8) == "ftyp" { return "an MP4 / QuickTime" }
        if head[0..<4] == [0x1A, 0x45, 0xDF, 0xA3] { return "a Matroska / WebM" }
        if ascii(0..<4) == "RIFF" { return ascii(8..<12) == "WAVE" ? "a WAV" : "an AVI" }
        if ascii(0..<4) == "OggS" { return "an Ogg" }
        if head[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return "a PNG" }
        if head[0..<3] == [0xFF, 0xD8, 0xFF] { return "a JPEG" }
        return nil
    }

    /// A codec's name, or its four-character tag when FFmpeg does not know it ("an unknown codec (XVQZ)").
    static func describeCodec(_ par: AVCodecParameters) -> String {
        guard par.codec_id == AV_CODEC_ID_NONE else { return String(cString: avcodec_get_name(par.codec_id)) }
        let tag = par.codec_tag
        let chars = (0..<4).map { UInt8(truncatingIfNeeded: tag >> ($0 * 8)) }
        let text = chars.allSatisfy { $0 >= 32 && $0 < 127 } ? String(decoding: chars, as: UTF8.self) : String(tag, radix: 16)
        return "an unknown codec (\(text))"
    }

    static func describe(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        return buffer.withUnsafeMutableBufferPointer { String(cString: tactile_av_err2str(code, $0.baseAddress, 256)) }
    }
}

extension ProbeReport {
    /// What the editor needs to know, or nil when the file cannot be used.
    public var mediaInfo: MediaInfo? {
        guard ok else { return nil }
        let still = container.map { $0.hasSuffix("_pipe") || $0 == "image2" } ?? false
        // Frame rates outside 1/1000 … 1000 fps are a damaged header: no frame length then.
        let frame = video.flatMap {
            $0.frameRate >= 0.001 && $0.frameRate <= 1000 ? Time(ticks: Int64((Double(Time.ticksPerSecond) / $0.frameRate).rounded())) : nil
        }
        return MediaInfo(
            duration: still ? nil : duration.map { .seconds($0) }, pictureWidth: video?.displayWidth,
            pictureHeight: video?.displayHeight, frameDuration: still ? nil : frame, hasAudio: audio != nil)
    }
}
