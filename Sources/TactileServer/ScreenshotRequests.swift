import Foundation

/// Pictures asked for by a server's threads and answered by the frame loop: a request wakes the
/// loop (`request`), the window captures its next present while one is wanted, and `deliver`
/// hands the PNG to everyone waiting. A waiter that times out gets nil; the others wait on.
// Unchecked Sendable, safe: `pending` is read and written only while holding `lock`.
public final class ScreenshotRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [(Data?) -> Void] = []
    /// Asks the frame loop for a picture (it presents at once and answers `deliver`).
    public var request: (() -> Void)?

    public init() {}

    /// Waits (off the frame loop) for the next presented picture as PNG, at most `timeout` seconds.
    public func next(timeout: Double) async -> Data? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
            let once = Once(continuation)
            lock.withLock { pending.append { once.resume($0) } }
            request?()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { once.resume(nil) }
        }
    }

    /// Whether a picture is waited for (the frame loop captures its next present then).
    public var isWanted: Bool { lock.withLock { !pending.isEmpty } }

    /// Hands the captured picture (PNG; nil when it could not be encoded) to everyone waiting.
    public func deliver(_ png: Data?) {
        let waiting = lock.withLock { () -> [(Data?) -> Void] in
            defer { pending.removeAll() }; return pending
        }
        for w in waiting { w(png) }
    }

    /// Resumes a continuation once, whichever comes first.
    // Unchecked Sendable, safe: the continuation is taken out under `lock`, so it is resumed once.
    private final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Data?, Never>?
        init(_ c: CheckedContinuation<Data?, Never>) { continuation = c }
        func resume(_ value: Data?) {
            let c = lock.withLock { () -> CheckedContinuation<Data?, Never>? in
                defer { continuation = nil }; return continuation
            }
            c?.resume(returning: value)
        }
    }
}
