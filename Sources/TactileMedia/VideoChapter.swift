import CFFmpeg
import Foundation

/// A chapter of a video: where it starts and ends (seconds) and its title, as players list them
/// (QuickTime chapters and Nero's in an MP4). Written by `VideoEncoder` (`Settings.chapters`),
/// read back by `read(from:)`.
public struct VideoChapter: Sendable, Equatable {
    public var start: Double, end: Double
    public var title: String
    public init(start: Double, end: Double, title: String) { self.start = start; self.end = end; self.title = title }

    /// The chapters of the video at `url`, in order.
    public static func read(from url: URL) throws -> [VideoChapter] {
        var fmt: UnsafeMutablePointer<AVFormatContext>?
        let rc = avformat_open_input(&fmt, url.path, nil, nil)
        guard rc >= 0, let context = fmt else { throw MediaError("opening \(url.lastPathComponent)", code: rc) }
        defer { avformat_close_input(&fmt) }
        var out: [VideoChapter] = []
        for i in 0..<Int(context.pointee.nb_chapters) {
            guard let c = context.pointee.chapters[i] else { continue }
            let base = Double(c.pointee.time_base.num) / Double(max(1, c.pointee.time_base.den))
            let title = av_dict_get(c.pointee.metadata, "title", nil, 0).map { String(cString: $0.pointee.value) } ?? ""
            out.append(VideoChapter(start: Double(c.pointee.start) * base, end: Double(c.pointee.end) * base, title: title))
        }
        return out
    }

    /// Adds `chapters` to `format` (before its header is written), in milliseconds.
    static func add(_ chapters: [VideoChapter], to format: UnsafeMutablePointer<AVFormatContext>) throws {
        guard !chapters.isEmpty else { return }
        let count = Int(format.pointee.nb_chapters) + chapters.count
        guard let list = av_realloc_array(format.pointee.chapters, count, MemoryLayout<UnsafeMutablePointer<AVChapter>?>.size) else {
            throw MediaError("out of memory adding chapters")
        }
        format.pointee.chapters = list.assumingMemoryBound(to: UnsafeMutablePointer<AVChapter>?.self)
        for (i, chapter) in chapters.enumerated() {
            guard let raw = av_mallocz(MemoryLayout<AVChapter>.size) else { throw MediaError("out of memory adding a chapter") }
            let c = raw.assumingMemoryBound(to: AVChapter.self)
            c.pointee.id = Int64(i + 1)
            c.pointee.time_base = AVRational(num: 1, den: 1000)
            c.pointee.start = Int64((chapter.start * 1000).rounded())
            c.pointee.end = Int64((max(chapter.end, chapter.start) * 1000).rounded())
            av_dict_set(&c.pointee.metadata, "title", chapter.title, 0)
            format.pointee.chapters[Int(format.pointee.nb_chapters)] = c
            format.pointee.nb_chapters += 1
        }
    }
}
