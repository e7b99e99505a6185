import CFFmpeg
import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// A replay's pictures do not depend on FFmpeg's choice of vector instructions: FFmpeg picks SIMD
/// code by the processor it runs on (swscale's is not always bit-exact with its plain code); this
/// forces the plainest set (`TACTILE_PLAIN_VECTORS=1` does the same for a whole command) and
/// compares a decoded, scaled frame channel for channel.
final class CrossMachinePixelsTests: XCTestCase {
    override func tearDown() { av_force_cpu_flags(-1) }

    /// A clip encoded and a frame of it decoded with the CPU's flags as `flags` (-1: as detected).
    func roundTrip(flags: Int32, in folder: URL) throws -> RGBAImage {
        av_force_cpu_flags(flags)
        defer { av_force_cpu_flags(-1) }
        let url = folder.appendingPathComponent("clip-\(flags).mp4")
        try TestPattern.writeClip(
            to: url, settings: .init(codec: .h264, width: 320, height: 180, framesPerSecond: 30, keyframeInterval: 25), frames: 30, style: 1)
        // Scaled as the canvas and the filmstrip draw it (swscale's bilinear).
        let decoder = try VideoDecoder(path: url.path, maxPictureSize: 150)
        let frame = try decoder.frame(at: .seconds(0.5))
        return frame.image
    }

    func testADecodedScaledFrameIsTheSameWithTheProcessorsVectorUnitsOrWithout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-cpu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let detected = try roundTrip(flags: -1, in: folder)
        let plain = try roundTrip(flags: AV_CPU_FLAG_MMX | AV_CPU_FLAG_MMXEXT | AV_CPU_FLAG_SSE | AV_CPU_FLAG_SSE2, in: folder)
        XCTAssertEqual(detected.width, plain.width)
        XCTAssertLessThan(detected.width, 320, "scaled, as the canvas and the filmstrip draw it")
        let differing = zip(detected.pixels, plain.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "the decoded picture is the same, channel for channel")
    }
}
