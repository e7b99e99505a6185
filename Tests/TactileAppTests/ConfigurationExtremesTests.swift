import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileEditor
import TactileHost
import TactileInput
@testable import TactileApp
import TactileHeadless

/// Every numeric setting set to 0, −1, 10⁻⁹, 10⁹ and 10³⁰⁸ (and to each end of its documented
/// range) is either refused with the key named — by the same check `config --check`, the start
/// and a live reload run — or accepted, and then a snapshot and a short replay of taps, a trim, a
/// fling, a pinch and playback run without a crash or a hang.
final class ConfigurationExtremesTests: XCTestCase, StartsPrograms {
    static let probes: [Double] = [0, -1, 1e-9, 1e9, 1e308]

    func testEveryNumericKeyHasADocumentedRange() {
        let keys = ConfigurationSchema.tactile.defaults.numericValues().map { TactileConfiguration.rangeKey(of: $0.path) }
        for key in keys { XCTAssertNotNil(ConfigurationSchema.tactile.ranges[key], "\(key) has no range") }
        XCTAssertGreaterThan(keys.count, 100)
        XCTAssertEqual(ConfigurationSchema.tactile.defaults.problems(), [], "the defaults keep every range")
    }

    func testTheValuesThatOnceCrashedAreRefusedNamingTheKey() {
        for (json, key) in [
            ("{\"input\":{\"longPressDuration\":1e308}}", "input.longPressDuration"),
            ("{\"timeline\":{\"physics\":{\"rubberBandCoefficient\":0}}}", "timeline.physics.rubberBandCoefficient"),
            ("{\"layout\":{\"viewport\":{\"width\":1e9}}}", "layout.viewport.width"),
        ] {
            XCTAssertThrowsError(try ConfigurationFile.decode(Data(json.utf8), schema: .tactile)) { error in
                XCTAssertEqual((error as? ConfigurationError)?.key, key, "\(error)")
            }
        }
    }

    func testEveryNumericKeyAtEveryExtremeIsRefusedOrRuns() throws {
        let defaults = Self.base()
        let root = try JSONSerialization.jsonObject(with: try ConfigurationSchema.tactile.encode(defaults))
        let trace = Self.shortSession()
        // Media settings run over the demo's real media; the rest over its placeholders (faster).
        let withMedia = MediaProject.demo().project, placeholders = DemoProject.make()
        let library = try MediaFolder.library(nil)
        // Each value is first read alone: refused (naming the key) or accepted. The accepted ones
        // then run together, one session per section and extreme (every media key at its upper
        // end at once, …), and alone when their section's combination is refused as a whole.
        var refused = 0, accepted = 0
        var together: [String: [(path: String, value: Double)]] = [:]
        // The values are read on both cores at once (reading is pure); judged in order after.
        struct Read { var extreme: String; var value: Double; var error: ConfigurationError? }
        let keys = defaults.numericValues().map(\.path)
        nonisolated(unsafe) var reads = [[Read]?](repeating: nil, count: keys.count)
        let lock = NSLock()
        nonisolated(unsafe) let base = root
        DispatchQueue.concurrentPerform(iterations: keys.count) { i in
            guard let range = ConfigurationSchema.tactile.ranges[TactileConfiguration.rangeKey(of: keys[i])] else { return }
            var values = Self.probes.map { ("\($0)", $0) } + [("lower end", range.lower), ("upper end", range.upper)]
            if range.excludesLower { values[values.count - 2].1 = range.lower + 1e-6 }
            let out = values.map { extreme, value -> Read in
                do {
                    _ = try ConfigurationFile.decode(try Self.json(base, setting: [(keys[i], value)]), schema: .tactile)
                    return Read(extreme: extreme, value: value, error: nil)
                } catch {
                    return Read(extreme: extreme, value: value, error: error as? ConfigurationError ?? ConfigurationError(key: "?", "\(error)"))
                }
            }
            lock.withLock { reads[i] = out }
        }
        for (path, read) in zip(keys, reads) {
            let values = try XCTUnwrap(read, "\(path) has a range")
            for r in values {
                if let error = r.error {
                    // Refused: the message names the key (or, for a list, the list).
                    let list = TactileConfiguration.rangeKey(of: path).components(separatedBy: "[]")[0]
                    XCTAssertTrue(
                        path.hasPrefix(error.key) || "\(error)".contains(path) || "\(error)".contains(list),
                        "\(path) = \(r.value): the error does not name the key: \(error)")
                    refused += 1
                    continue
                }
                accepted += 1
                together[path.split(separator: ".")[0] + " at " + r.extreme, default: []].append((path, r.value))
            }
        }
        var ran = 0
        /// Runs `settings` together; when the combination is refused, the settings under the key
        /// the refusal names run each alone and the rest together again.
        func run(_ name: String, _ settings: [(path: String, value: Double)]) throws {
            let configuration: TactileConfiguration
            do { configuration = try ConfigurationFile.decode(try Self.json(root, setting: settings), schema: .tactile) } catch let error
                as ConfigurationError
            {
                let named = settings.filter { $0.path.hasPrefix(error.key) }
                XCTAssertTrue(settings.count > 1 && !named.isEmpty, "\(name) was accepted value by value but refused: \(error)")
                guard settings.count > 1, !named.isEmpty else { return }
                for setting in named { try run("\(setting.path) = \(setting.value)", [setting]) }
                let rest = settings.filter { !$0.path.hasPrefix(error.key) }
                if !rest.isEmpty { try run(name + " but " + error.key, rest) }
                return
            }
            let finished = HangWatchdog.start(name, seconds: 60)
            let session = try HeadlessSession(
                project: name.hasPrefix("media") ? withMedia : placeholders, scale: 0.5,
                configuration: configuration, library: library)
            session.player.play(trace, until: trace.duration + .seconds(1))
            _ = try session.renderLatest()
            finished()
            ran += 1
        }
        // Every section at one extreme at once, media apart (over the real media).
        var byExtreme: [String: [(path: String, value: Double)]] = [:]
        for (group, settings) in together {
            let parts = group.components(separatedBy: " at ")
            byExtreme[(parts[0] == "media" ? "media" : "all") + " at " + parts[1], default: []] += settings
        }
        for (name, settings) in byExtreme.sorted(by: { $0.key < $1.key }) { try run(name, settings) }
        XCTAssertGreaterThan(refused, 300, "most extremes are refused")
        XCTAssertGreaterThan(accepted, 400, "the in-range ones are accepted")
        XCTAssertGreaterThan(ran, 10, "and ran")
    }

    /// The configuration the probes start from: the defaults plus one ignored region, so the
    /// region's numbers are probed too.
    static func base() -> TactileConfiguration {
        var c = ConfigurationSchema.tactile.defaults
        c.touchscreen.ignoreRegions = [.init(x: 0.9, y: 0.9, width: 0.05, height: 0.05)]
        return c
    }

    /// The JSON object `base` (a configuration's) with the number at each `path` (`a.b[0].c`) set to its `value`.
    static func json(_ base: Any, setting settings: [(path: String, value: Double)]) throws -> Data {
        var root = base
        for (path, value) in settings { root = set(root, path, to: value) }
        return try JSONSerialization.data(withJSONObject: root)
    }

    /// `root` with the number at `path` set to `value`.
    static func set(_ root: Any, _ path: String, to value: Double) -> Any {
        var segments: [(name: String, index: Int?)] = []
        for part in path.split(separator: ".") {
            if let open = part.firstIndex(of: "["), let n = Int(part[part.index(after: open)..<part.index(before: part.endIndex)]) {
                segments.append((String(part[..<open]), n))
            } else {
                segments.append((String(part), nil))
            }
        }
        func set(_ node: Any, _ rest: ArraySlice<(name: String, index: Int?)>) -> Any {
            guard let first = rest.first, var object = node as? [String: Any] else { return value }
            if let n = first.index, var list = object[first.name] as? [Any] {
                list[n] = set(list[n], rest.dropFirst())
                object[first.name] = list
            } else {
                object[first.name] = set(object[first.name] as Any, rest.dropFirst())
            }
            return object
        }
        return set(root, segments[...])
    }

    /// Taps, a trim, a fling, a pinch, play and a key: what a person does in the first minute.
    static func shortSession() -> Trace {
        var events: [InputEvent] = []
        func tap(_ x: Double, _ y: Double, _ t: Double) {
            events += [.touch(.down, id: 1, at: Point(x: x, y: y), time: .seconds(t)), .touch(.up, id: 1, at: Point(x: x, y: y), time: .seconds(t + 0.08))]
        }
        func drag(_ a: Point, _ b: Point, _ t: Double, id: Int = 1, steps: Int = 10) {
            events.append(.touch(.down, id: id, at: a, time: .seconds(t)))
            for i in 1...steps {
                let k = Double(i) / Double(steps)
                events.append(.touch(.move, id: id, at: Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k), time: .seconds(t + Double(i) / 60)))
            }
            events.append(.touch(.up, id: id, at: b, time: .seconds(t + Double(steps) / 60 + 0.02)))
        }
        tap(249, 606, 0.2)
        drag(Point(x: 306, y: 606), Point(x: 250, y: 606), 0.6)
        drag(Point(x: 200, y: 700), Point(x: 20, y: 700), 1.2, steps: 4)
        events.append(.touch(.down, id: 1, at: Point(x: 150, y: 650), time: .seconds(2.5)))
        events.append(.touch(.down, id: 2, at: Point(x: 250, y: 650), time: .seconds(2.5)))
        for i in 1...8 {
            events.append(.touch(.move, id: 1, at: Point(x: 150 - Double(i) * 8, y: 650), time: .seconds(2.5 + Double(i) / 60)))
            events.append(.touch(.move, id: 2, at: Point(x: 250 + Double(i) * 8, y: 650), time: .seconds(2.5 + Double(i) / 60)))
        }
        events.append(.touch(.up, id: 1, at: Point(x: 86, y: 650), time: .seconds(2.7)))
        events.append(.touch(.up, id: 2, at: Point(x: 314, y: 650), time: .seconds(2.7)))
        tap(32, 526, 3.0)
        events.append(.key(.space, time: .seconds(3.8)))
        tap(195, 300, 4.0)
        events.append(.key(.undo, time: .seconds(4.3)))
        return Trace(viewport: Size(width: 390, height: 844), events: events.sorted { $0.time < $1.time })
    }
}
