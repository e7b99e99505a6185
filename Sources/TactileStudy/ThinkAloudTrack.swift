import Foundation
import TactileCore
import TactileHeadless

/// A session's think-aloud sound: `audio.wav` (16-bit PCM, mono) written as it is captured, and
/// `audio.json` saying where it starts on the session's clock — the trace's, so that `tactile
/// replay DIR --video` lays it under the picture where it was said. The WAV's sizes are
/// rewritten when it ends; a file cut short by a kill still plays to its last whole sample.
public final class ThinkAloudTrack {
    public static let soundFile = "audio.wav", timingFile = "audio.json"
    public let folder: URL
    public let sampleRate: Int
    private let handle: FileHandle
    /// Samples written so far.
    public private(set) var samples = 0
    /// Why writing stopped (a full disk), or nil.
    public private(set) var stopped: String?

    /// Starts the track in `folder`, its first sample at `start` on the session's clock.
    public init(folder: URL, sampleRate: Int, start: Time) throws {
        self.folder = folder; self.sampleRate = sampleRate
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let timing =
            JSONValue.object([
                ("file", .string(Self.soundFile)), ("start", .number((start.seconds * 1e6).rounded() / 1e6)),
                ("sampleRate", .number(Double(sampleRate))),
            ]).serialized(pretty: true) + "\n"
        try AtomicFile.write(Data(timing.utf8), to: folder.appendingPathComponent(Self.timingFile))
        let url = folder.appendingPathComponent(Self.soundFile)
        handle = FileHandle(fileDescriptor: try AtomicFile.open(url, flags: O_WRONLY | O_CREAT | O_TRUNC), closeOnDealloc: true)
        try handle.write(contentsOf: Self.header(sampleRate: sampleRate, samples: nil))
        _ = try handle.seekToEnd()
    }

    /// A WAV header for mono 16-bit PCM; `samples` nil writes the "length unknown" sizes a
    /// streaming writer uses until it knows them.
    static func header(sampleRate: Int, samples: Int?) -> Data {
        var d = Data()
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        let dataBytes = samples.map { UInt32(min(Int(UInt32.max) - 36, $0 * 2)) } ?? UInt32.max - 36
        d.append(contentsOf: Array("RIFF".utf8)); u32(dataBytes + 36)
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(UInt32(sampleRate)); u32(UInt32(sampleRate * 2)); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        return d
    }

    /// Appends captured samples (-1 … 1).
    public func append(_ more: [Float]) {
        guard stopped == nil, !more.isEmpty else { return }
        var pcm = Data(count: more.count * 2)
        pcm.withUnsafeMutableBytes { raw in
            let out = raw.bindMemory(to: Int16.self)
            for (i, s) in more.enumerated() { out[i] = Int16(max(-32767, min(32767, (s * 32767).rounded()))).littleEndian }
        }
        do { try handle.write(contentsOf: pcm); samples += more.count } catch { stopped = CommandError.reason(error) }
    }

    /// Ends the track: the header says how long it is.
    public func finish() {
        try? handle.seek(toOffset: 0)
        try? handle.write(contentsOf: Self.header(sampleRate: sampleRate, samples: samples))
        try? handle.synchronize()
        try? handle.close()
    }

    /// The track of the session in `folder`, if it has one: the sound file and its start.
    public static func open(in folder: URL) throws -> (url: URL, start: Time, duration: Time)? {
        let timing = folder.appendingPathComponent(timingFile)
        guard FileManager.default.fileExists(atPath: timing.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: timing.path),
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else {
            throw CommandError.badInput("\(timing.path): expected a JSON object like {\"file\": \"audio.wav\", \"start\": 0.25}")
        }
        guard let start = JSONNumber.double(object["start"]), let t = Time.checkedSeconds(start, in: -86_400...(30 * 86_400)) else {
            throw CommandError.badInput("\(timing.path): start: must be seconds on the session's clock")
        }
        let name = object["file"] as? String ?? soundFile
        if let why = PathName.problem(name) { throw CommandError.badInput("\(timing.path): file: \(why); a file in the session folder is expected") }
        let url = folder.appendingPathComponent(name)
        // A sound file gone (deleted, not copied with the session) leaves the video silent, said
        // once on standard error: the picture is still worth having.
        guard FileManager.default.fileExists(atPath: url.path) else {
            FileHandle.standardError.write(Data("tactile: \(url.path) is missing: the video is cut without the think-aloud sound\n".utf8))
            return nil
        }
        // Its length from its size (a file cut short by a kill has no length in its header).
        let rate = JSONNumber.double(object["sampleRate"]).flatMap { $0 >= 8000 && $0 <= 192_000 ? $0 : nil } ?? 48_000
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 44) ?? 44
        return (url, t, .seconds(Double(max(0, bytes - 44) / 2) / rate))
    }
}
