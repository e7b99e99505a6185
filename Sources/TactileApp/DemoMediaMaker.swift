import Foundation
import TactileCore
import TactileMedia

/// A first start's demo media, made behind the open window: the window opens on the demo at
/// once (its clips show "Loading…"), the making starts once its first picture is on screen (so
/// it takes no core from the window's start), and each file, as it is made, appears — its
/// poster, its frames, its waveform — in the order the first screen needs them. A termination signal stops
/// the making at the next frame painted; the window's end waits for it, so no half-made file is
/// left behind.
final class DemoMediaMaker: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var stopping = false
    private var started = false
    private var thread: Thread?

    /// How long the window's end waits for the making to stop (it stops at its next frame painted). 5 s.
    static let stopWait = 5.0

    /// The order the first screen wants them: the first clip's picture, the music's waveform, the
    /// rest of the timeline's filmstrip.
    static let order: [DemoMedia.Item] = [.beach, .soundtrack, .city, .titleCard, .forest, .birds]

    /// Makes `missing` into their paths once `start()` is called, telling `media` as each is made
    /// or fails (until then they show as loading).
    init(missing: [(item: DemoMedia.Item, path: String)], media: MediaCache, stopWhen: @escaping @Sendable () -> Bool) {
        media.awaitFiles(missing.map(\.path))
        let items = missing.sorted { a, b in (Self.order.firstIndex(of: a.item) ?? 99) < (Self.order.firstIndex(of: b.item) ?? 99) }
        let box = MediaBox(media: media)
        let stop: @Sendable () -> Bool = { [unowned self] in stopWhen() || lock.withLock { stopping } }
        let thread = Thread { [done] in
            for (item, path) in items {
                do {
                    try DemoMedia.make(item, stopWhen: stop)
                    box.media.fileMade(path)
                } catch is DemoMedia.Stopped {
                    break
                } catch {
                    box.media.fileFailed(path, reason: "the demo's media could not be made (\(ErrorWords.reason(error)))")
                }
            }
            done.signal()
        }
        thread.name = "tactile-demo-media"
        thread.qualityOfService = .userInitiated
        self.thread = thread
    }

    /// Starts the making (once; later calls do nothing).
    func start() {
        let thread = lock.withLock { () -> Thread? in
            defer { self.thread = nil }
            return self.thread
        }
        thread?.start()
        if thread != nil { lock.withLock { started = true } }
    }

    /// Stops the making (at the next frame painted) and waits until it has, at most `seconds`:
    /// what was made is kept, the next start makes the rest.
    func stop(waiting seconds: Double) {
        let running = lock.withLock { () -> Bool in
            stopping = true
            return started
        }
        if running { _ = done.wait(timeout: .now() + seconds) }
    }

    /// The media cache, handed to the making thread (it locks what it shares).
    private struct MediaBox: @unchecked Sendable { let media: MediaCache }
}
