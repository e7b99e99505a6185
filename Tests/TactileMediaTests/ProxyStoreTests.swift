import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// All-keyframe proxies: every frame of the source at its own time (checked by the index in its
/// pixels), made once per file version, used by the cache once they exist, pruned to a budget.
final class ProxyStoreTests: XCTestCase, RunsAlone {
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
        try TestPattern.writeClip(
            to: URL(fileURLWithPath: Self.longGOP),
            settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 60), frames: 90, style: 1)
        try TestPattern.writeClip(
            to: URL(fileURLWithPath: Self.ntsc),
            settings: .init(
                codec: .h264, width: 320, height: 180, keyframeInterval: 48,
                timeBase: (1001, 30000), frameRate: (30000, 1001)), frames: 60, style: 2)
        try TestPattern.writeClip(to: URL(fileURLWithPath: Self.mjpeg), settings: .init(codec: .mjpeg, width: 320, height: 180), frames: 10, style: 0)
        try TestPattern.writeClip(
            to: URL(fileURLWithPath: Self.rotated),
            settings: .init(codec: .h264, width: 320, height: 180, keyframeInterval: 30, rotation: 90), frames: 30, style: 0)
        try TestPattern.writeClip(
            to: URL(fileURLWithPath: Self.long),
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
        XCTAssertEqual(
            TestPattern.readStamp(try VideoDecoder(path: Self.rotated).frame(at: .seconds(0.5)).image),
            TestPattern.readStamp(f.image))
    }

    /// Makes the long clip's proxy in the background while the lane looks at `looks` in turn,
    /// and answers `question` the moment the segment holding `slot` is published.
    private func whenMade(_ slot: Int64, by proxies: ProxyStore, lookingAt looks: [Int64], _ question: @escaping () -> Bool) throws -> Bool? {
        let info = try XCTUnwrap(MediaCache.open(Self.long).info)
        for look in looks { proxies.look(at: look, of: Self.long, lane: .canvas) }
        let made = expectation(description: "the segment holding \(slot)")
        let seen = NSLock()
        var answer: Bool?
        proxies.request(Self.long, info: info) {
            seen.withLock {
                guard answer == nil, proxies.segment(of: Self.long, slot: slot) != nil else { return }
                answer = question()
                made.fulfill()
            }
        }
        wait(for: [made], timeout: 20)
        return seen.withLock { answer }
    }

    /// Waits for the long clip's whole proxy and checks it holds every frame once, in order.
    private func assertEveryFrameOnce(in proxies: ProxyStore, _ message: String) throws {
        try waitUntil(timeout: 30) { proxies.isComplete(Self.long) }
        let copy = try proxyFrames(of: Self.long, in: proxies, frameDuration: .frame(atRate: 30))
        XCTAssertEqual(copy.map(\.index), Array(0..<600), message)
    }

    func testSegmentsAreMadeWhereThePlayheadIsFirst() throws {
        let proxies = store("playhead-first") {
            $0.proxyPictureSize = 160; $0.proxyMakers = 1; $0.proxyAroundSeconds = 1
        }
        // The playhead rests at 15 s of 20 before anything is made.
        let farAway = try whenMade(450, by: proxies, lookingAt: [450]) {
            proxies.segment(of: Self.long, slot: 30) != nil || proxies.segment(of: Self.long, slot: 590) != nil
        }
        XCTAssertEqual(farAway, false, "nothing far from the playhead was made before it")
        try assertEveryFrameOnce(in: proxies, "then the rest, every frame once")
    }

    func testAfterAJumpTheFrameAtTheFingerIsMadeBeforeItsKeyframeInterval() throws {
        let proxies = store("sprint") {
            $0.proxyPictureSize = 160; $0.proxyMakers = 1; $0.proxySprintFrames = 8
        }
        // The finger lands 50 frames after a keyframe (keyframes every 60 frames).
        let startOfInterval = try whenMade(170, by: proxies, lookingAt: [170]) { proxies.segment(of: Self.long, slot: 125) != nil }
        XCTAssertEqual(startOfInterval, false, "the frames from the keyframe to the finger were passed, not written first")
        XCTAssertEqual(
            proxies.segment(of: Self.long, slot: 162)?.file, proxies.segment(of: Self.long, slot: 170)?.file,
            "writing began a few frames before the finger")
        try assertEveryFrameOnce(in: proxies, "the frames passed are made later, every frame once")
    }

    func testAFingerGoingBackGetsTheFramesOnTheWayWritten() throws {
        let proxies = store("going-back") {
            $0.proxyPictureSize = 160; $0.proxyMakers = 1; $0.proxySprintFrames = 8
        }
        // The finger moves back through 170 and 168 (keyframes every 60 frames): it will want
        // the frames between the keyframe and it next.
        let onTheWay = try whenMade(168, by: proxies, lookingAt: [170, 168]) { proxies.segment(of: Self.long, slot: 125) != nil }
        XCTAssertEqual(onTheWay, true, "the frames from the keyframe on were written on the way to the finger")
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
