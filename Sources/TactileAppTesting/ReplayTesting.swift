import Foundation
import XCTest
import TactileCore
import TactileStudy
import TactileTestSupport
import TactileInput
import TactileMedia
import TactileHeadless
@testable import TactileApp

/// The `tactile` binary beside the test bundle (Scripts/test builds it); skips the test without it.
public func tactileBinary() throws -> URL {
    let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tactile")
    guard FileManager.default.isExecutableFile(atPath: url.path) else {
        throw XCTSkip("the tactile binary is built by Scripts/test (swift build --build-tests); not found at \(url.path)")
    }
    return url
}

/// Helpers for end-to-end tests: traces built from `tactile inspect` frames and fed through
/// `tactile replay`, in a temporary folder per test.
public protocol ReplayTesting: XCTestCase {
    var folder: URL! { get }
}

extension ReplayTesting {
    public func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A new empty temporary folder for one test (`TACTILE_KEEP_TEST_OUTPUT=DIR` keeps a copy).
    public static func makeTestFolder(_ prefix: String) throws -> URL {
        MediaLog.quiet()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes the test's folder, copying it first when `TACTILE_KEEP_TEST_OUTPUT` names a folder.
    public func removeTestFolder() {
        guard let folder else { return }
        if let keep = ProcessInfo.processInfo.environment["TACTILE_KEEP_TEST_OUTPUT"] {
            try? FileManager.default.copyItem(atPath: folder.path, toPath: keep + "/" + folder.lastPathComponent)
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Elements by id, as `tactile inspect` prints them after replaying `events` (each element's
    /// role is in its state too, as `role`, unless the element has a state of that name).
    /// `settle`: seconds to keep running scheduled frames after the last event (animations).
    /// `viewport` and `settings` (`--ui-scale`, `--locale`): the screen and the options the trace is replayed with.
    public func inspect(
        after events: [InputEvent], project: String? = nil, mediaDir: String? = nil,
        settle: Double? = nil, viewport: Size = Size(width: 390, height: 844), settings: Settings = Settings()
    ) throws -> [String: (frame: Rect, hit: Rect, state: [String: Any])] {
        try write(events, to: "inspect.jsonl", viewport: viewport)
        let until = settle.map { s in (events.last?.time.seconds ?? 0) + s }
        let json = try Commands.inspect(
            project: project, replay: path("inspect.jsonl"), size: nil, scale: nil, at: nil, settings: settings,
            mediaDir: mediaDir, until: until)
        let doc = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        var out: [String: (Rect, Rect, [String: Any])] = [:]
        func rect(_ any: Any?) -> Rect {
            let f = any as! [String: Double]
            return Rect(x: f["x"]!, y: f["y"]!, width: f["w"]!, height: f["h"]!)
        }
        for e in doc["elements"] as! [[String: Any]] {
            var state = e["state"] as! [String: Any]
            if state["role"] == nil { state["role"] = e["role"] } // beside its state, for checks by role
            out[e["id"] as! String] = (rect(e["frame"]), rect(e["hitFrame"]), state)
        }
        return out
    }

    public func write(_ events: [InputEvent], to name: String, viewport: Size = Size(width: 390, height: 844)) throws {
        try Trace(viewport: viewport, events: events).serialized().write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    /// Replays and returns the resulting project.
    public func replay(
        _ events: [InputEvent], snapshot: String? = nil, project: String? = nil, mediaDir: String? = nil,
        viewport: Size = Size(width: 390, height: 844), settings: Settings = Settings()
    ) throws -> Project {
        try write(events, to: "run.jsonl", viewport: viewport)
        _ = try Commands.replay(
            trace: path("run.jsonl"), project: project, stateOut: path("out.json"), snapshot: snapshot.map(path), scale: 1,
            until: nil, settings: settings, mediaDir: mediaDir)
        return try ProjectFile.load(from: URL(fileURLWithPath: path("out.json")))
    }

    public func tap(_ p: Point, at t: Double, finger: Int = 1) -> [InputEvent] {
        [.touch(.down, id: finger, at: p, time: .seconds(t)), .touch(.up, id: finger, at: p, time: .seconds(t + 0.08))]
    }

    /// A slow drag: moves every 1/60 s, a rest, and (unless held) a lift.
    public func drag(_ a: Point, _ b: Point, at t: Double, steps: Int = 15, finger: Int = 1, lift: Bool = true) -> [InputEvent] {
        var events: [InputEvent] = [.touch(.down, id: finger, at: a, time: .seconds(t))]
        for i in 1...steps {
            let k = Double(i) / Double(steps)
            events.append(.touch(.move, id: finger, at: Point(x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k), time: .seconds(t + Double(i) / 60)))
        }
        if lift { events.append(.touch(.up, id: finger, at: b, time: .seconds(t + Double(steps) / 60 + 0.2))) }
        return events
    }
}
