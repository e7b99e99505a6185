import Foundation
import TactileCore
@testable import TactileLab
import TactileEditor
import TactileHeadless
import TactileInput
import XCTest

@testable import TactileStudy

/// A comparison never pools two settings: the report's rows are sets of equal settings, each
/// saying what it changed against the session's start (the feel lab's review: a session tuned
/// without saving — tap slop 8, then +50 ms, then kalman — was one row, and a "base" row spanned
/// a reload that changed the added latency).
final class SettingsEpochsTests: XCTestCase {
    func testTunedEpochsAreRowsOfTheirOwnAFlipBackJoinsTheStartAndAReloadedBaseIsApart() {
        func change(_ t: Double, _ source: SettingsChange.Source, _ variant: String, _ changes: JSONValue) -> SettingsChange {
            SettingsChange(time: .seconds(t), source: source, variant: variant, changes: changes)
        }
        func set(_ section: String, _ key: String, _ value: JSONValue) -> JSONValue { .object([(section, .object([(key, value)]))]) }
        let start = TactileConfiguration()
        let changes = [
            change(0, .start, "base", .object([])),
            change(2, .tuning, "base", set("input", "tapSlop", .number(8))),
            change(4, .tuning, "base", set("feel", "addedLatency", .number(50))),
            change(6, .tuning, "base", set("feel", "prediction", .string("kalman"))),
            change(
                8, .flip, "base",
                .object([
                    ("feel", .object([("addedLatency", .number(0)), ("prediction", .string("off"))])), ("input", .object([("tapSlop", .number(18))])),
                ])),
            change(10, .reload, "base", set("feel", "addedLatency", .number(10))),
        ]
        let epochs = SettingsEpochs(history: SettingsHistory(start: start, changes: changes, schema: .tactile), length: 12)
        XCTAssertEqual(epochs.epochs.map(\.start), [0, 2, 4, 6, 8, 10])
        XCTAssertEqual(epochs.epochs.map(\.set), [0, 1, 2, 3, 0, 4], "the flip back joins the start; nothing else is joined")
        XCTAssertEqual(epochs.sets.map(\.label), ["base", "base (tuned, unsaved)", "base (tuned, unsaved)", "base (tuned, unsaved)", "base"])
        XCTAssertEqual(epochs.sets[0].epochs, [1, 5])
        XCTAssertEqual(epochs.sets[0].changes, [])
        XCTAssertEqual(epochs.sets[1].changes.map(\.text), ["input.tapSlop 18 → 8 pt"])
        XCTAssertEqual(epochs.sets[3].changes.map(\.text), ["feel.addedLatency 0 → 50 ms", "feel.prediction off → kalman", "input.tapSlop 18 → 8 pt"])
        XCTAssertEqual(epochs.sets[4].changes.map(\.text), ["feel.addedLatency 0 → 10 ms"], "the reloaded base is apart, and says why")
        XCTAssertEqual(epochs.epoch(at: 4)?.number, 3, "an event at the instant of a change is under the new settings")
        XCTAssertEqual(epochs.epoch(at: 11.9)?.number, 6)
    }

    func testASaveNamesTheSameSettingsTwiceAndALineThatCannotBeReadIsNeverJoined() {
        let start = TactileConfiguration()
        let slop: JSONValue = .object([("input", .object([("tapSlop", .number(12))]))])
        let history = SettingsHistory(
            start: start,
            changes: [
                SettingsChange(time: .seconds(1), source: .tuning, variant: "base", changes: slop),
                SettingsChange(time: .seconds(2), source: .save, variant: "tuned-1", changes: .object([])),
                SettingsChange(time: .seconds(3), source: .reload, variant: "tuned-1", changes: .object([("nosuch", .object([("key", .number(1))]))])),
            ], schema: .tactile)
        let epochs = SettingsEpochs(history: history, length: 5)
        XCTAssertEqual(epochs.sets.map(\.label), ["base", "base (tuned, unsaved) = tuned-1", "tuned-1"])
        XCTAssertEqual(epochs.sets[2].changes, [], "settings it cannot know are not claimed equal to any")
        XCTAssertEqual(epochs.epochs.map(\.set), [0, 1, 2])
    }

    /// Through the real path: a recorded session whose settings change as replayed settings lines
    /// (what the tuning panel and a flip write), reported.
    func testTheReportOfARecordedSessionGivesARowPerSetOfSettingsWithWhatItChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-epochs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (headless, recording, session) = try LatencyReportTests.recordedSession(in: folder, predicting: .off)
        let viewport = Size(width: 390, height: 844)
        func drag(at t: Double) { headless.player.play(Trace(viewport: viewport, events: LatencyReportTests.drag(at: t)), until: .seconds(t + 1)) }
        drag(at: 0.2)
        // As a replay hands them over: at the moment they were made, applied at the next step.
        headless.host.replay(
            SettingsChange(
                time: headless.player.clock.now, source: .tuning, variant: "base", changes: .object([("feel", .object([("addedLatency", .number(50))]))])))
        drag(at: 2)
        headless.host.replay(
            SettingsChange(
                time: headless.player.clock.now, source: .flip, variant: "base", changes: .object([("feel", .object([("addedLatency", .number(0))]))])))
        drag(at: 4)
        recording.finish(project: headless.host.state.project)

        let report = try SessionReport.read([session.path])
        let variants = try XCTUnwrap(report.sessions.first).variants
        XCTAssertEqual(variants.map(\.name), ["base", "base (tuned, unsaved)"])
        XCTAssertEqual(variants.map(\.touches), [2, 1], "the drags before the tuning and after the flip back together; the tuned one apart")
        XCTAssertEqual(variants.map(\.epochs), [[1, 3], [2]])
        XCTAssertEqual(variants[1].changes.map(\.text), ["feel.addedLatency 0 → 50 ms"])
        XCTAssertTrue(report.markdown.contains("| base (tuned, unsaved) | 2 | feel.addedLatency 0 → 50 ms |"), report.markdown)
        let json = report.json.serialized()
        XCTAssertTrue(json.contains(#""changes":[{"key":"feel.addedLatency","before":"0","after":"50","unit":"ms"}]"#), json)
    }

    /// The review's case: a session started on `--variant tuned-1` said what the other settings
    /// changed against tuned-1. Against the file's own settings, each row says what it is.
    func testASessionStartedOnAVariantSaysWhatEachSetChangedAgainstTheFilesOwnSettings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-epochs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = TactileConfiguration()
        var tuned = file
        tuned.input.tapSlop = 12
        let headless = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, configuration: tuned)
        let session = folder.appendingPathComponent("s")
        let recording = try Recording(
            folder: session, project: DemoProject.make(), configuration: try RecordedConfiguration(tuned), fileSettings: try RecordedConfiguration(file))
        recording.attach(to: headless.host, framesPerSecond: 60)
        let viewport = Size(width: 390, height: 844)
        headless.host.startVariants(live: "tuned-1", other: "base")
        headless.player.play(Trace(viewport: viewport, events: LatencyReportTests.drag(at: 0.2)), until: .seconds(1.2))
        headless.host.replay(
            SettingsChange(time: headless.player.clock.now, source: .flip, variant: "base", changes: .object([("input", .object([("tapSlop", .number(18))]))])))
        headless.player.step()
        headless.player.play(Trace(viewport: viewport, events: LatencyReportTests.drag(at: 2)), until: .seconds(3))
        recording.finish(project: headless.host.state.project)

        let report = try SessionReport.read([session.path])
        let s = try XCTUnwrap(report.sessions.first)
        XCTAssertTrue(s.againstFile)
        XCTAssertEqual(s.variants.map(\.name), ["tuned-1", "base"])
        XCTAssertEqual(s.variants.map { $0.changes.map(\.text) }, [["input.tapSlop 18 → 12 pt"], []], "tuned-1 against the file; base is the file")
        XCTAssertTrue(report.markdown.contains("against the configuration file's own settings"), report.markdown)
        XCTAssertTrue(report.markdown.contains("| tuned-1 | 1 | input.tapSlop 18 → 12 pt |"), report.markdown)
        XCTAssertTrue(FileManager.default.fileExists(atPath: session.appendingPathComponent("config-file.json").path))
    }
}
