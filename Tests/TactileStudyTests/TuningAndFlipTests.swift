import XCTest
#if canImport(Glibc)
import Glibc
#endif
import TactileCore
@testable import TactileLab
import TactileEditor
import TactileHeadless
import TactileHost
import TactileInput
import TactileKiosk
import TactileUI
@testable import TactileStudy

/// The tuning panel and the A/B flip, driven as a designer drives them — touches on the lab
/// panel, F6 — in a recorded session: a change applies at once and is logged, a variant is saved
/// into the configuration file without touching what the person wrote, a flip switches the
/// settings, the report compares the variants, and a replay changes the same settings at the
/// same steps.
final class TuningAndFlipTests: XCTestCase {
    /// A folder of its own for each test's configuration file, removed after it.
    var folder: URL!
    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-tuning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    let written = "{\n  \"timeline\": { \"snapThreshold\": 8 }\n}\n"

    func testASliderAppliesAtOnceASaveKeepsTheFileAndAFlipIsComparedInTheReportAndReplayed() throws {
        let file = folder.appendingPathComponent("tactile.json")
        try written.write(to: file, atomically: true, encoding: .utf8)
        let configuration = try ConfigurationFile.load(from: file, schema: .tactile)
        var services = HostServices()
        services.variants = VariantStore(url: file, schema: .tactile)
        services.labGestures = true
        let headless = try HeadlessSession(
            project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, configuration: configuration, services: services)
        let host = headless.host, clock = headless.player.clock
        let recorded = folder.appendingPathComponent("s")
        let recording = try Recording(folder: recorded, project: DemoProject.make(), configuration: try RecordedConfiguration(configuration))
        recording.attach(to: host, framesPerSecond: 60)
        host.startVariants(live: nil, other: nil)
        headless.player.runFrame()

        // A tap in the editor on the file's own settings.
        func tap(at t: Double) {
            headless.player.play(
                Trace(
                    viewport: Size(width: 390, height: 844),
                    events: [
                        .touch(.down, id: 1, at: Point(x: 200, y: 790), time: .seconds(t)),
                        .touch(.up, id: 1, at: Point(x: 200, y: 790), time: .seconds(t + 0.05)),
                    ]
                ), until: .seconds(t + 0.5))
        }
        tap(at: 0.5)

        // F5 opens the panel beside the phone; a finger drags the tap slop's slider to 3/4.
        host.toggleTuning()
        host.placePanel(outside: true, width: nil)
        func outside(_ events: [InputEvent]) {
            for e in events {
                clock.advance(to: e.time)
                _ = host.step([], now: clock.now, context: StepContext(outsideInput: [e]))
            }
        }
        clock.advance(to: .seconds(2))
        _ = host.step([], now: clock.now, context: StepContext())
        let slider = try XCTUnwrap(host.tuningElements.first { $0.id == "tuning.input.tapSlop" })
        XCTAssertEqual(slider.state["value"], .number(18))
        let y = slider.frame.midY, x0 = slider.frame.midX
        outside(
            [.touch(.down, id: 7, at: Point(x: x0, y: y), time: .seconds(2.1))]
                + (1...6).map { .touch(.move, id: 7, at: Point(x: x0 + Double($0) * 20, y: y), time: .seconds(2.1 + Double($0) * 0.02)) }
                + [.touch(.up, id: 7, at: Point(x: x0 + 120, y: y), time: .seconds(2.3))])
        let tuned = host.configuration.input.tapSlop
        XCTAssertGreaterThan(tuned, 40, "the slider moved the value at once")
        XCTAssertGreaterThan(host.unsavedChanges, 0)
        XCTAssertEqual(host.configuration.timeline.snapThreshold, 8, "the file's own settings stay")
        tap(at: 3)

        // Save: the variant goes into the file, whose own text is kept byte for byte.
        let save = try XCTUnwrap(host.tuningElements.first { $0.id == "tuning.save" })
        outside([
            .touch(.down, id: 8, at: Point(x: save.frame.midX, y: save.frame.midY), time: .seconds(4)),
            .touch(.up, id: 8, at: Point(x: save.frame.midX, y: save.frame.midY), time: .seconds(4.05)),
        ])
        XCTAssertEqual(host.liveVariant, "tuned-1")
        XCTAssertEqual(host.flipPair.b, "tuned-1")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("{\n  \"timeline\": { \"snapThreshold\": 8 }"), text)
        XCTAssertEqual(try ConfigurationFile.load(from: file, variant: "tuned-1", schema: .tactile).input.tapSlop, tuned)
        XCTAssertEqual(try ConfigurationFile.load(from: file, schema: .tactile).input.tapSlop, 18, "the file's own settings unchanged")

        // F6: back to the file's own settings, then a tap there.
        host.flipVariant()
        clock.advance(to: .seconds(5))
        _ = host.step([], now: clock.now, context: StepContext())
        XCTAssertEqual(host.liveVariant, "base")
        XCTAssertEqual(host.configuration.input.tapSlop, 18)
        tap(at: 6)
        recording.finish(project: host.state.project)

        // The trace has the settings lines, the log their events, and the report compares.
        let trace = try Trace.load(from: recorded.appendingPathComponent("trace.jsonl"))
        XCTAssertEqual(trace.settings.map(\.source), [.start] + Array(repeating: .tuning, count: trace.settings.count - 3) + [.save, .flip])
        let report = try SessionReport.read([recorded.path])
        let variants = try XCTUnwrap(report.sessions.first).variants
        // One row per set of settings: the flip back to base joins the stretch before the tuning;
        // the tuning and the variant it was saved as are the same settings; the values the slider
        // passed through, with no input, are left out (and said).
        XCTAssertEqual(variants.map(\.name), ["base", "base (tuned, unsaved) = tuned-1"])
        XCTAssertEqual(variants.map(\.touches), [2, 1], "a tap on base before tuning and one after the flip; one on the tuning before its save")
        XCTAssertEqual(variants[0].epochs.first, 1)
        XCTAssertEqual(variants[0].epochs.count, 2, "base before the tuning and after the flip")
        XCTAssertEqual(variants[1].changes.map(\.text), ["input.tapSlop 18 → \(ConfigurationRange.format(tuned)) pt"])
        XCTAssertGreaterThan(try XCTUnwrap(report.sessions.first).variantsLeftOut, 0)
        XCTAssertTrue(report.markdown.contains("### Settings compared in this session"), report.markdown)
        XCTAssertTrue(report.markdown.contains("input.tapSlop 18 → \(ConfigurationRange.format(tuned)) pt"), report.markdown)

        // A replay of the folder changes the same settings at the same steps: the same log.
        let session = try RecordedSession.open(recorded.path, project: nil, settings: Settings())
        let replay = try HeadlessSession(project: session.project, viewport: session.trace.viewport, scale: 1, configuration: session.configuration)
        replay.player.play(session.trace)
        let log = try String(contentsOf: recorded.appendingPathComponent("log.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(replay.player.log.map(\.jsonLine), log)
        XCTAssertEqual(replay.host.liveVariant, "base")
        XCTAssertTrue(
            log.contains { $0.contains("\"kind\":\"settings\"") && $0.contains("input.tapSlop \(ConfigurationRange.format(tuned))") },
            log.joined(separator: "\n"))
    }

    /// The review's case: tuned-2 could not be reached in the app, F6 in a new session chose
    /// alphabetically, and nothing could be renamed or deleted. The picker, opened from the
    /// panel's pair line, chooses A and B, renames on the panel's keyboard and deletes with a
    /// second tap, the person's file kept byte for byte around each change.
    func testThePickerChoosesAAndBRenamesOnItsOwnKeyboardAndDeletesOnASecondTap() throws {
        let file = folder.appendingPathComponent("tactile.json")
        let original =
            "{\n    \"timeline\": { \"snapThreshold\": 8 },\n    \"variants\": {\n        \"tuned-1\": { \"input\": { \"tapSlop\": 12 } },\n"
            + "        \"tuned-2\": { \"input\": { \"tapSlop\": 24 } },\n        \"tuned-10\": { \"input\": { \"tapSlop\": 30 } }\n    }\n}\n"
        let (headless, _) = try labSession(original, in: folder)
        let host = headless.host, clock = headless.player.clock
        host.startVariants(live: nil, other: nil)
        clock.advance(to: .seconds(1))
        _ = host.step([], now: clock.now, context: StepContext())
        var finger = 10
        func tap(_ id: String, _ file: StaticString = #filePath, _ line: UInt = #line) throws {
            let e = try XCTUnwrap(host.tuningElements.first { $0.id == id }, "no \(id) in \(host.tuningElements.map(\.id))", file: file, line: line)
            finger += 1
            for (phase, dt) in [(TouchPhase.down, 0.1), (.up, 0.15)] {
                clock.advance(to: clock.now + .seconds(dt))
                _ = host.step([], now: clock.now, context: StepContext(outsideInput: [.touch(phase, id: finger, at: e.hitFrame.center, time: clock.now)]))
            }
            // The next frame shows what the tap did (its banner).
            clock.advance(to: clock.now + .seconds(0.05))
            _ = host.step([], now: clock.now, context: StepContext(mode: .always))
        }
        func element(_ id: String) -> UIElement? { host.tuningElements.first { $0.id == id } }
        var banner: String { host.state.banner?.message ?? "" }

        // The pair's line opens the picker: the file's variants in the order they were saved.
        try tap("tuning.pair")
        let rows = host.tuningElements.filter { $0.id.hasSuffix(".a") && $0.id.hasPrefix("tuning.variant.") }.sorted { $0.frame.minY < $1.frame.minY }
        XCTAssertEqual(rows.map(\.id), ["base", "tuned-1", "tuned-2", "tuned-10"].map { "tuning.variant.\($0).a" })
        XCTAssertEqual(element("tuning.variant.base.rename")?.state["enabled"], .bool(false), "the file's own settings keep their name")

        // B is tuned-2, A tuned-1; a flip then goes to A, the live base being neither.
        try tap("tuning.variant.tuned-2.b")
        XCTAssertTrue(host.flipPair == ("base", "tuned-2"), "\(host.flipPair)")
        XCTAssertEqual(banner, "A is base, B is tuned-2")
        try tap("tuning.variant.tuned-1.a")
        XCTAssertTrue(host.flipPair == ("tuned-1", "tuned-2"), "\(host.flipPair)")
        XCTAssertEqual(banner, "A is tuned-1, B is tuned-2; base is live (a flip goes to A)")
        host.flipVariant()
        clock.advance(to: clock.now + .seconds(0.1))
        _ = host.step([], now: clock.now, context: StepContext())
        XCTAssertEqual(host.liveVariant, "tuned-1")
        XCTAssertEqual(host.configuration.input.tapSlop, 12)

        // Rename tuned-2 on the panel's keyboard: seven backspaces, "fast", Save name.
        try tap("tuning.variant.tuned-2.rename")
        XCTAssertNotNil(element("keyboard"), "the panel's own keyboard")
        XCTAssertEqual(element("tuning.variant.tuned-2.field")?.state["text"], .string("tuned-2"))
        for _ in 0..<7 { try tap("key:⌫") }
        for letter in ["f", "a", "s", "t"] { try tap("key:\(letter)") }
        XCTAssertEqual(element("tuning.variant.tuned-2.field")?.state["text"], .string("fast"))
        try tap("tuning.variant.tuned-2.saveName")
        XCTAssertTrue(host.flipPair == ("tuned-1", "fast"), "\(host.flipPair)")
        XCTAssertTrue(banner.hasPrefix("tuned-2 is now called fast in tactile.json"), banner)
        XCTAssertNil(element("keyboard"), "the keyboard goes once the name is saved")
        XCTAssertEqual(
            try String(contentsOf: file, encoding: .utf8), original.replacingOccurrences(of: "\"tuned-2\"", with: "\"fast\""), "only the name changed")
        XCTAssertEqual(try ConfigurationFile.load(from: file, variant: "fast", schema: .tactile).input.tapSlop, 24)
        // Seen in a window: the file's watcher took the rename for an edit and said "Settings
        // reloaded" over its banner. The picker's own writes are no edit to reload.
        clock.advance(to: clock.now + .seconds(3))
        _ = host.step([], now: clock.now, context: StepContext(mode: .always))
        XCTAssertTrue(banner.hasPrefix("tuned-2 is now called fast"), banner)

        // Delete tuned-10: the first tap asks, the second deletes; the rest of the file stays.
        try tap("tuning.variant.tuned-10.delete")
        XCTAssertEqual(element("tuning.variant.tuned-10.delete")?.label, "tuned-10 Sure?")
        XCTAssertTrue(FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self).contains("tuned-10") } ?? false)
        try tap("tuning.variant.tuned-10.delete")
        XCTAssertEqual(
            try String(contentsOf: file, encoding: .utf8),
            original.replacingOccurrences(of: "\"tuned-2\"", with: "\"fast\"").replacingOccurrences(
                of: ",\n        \"tuned-10\": { \"input\": { \"tapSlop\": 30 } }", with: ""))
        XCTAssertNil(element("tuning.variant.tuned-10.a"), "gone from the list")
        // The live variant is not deleted.
        try tap("tuning.variant.tuned-1.delete")
        try tap("tuning.variant.tuned-1.delete")
        XCTAssertEqual(banner, "tuned-1 is live: flip to another variant before deleting it")
        XCTAssertEqual(VariantFile.names(at: file), ["tuned-1", "fast"])

        // Done closes the picker: the settings again.
        try tap("tuning.picker.done")
        XCTAssertNotNil(element("tuning.input.tapSlop"))
        XCTAssertNil(element("tuning.variant.base.a"))
    }

    func testTheTuningPanelAndTheFlipAreRefusedInAKiosk() throws {
        var services = HostServices()
        services.labGestures = true
        let headless = try HeadlessSession(
            project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1,
            kiosk: KioskSetup(attractTrace: Trace(viewport: Size(width: 390, height: 844), events: []), demo: DemoProject.make()), services: services)
        headless.host.toggleTuning()
        XCTAssertFalse(headless.host.isTuningOpen)
        XCTAssertNil(headless.host.panelWidth)
    }

    func testAFingerHeldInTheCornerOpensTheTuningPanelAndNeverReachesTheEditorNorCountsAsAMiss() throws {
        var services = HostServices()
        services.labGestures = true
        let headless = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1, services: services)
        var editorSaw: [InputEvent] = [], log: [LogEvent] = []
        headless.host.add(
            SessionEvents(frame: {
                editorSaw += $0.released; log += $0.output.log
            }))
        let hold: [InputEvent] = [
            .touch(.down, id: 1, at: Point(x: 10, y: 10), time: .seconds(1)), .touch(.up, id: 1, at: Point(x: 10, y: 10), time: .seconds(3)),
        ]
        headless.player.play(Trace(viewport: Size(width: 390, height: 844), events: hold), until: .seconds(3.5))
        XCTAssertTrue(headless.host.isTuningOpen, "held 1.5 s in the corner")
        func touches(_ events: [InputEvent], finger: PointerID) -> [TouchPhase] {
            events.compactMap {
                if case let .touch(id, phase, _) = $0.kind, id == finger { return phase }; return nil
            }
        }
        XCTAssertEqual(touches(editorSaw, finger: 1), [], "the panel's finger, from its down to its lift")
        let misses = log.filter {
            if case .miss = $0.event { return true }; return false
        }
        XCTAssertEqual(misses.count, 0, "a hold that opens the panel is no miss of the participant's: \(misses)")

        // A quick tap in the corner is the editor's (held back only until it lifts): on the status
        // bar, that is a miss as before.
        editorSaw = []; log = []
        headless.player.play(
            Trace(
                viewport: Size(width: 390, height: 844),
                events: [.touch(.down, id: 2, at: Point(x: 12, y: 12), time: .seconds(5)), .touch(.up, id: 2, at: Point(x: 12, y: 12), time: .seconds(5.08))]),
            until: .seconds(6))
        XCTAssertEqual(touches(editorSaw, finger: 2), [.down, .up], "the tap reaches the editor, in order")
        XCTAssertEqual(
            log.filter {
                if case .miss = $0.event { return true }; return false
            }.count, 1)

        // A recording says it took the lab's gestures: its replay holds the corner finger back the same.
        var recorded = Trace(viewport: Size(width: 390, height: 844), events: hold)
        recorded.labGestures = true
        recorded = try Trace.parse(recorded.serialized())
        XCTAssertTrue(recorded.labGestures, "the trace's header keeps it")
        let again = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1)
        var replaySaw: [InputEvent] = []
        again.host.add(SessionEvents(frame: { replaySaw += $0.released }))
        again.player.play(recorded, until: .seconds(3.5))
        XCTAssertEqual(touches(replaySaw, finger: 1), [], "held back in the replay too")
        XCTAssertFalse(again.host.isTuningOpen, "a replay opens no panel")
        // The report leaves it out of the touches: the lab's gesture, not the participant's.
        let lab = SessionReport.labHolds(recorded, overlays: TactileConfiguration().overlays)
        XCTAssertEqual(lab.map(\.id), [1], "the corner's finger only")
        XCTAssertTrue(
            SessionReport.labHolds(Trace(viewport: Size(width: 390, height: 844), events: hold), overlays: TactileConfiguration().overlays).isEmpty,
            "without the lab's gestures, every touch is the participant's")

        // A replay (no lab gestures) takes the same hold as an ordinary touch.
        let replay = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1)
        replay.player.play(
            Trace(viewport: Size(width: 390, height: 844), events: [.touch(.down, id: 1, at: Point(x: 10, y: 10), time: .seconds(1))]), until: .seconds(2.6))
        XCTAssertFalse(replay.host.isTuningOpen)
    }

    func testInLandscapeAVerticalDragOnASliderScrollsTheListAndATapPutsTheValueUnderTheFinger() throws {
        var services = HostServices()
        services.labGestures = true
        let headless = try HeadlessSession(project: DemoProject.make(), viewport: Size(width: 844, height: 390), scale: 1, services: services)
        let host = headless.host, clock = headless.player.clock
        host.toggleTuning()
        host.placePanel(outside: true, width: nil)
        headless.player.runFrame()
        func outside(_ events: [InputEvent]) {
            for e in events {
                clock.advance(to: e.time)
                _ = host.step([], now: clock.now, context: StepContext(outsideInput: [e]))
            }
        }
        let slider = try XCTUnwrap(host.tuningElements.first { $0.id == "tuning.input.longPressDuration" })
        func inSight(_ id: String) -> Bool { host.tuningElements.first { $0.id == id }.map { $0.hitFrame.height > 0 } ?? false }
        XCTAssertFalse(inSight("tuning.feel.maxFrameRate.60"), "the last setting is below the fold")
        let x = slider.frame.minX + 20, y = slider.frame.midY
        outside(
            [.touch(.down, id: 1, at: Point(x: x, y: y), time: .seconds(1))]
                + (1...15).map { .touch(.move, id: 1, at: Point(x: x, y: y - Double($0) * 30), time: .seconds(1 + Double($0) * 0.02)) }
                + [.touch(.up, id: 1, at: Point(x: x, y: y - 450), time: .seconds(1.4))])
        XCTAssertEqual(host.configuration.input.longPressDuration, 0.5, "scrolling past a slider never changes it")
        XCTAssertFalse(inSight("tuning.input.longPressDuration"), "the list scrolled it out of sight")
        XCTAssertTrue(inSight("tuning.feel.maxFrameRate.60"), "and shows what was below")
        // A tap at the track's far end puts the value there.
        let tapSlop = try XCTUnwrap(host.tuningElements.first { $0.role == "slider" && $0.id == "tuning.feel.addedLatency" })
        outside([
            .touch(.down, id: 2, at: Point(x: tapSlop.frame.maxX - 2, y: tapSlop.frame.midY), time: .seconds(2)),
            .touch(.up, id: 2, at: Point(x: tapSlop.frame.maxX - 2, y: tapSlop.frame.midY), time: .seconds(2.05)),
        ])
        XCTAssertEqual(host.configuration.feel.addedLatency, 200)
    }

    /// A headless lab session over the configuration file `text` (variants saved beside it),
    /// reloading it as the window does, with the tuning panel open beside the phone.
    func labSession(_ text: String, in folder: URL) throws -> (HeadlessSession, URL) {
        let file = folder.appendingPathComponent("tactile.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        var services = HostServices()
        services.variants = VariantStore(url: file, schema: .tactile)
        services.configurationWatcher = ConfigurationWatcher(url: file, variant: nil, schema: .tactile)
        services.labGestures = true
        let headless = try HeadlessSession(
            project: DemoProject.make(), viewport: Size(width: 390, height: 844), scale: 1,
            configuration: try ConfigurationFile.load(from: file, schema: .tactile), services: services)
        headless.host.toggleTuning()
        headless.host.placePanel(outside: true, width: nil)
        headless.player.runFrame()
        return (headless, file)
    }

    /// Taps the tuning panel's `id` step button (or choice) at `t`.
    func press(_ id: String, in headless: HeadlessSession, at t: Double) throws {
        let host = headless.host, clock = headless.player.clock
        let button = try XCTUnwrap(host.tuningElements.first { $0.id == id }, id)
        for (phase, dt) in [(TouchPhase.down, 0.0), (.up, 0.05)] {
            clock.advance(to: .seconds(t + dt))
            _ = host.step(
                [], now: clock.now,
                context: StepContext(outsideInput: [.touch(phase, id: 9, at: Point(x: button.frame.midX, y: button.frame.midY), time: clock.now)]))
        }
    }

    func testAReloadKeepsTheTuningNotYetSavedAndSaysSo() throws {
        let (headless, file) = try labSession("{\"timeline\": {\"snapThreshold\": 8}}\n", in: folder)
        try press("tuning.input.tapSlop.up", in: headless, at: 1)
        XCTAssertEqual(headless.host.configuration.input.tapSlop, 19)
        // The person edits the file meanwhile.
        try "{\"timeline\": {\"snapThreshold\": 12}}\n".write(to: file, atomically: true, encoding: .utf8)
        headless.player.clock.advance(to: .seconds(10))
        headless.player.step()
        XCTAssertEqual(headless.host.configuration.timeline.snapThreshold, 12, "the edit is taken")
        XCTAssertEqual(headless.host.configuration.input.tapSlop, 19, "and the tuning kept")
        XCTAssertEqual(headless.host.unsavedChanges, 1)
        XCTAssertTrue(
            headless.host.state.banner?.message.contains("1 tuned value kept, not saved") ?? false, "\(String(describing: headless.host.state.banner))")
    }

    func testTuningNotYetSavedWhenTheSessionEndsIsKeptAsAVariantOfItsOwn() throws {
        let (headless, file) = try labSession("{\"timeline\": {\"snapThreshold\": 8}}\n", in: folder)
        XCTAssertNil(headless.host.keepUnsavedTuning(), "nothing tuned, nothing to keep")
        try press("tuning.input.tapSlop.up", in: headless, at: 1)
        XCTAssertEqual(headless.host.keepUnsavedTuning(), .saved("tuned-1"))
        XCTAssertEqual(try ConfigurationFile.load(from: file, variant: "tuned-1", schema: .tactile).input.tapSlop, 19)
        XCTAssertNil(headless.host.keepUnsavedTuning(), "kept once")
    }

    func testTuningThatCannotBeSavedWhenTheSessionEndsIsSaidLostNamingTheFileAndWhyInWords() throws {
        let (headless, file) = try labSession("{\"timeline\": {\"snapThreshold\": 8}}\n", in: folder)
        // The file has another name (it cannot be replaced) and a folder stands where its sidecar goes.
        XCTAssertEqual(link(file.path, folder.appendingPathComponent("other-name.json").path), 0)
        try FileManager.default.createDirectory(at: VariantFile.sidecar(of: file), withIntermediateDirectories: true)
        try press("tuning.input.tapSlop.up", in: headless, at: 1)
        guard case let .lost(reason)? = headless.host.keepUnsavedTuning() else { return XCTFail("the tuning is said lost") }
        XCTAssertTrue(reason.contains("1 tuned setting"), reason)
        XCTAssertTrue(reason.contains("The variant could not be saved: tactile.variants.json is a folder"), reason)
        XCTAssertFalse(reason.contains("Error Domain"), reason)
    }

    func testAFlipWithTuningNotYetSavedSavesItInPlaceOfItsSideSaysSoAndFlipsBackToIt() throws {
        let (headless, file) = try labSession("{\"variants\": {\"loose\": {\"input\": {\"tapSlop\": 30}}}}\n", in: folder)
        headless.host.startVariants(live: nil, other: "loose")
        try press("tuning.input.tapSlop.up", in: headless, at: 1)
        headless.host.flipVariant()
        headless.player.clock.advance(to: .seconds(2))
        headless.player.step()
        XCTAssertEqual(headless.host.liveVariant, "loose", "to B, as the pair says")
        XCTAssertEqual(headless.host.configuration.input.tapSlop, 30)
        XCTAssertEqual(VariantFile.names(at: file), ["loose", "tuned-1"], "the tuning was kept as a variant")
        XCTAssertEqual(try ConfigurationFile.load(from: file, variant: "tuned-1", schema: .tactile).input.tapSlop, 19)
        headless.player.clock.advance(to: .seconds(2.1))
        headless.player.step() // the banner posted shows from the next step
        XCTAssertEqual(
            headless.host.state.banner?.message, "Your tuning of base is saved as tuned-1, now A. Variant B: loose",
            "one banner says where the tuning went and where the flip went (the save's own banner is not replaced in the same frame)")
        headless.host.flipVariant()
        headless.player.clock.advance(to: .seconds(3))
        headless.player.step()
        XCTAssertEqual(headless.host.liveVariant, "tuned-1", "back to A, which is the tuning now: never the untouched base")
        XCTAssertEqual(headless.host.configuration.input.tapSlop, 19)
    }

    func testF6WithNoPairChosenFlipsToTheVariantSavedLastInTheFile() throws {
        let (headless, _) = try labSession("{\"variants\": {\"tuned-1\": {\"input\": {\"tapSlop\": 12}}}}\n", in: folder)
        headless.host.flipVariant()
        headless.player.clock.advance(to: .seconds(1))
        headless.player.step()
        XCTAssertEqual(headless.host.liveVariant, "tuned-1", "the file's variant, not 'nothing to flip to yet'")
        XCTAssertEqual(headless.host.configuration.input.tapSlop, 12)
        headless.player.clock.advance(to: .seconds(1.1))
        headless.player.step()
        XCTAssertEqual(headless.host.state.banner?.message, "Variant B: tuned-1")
    }

    /// The review's case: a variant's tap slop of 150 pt (valid, beyond the panel's span) went
    /// to the span's top (60 pt) on a press of +.
    func testAStepFromAValueBeyondThePanelsSpanOnlyEverGoesItsOwnWay() throws {
        let (headless, _) = try labSession("{\"input\": {\"tapSlop\": 150}}\n", in: folder)
        try press("tuning.input.tapSlop.up", in: headless, at: 1)
        XCTAssertEqual(headless.host.configuration.input.tapSlop, 150, "+ does not bring it down")
        XCTAssertEqual(headless.host.unsavedChanges, 0, "and logs no change")
        try press("tuning.input.tapSlop.down", in: headless, at: 2)
        let top = try XCTUnwrap(
            TunableSetting.all.first { $0.key == "input.tapSlop" }.flatMap { s -> Double? in
                if case let .number(range, _) = s.kind { return range.upperBound }; return nil
            })
        XCTAssertEqual(headless.host.configuration.input.tapSlop, top, "− comes back to the span's top: a decrease")
    }

    /// The review's case: after a flip the lab panel said "No touch yet" of a session full of
    /// touches, while its touch timeline still listed them.
    func testAFlipKeepsTheArenasRecentDecisionsInThePanel() throws {
        let (headless, _) = try labSession(
            "{\"overlays\": {\"arena\": true}, \"variants\": {\"loose\": {\"input\": {\"tapSlop\": 30}}}}\n", in: folder)
        let host = headless.host, clock = headless.player.clock
        host.toggleTuning() // the arena's panel, not the tuning panel
        host.startVariants(live: nil, other: "loose")
        for (phase, t) in [(TouchPhase.down, 1.0), (.up, 1.08)] {
            clock.advance(to: .seconds(t))
            _ = host.step([.touch(phase, id: 1, at: Point(x: 249, y: 606), time: clock.now)], now: clock.now, context: StepContext())
        }
        func words() -> [String] {
            (host.panelPicture(at: clock.now)?.commands ?? []).compactMap {
                if case let .text(run) = $0 { return run.text }; return nil
            }
        }
        XCTAssertFalse(words().contains("No touch yet"), "\(words())")
        host.flipVariant()
        clock.advance(to: .seconds(2))
        headless.player.step()
        XCTAssertEqual(host.liveVariant, "loose")
        XCTAssertFalse(words().contains("No touch yet"), "the flip keeps the decisions: \(words())")
    }

    func testTheTuningPanelShowsTheMonitorsFiguresAndTheArenasLastDecisionSoAChangeIsTriedWithoutClosingIt() throws {
        // Neither the monitor nor the arena debugger is on: F5 alone shows the figures.
        let (headless, _) = try labSession("{\"variants\": {\"loose\": {\"input\": {\"tapSlop\": 30}}}}\n", in: folder)
        let host = headless.host, clock = headless.player.clock
        func figures() -> [String] { host.tuningElements.filter { $0.role == "labFigure" }.map(\.label) }
        XCTAssertEqual(figures(), ["in-app: no input yet"], "before any touch: the monitor says so, and no arena decision yet")
        for (phase, t) in [(TouchPhase.down, 1.0), (.up, 1.08)] {
            clock.advance(to: .seconds(t))
            _ = host.step([.touch(phase, id: 1, at: Point(x: 249, y: 606), time: clock.now)], now: clock.now, context: StepContext())
        }
        clock.advance(to: .seconds(1.5))
        headless.player.step()
        let after = figures()
        // (A headless session presents nothing, so the monitor has no latency to give here; the
        // window's own figures are LabPanelTests'.)
        XCTAssertTrue(after.first?.hasPrefix("in-app") ?? false, "the monitor's line, with the panel open: \(after)")
        XCTAssertTrue(
            after.contains { $0.hasPrefix("✓ tap · ✗ pinch ✗ longPress ✗ scroll · tapMaximumDuration: lifted after 0.08 s") },
            "and the arena's strip: who won, who lost, by which rule: \(after)")
        // A pair flipped: A and B side by side, under the sliders.
        host.startVariants(live: nil, other: "loose")
        clock.advance(to: .seconds(2))
        headless.player.step()
        XCTAssertTrue(figures().contains { $0.hasPrefix("A base: ") } && figures().contains { $0.hasPrefix("B loose: ") }, "\(figures())")
        // The sliders keep their room: every setting is still listed.
        for setting in TunableSetting.all {
            XCTAssertTrue(host.tuningElements.contains { $0.id.hasPrefix("tuning.\(setting.key)") }, setting.key)
        }
    }
}
