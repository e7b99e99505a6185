import Foundation
import TactileAppTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import TactileTestSupport
import TactileCore
import TactileEditor
import TactileHost
import TactileMedia
import TactileSDL
import TactileServer
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// The health server over a running window (SDL's dummy driver), asked by a real HTTP client:
/// `/health`, `/metrics` in Prometheus's text format, `/screenshot.png`, and a hostile client
/// that sends garbage without stalling anything.
final class HealthServerTests: XCTestCase, StartsPrograms {
    struct Reply { var status: Int; var body: Data; var type: String? }

    static func get(_ url: String) -> Reply? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var reply: Reply?
        var request = URLRequest(url: URL(string: url)!)
        request.timeoutInterval = 10
        URLSession.shared.dataTask(with: request) { data, response, _ in
            if let http = response as? HTTPURLResponse {
                reply = Reply(status: http.statusCode, body: data ?? Data(), type: http.value(forHTTPHeaderField: "Content-Type"))
            }
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 15)
        return reply
    }

    /// Sends `bytes` on a raw connection and reads what comes back (nothing, or an error reply).
    static func raw(_ port: Int, _ bytes: String) -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard ok == 0 else { return "connect failed" }
        _ = bytes.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
    }

    func testHealthMetricsAndAScreenshotFromARunningWindowAndGarbageChangesNothing() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        var c = TactileConfiguration()
        c.kiosk.healthStallAfter = 3
        let reporting = HealthReporting(configuration: c, dataFolder: NSTemporaryDirectory(), recovered: false)
        let port = try reporting.server.start()
        defer { reporting.server.stop() }
        let window = WindowRun(configuration: c)
        reporting.attach(to: window.host, stallAfter: 3)
        nonisolated(unsafe) var health: [String: Any]?, metrics = "", screenshot: Data?, notFound: Int?, garbage = "", healthAfter: Int?
        try window.run(
            configure: { reporting.attach(to: $0) },
            script: { _ in
                let base = "http://127.0.0.1:\(port)"
                // Ready once the window has shown a frame (the server answers from the start).
                Readiness.wait(timeout: 20) {
                    let text = Self.get(base + "/metrics").map { String(decoding: $0.body, as: UTF8.self) } ?? ""
                    let line = text.split(separator: "\n").first { $0.hasPrefix("tactile_frames_presented_total ") }
                    return (Double(line?.split(separator: " ").last ?? "0") ?? 0) >= 1
                }
                if let r = Self.get(base + "/health") { health = try? JSONSerialization.jsonObject(with: r.body) as? [String: Any] }
                metrics = Self.get(base + "/metrics").map { String(decoding: $0.body, as: UTF8.self) } ?? ""
                screenshot = Self.get(base + "/screenshot.png").flatMap { $0.status == 200 && $0.type == "image/png" ? $0.body : nil }
                notFound = Self.get(base + "/nothing")?.status
                garbage = Self.raw(port, "\u{01}\u{02}GARBAGE NOT HTTP\r\n\r\n")
                healthAfter = Self.get(base + "/health")?.status
                WindowInput.quit()
            })
        let h = try XCTUnwrap(health, "a JSON object from /health")
        XCTAssertEqual(h["status"] as? String, "ok", "\(h)")
        XCTAssertEqual(h["phase"] as? String, "editing")
        XCTAssertNotNil(h["secondsSinceLastFrame"] as? Double)
        XCTAssertNotNil(h["freeBytes"] as? Double)
        XCTAssertTrue(metrics.contains("# TYPE tactile_frames_presented_total counter"), metrics)
        let presented = metrics.split(separator: "\n").first { $0.hasPrefix("tactile_frames_presented_total ") }
        XCTAssertGreaterThanOrEqual(Double(presented?.split(separator: " ").last ?? "0") ?? 0, 1, "\(presented ?? "")")
        XCTAssertTrue(metrics.contains("tactile_input_to_present_seconds_bucket"), "the latency histogram is there")
        let png = try XCTUnwrap(screenshot, "a PNG of the window")
        let image = try ImageCodec.decodePNG(png)
        XCTAssertGreaterThan(image.width, 390, "the whole window, device frame and all: \(image.width)×\(image.height)")
        XCTAssertEqual(notFound, 404)
        XCTAssertFalse(garbage.hasPrefix("HTTP/1.1 200"), "garbage gets no page: \(garbage.prefix(40))")
        XCTAssertEqual(healthAfter, 200, "and the server answers the next client")
        XCTAssertGreaterThan(window.host.framesPresented, 1, "the window presented for the screenshot")
    }
}
