import Foundation
import TactileCore

/// The media an export draws from: every picture decoded exactly, on the spot, at full size (up
/// to `maxPictureSize` on its longer side), for a composition that moves forward frame by
/// frame. Each file keeps a few decoders, so two clips of one file (the two sides of a
/// transition on a split, a picture-in-picture of the same footage) each decode on from where
/// they were instead of seeking one decoder back and forth.
public final class ExportFrames: MediaSource {
    private let maxPictureSize: Int?
    private let fitting: (width: Int, height: Int)?
    private let threads: Int
    private var statuses: [String: MediaStatus] = [:]
    private var decoders: [String: [VideoDecoder]] = [:]
    /// This frame's pictures, as decoded and (once drawn) in RGBA; cleared when the next frame begins.
    private var undrawn: [ImageHandle: (DecodedPicture, VideoDecoder)] = [:]
    private var images: [ImageHandle: RGBAImage] = [:]
    /// Stills, decoded once, with one handle for good (renderers may keep their texture).
    private var stills: [String: MediaPicture] = [:]
    private var stillImages: [ImageHandle: RGBAImage] = [:]
    private var stillPictures: [ImageHandle: (DecodedPicture, VideoDecoder)] = [:]
    /// This frame's pictures made ready to place: turned upright, converted to YUV 4:2:0.
    private var prepared: [ImageHandle: DecodedPicture] = [:]
    /// Stills as the export places them (YUV 4:2:0, upright), made once; none for a still with
    /// see-through parts (drawn, so what lies beneath shows through).
    private var placeableStills: [ImageHandle: DecodedPicture] = [:]
    private let converter = PictureConverter()
    private var nextHandle = 1
    /// The decoders asked for a picture since the frame began.
    private var used: Set<ObjectIdentifier> = []
    private var problems: [String] = []
    /// Decoders kept per file. Three: a transition's two sides and a picture-in-picture.
    static let decodersPerFile = 3

    /// A source decoding with `threads` codec threads per decoder (0: one per core). With
    /// `fitting`, every picture comes scaled to fit that box (the movie's size): the size a
    /// picture filling the frame is drawn at, so drawing it is a plain copy.
    public init(maxPictureSize: Int? = nil, fitting: (width: Int, height: Int)? = nil, threads: Int = 0) {
        MediaLog.quiet()
        self.maxPictureSize = maxPictureSize
        self.fitting = fitting
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
            let handle = ImageHandle(nextHandle)
            nextHandle += 1
            if info.isStill {
                // Decoded once, kept as decoded (placed in frames) and converted once if drawn.
                let decoded = try decoder.decodedPicture(at: .zero)
                let picture = MediaPicture(handle: handle, width: decoded.width, height: decoded.height, time: .zero, isExact: true)
                stills[path] = picture
                stillPictures[handle] = (decoded, decoder)
                if decoded.isOpaque, let placed = try decoded.inYUV420(using: converter).turnedUpright() {
                    placeableStills[handle] = placed
                }
                decoders[path] = nil
                return picture
            }
            // Kept as decoded: converted to RGBA only if the frame must be drawn (`image(for:)`).
            let decoded = try decoder.decodedPicture(at: time)
            undrawn[handle] = (decoded, decoder)
            return MediaPicture(handle: handle, width: decoded.width, height: decoded.height, time: decoded.time, isExact: true)
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
            chosen.fitting = fitting
        } else {
            chosen = pool.removeFirst()
        }
        pool.append(chosen)
        decoders[path] = pool
        used.insert(ObjectIdentifier(chosen))
        return chosen
    }

    public func thumbnail(of path: String, at time: Time, height: Int) -> MediaPicture? { nil }
    public func waveform(of path: String) -> Waveform? { nil }
    public func image(for handle: ImageHandle) -> RGBAImage? {
        if let known = images[handle] ?? stillImages[handle] { return known }
        guard let (decoded, decoder) = undrawn[handle] ?? stillPictures[handle] else { return nil }
        do {
            let image = try decoder.picture(from: decoded)
            if stillPictures[handle] != nil { stillImages[handle] = image } else { images[handle] = image }
            return image
        } catch {
            let sentence = "\((decoder.path as NSString).lastPathComponent): \(error)"
            if !problems.contains(sentence) { problems.append(sentence) }
            return nil
        }
    }

    /// The picture behind `handle` as decoded, stood upright (turned once, when its file says to
    /// turn it), for the export to place in the movie's frame directly; with `cuttable`, in YUV
    /// 4:2:0 (converted once) so that a part of it can be cut out. Nil when it must be drawn: it
    /// has see-through parts.
    public func decodedPicture(for handle: ImageHandle, cuttable: Bool = false) -> DecodedPicture? {
        if stillPictures[handle] != nil { return placeableStills[handle] }
        guard let (decoded, decoder) = undrawn[handle], !decoded.hasAlphaChannel else { return nil }
        if decoded.rotation % 360 == 0 && (decoded.canBeCut || !cuttable) { return decoded }
        if let ready = prepared[handle] { return ready }
        do {
            // Turning needs 4:2:0 planes too.
            guard let ready = try decoded.inYUV420(using: converter).turnedUpright() else { return nil }
            prepared[handle] = ready
            return ready
        } catch {
            let sentence = "\((decoder.path as NSString).lastPathComponent): \(error)"
            if !problems.contains(sentence) { problems.append(sentence) }
            return nil
        }
    }
    /// A new frame: the last frame's pictures are let go, and the decoders of clips the
    /// composition has left (none of the last frame's pictures came from them) are closed, so
    /// a long project holds only the decoders of what shows now.
    public func beginFrame(at now: Time) {
        images.removeAll(keepingCapacity: true)
        for handle in undrawn.keys { prepared[handle] = nil }
        undrawn.removeAll(keepingCapacity: true)
        for (path, pool) in decoders {
            let kept = pool.filter { used.contains(ObjectIdentifier($0)) }
            decoders[path] = kept.isEmpty ? nil : kept
        }
        used.removeAll(keepingCapacity: true)
    }
    public var generation: Int { 0 }
    public func takeProblems() -> [String] { defer { problems = [] }; return problems }
}
