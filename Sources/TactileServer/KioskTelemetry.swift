import Foundation
import Prometheus
import TactileCore

/// What a running kiosk tells its operator, published by the frame loop and read by the health
/// server on its own threads: a snapshot under a lock (never held while a frame is drawn, only
/// while a value is copied), Prometheus metrics (swift-prometheus's registry, itself thread-safe),
/// and the last presented picture as PNG on request.
// Unchecked Sendable, safe: the snapshot is read and written only while holding `lock`; the
// metrics are swift-prometheus's, which are thread-safe; the rest never changes.
public final class KioskTelemetry: @unchecked Sendable {
    /// The figures `/health` reports.
    public struct Snapshot: Sendable {
        public var version = "0"
        public var phase = "starting"
        public var startedAt = Date()
        /// When the frame loop last came round (a present, or a wake with nothing to show), and
        /// when a picture was last presented and a person last touched.
        public var lastLoop: Date?, lastPresent: Date?, lastTouch: Date?
        public var visitorsToday = 0, visitorsTotal = 0
        public var sessionsToday = 0, sessionsTotal = 0
        /// Crashes recovered from (a recovered autosave at the start).
        public var recoveries = 0
        /// Where sessions and autosaves are written (its free space is reported).
        public var dataFolder = ""
        public init() {}
    }

    private let lock = NSLock()
    private var snapshot = Snapshot()
    /// `/screenshot.png`: the next presented picture, asked of the frame loop.
    public let screenshots = ScreenshotRequests()

    /// The Prometheus registry `/metrics` emits.
    public let registry = PrometheusCollectorRegistry()
    public let framesRun: Counter, framesPresented: Counter, visitors: Counter, errors: Counter, recoveries: Counter
    public let latency: DurationHistogram, sessionLength: ValueHistogram
    private let residentMemory: Gauge, sinceLastFrame: Gauge, freeSpace: Gauge

    public init(snapshot: Snapshot = Snapshot()) {
        self.snapshot = snapshot
        framesRun = registry.makeCounter(name: "tactile_frames_run_total", help: "Editor frames run.")
        framesPresented = registry.makeCounter(name: "tactile_frames_presented_total", help: "Pictures presented on screen.")
        visitors = registry.makeCounter(name: "tactile_visitors_total", help: "Kiosk visitors since the start.")
        errors = registry.makeCounter(name: "tactile_errors_total", help: "Errors shown to the person (banners, failed saves).")
        recoveries = registry.makeCounter(name: "tactile_recoveries_total", help: "Sessions recovered after the program ended unexpectedly.")
        latency = registry.makeDurationHistogram(
            name: "tactile_input_to_present_seconds",
            buckets: [
                .milliseconds(4), .milliseconds(8), .microseconds(16_667), .milliseconds(25), .microseconds(33_333), .milliseconds(50),
                .milliseconds(100), .milliseconds(200), .milliseconds(500),
            ], help: "In-app latency of input frames: from reading the event off the queue to the present returning.")
        sessionLength = registry.makeValueHistogram(
            name: "tactile_visitor_session_seconds", buckets: [10, 30, 60, 120, 300, 600, 1800, 3600],
            help: "How long kiosk visitors' sessions lasted.")
        residentMemory = registry.makeGauge(name: "tactile_resident_memory_bytes", help: "Resident memory of the process.")
        sinceLastFrame = registry.makeGauge(name: "tactile_seconds_since_last_loop", help: "Seconds since the frame loop last came round.")
        freeSpace = registry.makeGauge(name: "tactile_data_folder_free_bytes", help: "Free space where sessions are saved.")
        recoveries.increment(by: Int64(snapshot.recoveries))
    }

    /// Changes the snapshot (from the frame loop).
    public func update(_ change: (inout Snapshot) -> Void) { lock.withLock { change(&snapshot) } }

    /// A copy of the snapshot.
    public var current: Snapshot { lock.withLock { snapshot } }

    // MARK: Health

    /// `/health`: ok, or degraded with the reason.
    public func health(now: Date = Date(), stallAfter: Double, lowSpace: Double) -> JSONValue {
        let s = current
        let free = Self.freeBytes(at: s.dataFolder)
        let sinceLoop = s.lastLoop.map { now.timeIntervalSince($0) }
        var reasons: [String] = []
        if let sinceLoop, sinceLoop > stallAfter { reasons.append("the frame loop has not come round for \(Int(sinceLoop)) s") }
        if s.lastLoop == nil, now.timeIntervalSince(s.startedAt) > stallAfter { reasons.append("no frame on screen yet") }
        if let free, free < lowSpace { reasons.append("only \(Int(free / 1_000_000)) MB free in \(s.dataFolder)") }
        func seconds(_ d: Date?) -> JSONValue { d.map { .number((now.timeIntervalSince($0) * 10).rounded() / 10) } ?? .null }
        return .object([
            ("status", .string(reasons.isEmpty ? "ok" : "degraded")), ("reason", reasons.isEmpty ? .null : .string(reasons.joined(separator: "; "))),
            ("uptime", .number(now.timeIntervalSince(s.startedAt).rounded())), ("version", .string(s.version)), ("phase", .string(s.phase)),
            ("secondsSinceLastLoop", seconds(s.lastLoop)), ("secondsSinceLastFrame", seconds(s.lastPresent)), ("secondsSinceLastTouch", seconds(s.lastTouch)),
            ("visitors", .object([("today", .number(Double(s.visitorsToday))), ("total", .number(Double(s.visitorsTotal)))])),
            ("sessions", .object([("today", .number(Double(s.sessionsToday))), ("total", .number(Double(s.sessionsTotal)))])),
            ("freeBytes", free.map { .number($0) } ?? .null), ("recoveries", .number(Double(s.recoveries))),
        ])
    }

    /// `/metrics`: the Prometheus text format, the gauges read now.
    public func metrics(now: Date = Date()) -> [UInt8] {
        let s = current
        if let page = Self.residentBytes() { residentMemory.set(page) }
        if let last = s.lastLoop { sinceLastFrame.set(now.timeIntervalSince(last)) }
        if let free = Self.freeBytes(at: s.dataFolder) { freeSpace.set(free) }
        return registry.emitToBuffer()
    }

    // MARK: The system

    static func freeBytes(at path: String) -> Double? {
        guard !path.isEmpty, let a = try? FileManager.default.attributesOfFileSystem(forPath: path),
            let free = a[.systemFreeSize] as? NSNumber
        else { return nil }
        return free.doubleValue
    }

    static func residentBytes() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return nil }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }
}
