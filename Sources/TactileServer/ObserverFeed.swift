import Foundation
import TactileCore

/// What the study's observer page shows and sends, shared between the frame loop and the
/// server's threads: the study's state as it stands, the log as it happens (kept for pages that
/// join late), the next picture on request, and the observers' markers and notes queued for the
/// session to take at its next step, each acknowledged to the pages once the session has taken it
/// (and taken once: one sent again after a reconnect is acknowledged again, not queued again).
/// Every access takes a lock; nothing here blocks a frame.
// Unchecked Sendable, safe: every mutable property is read and written only while holding
// `lock`; `backlog`, `remembered` and `screenshots` never change (the latter guards itself).
public final class ObserverFeed: @unchecked Sendable {
    /// One observer's marker or note, with when it arrived.
    public struct Command: Sendable, Equatable {
        /// "1" … "9" or "m"; "n" for a note.
        public var key: String
        public var note: String?
        public var arrived: Date
        /// The page's own id for it (random hex), by which it is acknowledged; nil from a client
        /// that gives none (then it is neither acknowledged nor recognised when sent again).
        public var id: String?
        /// How long before it arrived it was made, in seconds (it waited in the page's outbox).
        public var age: Double
        /// The participant it was made for ("P01"), when the page said so.
        public var participant: String?

        public init(key: String, note: String? = nil, arrived: Date, id: String? = nil, age: Double = 0, participant: String? = nil) {
            self.key = key; self.note = note; self.arrived = arrived; self.id = id; self.age = age; self.participant = participant
        }
    }

    /// What became of a command the session took: saved in the participant's log, or refused
    /// and why ("P01's session ended").
    public enum Outcome: Sendable, Equatable {
        case saved
        case refused(String)

        /// The message pages are told: `{"type":"ack","id":…}` or `{"type":"refused","id":…,"reason":…}`.
        func message(id: String) -> String {
            switch self {
            case .saved: return JSONValue.object([("type", .string("ack")), ("id", .string(id))]).serialized()
            case let .refused(reason):
                return JSONValue.object([("type", .string("refused")), ("id", .string(id)), ("reason", .string(reason))]).serialized()
            }
        }
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
    /// Pages connected since the study last took them: whether each runs on this machine.
    private var connections: [Bool] = []
    /// Ids queued or being taken, not yet acknowledged.
    private var pending: Set<String> = []
    /// What became of the last `remembered` ids, and their order (oldest first).
    private var outcomes: [String: Outcome] = [:]
    private var outcomeOrder: [String] = []
    /// How many log lines a page that joins late is sent first.
    public let backlog: Int
    /// How many commands' outcomes are remembered by id (so one sent again is not taken twice).
    public let remembered: Int

    /// The picture the page refreshes every second: the next presented one, asked of the loop.
    public let screenshots = ScreenshotRequests()
    /// Told when an observer's command arrives (the app wakes the loop to take it).
    public var onCommand: (@Sendable () -> Void)?

    public init(backlog: Int = 200, remembered: Int = 1000, clock: @escaping @Sendable () -> Date = Date.init) {
        self.backlog = backlog; self.remembered = max(1, remembered); self.clock = clock
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
    /// Notes that a page connected, and whether it runs on this machine (the study's).
    public func pageConnected(onThisMachine: Bool) {
        lock.withLock { connections.append(onThisMachine) }
        onCommand?()
    }

    /// The pages that connected since the last call: for each, whether it runs on this machine.
    public func takePageConnections() -> [Bool] {
        lock.withLock {
            defer { connections.removeAll() }
            return connections
        }
    }

    public func takeCommands() -> [Command] {
        lock.withLock {
            defer { commands.removeAll() }; return commands
        }
    }

    /// Tells every page what became of the command with `id` (the session took it), and
    /// remembers it: the same id sent again is answered with this, never taken again.
    public func acknowledge(_ id: String, _ outcome: Outcome) {
        lock.withLock {
            pending.remove(id)
            if outcomes.updateValue(outcome, forKey: id) == nil { outcomeOrder.append(id) }
            if outcomeOrder.count > remembered {
                for old in outcomeOrder.prefix(outcomeOrder.count - remembered) { outcomes[old] = nil }
                outcomeOrder.removeFirst(outcomeOrder.count - remembered)
            }
        }
        broadcast(outcome.message(id: id))
    }

    private func broadcast(_ message: String) {
        let listeners = lock.withLock { Array(subscribers.values) }
        for l in listeners { l.yield(message) }
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

    /// Queues an observer's marker (`key` "m" or "1"…"9") or note (`key` "n"), unless its id was
    /// seen before: one already queued is not queued again, and one already taken is answered
    /// again (to every page) with what became of it, which is returned. Nil: queued, or waiting.
    @discardableResult
    public func enqueue(_ command: Command) -> Outcome? {
        enum Seen { case new, waiting, taken(Outcome) }
        let seen: Seen = lock.withLock {
            guard let id = command.id else { commands.append(command); return .new }
            if let outcome = outcomes[id] { return .taken(outcome) }
            if pending.contains(id) { return .waiting }
            pending.insert(id)
            commands.append(command)
            return .new
        }
        switch seen {
        case .new: onCommand?(); return nil
        case .waiting: return nil
        case let .taken(outcome):
            broadcast(outcome.message(id: command.id ?? ""))
            return outcome
        }
    }

    /// A stream of every message from now on, after the state and the recent log.
    public func subscribe() -> (id: UUID, stream: AsyncStream<String>) {
        let id = UUID()
        var continuation: AsyncStream<String>.Continuation!
        let stream = AsyncStream<String>(bufferingPolicy: .bufferingNewest(1000)) { continuation = $0 }
        // The state with a running task's clock moved on to now: a page that joins mid-task
        // shows the task's time so far, not the time when the state was published.
        let first: [String] = lock.withLock {
            subscribers[id] = continuation
            let now = Self.advancingTaskClock(state, by: clock().timeIntervalSince(publishedAt))
            return [JSONValue.object([("type", .string("state")), ("state", now)]).serialized()] + recent
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
