import Foundation
import XCTest
import TactileCore
import TactileTestSupport
@testable import TactileMedia

/// The cache the editor reads media through: exact frames, stand-ins, thumbnails, waveforms,
/// the byte budget and files that cannot be used. Frames are checked by the index in their pixels.
final class MediaCacheTests: XCTestCase {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-cache-\(ProcessInfo.processInfo.processIdentifier)")
    static var made = false
    static var video: String { folder.appendingPathComponent("long-gop.mp4").path }
    static var tone: String { folder.appendingPathComponent("tone.m4a").path }

    override func setUpWithError() throws {
        guard !Self.made else { return }
        MediaLog.quiet()
        try? FileManager.default.removeItem(at: Self.folder)
        try TestPattern.writeClip(
            to: URL(fileURLWithPath: Self.video),
            settings: .init(codec: .h264, width: 320, height: 180, framesPerSecond: 30, keyframeInterval: 120),
            frames: 240, style: 1)
        let beep = AudioEncoder.tone(hz: 440, seconds: 1, sampleRate: 48_000, level: 0.5) + [Float](repeating: 0, count: 48_000)
        try AudioEncoder.write(beep, sampleRate: 48_000, codec: .aac, to: URL(fileURLWithPath: Self.tone))
        Self.made = true
    }

    private func frameIndex(_ picture: MediaPicture?, in cache: MediaCache) -> Int? {
        guard let p = picture, let image = cache.image(for: p.handle) else { return nil }
        return TestPattern.readStamp(image)
    }

    func testAFileBeingMadeShowsAsLoadingUntilItIsMadeThenItsFramesComeAndTheScreenIsToldOfIt() throws {
        let woken = Wakes()
        let cache = MediaCache(mode: .background(wake: { woken.bump() }))
        let later = Self.folder.appendingPathComponent("made-later.mp4").path
        cache.awaitFiles([later, Self.video])
        XCTAssertEqual(cache.status(of: Self.video), .loading, "not opened while it is being made, though a file is there")
        XCTAssertNil(cache.frame(of: Self.video, at: .zero, lane: .canvas))
        let before = cache.generation
        cache.fileMade(Self.video)
        XCTAssertGreaterThan(cache.generation, before, "the screen is drawn again")
        XCTAssertEqual(woken.count, 1)
        Readiness.wait(timeout: 10, poll: 0.01) { cache.status(of: Self.video).info != nil }
        XCTAssertEqual(cache.status(of: Self.video).info?.pictureWidth, 320, "opened once made")
        cache.fileFailed(later, reason: "the demo's media could not be made (disk full)")
        XCTAssertEqual(cache.status(of: later), .offline("the demo's media could not be made (disk full)"))
        XCTAssertEqual(cache.takeProblems().count, 1, "said once")
    }

    func testSynchronousFramesAreExactAndCached() throws {
        let cache = MediaCache(mode: .synchronous)
        XCTAssertEqual(cache.status(of: Self.video).info?.pictureWidth, 320)
        for index in [0, 100, 37, 239, 150, 149] {
            let t = Time.frame(atRate: 30) * Int64(index) + .seconds(0.01)
            let picture = cache.frame(of: Self.video, at: t, lane: .canvas)
            XCTAssertEqual(picture?.isExact, true)
            XCTAssertEqual(picture?.time, Time.frame(atRate: 30) * Int64(index))
            XCTAssertEqual(frameIndex(picture, in: cache), index)
        }
        let again = cache.frame(of: Self.video, at: Time.frame(atRate: 30) * 37, lane: .canvas)
        XCTAssertEqual(frameIndex(again, in: cache), 37, "the cached frame serves the same slot")
    }

    /// The window's frame clock: each frame 1/60 s after the last (virtual time).
    private var clock = Time.zero
    private func nextFrame(_ cache: MediaCache) {
        clock += Time.frame(atRate: 60)
        cache.beginFrame(at: clock)
    }

    func testBackgroundRequestsEndWithTheLatestExactFrame() throws {
        let woken = Wakes()
        let cache = MediaCache(mode: .background(wake: { woken.bump() }))
        XCTAssertEqual(cache.status(of: Self.video), .loading, "files open in the background")
        try waitUntil { cache.status(of: Self.video).info != nil }
        // A fast scrub: many requests in a row; only the last one must arrive exactly.
        for index in stride(from: 230, through: 130, by: -5) {
            nextFrame(cache)
            _ = cache.frame(of: Self.video, at: Time.frame(atRate: 30) * Int64(index), lane: .canvas)
        }
        let target = Time.frame(atRate: 30) * 130
        var last: MediaPicture?
        try waitUntil {
            nextFrame(cache)
            last = cache.frame(of: Self.video, at: target, lane: .canvas)
            return last?.isExact == true && last?.time == target
        }
        XCTAssertEqual(frameIndex(last, in: cache), 130)
        XCTAssertGreaterThan(woken.count, 0, "results wake the host")
        // While a new far request decodes, the lane's last picture stands in, marked inexact.
        let stand = cache.frame(of: Self.video, at: Time.frame(atRate: 30) * 20, lane: .canvas)
        if let stand, stand.time != Time.frame(atRate: 30) * 20 { XCTAssertFalse(stand.isExact) }
    }

    /// A cache in the background whose canvas lane shows the exact frame `slot`, the finger resting there.
    private func cacheResting(at slot: Int64, settings: TactileConfiguration.Media = .init()) throws -> MediaCache {
        let cache = MediaCache(settings: settings, mode: .background(wake: {}))
        try waitUntil { cache.status(of: Self.video).info != nil }
        try waitUntil {
            nextFrame(cache); return cache.frame(of: Self.video, at: Time.frame(atRate: 30) * slot, lane: .canvas)?.isExact == true
        }
        return cache
    }

    func testAScrubShowsAQuickPictureAndTheExactFrameOnceTheFingerRests() throws {
        let cache = try cacheResting(at: 10)
        let frame = Time.frame(atRate: 30)
        // The finger moves to 200, a seek and 80 frames away: a quick picture answers first.
        nextFrame(cache)
        _ = cache.frame(of: Self.video, at: frame * 190, lane: .canvas)
        var seen: [MediaPicture] = []
        var last: MediaPicture?
        // Redraws within the same frame (the cache waking the window) are no rest: the finger
        // still moves, so only quick pictures come.
        nextFrame(cache)
        try waitUntil {
            last = cache.frame(of: Self.video, at: frame * 200, lane: .canvas)
            if let last, last.time >= frame * 120 { seen.append(last) }
            return last.map { $0.time >= frame * 198 } ?? false
        }
        XCTAssertFalse(try XCTUnwrap(last).isExact, "no exact frame while the finger has not rested")
        let quick = try XCTUnwrap(seen.first, "a picture near the finger before the exact one")
        XCTAssertFalse(quick.isExact, "the quick picture is marked as not exact")
        XCTAssertLessThanOrEqual(quick.time, frame * 200)
        // A frame later the finger rests there: the exact frame follows.
        try waitUntil {
            nextFrame(cache)
            last = cache.frame(of: Self.video, at: frame * 200, lane: .canvas)
            return last?.isExact == true && last?.time == frame * 200
        }
        XCTAssertEqual(frameIndex(last, in: cache), 200, "the exact frame follows at rest")

        // With quick decoding off, only exact pictures of the slot are ever kept for it.
        var settings = TactileConfiguration.Media()
        settings.quickScrubDecode = false
        let exactOnly = MediaCache(settings: settings, mode: .background(wake: {}))
        try waitUntil { exactOnly.status(of: Self.video).info != nil }
        try waitUntil {
            nextFrame(exactOnly); return exactOnly.frame(of: Self.video, at: frame * 10, lane: .canvas)?.isExact == true
        }
        try waitUntil {
            nextFrame(exactOnly)
            last = exactOnly.frame(of: Self.video, at: frame * 200, lane: .canvas)
            if let last, last.time == frame * 200 { XCTAssertTrue(last.isExact) }
            return last?.isExact == true && last?.time == frame * 200
        }
    }

    func testAFingerGoingBackTowardsAKeyframeFindsTheIntervalBeforeItDecodedAheadOfIt() throws {
        // The finger scrubs back from 165 to 150 (keyframes at 0 and 120), then the lane idles;
        // next it crosses the keyframe to 115. With the look-behind, a picture within a few
        // frames before 115 is kept before the finger gets there, and shows at once; without,
        // none is (what shows then depends on how far a decode asked at that moment got).
        func crossing(lookBehindFrames: Int) throws -> (keptBefore: Bool, shown: MediaPicture) {
            var settings = TactileConfiguration.Media()
            settings.lookBehindFrames = lookBehindFrames
            let cache = try cacheResting(at: 165, settings: settings)
            let frame = Time.frame(atRate: 30)
            for slot in stride(from: 162, through: 150, by: -3) {
                nextFrame(cache)
                _ = cache.frame(of: Self.video, at: frame * Int64(slot), lane: .canvas)
            }
            // Answered once a picture is kept as near as the cache itself asks before it skips a
            // quick decode (which pictures the rest at 165 kept on its way depends on the clock).
            try waitUntil { cache.nearestPicture(of: Self.video, slot: 150, within: settings.quickScrubNearestFrames) != nil }
            // The lull: a look-behind ends at the last frame before the keyframe.
            Thread.sleep(forTimeInterval: 0.3)
            if lookBehindFrames > 0 { try waitUntil { cache.has(.frame(Self.video, slot: 119), exact: false) } }
            let kept = cache.nearestPicture(of: Self.video, slot: 115, within: 3) != nil
            nextFrame(cache)
            return (kept, try XCTUnwrap(cache.frame(of: Self.video, at: frame * 115, lane: .canvas)))
        }
        let frame = Time.frame(atRate: 30)
        let ahead = try crossing(lookBehindFrames: 150)
        XCTAssertTrue(ahead.keptBefore, "the interval before the keyframe was decoded ahead of the finger")
        XCTAssertFalse(ahead.shown.isExact)
        XCTAssertLessThanOrEqual(ahead.shown.time, frame * 115)
        XCTAssertGreaterThanOrEqual(ahead.shown.time, frame * 112, "a kept picture within 3 frames before the finger shows at once")
        XCTAssertFalse(try crossing(lookBehindFrames: 0).keptBefore, "without it, nothing before the keyframe was decoded yet")
    }

    func testAQuickDecodeKeepsEveryPictureNearTheFrameAskedForAndFewFartherBack() throws {
        // A scrub from 10 to 230 (keyframe at 120): the quick decode passes 120…230. Within 45
        // frames of 230 every picture passed is kept; before that one in 10 (the time rule off).
        func kept(keepAll: Int) throws -> (far: Int, near: Int) {
            var settings = TactileConfiguration.Media()
            settings.quickKeepAllFrames = keepAll
            settings.quickScrubNearestFrames = 10
            settings.quickShowEveryMilliseconds = 10_000
            settings.lookBehindFrames = 0
            let cache = try cacheResting(at: 10, settings: settings)
            nextFrame(cache)
            _ = cache.frame(of: Self.video, at: Time.frame(atRate: 30) * 230, lane: .canvas)
            try waitUntil { cache.has(.frame(Self.video, slot: 230), exact: false) }
            let count = { (slots: ClosedRange<Int64>) in slots.filter { cache.has(.frame(Self.video, slot: $0), exact: false) }.count }
            return (count(121...184), count(185...229))
        }
        let sparse = try kept(keepAll: 45)
        XCTAssertLessThanOrEqual(sparse.far, 7, "one picture in 10 frames far from the finger")
        XCTAssertGreaterThanOrEqual(sparse.near, 12, "every picture passed near it (B-frames are skipped)")
        let all = try kept(keepAll: 10_000)
        XCTAssertGreaterThanOrEqual(all.far, 15, "kept as densely when the setting asks for every one")
    }

    func testThumbnailsHaveTheAskedHeightAndEndExact() throws {
        let sync = MediaCache(mode: .synchronous)
        let thumb = try XCTUnwrap(sync.thumbnail(of: Self.video, at: .seconds(5), height: 48))
        XCTAssertEqual(thumb.height, 48)
        XCTAssertEqual(Double(thumb.width), 85.3, accuracy: 1)
        XCTAssertTrue(thumb.isExact)
        // The same file asked at another height (a poster after a filmstrip) gets that height.
        XCTAssertEqual(try XCTUnwrap(sync.thumbnail(of: Self.video, at: .seconds(2), height: 120)).height, 120)
        XCTAssertEqual(try XCTUnwrap(sync.thumbnail(of: Self.video, at: .seconds(2), height: 48)).height, 48)

        let cache = MediaCache(mode: .background(wake: {}))
        try waitUntil { cache.status(of: Self.video).info != nil }
        var picture: MediaPicture?
        try waitUntil {
            cache.beginFrame(at: .zero)
            picture = cache.thumbnail(of: Self.video, at: .seconds(5), height: 48)
            return picture?.isExact == true
        }
        XCTAssertEqual(picture?.time, .seconds(5))
    }

    func testPicturesAndDecodersStayWithinTheBudget() throws {
        var settings = TactileConfiguration.Media()
        settings.cacheBudgetMegabytes = 4 // a decoder's working memory and a dozen 320×180 frames
        let cache = MediaCache(settings: settings, mode: .synchronous)
        for index in 0..<60 { _ = cache.frame(of: Self.video, at: Time.frame(atRate: 30) * Int64(index * 3), lane: .canvas) }
        XCTAssertGreaterThan(cache.decoderBytes, 0)
        XCTAssertLessThanOrEqual(cache.cachedBytes + cache.decoderBytes, 4 * 1_048_576)
        XCTAssertGreaterThan(cache.cachedPictures, 1)
    }

    func testWaveformsFollowTheSound() throws {
        let cache = MediaCache(mode: .synchronous)
        let wave = try XCTUnwrap(cache.waveform(of: Self.tone))
        XCTAssertEqual(Double(wave.peaks.count), 200, accuracy: 5, "100 peaks per second over 2 s")
        XCTAssertEqual(Double(wave.peak(from: .seconds(0.2), to: .seconds(0.8))), 0.5, accuracy: 0.08)
        XCTAssertLessThan(wave.peak(from: .seconds(1.3), to: .seconds(1.9)), 0.02, "silence after the beep")
        XCTAssertNil(cache.waveform(of: Self.video), "a video without sound has no waveform")
    }

    func testUnusableFilesGoOfflineWithAReason() throws {
        let cache = MediaCache(mode: .synchronous)
        let garbage = Self.folder.appendingPathComponent("garbage.mp4")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: garbage)
        for path in ["/nonexistent/clip.mp4", garbage.path, Self.folder.path] {
            guard case let .offline(reason) = cache.status(of: path) else { return XCTFail("\(path) should be offline") }
            XCTAssertFalse(reason.isEmpty)
            XCTAssertNil(cache.frame(of: path, at: .zero, lane: .canvas))
            XCTAssertNil(cache.thumbnail(of: path, at: .zero, height: 48))
        }
        let problems = cache.takeProblems()
        XCTAssertEqual(problems.count, 3)
        XCTAssertTrue(problems[0].contains("clip.mp4"), problems[0])
        XCTAssertTrue(cache.takeProblems().isEmpty, "each problem is reported once")
    }

    func testOpenDecodersStayWithinTheLimitAndReopenWhenNeeded() throws {
        var settings = TactileConfiguration.Media()
        settings.openDecoderLimit = 2
        let cache = MediaCache(settings: settings, mode: .synchronous)
        let copies = try (0..<4).map { i -> String in
            let link = Self.folder.appendingPathComponent("copy-\(i).mp4").path
            if !FileManager.default.fileExists(atPath: link) { try FileManager.default.linkItem(atPath: Self.video, toPath: link) }
            return link
        }
        for round in 0..<2 {
            for (i, path) in copies.enumerated() {
                let index = 10 + i * 20 + round * 5
                XCTAssertEqual(frameIndex(cache.frame(of: path, at: Time.frame(atRate: 30) * Int64(index), lane: .canvas), in: cache), index)
                XCTAssertNotNil(cache.thumbnail(of: path, at: .seconds(Double(i)), height: 48))
                XCTAssertLessThanOrEqual(cache.openDecoderCount, 2)
            }
        }
    }
}
