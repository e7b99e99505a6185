import Foundation
import XCTest
import TactileCore
@testable import TactileMedia

/// Pictures of every awkward size — 1×1, 2×2, odd, thin, huge — go through every place swscale
/// works (decoding to RGBA at full size and scaled for the canvas and filmstrips, encoding from
/// RGBA, proxies) and come out the right size and colour. Under `Scripts/sanitize`
/// (AddressSanitizer) a single byte written past a buffer fails the run: how a 2×2 H.264 video
/// once corrupted the heap (swscale writes whole vectors past narrow rows).
final class PictureSizeTests: XCTestCase {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-sizes-\(ProcessInfo.processInfo.processIdentifier)")

    /// Sizes and the codec that can store them (H.264's 4:2:0 needs even sides; FFV1 and MJPEG take any).
    static let cases: [(name: String, codec: VideoEncoder.Codec, width: Int, height: Int)] = [
        ("h264-2x2.mp4", .h264, 2, 2), ("h264-4x2.mp4", .h264, 4, 2), ("h264-6x10.mp4", .h264, 6, 10), ("h264-18x2.mp4", .h264, 18, 2),
        ("ffv1-1x1.mkv", .ffv1, 1, 1), ("ffv1-3x3.mkv", .ffv1, 3, 3), ("ffv1-5x7.mkv", .ffv1, 5, 7), ("ffv1-1x999.mkv", .ffv1, 1, 999),
        ("ffv1-999x1.mkv", .ffv1, 999, 1), ("mjpeg-1x1.avi", .mjpeg, 1, 1), ("mjpeg-7x3.avi", .mjpeg, 7, 3),
        ("mpeg4-2x2.avi", .mpeg4, 2, 2), ("png-1x3.mkv", .png, 1, 3),
        ("h264-3840x2160.mp4", .h264, 3840, 2160), ("h264-4096x16.mp4", .h264, 4096, 16),
    ]

    override class func setUp() {
        MediaLog.quiet()
        try? FileManager.default.removeItem(at: folder)
        for c in cases {
            // A flat colour survives every codec at every size, so the decoded pixels can be checked.
            let frames = c.width * c.height > 1_000_000 ? 3 : 12
            let encoder = try! VideoEncoder(
                url: folder.appendingPathComponent(c.name),
                settings: .init(codec: c.codec, width: c.width, height: c.height, keyframeInterval: 6))
            for _ in 0..<frames { try! encoder.append(RGBAImage(width: c.width, height: c.height, fill: (200, 60, 30, 255))) }
            try! encoder.finish()
        }
    }

    override class func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func testEverySizeDecodesAtFullSizeAndScaledForTheCanvasAndFilmstrips() throws {
        for c in Self.cases {
            let path = Self.folder.appendingPathComponent(c.name).path
            for limit in [nil, 960, 96, 1] as [Int?] {
                let decoder = try VideoDecoder(path: path, maxPictureSize: limit)
                for t in [0.0, 0.1, 0.05, 0.3] {
                    let picture = try decoder.frame(at: .seconds(t)).image
                    let longest = max(picture.width, picture.height)
                    if let limit, max(c.width, c.height) > limit {
                        XCTAssertLessThanOrEqual(longest, max(limit, 2), "\(c.name) scaled to \(limit)")
                    } else {
                        XCTAssertEqual([picture.width, picture.height], [c.width, c.height], "\(c.name) at full size")
                    }
                    let p = picture.pixel(x: picture.width / 2, y: picture.height / 2)
                    // (A lossy codec smears a single pixel's colour with its padding; the hue stays.)
                    XCTAssertTrue(p.r > 120 && p.r > p.g + 40 && p.r > p.b + 40, "\(c.name): the colour survives (\(p))")
                }
            }
        }
    }

    func testEverySizeGoesThroughTheCacheAndProbe() throws {
        let cache = MediaCache(mode: .synchronous)
        for c in Self.cases {
            let path = Self.folder.appendingPathComponent(c.name).path
            XCTAssertTrue(MediaProbe.probe(path).ok, c.name)
            XCTAssertNotNil(cache.frame(of: path, at: .seconds(0.1), lane: .canvas), c.name)
            XCTAssertNotNil(cache.thumbnail(of: path, at: .seconds(0.2), height: 96), c.name)
        }
    }

    func testPicturesOfEverySizeEncodeAndReadBackAsStills() throws {
        for (w, h) in [(1, 1), (2, 2), (3, 1), (1, 5), (17, 9), (640, 1)] {
            let image = RGBAImage(width: w, height: h, fill: (10, 220, 90, 255))
            let back = try ImageCodec.decodePNG(try ImageCodec.encodePNG(image))
            XCTAssertEqual(back, image, "\(w)×\(h) PNG round trip")
        }
    }
}
