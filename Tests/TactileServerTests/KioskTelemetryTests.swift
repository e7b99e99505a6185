import Foundation
import XCTest
import TactileCore
import TactileServer

/// The kiosk's telemetry as the health server serves it: `/health` degraded when the loop
/// stalls or the disk fills, and every metric the Grafana dashboard shows present in `/metrics`.
final class KioskTelemetryTests: XCTestCase {
    func testHealthSaysDegradedWhenTheLoopHasStalledOrTheDiskIsFull() {
        var s = KioskTelemetry.Snapshot()
        s.startedAt = Date(timeIntervalSinceNow: -100)
        s.lastLoop = Date(timeIntervalSinceNow: -30)
        s.dataFolder = NSTemporaryDirectory()
        let t = KioskTelemetry(snapshot: s)
        let stalled = t.health(stallAfter: 15, lowSpace: 0).serialized()
        XCTAssertTrue(stalled.contains("\"status\":\"degraded\""), stalled)
        XCTAssertTrue(stalled.contains("has not come round for 30 s"), stalled)
        t.update { $0.lastLoop = Date() }
        XCTAssertTrue(t.health(stallAfter: 15, lowSpace: 0).serialized().contains("\"status\":\"ok\""))
        XCTAssertTrue(t.health(stallAfter: 15, lowSpace: 1e18).serialized().contains("MB free in"), "a full disk")
    }

    func testEveryMetricTheGrafanaDashboardShowsIsEmitted() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dashboard = try String(contentsOf: root.appendingPathComponent("Packaging/grafana-tactile-kiosks.json"), encoding: .utf8)
        let t = KioskTelemetry()
        t.latency.record(.milliseconds(12))
        t.sessionLength.record(42.0)
        t.update {
            $0.lastLoop = Date(); $0.dataFolder = NSTemporaryDirectory()
        }
        let emitted = String(decoding: t.metrics(), as: UTF8.self)
        let regex = try NSRegularExpression(pattern: "tactile_[a-z_]+")
        let used = Set(
            regex.matches(in: dashboard, range: NSRange(dashboard.startIndex..., in: dashboard)).compactMap {
                Range($0.range, in: dashboard).map { String(dashboard[$0]) }
            })
        XCTAssertGreaterThan(used.count, 6)
        for name in used.filter({ !$0.hasPrefix("tactile_kiosks") }) {
            XCTAssertTrue(emitted.contains(name), "\(name) is on the dashboard but not in /metrics")
        }
    }
}
