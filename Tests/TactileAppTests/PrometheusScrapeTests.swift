import Foundation
import TactileAppTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import TactileTestSupport
import TactileCore
@testable import TactileApp
#if canImport(Glibc)
import Glibc
#endif

/// The real thing: Debian's `prometheus` server, started on loopback with a scrape
/// configuration pointing at a running Tactile window, is asked through its own query API until
/// `tactile_frames_presented_total` arrives.
final class PrometheusScrapeTests: XCTestCase, StartsPrograms {
    func testPrometheusScrapesTheFramesPresented() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prometheus") else {
            throw XCTSkip("Debian's prometheus is not installed (Scripts/setup installs it)")
        }
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-prometheus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let reporting = HealthReporting(configuration: TactileConfiguration(), dataFolder: folder.path, recovered: false)
        let port = try reporting.server.start()
        defer { reporting.server.stop() }
        let web = freePort()
        let config = folder.appendingPathComponent("prometheus.yml")
        try """
        global:
          scrape_interval: 1s
        scrape_configs:
          - job_name: tactile
            static_configs:
              - targets: ["127.0.0.1:\(port)"]
        """.write(to: config, atomically: true, encoding: .utf8)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/prometheus")
        server.arguments = [
            "--config.file=\(config.path)", "--storage.tsdb.path=\(folder.appendingPathComponent("data").path)",
            "--web.listen-address=127.0.0.1:\(web)",
        ]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }

        let window = WindowRun()
        reporting.attach(to: window.host, stallAfter: 15)
        nonisolated(unsafe) var value: Double?
        try window.run(
            configure: { reporting.attach(to: $0) },
            script: { _ in
                // Prometheus scrapes on its own schedule: asked again until it has a sample.
                Readiness.wait(timeout: 45, poll: 0.5) {
                    guard let reply = HealthServerTests.get("http://127.0.0.1:\(web)/api/v1/query?query=tactile_frames_presented_total"), reply.status == 200,
                        let json = try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any],
                        let data = json["data"] as? [String: Any], let result = data["result"] as? [[String: Any]],
                        let sample = result.first?["value"] as? [Any], let text = sample.last as? String
                    else { return false }
                    value = Double(text)
                    return value != nil
                }
                WindowInput.quit()
            })
        let scraped = try XCTUnwrap(value, "Prometheus reported tactile_frames_presented_total within 45 s")
        XCTAssertGreaterThanOrEqual(scraped, 1)
    }
}
