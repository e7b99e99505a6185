import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// Every kind of troublesome file: probe gives a precise reason or opens it properly, decoders
/// answer with the right frames or a clear error, and the cache keeps going.
final class AwkwardMediaTests: XCTestCase {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-awkward-\(ProcessInfo.processInfo.processIdentifier)")
    static var paths: [String: String] = [:]

    override func setUpWithError() throws {
        if Self.paths.isEmpty { Self.paths = try AwkwardMedia.make(in: Self.folder) }
    }

    private func path(_ name: String) -> String { Self.paths[name]! }

    func testUnusableFilesGetAReasonAPersonUnderstands() {
        let reasons = [
            "missing.mp4": "No such file.", "empty.mp4": "The file is empty.", "garbage.mp4": "Not a media file",
            "folder.mov": "This is a folder", "truncated-header.mp4": "damaged or cut short",
            "unknown-codec.avi": "an unknown codec (XVQZ)",
        ]
        for (name, reason) in reasons {
            let report = MediaProbe.probe(path(name))
            XCTAssertFalse(report.ok, name)
            XCTAssertTrue(report.error?.contains(reason) == true, "\(name): \(report.error ?? "no error")")
            XCTAssertNil(report.mediaInfo, name)
        }
    }

    func testAwkwardButUsableFilesOpenProperly() throws {
        let audio = MediaProbe.probe(path("audio-only.m4a"))
        XCTAssertEqual(audio.mediaInfo?.hasVideo, false)
        XCTAssertEqual(audio.mediaInfo?.hasAudio, true)
        XCTAssertThrowsError(try VideoDecoder(path: path("audio-only.m4a"))) { XCTAssertTrue("\($0)".contains("has no video"), "\($0)") }

        let still = try XCTUnwrap(MediaProbe.probe(path("still.png")).mediaInfo)
        XCTAssertTrue(still.isStill)
        XCTAssertEqual(TestPattern.readStamp(try VideoDecoder(path: path("still.png")).frame(at: .seconds(5)).image), 3)

        let odd = try VideoDecoder(path: path("odd-size.mkv"))
        let frame = try odd.frame(at: .seconds(0.4))
        XCTAssertEqual([frame.image.width, frame.image.height], [333, 187])
        XCTAssertEqual(TestPattern.readStamp(frame.image), 12)

        let rotated = try VideoDecoder(path: path("rotated.mp4")).frame(at: .seconds(0.5)).image
        XCTAssertEqual([rotated.width, rotated.height], [180, 320], "shown upright")
    }

    func testATruncatedStreamPlaysWhatItHasThenHoldsItsLastFrame() throws {
        let report = MediaProbe.probe(path("truncated-stream.mkv"))
        XCTAssertTrue(report.ok, report.error ?? "")
        let decoder = try VideoDecoder(path: path("truncated-stream.mkv"))
        let early = try decoder.frame(at: .seconds(0.2))
        XCTAssertEqual(TestPattern.readStamp(early.image), 6)
        let late = try decoder.frame(at: .seconds(1.3))
        let last = TestPattern.readStamp(late.image)
        XCTAssertGreaterThan(last, 6)
        XCTAssertLessThan(last, 39, "the frames after the cut are gone; the last one there stays")
    }

    func testVariableFrameRatesShowTheFrameWhoseIntervalHoldsTheTime() throws {
        let decoder = try VideoDecoder(path: path("variable-rate.mkv"))
        let ticks = AwkwardMedia.variableRateTicks
        for t in [0.0, 0.04, 0.1, 0.2, 0.26, 0.5, 0.52, 1.0, 1.2, 1.49, 1.6, 2.5] {
            let expected = ticks.lastIndex { Double($0) / 30 <= t + 1e-9 }!
            XCTAssertEqual(TestPattern.readStamp(try decoder.frame(at: .seconds(t)).image), expected, "at \(t) s")
        }
        // Through the cache too, in any order.
        let cache = MediaCache(mode: .synchronous)
        for t in [1.2, 0.1, 0.52, 0.2] {
            let picture = try XCTUnwrap(cache.frame(of: path("variable-rate.mkv"), at: .seconds(t), lane: .canvas))
            let expected = ticks.lastIndex { Double($0) / 30 <= t + 1e-9 }!
            XCTAssertEqual(cache.image(for: picture.handle).map { TestPattern.readStamp($0) }, expected, "cache at \(t) s")
        }
    }

    func testTheCacheReportsEachUnusableFileOnceAndServesTheRest() throws {
        let cache = MediaCache(mode: .synchronous)
        var offline = 0
        for name in AwkwardMedia.names.keys.sorted() {
            switch cache.status(of: path(name)) {
            case .offline:
                offline += 1
                XCTAssertNil(cache.frame(of: path(name), at: .seconds(0.5), lane: .canvas), name)
            case let .ready(info):
                if info.hasVideo {
                    XCTAssertNotNil(cache.frame(of: path(name), at: .seconds(0.5), lane: .canvas), name)
                    XCTAssertNotNil(cache.thumbnail(of: path(name), at: .seconds(0.5), height: 48), name)
                }
                if info.hasAudio { XCTAssertNotNil(cache.waveform(of: path(name)), name) }
            case .loading:
                XCTFail("synchronous statuses are never loading")
            }
        }
        XCTAssertEqual(offline, 6)
        XCTAssertEqual(cache.takeProblems().count, 6)
        let rotatedThumb = try XCTUnwrap(cache.thumbnail(of: path("rotated.mp4"), at: .zero, height: 48))
        XCTAssertEqual([rotatedThumb.width, rotatedThumb.height], [27, 48], "filmstrips honour rotation")
    }
}
