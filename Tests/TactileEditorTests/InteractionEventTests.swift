import Foundation
import TactileCore
import TactileEditor
import TactileInput
import XCTest

/// The interaction log's one event model: every recorded session reads into typed events and
/// writes back byte for byte, and a line of a kind this version does not know is kept as it was.
final class InteractionEventTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Every interaction log among the fixtures (the regression corpus's sessions and their
    /// expectations, the fuzzing seeds' study folders).
    static func logs() throws -> [URL] {
        let names: Set = ["log.jsonl", "study-log.jsonl"]
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: fixtures, includingPropertiesForKeys: nil))
        return walker.compactMap { $0 as? URL }.filter { names.contains($0.lastPathComponent) }.sorted { $0.path < $1.path }
    }

    func testEveryRecordedSessionReadsIntoTypedEventsAndWritesBackByteIdentical() throws {
        let logs = try Self.logs()
        XCTAssertGreaterThanOrEqual(logs.count, 10)
        var lines = 0, kinds = Set<String>()
        for url in logs {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let event = try XCTUnwrap(LogEvent(jsonLine: line), "\(url.path): \(line)")
                // The fuzzing seeds are written by hand (their keys in any order): they read back equal.
                if url.path.contains("/Corpus/") {
                    XCTAssertEqual(event.jsonLine, String(line), url.path)
                    if case .unknown = event.event { XCTFail("\(url.path): not typed: \(line)") }
                } else {
                    XCTAssertEqual(LogEvent(jsonLine: event.jsonLine), event, url.path)
                }
                lines += 1
                kinds.insert(event.kind)
            }
        }
        XCTAssertGreaterThan(lines, 800)
        for kind in ["arena.decided", "gesture.recognized", "miss", "edit", "undo", "task.ended", "answer", "signal", "consent"] {
            XCTAssertTrue(kinds.contains(kind), kind)
        }
    }

    func testATypedEventWritesTheLineItsReadersExpect() throws {
        var miss = InteractionEvent.Miss(reason: .nothing, x: 10, y: 20.5)
        miss.nearest = "play"; miss.nearestRole = "button"; miss.distance = 3.5
        XCTAssertEqual(
            LogEvent(time: .seconds(1.25), .miss(miss)).jsonLine,
            #"{"t":1.25,"kind":"miss","distance":3.5,"nearest":"play","nearestRole":"button","reason":"nothing","x":10,"y":20.5}"#)
        var tap = InteractionEvent.Gesture(phase: .recognized, gesture: .tap, target: "timeline.background", role: "timeline.background", x: 1, y: 2)
        tap.miss = .background
        let line = LogEvent(time: .zero, .gesture(tap)).jsonLine
        XCTAssertEqual(
            line,
            #"{"t":0,"kind":"gesture.recognized","gesture":"tap","miss":"background","role":"timeline.background","target":"timeline.background","x":1,"y":2}"#)
        XCTAssertEqual(LogEvent(jsonLine: line)?.event, .gesture(tap))
    }

    func testALineOfAnUnknownKindOrWithUnknownFieldsIsKeptAsItWas() throws {
        for line in [
            #"{"t":2,"kind":"teleport","to":"moon"}"#,
            #"{"t":2,"kind":"select","clip":"beach","colour":"red"}"#,
            #"{"t":2,"kind":"task.ended","outcome":"exploded","task":"trim"}"#,
        ] {
            let event = try XCTUnwrap(LogEvent(jsonLine: line))
            guard case .unknown = event.event else { return XCTFail("typed: \(line)") }
            XCTAssertEqual(event.jsonLine, line)
        }
        XCTAssertNil(LogEvent(jsonLine: #"{"kind":"select","clip":"beach"}"#), "no time")
        XCTAssertNil(LogEvent(jsonLine: "not json"))
    }

    func testTheStudysWallClockAndTheFeedsBlockTimeRideBesideTheEvent() throws {
        let line = #"{"t":3,"kind":"play","at":1.5}"#
        XCTAssertEqual(LogEvent(jsonLine: line)?.event, .play(at: 1.5), "a play's own `at` is its playhead")
        var e = LogEvent(time: .seconds(3), .partEnded(part: "block1-snapping"))
        e.wallClock = "2026-11-29T10:00:00Z"
        e.blockTime = 12.5
        let read = try XCTUnwrap(LogEvent(jsonLine: e.jsonLine))
        XCTAssertEqual(read, e)
        XCTAssertEqual(read.jsonLine, #"{"t":3,"kind":"part.ended","at":"2026-11-29T10:00:00Z","blockT":12.5,"part":"block1-snapping"}"#)
    }
}
