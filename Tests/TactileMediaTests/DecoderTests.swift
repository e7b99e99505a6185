import CFFmpeg
import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// Exact frames, asserted from the frame index stamped in the pixels.
final class DecoderTests: XCTestCase {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-decode-\(ProcessInfo.processInfo.processIdentifier)")
    static var made = false
    static let codecs: [(String, VideoEncoder.Codec)] = [("h264.mp4", .h264), ("mpeg4.avi", .mpeg4), ("mjpeg.avi", .mjpeg), ("ffv1.mkv", .ffv1)]

    override func setUpWithError() throws {
        guard !Self.made else { return }
        MediaLog.quiet()
        try? FileManager.default.removeItem(at: Self.folder)
        for (name, codec) in Self.codecs {
            try TestPattern.writeClip(
                to: Self.folder.appendingPathComponent(name),
                settings: .init(codec: codec, width: 320, height: 180, framesPerSecond: 30, keyframeInterval: 25),
                frames: 90, style: 0)
        }
        try TestPattern.writeClip(
            to: Self.folder.appendingPathComponent("rotated.mp4"),
            settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 25, rotation: 90), frames: 30, style: 2)
        try TestPattern.writeClip(
            to: Self.folder.appendingPathComponent("gop-240.mp4"),
            settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 240), frames: 300, style: 1)
        Self.made = true
    }

    func testEveryRequestGetsTheFrameWhoseIntervalContainsIt() throws {
        var rng = SystemRandomNumberGenerator()
        for (name, _) in Self.codecs {
            let decoder = try VideoDecoder(path: Self.folder.appendingPathComponent(name).path)
            // Forward, backward, repeated, and random jumps.
            var requests = [0, 1, 2, 3, 10, 9, 30, 29, 60, 61, 89, 5, 5, 44]
            for _ in 0..<10 { requests.append(Int.random(in: 0..<90, using: &rng)) }
            for index in requests {
                for offset in [0.0, 0.5] {
                    let t = Time.frame(atRate: 30) * Int64(index) + .seconds(offset / 30)
                    let frame = try decoder.frame(at: t)
                    XCTAssertEqual(TestPattern.readStamp(frame.image), index, "\(name) at \(t.seconds)")
                    XCTAssertEqual(frame.time, Time.frame(atRate: 30) * Int64(index), "\(name) reports the frame's own time")
                }
            }
        }
    }

    func testPastTheEndShowsTheLastFrame() throws {
        let decoder = try VideoDecoder(path: Self.folder.appendingPathComponent("h264.mp4").path)
        XCTAssertEqual(TestPattern.readStamp(try decoder.frame(at: .seconds(50)).image), 89)
    }

    func testRotationIsHonoured() throws {
        let decoder = try VideoDecoder(path: Self.folder.appendingPathComponent("rotated.mp4").path)
        let frame = try decoder.frame(at: .seconds(0.5))
        XCTAssertEqual([frame.image.width, frame.image.height], [180, 320], "turned upright")
        XCTAssertEqual(TestPattern.readStamp(frame.image.rotated(clockwise: 270)), 15)
    }

    func testForwardScrubbingDecodesOnAndDoesNotSeek() throws {
        let decoder = try VideoDecoder(path: Self.folder.appendingPathComponent("h264.mp4").path)
        _ = try decoder.frame(at: .zero)
        let seeks = decoder.seeks
        for i in 1..<20 { _ = try decoder.frame(at: Time.frame(atRate: 30) * Int64(i)) }
        XCTAssertEqual(decoder.seeks, seeks)
        XCTAssertLessThan(decoder.framesDecoded, 30, "each frame decoded about once")
    }

    func testAFrameSecondsOnInTheSameKeyframeIntervalIsDecodedOnNotSoughtBack() throws {
        let decoder = try VideoDecoder(path: Self.folder.appendingPathComponent("gop-240.mp4").path)
        let frame = Time.frame(atRate: 30)
        _ = try decoder.frame(at: frame * 20)
        let seeks = decoder.seeks, decoded = decoder.framesDecoded
        // 6 s on, still before the next keyframe (at 8 s): a seek would land at 0 again.
        let far = try decoder.frame(at: frame * 200)
        XCTAssertEqual(far.time, frame * 200)
        XCTAssertEqual(decoder.seeks, seeks, "no seek back to the keyframe")
        XCTAssertLessThanOrEqual(decoder.framesDecoded - decoded, 185, "the 180 frames between, decoded once")
        // Past the next keyframe a seek is cheaper, and is taken.
        _ = try decoder.frame(at: frame * 290)
        XCTAssertEqual(decoder.seeks, seeks + 1)
    }

    func testAnExactFrameFarFromItsKeyframeSkipsTheFramesNothingRefersToAndIsStillExact() throws {
        // gop-240.mp4 has B-frames nothing refers to; a fresh decoder reaching frame 200 from the
        // keyframe at 0 decodes fewer than the 201 frames up to it, and every frame it gives is
        // the very one asked for (the last few before each target are all decoded).
        let path = Self.folder.appendingPathComponent("gop-240.mp4").path
        let fresh = try VideoDecoder(path: path)
        XCTAssertEqual(TestPattern.readStamp(try fresh.frame(at: Time.frame(atRate: 30) * 200).image), 200)
        XCTAssertLessThan(fresh.framesDecoded, 190, "unreferenced frames before the target are skipped")
        let seeking = try VideoDecoder(path: path)
        seeking.alwaysSeeks = true
        for index in [1, 2, 3, 7, 57, 100, 150, 199, 200, 201, 238, 239, 240, 241, 299] {
            XCTAssertEqual(TestPattern.readStamp(try seeking.frame(at: Time.frame(atRate: 30) * Int64(index)).image), index)
        }
        // MP4 indexes decoding times, two frames ahead of showing with B-frames: keyframes are
        // told at the times they show.
        XCTAssertEqual(fresh.indexedKeyframeTimes, [.zero, Time.frame(atRate: 30) * 240])
        // Onwards from there, frame by frame, nothing is skipped.
        let onwards = try VideoDecoder(path: path)
        for index in 150..<245 { XCTAssertEqual(TestPattern.readStamp(try onwards.frame(at: Time.frame(atRate: 30) * Int64(index)).image), index) }
    }

    func testUnreadableFilesAreClearErrors() {
        XCTAssertThrowsError(try VideoDecoder(path: "/nonexistent.mp4")) { XCTAssertTrue("\($0)".contains("nonexistent")) }
    }

    func testTimestampsConvertWithoutOverflowInFineTimeBasesAndLongFiles() {
        let flicks = AVRational(num: 1, den: Int32(Time.ticksPerSecond))
        XCTAssertEqual(flicks.time(ofPTS: 3 * 3600 * Time.ticksPerSecond), .seconds(3 * 3600), "three hours at the proxies' time base")
        XCTAssertEqual(flicks.pts(of: .seconds(3 * 3600)), 3 * 3600 * Time.ticksPerSecond)
        let ntsc = AVRational(num: 1001, den: 30000)
        XCTAssertEqual(ntsc.time(ofPTS: 30000 * 3600), .seconds(3600 * 1001))
        XCTAssertEqual(ntsc.pts(of: Time(ticks: 7007 * Time.ticksPerSecond / 30)), 7000)
        XCTAssertEqual(ntsc.pts(of: Time(ticks: 7007 * Time.ticksPerSecond / 30 - 1)), 6999, "rounded down")
    }
}
