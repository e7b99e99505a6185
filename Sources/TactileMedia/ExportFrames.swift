import Foundation
import TactileCore

/// The media an export draws from: every picture decoded exactly, on the spot, at full size (up
/// to `maxPictureSize` on its longer side), for a composition that moves forward frame by
/// frame. Each file keeps a few decoders, so two clips of one file (the two sides of a
/// transition on a split, a picture-in-picture of the same footage) each decode on from where
/// they were instead of seeking one decoder back and forth.
public final class ExportFrames: MediaSource {
    private let maxPictureSize: Int?
    private let threads: Int
    private var statuses: [String: MediaStatus] = [:]
    private var decoders: [String: [VideoDecoder]] = [:]
    /// This frame's pictures; cleared when the next frame begins.
    private var images: [ImageHandle: RGBAImage] = [:]
    /// Stills, decoded once, with one handle for good (renderers may keep their texture).
    private var stills: [String: MediaPicture] = [:]
    private var stillImages: [ImageHandle: RGBAImage] = [:]
    private var nextHandle = 1
    private var problems: [String] = []
    /// Decoders kept per file. Three: a transition's two sides and a picture-in-picture.
    static let decodersPerFile = 3

    /// A source decoding with `threads` codec threads per decoder (0: one per core).
    public init(maxPictureSize: Int? = nil, threads: Int = 0) {
        self.maxPictureSize = maxPictureSize
        self.threads = threads
    }

    public func status(of path: String) -> MediaStatus {
        if let known = statuses[path] { return known }
        let report = MediaProbe.probe(path)
        let status: MediaStatus = report.mediaInfo.map { .ready($0) } ?? .offline(report.error ?? "The file cannot be used.")
        statuses[path] = status
        return status
    }

    public func frame(of path: String, at time: Time, lane: FrameLane) -> MediaPicture? {
        guard let info = status(of: path).info, info.hasVideo else { return nil }
        if info.isStill, let still = stills[path] { return still }
        do {
            let decoder = try decoder(for: path, reaching: time)
            let decoded = try decoder.frame(at: info.isStill ? .zero : time)
            let handle = ImageHandle(nextHandle)
            nextHandle += 1
            let picture = MediaPicture(handle: handle, width: decoded.image.width, height: decoded.image.height, time: decoded.time, isExact: true)
            if info.isStill {
                stills[path] = picture; stillImages[handle] = decoded.image
                decoders[path] = nil
            } else {
                images[handle] = decoded.image
            }
            return picture
        } catch {
            let sentence = "\((path as NSString).lastPathComponent): \(error)"
            if !problems.contains(sentence) { problems.append(sentence) }
            return nil
        }
    }

    /// The decoder of `path` that reaches `time` soonest without a seek; else a new one while
    /// the file has fewer than `decodersPerFile`; else the one used longest ago (it seeks).
    private func decoder(for path: String, reaching time: Time) throws -> VideoDecoder {
        var pool = decoders[path] ?? []
        let best = pool.indices.compactMap { i in pool[i].framesToDecode(reaching: time).map { (i, $0) } }.min { $0.1 < $1.1 }
        let chosen: VideoDecoder
        if let (i, _) = best {
            chosen = pool.remove(at: i)
        } else if pool.count < Self.decodersPerFile {
            chosen = try VideoDecoder(path: path, maxPictureSize: maxPictureSize, threads: threads)
        } else {
            chosen = pool.removeFirst()
        }
        pool.append(chosen)
        decoders[path] = pool
        return chosen
    }

    public func thumbnail(of path: String, at time: Time, height: Int) -> MediaPicture? { nil }
    public func waveform(of path: String) -> Waveform? { nil }
    public func image(for handle: ImageHandle) -> RGBAImage? { images[handle] ?? stillImages[handle] }
    /// A new frame: the last frame's pictures are let go.
    public func beginFrame(at now: Time) { images.removeAll(keepingCapacity: true) }
    public var generation: Int { 0 }
    public func takeProblems() -> [String] { defer { problems = [] }; return problems }
}
