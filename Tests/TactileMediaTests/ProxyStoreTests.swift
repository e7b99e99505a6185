import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// All-keyframe proxies: every frame of the source at its own time (checked by the index in its
/// pixels), made once per file version, used by the cache once they exist, pruned to a budget.
final class ProxyStoreTests: XCTestCase {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-proxies-\(ProcessInfo.processInfo.processIdentifier)")
    static var made = false
    static var longGOP: String { folder.appendingPathComponent("long-gop.mp4").path }
    static var ntsc: String { folder.appendingPathComponent("ntsc.mkv").path }
    static var mjpeg: String { folder.appendingPathComponent("intra.avi").path }
    static var rotated: String { folder.appendingPathComponent("rotated.mp4").path }

    override func setUpWithError() throws {
        guard !Self.made else { return }
        MediaLog.quiet()
        try? FileManager.default.removeItem(at: Self.folder)
        try TestPattern.writeClip(to: URL(fileURLWithPath: Self.longGOP),
                                  settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 60), frames: 90, style: 1)
        try TestPattern.writeClip(to: URL(fileURLWithPath: Self.ntsc),
                                  settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 48,
                                                  timeBase: (1001, 30000), frameRate: (30000, 1001)), frames: 60, style: 2)
        try TestPattern.writeClip(to: URL(fileURLWithPath: Self.mjpeg), settings: .init(codec: .mjpeg, width: 320, height: 180), frames: 10, style: 0)
        try TestPattern.writeClip(to: URL(fileURLWithPath: Self.rotated),
                                  settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 30, rotation: 90), frames: 30, style: 0)
        Self.made = true
    }

    private func store(_ name: String, change: (inout TactileConfiguration.Media) -> Void = { _ in }) -> ProxyStore {
        var settings = TactileConfiguration.Media()
        change(&settings)
        return ProxyStore(folder: Self.folder.appendingPathComponent(name), settings: settings)
    }

    /// Index and time of every frame of `path`, in order.
    private func frames(of path: String) throws -> [(index: Int, time: Time)] {
        let decoder = try VideoDecoder(path: path)
        var out: [(Int, Time)] = []
        var t = Time.zero
        while out.count < 200 {
            let f = try decoder.frame(at: t)
            if let last = out.last, last.1 == f.time { break }
            out.append((TestPattern.readStamp(f.image, writtenWidth: 320), f.time))
            t = f.time + decoder.frameDuration
        }
        return out
    }

    func testAProxyHoldsEveryFrameAsAKeyframeAtItsOwnTime() throws {
        let proxies = store("every-frame") { $0.proxyPictureSize = 160 }
        let proxy = try XCTUnwrap(try proxies.makeNow(Self.longGOP))
        let decoder = try VideoDecoder(path: proxy)
        XCTAssertTrue(decoder.isIntraOnly, "every proxy frame is a keyframe")
        XCTAssertEqual(decoder.codedWidth, 160)
        XCTAssertEqual(decoder.codedHeight, 90)
        let original = try frames(of: Self.longGOP), copy = try frames(of: proxy)
        XCTAssertEqual(copy.count, 90)
        XCTAssertEqual(copy.map(\.index), original.map(\.index))
        XCTAssertEqual(copy.map(\.time), original.map(\.time))
        // Random access lands on the exact frame with one decoded frame.
        for index in [75, 3, 61, 59, 89] {
            let before = decoder.framesDecoded
            let f = try decoder.frame(at: Time.frame(atRate: 30) * Int64(index) + .seconds(0.01))
            XCTAssertEqual(TestPattern.readStamp(f.image, writtenWidth: 320), index)
            XCTAssertLessThanOrEqual(decoder.framesDecoded - before, 2)
        }
        XCTAssertEqual(try proxies.makeNow(Self.longGOP), proxy, "made once per file version")
    }

    func testNTSCFramesInMillisecondContainersKeepTheirSlots() throws {
        let proxy = try XCTUnwrap(try store("ntsc").makeNow(Self.ntsc))
        let original = try frames(of: Self.ntsc), copy = try frames(of: proxy)
        XCTAssertEqual(copy.count, 60)
        XCTAssertEqual(copy.map(\.index), Array(0..<60))
        XCTAssertEqual(copy.map(\.time), original.map(\.time))
    }

    func testSourcesWhoseFramesAreAllKeyframesNeedNone() throws {
        XCTAssertNil(try store("intra").makeNow(Self.mjpeg))
    }

    func testRotationCarriesOver() throws {
        let proxy = try XCTUnwrap(try store("rotated").makeNow(Self.rotated))
        let decoder = try VideoDecoder(path: proxy)
        XCTAssertEqual(decoder.rotation, 90)
        let f = try decoder.frame(at: .seconds(0.5))
        XCTAssertEqual(f.image.width, 180, "shown upright, as the source")
        XCTAssertEqual(TestPattern.readStamp(try VideoDecoder(path: Self.rotated).frame(at: .seconds(0.5)).image),
                       TestPattern.readStamp(f.image))
    }

    func testTheCacheDecodesFromAProxyOnceItIsMade() throws {
        let proxies = store("cache") { $0.proxyPictureSize = 160 }
        let cache = MediaCache(mode: .background(wake: {}), proxies: proxies)
        XCTAssertEqual(cache.status(of: Self.longGOP), .loading)
        try waitUntil { proxies.proxy(for: Self.longGOP) != nil }
        var picture: MediaPicture?
        try waitUntil {
            picture = cache.frame(of: Self.longGOP, at: Time.frame(atRate: 30) * 77, lane: .canvas)
            return picture?.isExact == true && picture?.time == Time.frame(atRate: 30) * 77
        }
        XCTAssertEqual(picture?.width, 160, "from the proxy")
        XCTAssertEqual(picture.flatMap { cache.image(for: $0.handle) }.map { TestPattern.readStamp($0, writtenWidth: 320) }, 77)
    }

    func testADamagedProxyIsDroppedAndTheFileDecodedInstead() throws {
        let proxies = store("damaged")
        let proxy = try XCTUnwrap(try proxies.makeNow(Self.longGOP))
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: proxy))
        let cache = MediaCache(mode: .synchronous, proxies: proxies)
        let picture = cache.frame(of: Self.longGOP, at: Time.frame(atRate: 30) * 40, lane: .canvas)
        XCTAssertEqual(picture.flatMap { cache.image(for: $0.handle) }.map { TestPattern.readStamp($0) }, 40)
        XCTAssertFalse(FileManager.default.fileExists(atPath: proxy))
        XCTAssertTrue(cache.takeProblems().isEmpty, "the user's file is fine; nothing to report")
    }

    func testTheLeastRecentlyUsedProxiesGoWhenOverBudget() throws {
        let proxies = store("budget") { $0.proxyBudgetMegabytes = 0.000_1 }
        let first = try XCTUnwrap(try proxies.makeNow(Self.longGOP))
        let second = try XCTUnwrap(try proxies.makeNow(Self.ntsc))
        XCTAssertFalse(FileManager.default.fileExists(atPath: first))
        XCTAssertTrue(FileManager.default.fileExists(atPath: second), "the newest stays even over budget")
        XCTAssertNil(proxies.proxy(for: Self.longGOP))
    }
}
