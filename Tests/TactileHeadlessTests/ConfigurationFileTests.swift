import Foundation
import XCTest
@testable import TactileCore
import TactileEditor
import TactileHeadless
import TactileInput
import TactileKiosk
import TactileUI

/// The configuration file: only the keys it changes, errors that name the key, variants.
final class ConfigurationFileTests: XCTestCase {
    func decode(_ json: String, variant: String? = nil) throws -> TactileConfiguration {
        try ConfigurationFile.decode(Data(json.utf8), variant: variant, schema: .tactile)
    }

    func error(_ json: String, variant: String? = nil) -> ConfigurationError? {
        do { _ = try decode(json, variant: variant); return nil } catch { return error as? ConfigurationError }
    }

    func testAFileNamesOnlyWhatItChanges() throws {
        let c = try decode(#"{"timeline": {"snapThreshold": 8}, "layout": {"handleHitMultiplier": 3}}"#)
        XCTAssertEqual(c.timeline.snapThreshold, 8)
        XCTAssertEqual(c.layout.handleHitMultiplier, 3)
        var expected = TactileConfiguration()
        expected.timeline.snapThreshold = 8; expected.layout.handleHitMultiplier = 3
        XCTAssertEqual(c, expected, "everything else keeps its default")
        XCTAssertEqual(try decode("{}"), TactileConfiguration())
    }

    func testTheDefaultsFileReadsBackAsTheDefaults() throws {
        XCTAssertEqual(try decode(ConfigurationFile.defaultsJSON(schema: .tactile)), TactileConfiguration())
    }

    func testAFileThatStillSetsARetiredSettingIsToldWhy() {
        let e = error(#"{"editing": {"levelDragTravel": 160}}"#)
        XCTAssertEqual(e?.key, "editing.levelDragTravel")
        XCTAssertTrue(e?.message.contains("is no longer a setting") ?? false, "\(String(describing: e))")
        XCTAssertTrue(e?.message.contains("Volume section") ?? false, "\(String(describing: e))")
        XCTAssertEqual(error(#"{"variants": {"B": {"editing": {"levelDragTravel": 80}}}}"#)?.key, "variants.B.editing.levelDragTravel")
    }

    func testErrorsNameTheKey() {
        XCTAssertEqual(
            error(#"{"timeline": {"snapTreshold": 8}}"#),
            ConfigurationError(key: "timeline.snapTreshold", "is not a setting (did you mean \"snapThreshold\"?)"))
        XCTAssertEqual(error(#"{"timeline": {"snapThreshold": "8"}}"#)?.key, "timeline.snapThreshold")
        XCTAssertEqual(error(#"{"cues": {"soundEnabled": 1}}"#)?.key, "cues.soundEnabled")
        XCTAssertEqual(error(#"{"layout": {"trackHeight": -48}}"#)?.key, "layout.trackHeight")
        XCTAssertEqual(error(#"{"layout": {"browserColumns": 2.5}}"#)?.key, "layout.browserColumns")
        XCTAssertEqual(error(#"{"media": {"fineScrubSpeeds": [1, {"x": 0}]}}"#)?.key, "media.fineScrubSpeeds[1]")
        XCTAssertEqual(error(#"{"theme": {"accent": "blue"}}"#)?.key, "theme.accent")
        XCTAssertEqual(error(#"{"cues": {"silenced": ["boing"]}}"#)?.key, "cues.silenced[0]")
        XCTAssertEqual(error(#"{"timeline": 5}"#)?.key, "timeline")
        XCTAssertEqual(error("{ not json")?.key, "")
        XCTAssertEqual(error("[1]")?.key, "")
    }

    func testVariantsLayTheirChangesOverTheRest() throws {
        let json = #"{"timeline": {"snapThreshold": 8}, "variants": {"A": {}, "B": {"timeline": {"snapThreshold": 2}, "input": {"tapSlop": 10}}}}"#
        XCTAssertEqual(try decode(json).timeline.snapThreshold, 8)
        XCTAssertEqual(try decode(json, variant: "A").timeline.snapThreshold, 8)
        let b = try decode(json, variant: "B")
        XCTAssertEqual(b.timeline.snapThreshold, 2)
        XCTAssertEqual(b.input.tapSlop, 10)
        XCTAssertEqual(error(json, variant: "C")?.message, "no variant named \"C\" (the file has A, B)")
        XCTAssertEqual(
            error(#"{"variants": {"B": {"timeline": {"snap": 1}}}}"#)?.key, "variants.B.timeline.snap",
            "a broken variant is an error even when another is in use")
    }

    func testEveryKeyIsDocumentedAsItsDeclarationSays() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("Docs/Configuration.md"), encoding: .utf8)
        let missing = ConfigurationFile.keyPaths(schema: .tactile).filter { !doc.contains("`\($0)`") }
        XCTAssertEqual(missing, [], "Docs/Configuration.md documents every key (Scripts/config-docs regenerates it)")
        XCTAssertTrue(doc == ConfigurationDocs.markdown(), "Docs/Configuration.md is what the declarations say: run Scripts/config-docs")
    }

    func testTheWatcherSeesChangesAndKeepsTheOldValuesOnErrors() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"timeline": {"snapThreshold": 8}}"#.utf8).write(to: url)
        let watcher = ConfigurationWatcher(url: url, variant: nil, schema: .tactile) { $0.layout.uiScale = 1.5 }
        XCTAssertEqual(try watcher.load().timeline.snapThreshold, 8)
        XCTAssertNil(watcher.poll(), "unchanged")
        try Data(#"{"timeline": {"snapThreshold": 9}}"#.utf8).write(to: url)
        guard case let .success(c)? = watcher.poll() else { return XCTFail("a change is seen at once, even within the same second") }
        XCTAssertEqual(c.timeline.snapThreshold, 9)
        XCTAssertEqual(c.layout.uiScale, 1.5, "command-line options stay laid over")
        try Data(#"{"timeline": {"snapThreshold": -1}}"#.utf8).write(to: url)
        guard case let .failure(e)? = watcher.poll() else { return XCTFail("a broken file is reported") }
        XCTAssertEqual(e.key, "timeline.snapThreshold")
        XCTAssertNil(watcher.poll(), "and reported once")
        // A file caught half-written (an editor saving in place) is looked at again before a complaint.
        try Data(#"{"timeline": {"snapTh"#.utf8).write(to: url)
        XCTAssertNil(watcher.poll(), "not yet: it may be half-written")
        try Data(#"{"timeline": {"snapThreshold": 7}}"#.utf8).write(to: url)
        guard case let .success(settled)? = watcher.poll() else { return XCTFail("the finished file is read") }
        XCTAssertEqual(settled.timeline.snapThreshold, 7)
        try Data("not json".utf8).write(to: url)
        XCTAssertNil(watcher.poll())
        guard case let .failure(broken)? = watcher.poll() else { return XCTFail("still broken at the next look: reported") }
        XCTAssertTrue(broken.message.contains("not valid JSON"), broken.message)
    }
}
