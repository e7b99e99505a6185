import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// Media made here by the project's own encoders, in several codecs, then probed.
final class ProbeTests: XCTestCase {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-media-\(ProcessInfo.processInfo.processIdentifier)")
    static var made = false

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Makes the test media once per run.
    static func makeMedia() throws {
        guard !made else { return }
        MediaLog.quiet()
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clips: [(String, VideoEncoder.Codec, Int)] = [
            ("h264.mp4", .h264, 0), ("mpeg4.avi", .mpeg4, 0), ("mjpeg.avi", .mjpeg, 0),
            ("ffv1.mkv", .ffv1, 0), ("rotated.mp4", .h264, 90),
        ]
        for (name, codec, rotation) in clips {
            try TestPattern.writeClip(
                to: folder.appendingPathComponent(name),
                settings: .init(codec: codec, width: 320, height: 180, framesPerSecond: 30, keyframeInterval: 10, rotation: rotation),
                frames: 30, style: 1)
        }
        try ImageCodec.writePNG(TestPattern.frame(7, width: 320, height: 180, style: 2), to: folder.appendingPathComponent("still.png"))
        let tone = AudioEncoder.tone(hz: 440, seconds: 1, sampleRate: 48_000)
        try AudioEncoder.write(tone, sampleRate: 48_000, codec: .wav, to: folder.appendingPathComponent("tone.wav"))
        try AudioEncoder.write(tone, sampleRate: 48_000, codec: .aac, to: folder.appendingPathComponent("tone.m4a"))
        FileManager.default.createFile(atPath: path("empty.mp4"), contents: Data())
        FileManager.default.createFile(atPath: path("garbage.mp4"), contents: Data((0..<4096).map { UInt8(($0 * 7919) % 251) }))
        let whole = try Data(contentsOf: URL(fileURLWithPath: path("h264.mp4")))
        FileManager.default.createFile(atPath: path("truncated.mp4"), contents: whole.prefix(whole.count / 3))
        try FileManager.default.createDirectory(atPath: path("folder.mp4"), withIntermediateDirectories: true)
        made = true
    }

    override func setUpWithError() throws { try Self.makeMedia() }

    func testEveryCodecProbesWithItsFacts() {
        for (name, codec, container) in [
            ("h264.mp4", "h264", "mov,mp4,m4a,3gp,3g2,mj2"), ("mpeg4.avi", "mpeg4", "avi"),
            ("mjpeg.avi", "mjpeg", "avi"), ("ffv1.mkv", "ffv1", "matroska,webm"),
        ] {
            let r = MediaProbe.probe(Self.path(name))
            XCTAssertTrue(r.ok, "\(name): \(r.error ?? "")")
            XCTAssertEqual(r.container, container)
            XCTAssertEqual(r.video?.codec, codec)
            XCTAssertEqual(r.video?.codedWidth, 320)
            XCTAssertEqual(r.video?.displayHeight, 180)
            XCTAssertEqual(r.video?.frameRate ?? 0, 30, accuracy: 0.01)
            XCTAssertEqual(r.duration ?? 0, 1, accuracy: 0.1, name)
            XCTAssertNil(r.audio)
        }
    }

    func testRotationSwapsTheDisplaySize() {
        let r = MediaProbe.probe(Self.path("rotated.mp4"))
        XCTAssertTrue(r.ok)
        XCTAssertEqual(r.video?.rotation, 90)
        XCTAssertEqual(r.video?.codedWidth, 320)
        XCTAssertEqual(r.video?.displayWidth, 180)
        XCTAssertEqual(r.video?.displayHeight, 320)
    }

    func testStillsAndAudioOnlyOpen() {
        let still = MediaProbe.probe(Self.path("still.png"))
        XCTAssertTrue(still.ok, still.error ?? "")
        XCTAssertEqual(still.video?.codec, "png")
        for (name, codec) in [("tone.wav", "pcm_s16le"), ("tone.m4a", "aac")] {
            let r = MediaProbe.probe(Self.path(name))
            XCTAssertTrue(r.ok, "\(name): \(r.error ?? "")")
            XCTAssertNil(r.video)
            XCTAssertEqual(r.audio?.codec, codec)
            XCTAssertEqual(r.audio?.sampleRate, 48_000)
            XCTAssertEqual(r.audio?.channels, 2)
            XCTAssertEqual(r.duration ?? 0, 1, accuracy: 0.05)
        }
    }

    func testBadFilesGetPreciseReasons() {
        let cases = [
            ("missing.mp4", "No such file."), ("folder.mp4", "folder"), ("empty.mp4", "empty"),
            ("garbage.mp4", "Not a media file"), ("truncated.mp4", ""),
        ]
        for (name, reason) in cases {
            let r = MediaProbe.probe(Self.path(name))
            XCTAssertFalse(r.ok, name)
            XCTAssertNotNil(r.error, name)
            if !reason.isEmpty { XCTAssertTrue(r.error!.contains(reason), "\(name): \(r.error!)") }
        }
    }

    func testTheFrameStampReadsBackFromThePattern() {
        for i in [0, 1, 255, 4321] {
            XCTAssertEqual(TestPattern.readStamp(TestPattern.frame(i, width: 320, height: 180, style: i % 3)), i)
        }
    }

    func testProbeJSONHasTheDocumentedFields() {
        let json = MediaProbe.probe(Self.path("h264.mp4")).json.serialized()
        for key in [
            "\"path\"", "\"ok\":true", "\"error\":null", "\"container\"", "\"duration\"", "\"video\"", "\"codec\":\"h264\"",
            "\"codedWidth\"", "\"displayWidth\"", "\"rotation\":0", "\"frameRate\":30", "\"pixelFormat\":\"yuv420p\"", "\"audio\":null",
        ] {
            XCTAssertTrue(json.contains(key), "\(key) in \(json)")
        }
    }
}
