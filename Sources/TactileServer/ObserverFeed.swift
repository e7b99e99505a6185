import Foundation
import TactileCore

/// What the study's observer page shows and sends, shared between the frame loop and the
/// server's threads: the study's state as it stands, the log as it happens (kept for pages that
/// join late), the next picture on request, and the observers' markers and notes queued for the
/// session to take at its next step. Every access takes a lock; nothing here blocks a frame.
// Unchecked Sendable, safe: every mutable property is read and written only while holding
// `lock`; `backlog` and `screenshots` never change (the latter guards itself).
public final class ObserverFeed: @unchecked Sendable {
    /// One observer's marker or note, with when it arrived.
    public struct Command: Sendable, Equatable {
        /// "1" … "9" or "m"; "n" for a note.
        public var key: String
        public var note: String?
        public var arrived: Date
    }

    private let lock = NSLock()
    private var state: JSONValue = .object([])
    /// When `state` was published: a page that joins later gets its task clock moved on by the
    /// time since (so a page loaded mid-task does not start the timer at 0:00).
    private var publishedAt = Date()
    /// The wall clock (a test's own).
    private let clock: @Sendable () -> Date
    private var recent: [String] = []
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]
    private var commands: [Command] = []
    /// How many log lines a page that joins late is sent first.
    public let backlog: Int

    /// The picture the page refreshes every second: the next presented one, asked of the loop.
    public let screenshots = ScreenshotRequests()
    /// Told when an observer's command arrives (the app wakes the loop to take it).
    public var onCommand: (@Sendable () -> Void)?

    public init(backlog: Int = 200, clock: @escaping @Sendable () -> Date = Date.init) {
        self.backlog = backlog; self.clock = clock
    }

    // MARK: From the frame loop

    /// The study's state as it stands now (participant, variant, task, its timer's start).
    public func publish(state new: JSONValue) {
        let message = JSONValue.object([("type", .string("state")), ("state", new)]).serialized()
        let listeners: [AsyncStream<String>.Continuation] = lock.withLock {
            guard new != state else { return [] }
            state = new
            publishedAt = clock()
            return Array(subscribers.values)
        }
        for l in listeners { l.yield(message) }
    }

    /// A log event as it happens (one JSON object, as `log.jsonl` holds it).
    public func append(logLine line: String) {
        let message = "{\"type\":\"log\",\"event\":" + line + "}"
        let listeners: [AsyncStream<String>.Continuation] = lock.withLock {
            recent.append(message)
            if recent.count > backlog { recent.removeFirst(recent.count - backlog) }
            return Array(subscribers.values)
        }
        for l in listeners { l.yield(message) }
    }

    /// The observers' markers and notes since the last call, oldest first.
    public func takeCommands() -> [Command] {
        lock.withLock {
            defer { commands.removeAll() }; return commands
        }
    }

    // MARK: From the server

    /// The state now, as the page's first message.
    public var stateMessage: String {
        lock.withLock {
            let now = Self.advancingTaskClock(state, by: clock().timeIntervalSince(publishedAt))
            return JSONValue.object([("type", .string("state")), ("state", now)]).serialized()
        }
    }

    /// `state` with a running task's `elapsed` moved on by `seconds` (to the millisecond).
    static func advancingTaskClock(_ state: JSONValue, by seconds: Double) -> JSONValue {
        guard case var .object(fields) = state, let i = fields.firstIndex(where: { $0.0 == "task" }), case var .object(task) = fields[i].1,
            task.contains(where: { $0.0 == "running" && $0.1 == .bool(true) }),
            let e = task.firstIndex(where: { $0.0 == "elapsed" }), case let .number(elapsed) = task[e].1, seconds > 0
        else { return state }
        task[e].1 = .number(((elapsed + seconds) * 1000).rounded() / 1000)
        fields[i].1 = .object(task)
        return .object(fields)
    }

    /// Queues an observer's marker (`key` "m" or "1"…"9") or note (`key` "n").
    public func enqueue(_ command: Command) {
        lock.withLock { commands.append(command) }
        onCommand?()
    }

    /// A stream of every message from now on, after the state and the recent log.
    public func subscribe() -> (id: UUID, stream: AsyncStream<String>) {
        let id = UUID()
        var continuation: AsyncStream<String>.Continuation!
        let stream = AsyncStream<String>(bufferingPolicy: .bufferingNewest(1000)) { continuation = $0 }
        let first: [String] = lock.withLock {
            subscribers[id] = continuation
            return [JSONValue.object([("type", .string("state")), ("state", state)]).serialized()] + recent
        }
        for m in first { continuation.yield(m) }
        return (id, stream)
    }

    public func unsubscribe(_ id: UUID) {
        let c = lock.withLock { subscribers.removeValue(forKey: id) }
        c?.finish()
    }

    /// Ends every page's stream (the study closes).
    public func close() {
        let all = lock.withLock {
            defer { subscribers.removeAll() }; return Array(subscribers.values)
        }
        for c in all { c.finish() }
    }
}
