import Foundation
import TactileAppTesting
import XCTest
import TactileTestSupport
import TactileCore
import TactileEditor
import TactileSDL
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// The systemd watchdog, fed by real frames: a socket of the test's own plays systemd's
/// `$NOTIFY_SOCKET`; the real window loop (SDL's dummy driver) runs, is stalled once by a test
/// hook, and closes.
final class WatchdogTests: XCTestCase, RunsAlone {
    /// A datagram socket bound to a fresh path, collecting what arrives (with when) on a thread.
    final class FakeSystemd: @unchecked Sendable {
        let path: String
        private let fd: Int32
        private let lock = NSLock()
        private var received: [(time: Double, message: String)] = []
        private var open = true

        init() throws {
            path = NSTemporaryDirectory() + "tactile-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard ok == 0 else { throw NSError(domain: "bind", code: Int(errno)) }
            var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 4096)
                while lock.withLock({ open }) {
                    let n = recv(fd, &buffer, buffer.count, 0)
                    if n > 0 {
                        let text = String(decoding: buffer[0..<n], as: UTF8.self)
                        lock.withLock { received.append((Date().timeIntervalSince1970, text)) }
                    }
                }
            }
        }

        var messages: [(time: Double, message: String)] { lock.withLock { received } }

        func close() {
            lock.withLock { open = false }
            usleep(200_000)
            Glibc.close(fd)
            unlink(path)
        }
    }

    func testReadyAfterTheFirstFramePingsWhileTheLoopRunsSilenceWhileItIsStalledAndStoppingAtTheEnd() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let systemd = try FakeSystemd()
        defer { systemd.close() }
        let notifier = try XCTUnwrap(SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "400000"]))
        XCTAssertEqual(notifier.watchdogInterval, .seconds(0.4))
        XCTAssertNil(
            SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "400000", "WATCHDOG_PID": "1"])?.watchdogInterval,
            "the watchdog is another process's")
        let heartbeat = ServiceHeartbeat(notifier: notifier) { "editing" }
        let window = WindowRun()
        heartbeat.attach(to: window.host)
        let stall = StallFlag()
        window.host.loopHook = { if stall.take() { usleep(1_500_000) } }
        var stalledAt = 0.0, resumedAt = 0.0
        try window.run(script: { _ in
            usleep(1_200_000) // idle: nothing is due but the watchdog
            stalledAt = Date().timeIntervalSince1970
            stall.set()
            SDLEvents.pushWake()
            usleep(2_000_000)
            resumedAt = stalledAt + 1.5
            WindowInput.quit()
        })
        heartbeat.stopping()
        usleep(200_000)
        let got = systemd.messages
        XCTAssertTrue(got.first?.message.contains("READY=1") == true, "\(got.map(\.message))")
        XCTAssertEqual(got.filter { $0.message.contains("READY=1") }.count, 1)
        XCTAssertTrue(got.last?.message == "STOPPING=1", "\(got.last?.message ?? "")")
        let pings = got.filter { $0.message.contains("WATCHDOG=1") }.map(\.time)
        XCTAssertGreaterThan(pings.count, 5, "pings while idle: the loop wakes for them")
        XCTAssertTrue(got.first { $0.message.contains("WATCHDOG=1") }?.message.contains("STATUS=editing") == true)
        // At least twice per 0.4 s interval while the loop runs; silence while it is stalled.
        let gaps = zip(pings, pings.dropFirst()).map { ($0, $1 - $0) }
        let during = gaps.filter { $0.0 >= stalledAt - 0.05 && $0.0 < resumedAt - 0.3 }
        XCTAssertTrue(during.contains { $0.1 >= 1.3 }, "no ping while stalled: \(gaps.map { $0.1 })")
        let outside = gaps.filter { !($0.0 >= stalledAt - 0.25 && $0.0 < resumedAt) }
        XCTAssertTrue(outside.allSatisfy { $0.1 <= 0.32 }, "pinged about twice per interval otherwise, always well within it: \(outside.map { $0.1 })")
        XCTAssertTrue(gaps.allSatisfy { $0.1 >= 0.09 }, "and no more than four times per interval: \(gaps.map { $0.1 })")
    }
}

/// A flag the test thread sets and the loop takes once.
final class StallFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    func take() -> Bool {
        lock.withLock {
            defer { flag = false }; return flag
        }
    }
}
