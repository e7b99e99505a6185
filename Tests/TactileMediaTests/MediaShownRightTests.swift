import CFFmpeg
import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// Media that once showed wrong: a JPEG still (black), MPEG-TS that starts at a non-zero time
/// (every frame late), an MP4 cut short after its index (a length that does not decode).
final class MediaShownRightTests: XCTestCase {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-shown-\(ProcessInfo.processInfo.processIdentifier)")

    override class func setUp() {
        MediaLog.quiet()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    override class func tearDown() {
        if ProcessInfo.processInfo.environment["TACTILE_KEEP_TEST_OUTPUT"] == nil { try? FileManager.default.removeItem(at: folder) }
    }

    func url(_ name: String) -> URL { Self.folder.appendingPathComponent(name) }

    func testABaselineJPEGStillShowsItsPictureAndAThumbnail() throws {
        let still = url("photo.jpg")
        // One MJPEG frame in the image2 muxer: an ordinary baseline JPEG file.
        let encoder = try VideoEncoder(url: still, settings: .init(codec: .mjpeg, width: 800, height: 600, quality: 3))
        try encoder.append(RGBAImage(width: 800, height: 600, fill: (30, 160, 220, 255)))
        try encoder.finish()
        let head = try Data(contentsOf: still).prefix(3)
        XCTAssertEqual([UInt8](head), [0xFF, 0xD8, 0xFF], "a JPEG file")
        let info = try XCTUnwrap(MediaProbe.probe(still.path).mediaInfo)
        XCTAssertTrue(info.isStill)
        let picture = try VideoDecoder(path: still.path, maxPictureSize: 960).frame(at: .seconds(1)).image
        XCTAssertEqual([picture.width, picture.height], [800, 600])
        let p = picture.pixel(x: 400, y: 300)
        XCTAssertTrue(p.b > 180 && p.g > 120 && p.r < 80, "the picture, not black: \(p)")
        let cache = MediaCache(mode: .synchronous)
        XCTAssertNotNil(cache.frame(of: still.path, at: .seconds(2), lane: .canvas), "the canvas shows it")
        XCTAssertNotNil(cache.thumbnail(of: still.path, at: .zero, height: 96), "a thumbnail")
    }

    func testMPEGTSThatStartsLaterThanZeroShowsEachFrameAtItsOwnTime() throws {
        let ts = url("broadcast.ts")
        try TestPattern.writeClip(
            to: ts, settings: .init(codec: .h264, width: 320, height: 180, framesPerSecond: 30, keyframeInterval: 15),
            frames: 60, style: 1)
        let report = MediaProbe.probe(ts.path)
        XCTAssertEqual(report.container, "mpegts")
        XCTAssertEqual(try XCTUnwrap(report.duration), 2, accuracy: 0.05, "the length from the first frame, not the stream's clock")
        let decoder = try VideoDecoder(path: ts.path)
        for index in [0, 1, 14, 15, 29, 30, 45, 59, 3] {
            let frame = try decoder.frame(at: Time.frame(atRate: 30) * Int64(index) + .seconds(0.01))
            XCTAssertEqual(TestPattern.readStamp(frame.image), index, "frame \(index) at its own time")
            XCTAssertEqual(frame.time, Time.frame(atRate: 30) * Int64(index))
        }
        XCTAssertEqual(TestPattern.readStamp(try decoder.frame(at: .seconds(1.99)).image), 59, "the end is the last frame, not black")
    }

    func testAnMP4CutShortAfterItsIndexReportsTheLengthThatReallyDecodes() throws {
        let whole = url("whole.mp4"), cut = url("cut.mp4")
        try TestPattern.writeClip(
            to: whole, settings: .init(codec: .h264, width: 320, height: 180, framesPerSecond: 30, keyframeInterval: 30),
            frames: 300, style: 0)
        try Self.moveIndexToTheFront(whole)
        let data = try Data(contentsOf: whole)
        try data.prefix(data.count / 4).write(to: cut)
        let report = MediaProbe.probe(cut.path)
        XCTAssertTrue(report.ok, report.error ?? "")
        let length = try XCTUnwrap(report.duration)
        XCTAssertLessThan(length, 5, "not the 10 s its index claims")
        XCTAssertGreaterThan(length, 1)
        XCTAssertTrue(report.warning?.contains("cut short") == true, "\(String(describing: report.warning))")
        let info = try XCTUnwrap(report.mediaInfo)
        XCTAssertEqual(try XCTUnwrap(info.duration).seconds, length, accuracy: 0.001)
        // Past what decodes, every decoder shows the last frame that does (window and headless alike).
        let lastIndex = Int((length * 30).rounded(.down)) - 1
        let synchronous = try VideoDecoder(path: cut.path).frame(at: .seconds(length + 3)).image
        XCTAssertEqual(TestPattern.readStamp(synchronous), lastIndex, accuracy: 3, "the last frame there is, not black")
    }

    /// Rewrites an MP4 so its index (moov) comes before its data, as cameras and `+faststart` do.
    static func moveIndexToTheFront(_ url: URL) throws {
        let temp = url.deletingLastPathComponent().appendingPathComponent("faststart-" + url.lastPathComponent)
        var input: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&input, url.path, nil, nil) >= 0, let i = input else { throw MediaError("open") }
        defer { avformat_close_input(&input) }
        _ = avformat_find_stream_info(i, nil)
        var output: UnsafeMutablePointer<AVFormatContext>?
        avformat_alloc_output_context2(&output, nil, "mp4", temp.path)
        guard let o = output else { throw MediaError("output") }
        defer { avformat_free_context(o) }
        for n in 0..<Int(i.pointee.nb_streams) {
            let s = avformat_new_stream(o, nil)!
            avcodec_parameters_copy(s.pointee.codecpar, i.pointee.streams[n]!.pointee.codecpar)
            s.pointee.codecpar.pointee.codec_tag = 0
            s.pointee.time_base = i.pointee.streams[n]!.pointee.time_base
        }
        avio_open(&o.pointee.pb, temp.path, AVIO_FLAG_WRITE)
        var options: OpaquePointer?
        av_dict_set(&options, "movflags", "faststart", 0)
        avformat_write_header(o, &options)
        av_dict_free(&options)
        let packet = av_packet_alloc()!
        var p: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&p) }
        while av_read_frame(i, packet) >= 0 {
            let si = Int(packet.pointee.stream_index)
            av_packet_rescale_ts(packet, i.pointee.streams[si]!.pointee.time_base, o.pointee.streams[si]!.pointee.time_base)
            av_interleaved_write_frame(o, packet)
        }
        av_write_trailer(o)
        avio_closep(&o.pointee.pb)
        guard rename(temp.path, url.path) == 0 else { throw MediaError("moving the rewritten file into place") }
    }
}
