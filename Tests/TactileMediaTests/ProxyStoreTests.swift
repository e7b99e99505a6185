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
    static var long: String { folder.appendingPathComponent("long.mp4").path }

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
        try TestPattern.writeClip(to: URL(fileURLWithPath: Self.long),
                                  settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 60), frames: 600, style: 1)
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

    /// Index and time of every frame of `path`'s proxy, read segment by segment, in order.
    private func proxyFrames(of path: String, in proxies: ProxyStore, frameDuration: Time) throws -> [(index: Int, time: Time)] {
        var out: [(Int, Time)] = []
        var slot: Int64 = 0
        while out.count < 1000, let segment = proxies.segment(of: path, slot: slot) {
            let decoder = try VideoDecoder(path: segment.file, timeOffset: segment.start)
            XCTAssertTrue(decoder.isIntraOnly, "every proxy frame is a keyframe")
            let f = try decoder.frame(at: frameDuration * slot)
            if let last = out.last, last.1 == f.time { break }
            out.append((TestPattern.readStamp(f.image, writtenWidth: 320), f.time))
            slot = f.time.ticks / frameDuration.ticks + 1
        }
        return out
    }

    /// The proxy's segment files of `path`.
    private func segmentFiles(of path: String, in proxies: ProxyStore) -> [String] {
        guard let folder = proxies.proxyFolder(for: path) else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".mov") }.sorted()
    }

    func testAProxyHoldsEveryFrameAsAKeyframeAtItsOwnTime() throws {
        let proxies = store("every-frame") { $0.proxyPictureSize = 160 }
        XCTAssertTrue(try proxies.makeNow(Self.longGOP))
        XCTAssertTrue(proxies.isComplete(Self.longGOP))
        XCTAssertEqual(segmentFiles(of: Self.longGOP, in: proxies).count, 3, "90 frames in segments of a second")
        let segment = try XCTUnwrap(proxies.segment(of: Self.longGOP, slot: 75))
        let decoder = try VideoDecoder(path: segment.file, timeOffset: segment.start)
        XCTAssertEqual(decoder.codedWidth, 160)
        XCTAssertEqual(decoder.codedHeight, 90)
        let original = try frames(of: Self.longGOP), copy = try proxyFrames(of: Self.longGOP, in: proxies, frameDuration: .frame(atRate: 30))
        XCTAssertEqual(copy.count, 90)
        XCTAssertEqual(copy.map(\.index), original.map(\.index))
        XCTAssertEqual(copy.map(\.time), original.map(\.time))
        // Random access within a segment lands on the exact frame with one decoded frame.
        for index in [75, 61, 89, 62] {
            let before = decoder.framesDecoded
            let f = try decoder.frame(at: Time.frame(atRate: 30) * Int64(index) + .seconds(0.01))
            XCTAssertEqual(TestPattern.readStamp(f.image, writtenWidth: 320), index)
            XCTAssertLessThanOrEqual(decoder.framesDecoded - before, 2)
        }
        let files = segmentFiles(of: Self.longGOP, in: proxies)
        XCTAssertTrue(try store("every-frame") { $0.proxyPictureSize = 160 }.makeNow(Self.longGOP))
        XCTAssertEqual(segmentFiles(of: Self.longGOP, in: proxies), files, "made once per file version, found again by a new store")
    }

    func testNTSCFramesInMillisecondContainersKeepTheirSlots() throws {
        let proxies = store("ntsc")
        XCTAssertTrue(try proxies.makeNow(Self.ntsc))
        let original = try frames(of: Self.ntsc)
        let copy = try proxyFrames(of: Self.ntsc, in: proxies, frameDuration: Time(ticks: Time.ticksPerSecond * 1001 / 30000))
        XCTAssertEqual(copy.count, 60)
        XCTAssertEqual(copy.map(\.index), Array(0..<60))
        XCTAssertEqual(copy.map(\.time), original.map(\.time))
    }

    func testSourcesWhoseFramesAreAllKeyframesNeedNone() throws {
        XCTAssertFalse(try store("intra").makeNow(Self.mjpeg))
    }

    func testRotationCarriesOver() throws {
        let proxies = store("rotated")
        XCTAssertTrue(try proxies.makeNow(Self.rotated))
        let segment = try XCTUnwrap(proxies.segment(of: Self.rotated, slot: 15))
        let decoder = try VideoDecoder(path: segment.file, timeOffset: segment.start)
        XCTAssertEqual(decoder.rotation, 90)
        let f = try decoder.frame(at: .seconds(0.5))
        XCTAssertEqual(f.image.width, 180, "shown upright, as the source")
        XCTAssertEqual(TestPattern.readStamp(try VideoDecoder(path: Self.rotated).frame(at: .seconds(0.5)).image),
                       TestPattern.readStamp(f.image))
    }

    func testSegmentsAreMadeWhereThePlayheadIsFirst() throws {
        let proxies = store("playhead-first") { $0.proxyPictureSize = 160; $0.proxyMakers = 1; $0.proxyAroundSeconds = 1 }
        let info = try XCTUnwrap(MediaCache.open(Self.long).info)
        // The playhead rests at 15 s of 20 before anything is made.
        proxies.look(at: 450, of: Self.long, lane: .canvas)
        let firstAtPlayhead = expectation(description: "the playhead's segment")
        let seen = NSLock()
        var farAwayWhenPlayheadMade: Bool?
        proxies.request(Self.long, info: info) {
            seen.withLock {
                guard farAwayWhenPlayheadMade == nil, proxies.segment(of: Self.long, slot: 450) != nil else { return }
                farAwayWhenPlayheadMade = proxies.segment(of: Self.long, slot: 30) != nil || proxies.segment(of: Self.long, slot: 590) != nil
                firstAtPlayhead.fulfill()
            }
        }
        wait(for: [firstAtPlayhead], timeout: 20)
        XCTAssertEqual(seen.withLock { farAwayWhenPlayheadMade }, false, "nothing far from the playhead was made before it")
        try waitUntil(timeout: 30) { proxies.isComplete(Self.long) }
        let copy = try proxyFrames(of: Self.long, in: proxies, frameDuration: .frame(atRate: 30))
        XCTAssertEqual(copy.map(\.index), Array(0..<600), "then the rest, every frame once")
    }

    func testTheCacheDecodesFromASegmentAsSoonAsItExists() throws {
        let proxies = store("cache") { $0.proxyPictureSize = 160 }
        let cache = MediaCache(mode: .background(wake: {}), proxies: proxies)
        XCTAssertEqual(cache.status(of: Self.longGOP), .loading)
        try waitUntil { proxies.segment(of: Self.longGOP, slot: 77) != nil }
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
        XCTAssertTrue(try proxies.makeNow(Self.longGOP))
        let segment = try XCTUnwrap(proxies.segment(of: Self.longGOP, slot: 40))
        try Data(repeating: 0x5A, count: 4096).write(to: URL(fileURLWithPath: segment.file))
        let cache = MediaCache(mode: .synchronous, proxies: proxies)
        let picture = cache.frame(of: Self.longGOP, at: Time.frame(atRate: 30) * 40, lane: .canvas)
        XCTAssertEqual(picture.flatMap { cache.image(for: $0.handle) }.map { TestPattern.readStamp($0) }, 40)
        XCTAssertFalse(FileManager.default.fileExists(atPath: segment.file))
        XCTAssertNil(proxies.segment(of: Self.longGOP, slot: 10), "the whole proxy goes")
        XCTAssertTrue(cache.takeProblems().isEmpty, "the user's file is fine; nothing to report")
    }

    func testTheLeastRecentlyUsedProxiesGoWhenOverBudget() throws {
        let proxies = store("budget") { $0.proxyBudgetMegabytes = 0.000_1 }
        XCTAssertTrue(try proxies.makeNow(Self.longGOP))
        let first = try XCTUnwrap(proxies.proxyFolder(for: Self.longGOP))
        XCTAssertTrue(try proxies.makeNow(Self.ntsc))
        let second = try XCTUnwrap(proxies.proxyFolder(for: Self.ntsc))
        XCTAssertFalse(FileManager.default.fileExists(atPath: first.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.path), "the newest stays even over budget")
        XCTAssertFalse(proxies.isComplete(Self.longGOP))
    }
}
