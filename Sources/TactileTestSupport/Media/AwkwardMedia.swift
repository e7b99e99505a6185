import Foundation
import TactileCore
import TactileStudy
import TactileMedia

/// Files that are hard to open, made by our own encoders (for tests and the leak check): every
/// kind of trouble the editor must survive, each with a frame index in its pixels where it has
/// pictures.
public enum AwkwardMedia {
    /// What each file is, by name.
    public static let names: [String: String] = [
        "missing.mp4": "a file that is not there",
        "empty.mp4": "zero bytes",
        "garbage.mp4": "bytes that are no media format",
        "folder.mov": "a folder with a media file's name",
        "truncated-header.mp4": "an MP4 cut before its index",
        "truncated-stream.mkv": "a Matroska file cut halfway through its frames",
        "unknown-codec.avi": "video under a codec tag FFmpeg does not know",
        "audio-only.m4a": "sound and no picture",
        "still.png": "one picture",
        "odd-size.mkv": "FFV1 at 333×187",
        "rotated.mp4": "H.264 stored landscape, shown turned 90°",
        "variable-rate.mkv": "frames at irregular times",
    ]

    /// Frame times (in 1/30 s) of the variable-frame-rate file: bursts and gaps.
    public static let variableRateTicks: [Int64] = [0, 1, 2, 5, 6, 7, 15, 16, 30, 31, 32, 33, 45, 60]

    /// Makes every file into `folder` (except the missing one) and returns the path of each.
    @discardableResult
    public static func make(in folder: URL) throws -> [String: String] {
        MediaLog.quiet()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
        FileManager.default.createFile(atPath: url("empty.mp4").path, contents: Data())
        FileManager.default.createFile(atPath: url("garbage.mp4").path, contents: Data((0..<4096).map { UInt8(($0 * 7919) % 251) }))
        try FileManager.default.createDirectory(at: url("folder.mov"), withIntermediateDirectories: true)

        let whole = url(".whole.mp4")
        try TestPattern.writeClip(to: whole, settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 15), frames: 45, style: 0)
        let mp4 = try Data(contentsOf: whole)
        try mp4.prefix(mp4.count / 3).write(to: url("truncated-header.mp4"))
        try? FileManager.default.removeItem(at: whole)

        let stream = url(".stream.mkv")
        try TestPattern.writeClip(to: stream, settings: .init(codec: .mjpeg, width: 320, height: 180), frames: 40, style: 1)
        let mkv = try Data(contentsOf: stream)
        try mkv.prefix(mkv.count / 2).write(to: url("truncated-stream.mkv"))
        try? FileManager.default.removeItem(at: stream)

        let intra = url(".intra.avi")
        try TestPattern.writeClip(to: intra, settings: .init(codec: .mjpeg, width: 160, height: 90), frames: 10, style: 2)
        var avi = try Data(contentsOf: intra)
        // AVI names its codec by a four-character tag; an unknown one leaves FFmpeg without a decoder.
        for tag in ["MJPG", "mjpg"] { avi = avi.replacingAll(Data(tag.utf8), with: Data("XVQZ".utf8)) }
        try avi.write(to: url("unknown-codec.avi"))
        try? FileManager.default.removeItem(at: intra)

        try AudioEncoder.write(AudioEncoder.tone(hz: 440, seconds: 1.5, sampleRate: 48_000), sampleRate: 48_000, codec: .aac, to: url("audio-only.m4a"))
        try ImageCodec.writePNG(TestPattern.frame(3, width: 320, height: 180, style: 2), to: url("still.png"))
        try TestPattern.writeClip(to: url("odd-size.mkv"), settings: .init(codec: .ffv1, width: 333, height: 187), frames: 20, style: 1)
        try TestPattern.writeClip(
            to: url("rotated.mp4"), settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 30, rotation: 90),
            frames: 30, style: 0)
        let vfr = try VideoEncoder(url: url("variable-rate.mkv"), settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 30))
        for (i, tick) in variableRateTicks.enumerated() { try vfr.append(TestPattern.frame(i, width: 320, height: 180, style: 1), pts: tick) }
        try vfr.finish()
        var paths: [String: String] = [:]
        for name in names.keys { paths[name] = url(name).path }
        return paths
    }
}

extension Data {
    /// This data with every occurrence of `pattern` replaced by `replacement` (same length).
    func replacingAll(_ pattern: Data, with replacement: Data) -> Data {
        var out = self
        var start = out.startIndex
        while let r = out.range(of: pattern, in: start..<out.endIndex) {
            out.replaceSubrange(r, with: replacement)
            start = r.upperBound
        }
        return out
    }
}
