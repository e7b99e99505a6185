import Foundation
import XCTest
import TactileCore
import TactileMedia
import TactileTestSupport
import TactileExport

/// A clip's speed and fit in the exported movie, read back by our decoder: every frame is the
/// footage's exact frame at its speed, and a picture of another shape has black bars (fit),
/// none (fill), or its blurred self in them (blur).
final class SpeedAndFitExportTests: XCTestCase, StartsPrograms {
    var folder: URL!

    override func setUpWithError() throws {
        MediaLog.quiet()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-speed-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func testEveryFrameOfASpedUpOrSlowedClipIsItsFootagesExactFrame() throws {
        // Stamps 0 … 119 (4 s at 30 fps), 640 × 360.
        let source = folder.appendingPathComponent("stamps.mp4")
        try TestPattern.writeClip(to: source, settings: .init(codec: .h264, width: 640, height: 360, framesPerSecond: 30), frames: 120, style: 0)
        // 0 … 1.5 s: footage 0.5 … 3.5 s at 2×; 1.5 … 2.5 s: footage 1 … 1.5 s at 0.5×.
        var fast = Clip(
            id: "f", kind: .video, media: source.path, title: "Fast", start: .zero, duration: .seconds(1.5), sourceStart: .seconds(0.5),
            sourceDuration: .seconds(4))
        fast.speed = 2
        var slow = Clip(
            id: "s", kind: .video, media: source.path, title: "Slow", start: .seconds(1.5), duration: .seconds(1), sourceStart: .seconds(1),
            sourceDuration: .seconds(4))
        slow.speed = 0.5
        let project = Project(name: "Speed", format: CompositionFormat(.landscape), tracks: [Track(id: "v", kind: .video, clips: [fast, slow])])
        try ProjectFile.validate(project)
        let movie = folder.appendingPathComponent("speed.mp4")
        let summary = try MovieExport.export(project, settings: MovieSettings(size: .p720, framesPerSecond: 25, quality: .high), to: movie)
        XCTAssertEqual(summary.frames, 63, "2.5 s at 25 fps")
        let decoder = try VideoDecoder(path: movie.path)
        for k in [0, 1, 7, 20, 37] {
            let t = Double(k) / 25
            let stamp = TestPattern.readStamp(try decoder.frame(at: .seconds(t)).image, writtenWidth: 640)
            XCTAssertEqual(stamp, Int(((0.5 + 2 * t) * 30 + 1e-9).rounded(.down)), "2×: frame \(k) at \(t) s shows footage \(0.5 + 2 * t) s")
        }
        for k in [38, 45, 50, 62] {
            let t = Double(k) / 25
            let stamp = TestPattern.readStamp(try decoder.frame(at: .seconds(t)).image, writtenWidth: 640)
            XCTAssertEqual(stamp, Int(((1 + 0.5 * (t - 1.5)) * 30 + 1e-9).rounded(.down)), "0.5×: frame \(k) at \(t) s")
        }
    }

    func testAPictureOfAnotherShapeFitsFillsOrStandsOnItsBlurredSelf() throws {
        // A tall (9:16) picture in a wide (16:9) movie.
        let source = folder.appendingPathComponent("tall.mp4")
        try TestPattern.writeClip(to: source, settings: .init(codec: .h264, width: 180, height: 320, framesPerSecond: 30), frames: 30, style: 1)
        var bars: [PictureFit: Double] = [:], middle: [PictureFit: Double] = [:]
        for fit in PictureFit.allCases {
            var clip = Clip(id: "t", kind: .video, media: source.path, title: "Tall", start: .zero, duration: .seconds(1), sourceDuration: .seconds(1))
            clip.fit = fit
            let project = Project(name: "Fit", format: CompositionFormat(.landscape), tracks: [Track(id: "v", kind: .video, clips: [clip])])
            let movie = folder.appendingPathComponent("\(fit.rawValue).mp4")
            _ = try MovieExport.export(project, settings: MovieSettings(size: .p720, framesPerSecond: 25, quality: .standard), to: movie)
            let frame = try VideoDecoder(path: movie.path).frame(at: .seconds(0.5)).image
            func brightness(_ x0: Int, _ x1: Int) -> Double {
                var sum = 0.0, n = 0
                for y in stride(from: 40, to: frame.height - 40, by: 8) {
                    for x in stride(from: x0, to: x1, by: 8) {
                        let p = frame.pixel(x: x, y: y)
                        sum += Double(Int(p.r) + Int(p.g) + Int(p.b)) / 3; n += 1
                    }
                }
                return sum / Double(max(1, n))
            }
            // The picture fitted is 405 pixels wide in the middle of 1280: the bars are the outer 400 on each side.
            bars[fit] = (brightness(20, 400) + brightness(880, 1260)) / 2
            middle[fit] = brightness(500, 780)
        }
        XCTAssertLessThan(bars[.fit]!, 8, "fit: black bars")
        XCTAssertGreaterThan(bars[.fill]!, 60, "fill: the picture covers the frame")
        XCTAssertGreaterThan(bars[.blur]!, 60, "blur: the picture's blurred self in the bars")
        XCTAssertEqual(middle[.blur]!, middle[.fit]!, accuracy: 6, "blur: the picture itself is whole in the middle, as with fit")
    }
}
