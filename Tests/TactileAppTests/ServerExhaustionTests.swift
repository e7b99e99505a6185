import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileCore
import TactileServer
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// The servers under an attacker's connections, through the real program and real sockets: a
/// kiosk started with systemd's default limit of 1,024 open files takes thousands of idle
/// connections and goes on presenting frames (its watchdog pings arrive), autosaving, and
/// answering `/health` once they close; a client that sends headers a byte at a time, or
/// nothing, is closed after `kiosk.healthClientTimeout`.
final class ServerExhaustionTests: XCTestCase, ReplayTesting, RunsAlone {
    var folder: URL!
    override func setUpWithError() throws { folder = try Self.makeTestFolder("exhaustion") }
    override func tearDown() { removeTestFolder() }

    /// A TCP socket to 127.0.0.1:`port`; non-blocking ones are left connecting.
    static func connectTo(_ port: Int, blocking: Bool = true) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | (blocking ? 0 : Int32(SOCK_NONBLOCK.rawValue)), 0)
        guard fd >= 0 else { return fd }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        return fd
    }

    /// The status of `GET /health`, or nil when nothing answered within `timeout` seconds.
    static func healthStatus(_ port: Int, timeout: Double = 3) -> Int? {
        let fd = connectTo(port)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var t = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 12 else { return nil }
        return Int(String(decoding: buffer[9..<12], as: UTF8.self))
    }

    /// Lets this test process open `count` files of its own.
    static func allowOpenFiles(_ count: Int) throws {
        var r = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r)
        guard r.rlim_max >= rlim_t(count) else { throw XCTSkip("this machine allows \(r.rlim_max) open files, the test needs \(count)") }
        if r.rlim_cur < rlim_t(count) {
            r.rlim_cur = rlim_t(count)
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r)
        }
    }

    /// A configuration file for the program.
    func config(_ json: String) throws -> String {
        let url = folder.appendingPathComponent("config.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    func testThousandsOfIdleConnectionsLeaveTheKioskPresentingSavingAndAnsweringOnceTheyClose() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit") else { throw XCTSkip("prlimit (util-linux) is needed") }
        try Self.allowOpenFiles(8192)
        let port = freePort()
        let systemd = try WatchdogTests.FakeSystemd()
        defer { systemd.close() }
        let data = folder.appendingPathComponent("data")
        let process = Process()
        // systemd's default for a service: 1,024 open files, soft and hard.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        process.arguments = [
            "--nofile=1024:1024", "--", try tactileBinary().path, "run", "--kiosk",
            "--config", try config("{\"kiosk\": {\"healthPort\": \(port)}}"),
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.path
        environment["SDL_VIDEODRIVER"] = "dummy"; environment["SDL_AUDIODRIVER"] = "dummy"
        environment["NOTIFY_SOCKET"] = systemd.path; environment["WATCHDOG_USEC"] = "1000000"
        process.environment = environment
        let err = Pipe()
        process.standardError = err; process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // prlimit runs the program in its own process: the autosave carries that id.
        let autosave = data.appendingPathComponent("tactile/autosave/project-\(process.processIdentifier).json")
        Readiness.wait(timeout: 60, poll: 0.1) {
            (FileManager.default.fileExists(atPath: autosave.path) && Self.healthStatus(port) == 200) || !process.isRunning
        }
        XCTAssertEqual(Self.healthStatus(port), 200, "the kiosk answers before the attack")

        // The attack: 3,000 connections that never send a byte, three times the program's limit.
        let attackStart = Date()
        let saved = { (try? FileManager.default.attributesOfItem(atPath: autosave.path)[.modificationDate] as? Date) ?? .distantPast }
        let attackers = (0..<3000).map { _ in Self.connectTo(port, blocking: false) }
        XCTAssertTrue(attackers.allSatisfy { $0 >= 0 }, "the test opened its connections")
        // Held until the attract tour's edits have been autosaved at least once (and 3 s at least).
        Readiness.wait(timeout: 30, poll: 0.1) { (saved() > attackStart && Date().timeIntervalSince(attackStart) >= 3) || !process.isRunning }
        let attackEnd = Date()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
        XCTAssertTrue(process.isRunning, "the kiosk lives through the attack")
        XCTAssertGreaterThan(saved(), attackStart, "autosave wrote the attract tour's edits during the attack")
        let pings = systemd.messages.filter {
            $0.message.contains("WATCHDOG=1") && $0.time > attackStart.timeIntervalSince1970 + 0.5
                && $0.time < attackEnd.timeIntervalSince1970
        }
        XCTAssertGreaterThanOrEqual(pings.count, 2, "the frame loop kept coming round (watchdog pings during the attack)")
        XCTAssertGreaterThan(files, 0)
        XCTAssertLessThan(files, 200, "the server holds a few connections, not thousands of files")

        for fd in attackers { close(fd) }
        var status: Int?
        let deadline = Date().addingTimeInterval(20)
        repeat { status = Self.healthStatus(port, timeout: 2) } while status != 200 && Date() < deadline
        XCTAssertEqual(status, 200, "/health answers once they close")

        kill(process.processIdentifier, SIGTERM)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message)
        XCTAssertTrue(message.contains("terminated: everything saved"), message)
        XCTAssertTrue(FileManager.default.fileExists(atPath: data.appendingPathComponent("tactile/autosave/last-session.json").path))
    }

    func testSilentClientsMakeRoomForARealRequestAndASlowOneIsClosedAtTheHeaderDeadline() throws {
        let telemetry = KioskTelemetry()
        telemetry.update {
            $0.lastLoop = Date(); $0.dataFolder = NSTemporaryDirectory()
        }
        let server = HealthServer(
            telemetry: telemetry, host: "127.0.0.1", port: 0, stallAfter: 15, lowSpace: 0,
            limits: ConnectionLimits(maxConnections: 4, clientTimeout: 5, headerDeadline: 1))
        let port = try server.start()
        defer { server.stop() }

        // Four silent clients take every place; a real request is answered all the same, at once:
        // the silent client that waited longest is closed to make room.
        let silent = (0..<4).map { _ in Self.connectTo(port) }
        defer { silent.forEach { close($0) } }
        usleep(200_000)
        let asked = Date()
        XCTAssertEqual(Self.healthStatus(port, timeout: 1), 200, "a full server answers a request whose bytes have arrived")
        XCTAssertLessThan(Date().timeIntervalSince(asked), 0.5)
        func closedForRoomNow() -> [Int32] {
            silent.filter { fd in
                var zero: UInt8 = 0; return recv(fd, &zero, 1, Int32(MSG_DONTWAIT)) == 0
            }
        }
        Readiness.wait(timeout: 0.5, poll: 0.01) { !closedForRoomNow().isEmpty }
        let closedForRoom = closedForRoomNow()
        XCTAssertGreaterThanOrEqual(closedForRoom.count, 1, "silent clients were closed for room before their deadline")
        XCTAssertLessThan(closedForRoom.count, 4, "only as many as room needed")
        // A slow client dribbles its headers a byte every 0.2 s: closed at the header deadline.
        let slow = Self.connectTo(port)
        defer { close(slow) }
        let started = Date()
        var closedAfter: Double?
        for byte in Array("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 40) {
            var b = byte
            if send(slow, &b, 1, Int32(MSG_NOSIGNAL)) < 0 { closedAfter = Date().timeIntervalSince(started); break }
            var probe: UInt8 = 0
            if recv(slow, &probe, 1, Int32(MSG_DONTWAIT)) == 0 { closedAfter = Date().timeIntervalSince(started); break }
            usleep(200_000)
        }
        let after = try XCTUnwrap(closedAfter, "the slow client was never closed")
        XCTAssertGreaterThan(after, 0.8, "not before the header deadline")
        XCTAssertLessThan(after, 2.5, "closed at the header deadline (1 s), not the client timeout (5 s)")
        XCTAssertEqual(Self.healthStatus(port), 200, "and the server answers the next client")
    }

    func testFourHundredReconnectingIdleSocketsLeaveAMonitorsHealthRequestAnsweredWithinASecond() throws {
        try Self.allowOpenFiles(4096)
        let port = freePort()
        let data = folder.appendingPathComponent("data")
        let process = Process()
        process.executableURL = try tactileBinary()
        process.arguments = ["run", "--kiosk", "--config", try config("{\"kiosk\": {\"healthPort\": \(port)}}")]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = data.path
        environment["SDL_VIDEODRIVER"] = "dummy"; environment["SDL_AUDIODRIVER"] = "dummy"
        process.environment = environment
        process.standardError = FileHandle.nullDevice; process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
        Readiness.wait(timeout: 60, poll: 0.1) { Self.healthStatus(port) == 200 || !process.isRunning }
        XCTAssertEqual(Self.healthStatus(port), 200, "the kiosk answers before the attack")

        // The attack: 400 sockets that never send a byte, each opened again as soon as the
        // server closes it, for as long as the monitor asks.
        let stop = NIOLockedBox(false), reopened = NIOLockedBox(0), ended = DispatchSemaphore(value: 0)
        let attack = Thread {
            defer { ended.signal() }
            var sockets = (0..<400).map { _ in Self.connectTo(port, blocking: false) }
            while !stop.value {
                var polls = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&polls, nfds_t(polls.count), 50) >= 0 else { continue }
                for (i, p) in polls.enumerated() where p.revents != 0 {
                    var byte: UInt8 = 0
                    let n = recv(p.fd, &byte, 1, Int32(MSG_DONTWAIT))
                    guard n == 0 || (n < 0 && errno != EAGAIN) else { continue }
                    close(p.fd)
                    sockets[i] = Self.connectTo(port, blocking: false)
                    reopened.value += 1
                }
            }
            sockets.forEach { close($0) }
        }
        attack.start()
        defer {
            stop.value = true
            _ = ended.wait(timeout: .now() + 5)
        }
        // The sockets are all open and the first have been closed and reopened.
        Readiness.wait(timeout: 10, poll: 0.05) { reopened.value > 0 }
        var times: [Double] = []
        for _ in 0..<8 {
            let asked = Date()
            let status = Self.healthStatus(port, timeout: 5)
            times.append(Date().timeIntervalSince(asked))
            XCTAssertEqual(status, 200, "the monitor's request is answered during the attack")
            usleep(300_000)
        }
        stop.value = true
        XCTAssertGreaterThan(reopened.value, 400, "the server closed idle sockets and they came back")
        XCTAssertLessThan(times.max() ?? 99, 1, "every /health answered within a second under 400 reconnecting idle sockets: \(times)")
        XCTAssertTrue(process.isRunning, "the kiosk lives through the attack")
        Readiness.wait(timeout: 10, poll: 0.1) { Self.healthStatus(port) == 200 }
    }

    /// A value shared with the attacking thread.
    final class NIOLockedBox<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T
        init(_ value: T) { stored = value }
        var value: T {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    func testTheCapLeavesTheReserveForTheProgramsOwnFiles() {
        let limits = ConnectionLimits(maxConnections: 64, clientTimeout: 10)
        XCTAssertEqual(limits.fitting(descriptorLimit: 65_536, reserve: 256).maxConnections, 64, "plenty of room: as configured")
        XCTAssertEqual(limits.fitting(descriptorLimit: 300, reserve: 256).maxConnections, 22, "the two servers share what the reserve leaves")
        XCTAssertEqual(limits.fitting(descriptorLimit: 100, reserve: 256).maxConnections, 1, "never none")
    }

    /// A WebSocket to the observer page, upgraded with the token; nil when not upgraded.
    static func liveSocket(_ port: Int, token: String) -> Int32? {
        let fd = connectTo(port)
        let upgrade =
            "GET /live?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = upgrade.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var t = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 12, String(decoding: buffer[0..<n], as: UTF8.self).hasPrefix("HTTP/1.1 101") else { close(fd); return nil }
        return fd
    }

    /// Sends `text` as one masked WebSocket text frame (as a browser sends it).
    static func sendText(_ text: String, on fd: Int32) {
        let payload = Array(text.utf8), mask: [UInt8] = [7, 1, 9, 3]
        precondition(payload.count < 126)
        let frame = [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        _ = frame.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    func testLiveSocketsHaveABudgetOfTheirOwnAndAFloodOfMarkersIsRefusedPastTheRate() throws {
        let feed = ObserverFeed()
        let observer = ObserverServer(
            feed: feed, host: "127.0.0.1", port: 0, markers: ["1": "confusion"],
            limits: ConnectionLimits(maxConnections: 16, clientTimeout: 10, maxLiveSockets: 2), markersPerSecond: 5, markerBurst: 20)
        let port = try observer.start()
        defer { observer.stop() }
        // Three pages open: the budget is two, so the first (the oldest) is closed; the others stay.
        let first = try XCTUnwrap(Self.liveSocket(port, token: observer.token))
        let second = try XCTUnwrap(Self.liveSocket(port, token: observer.token))
        let third = try XCTUnwrap(Self.liveSocket(port, token: observer.token))
        defer { [first, second, third].forEach { close($0) } }
        func closed(_ fd: Int32) -> Bool {
            var byte = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = recv(fd, &byte, byte.count, Int32(MSG_DONTWAIT))
                if n == 0 { return true }
                if n < 0 { return false }
            }
        }
        waitFor("the oldest live socket is closed past the budget", seconds: 5) { closed(first) }
        XCTAssertFalse(closed(second)); XCTAssertFalse(closed(third))
        // Any other client is still served beside them.
        XCTAssertEqual(Self.healthStatus(port, timeout: 2).map { $0 == 403 || $0 == 404 || $0 == 200 }, true, "the server answers others")

        // One page sends 60 markers at once: 20 (the burst) are taken, the rest refused with a reason.
        for i in 0..<60 { Self.sendText("{\"key\":\"1\",\"id\":\"m\(i)\"}", on: third) }
        var refused = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(3)
        while refused < 30 && Date() < deadline {
            let n = recv(third, &buffer, buffer.count, 0)
            if n <= 0 { break }
            refused += String(decoding: buffer[0..<n], as: UTF8.self).components(separatedBy: "too many markers and notes at once").count - 1
        }
        let taken = feed.takeCommands().count
        XCTAssertGreaterThanOrEqual(taken, 20, "the burst is taken")
        XCTAssertLessThanOrEqual(taken, 25, "no more than the burst and what the rate refilled: \(taken)")
        XCTAssertGreaterThanOrEqual(refused, 30, "the rest are refused, each told why")
        // POST /marker shares one allowance: a flood gets 429.
        var statuses: [Int] = []
        for i in 0..<30 {
            let fd = Self.connectTo(port)
            let body = "{\"key\":\"1\",\"id\":\"p\(i)\"}"
            let request =
                "POST /marker?token=\(observer.token) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            var t = timeval(tv_sec: 3, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
            let n = recv(fd, &buffer, 512, 0)
            if n > 12 { statuses.append(Int(String(decoding: buffer[9..<12], as: UTF8.self)) ?? 0) }
            close(fd)
        }
        XCTAssertTrue(statuses.contains(202), "\(statuses)")
        XCTAssertTrue(statuses.contains(429), "past the allowance: \(statuses)")
    }

    func testTheObserverPageClosesSilentClientsAndKeepsItsLiveSocketOpen() throws {
        let observer = ObserverServer(
            feed: ObserverFeed(), host: "127.0.0.1", port: 0, markers: ["1": "confusion"],
            limits: ConnectionLimits(maxConnections: 3, clientTimeout: 1))
        let port = try observer.start()
        defer { observer.stop() }
        // A live socket (the page's), upgraded with the token: it stays past the timeout.
        let live = Self.connectTo(port)
        defer { close(live) }
        let upgrade =
            "GET /live?token=\(observer.token) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = upgrade.withCString { send(live, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 512)
        var t = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(live, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        let n = recv(live, &buffer, buffer.count, 0)
        XCTAssertTrue(n > 12 && String(decoding: buffer[0..<n], as: UTF8.self).hasPrefix("HTTP/1.1 101"), "the page's socket is upgraded")
        // Two silent clients take the other places; both are closed after the timeout.
        let silent = (0..<2).map { _ in Self.connectTo(port) }
        defer { silent.forEach { close($0) } }
        func closed(_ fd: Int32) -> Bool { var byte: UInt8 = 0; return recv(fd, &byte, 1, Int32(MSG_DONTWAIT)) == 0 }
        waitFor("both silent clients are closed after the timeout", seconds: 10) { silent.allSatisfy(closed) }
        // The live socket is still open: a WebSocket ping (masked, as clients send) gets its pong.
        let ping: [UInt8] = [0x89, 0x80, 1, 2, 3, 4]
        _ = ping.withUnsafeBytes { send(live, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var pong: Int = 0
        let deadline = Date().addingTimeInterval(3)
        repeat {
            let got = recv(live, &buffer, buffer.count, 0)
            if got <= 0 { break }
            if buffer[0..<got].contains(0x8A) { pong = got; break }
        } while Date() < deadline
        XCTAssertGreaterThan(pong, 0, "the page's live socket outlived the timeout")
        // And the page itself still answers a new client.
        let page = Self.connectTo(port)
        defer { close(page) }
        let get = "GET /state?token=\(observer.token) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = get.withCString { send(page, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        setsockopt(page, SOL_SOCKET, SO_RCVTIMEO, &t, socklen_t(MemoryLayout<timeval>.size))
        let m = recv(page, &buffer, buffer.count, 0)
        XCTAssertTrue(m > 12 && String(decoding: buffer[0..<m], as: UTF8.self).hasPrefix("HTTP/1.1 200"), "the page answers")
    }
}
