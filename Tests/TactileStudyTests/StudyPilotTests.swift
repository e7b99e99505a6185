import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileHeadless
import TactileInput
import TactileStudy
import TactileTestSupport
import TactileUI
@testable import TactileApp

/// The example study's pilot: four scripted participants (`Assets/Studies/trim-handles/pilot`)
/// played through `tactile study run --script … --headless`, then the whole analysis — report with
/// its HTML, CSV, heatmaps per screen, clips per marker — as a researcher would run it
/// (Docs/Studies.md, "Piloting a study"). `TACTILE_REFRESH_PILOT=1` records the four traces
/// again, each from a participant driven through the study runner here (real fonts, the way a
/// headless script measures).
final class StudyPilotTests: XCTestCase, ReplayTesting, StudyDriving, StartsPrograms {
    var folder: URL!
    var now = Time.zero
    override func setUpWithError() throws { folder = try Self.makeTestFolder("study-pilot") }
    override func tearDown() { removeTestFolder() }

    static var pilot: URL { exampleStudy.deletingLastPathComponent().appendingPathComponent("pilot") }

    func tactile(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runTool(
            try tactileBinary().path, arguments,
            environment: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": folder.appendingPathComponent("data").path])
    }

    func testFourScriptedParticipantsGiveAReportWithMarkersHeatmapsClipsAndIntervalsInsideTheirScales() throws {
        if ProcessInfo.processInfo.environment["TACTILE_REFRESH_PILOT"] == "1" { try recordThePilot() }
        let study = exampleStudy.path, results = folder.appendingPathComponent("results").path
        let binary = try tactileBinary().path, pilot = Self.pilot
        let environment = ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": folder.appendingPathComponent("data").path]
        let play: @Sendable (Int) -> (status: Int32, output: String) = { n in
            let arguments = [
                "study", "run", study, "--participant", "\(n)", "--out", results, "--script", pilot.appendingPathComponent("P0\(n).jsonl").path,
                "--headless",
            ]
            return (try? runTool(binary, arguments, environment: environment)) ?? (-1, "could not start tactile")
        }
        // P01 makes the results folder; the other three then play at once, as three stations
        // writing into one results folder would.
        let first = play(1)
        let others = Locked([(status: Int32, output: String)](repeating: (-1, ""), count: 3))
        DispatchQueue.concurrentPerform(iterations: 3) { i in
            let run = play(i + 2)
            others.update { $0[i] = run }
        }
        let runs = [first] + others.value
        for (i, run) in runs.enumerated() {
            XCTAssertEqual(run.status, 0, run.output)
            XCTAssertTrue(run.output.contains("P0\(i + 1) finished the study"), run.output)
        }
        let clips = folder.appendingPathComponent("clips").path
        // P01's clips (each clip replays its session from the start: all of them would only cost time).
        let (clipStatus, clipOutput) = try tactile([
            "clips", results, "--out", clips, "--participant", "P01", "--before", "1", "--after", "2", "--scale", "0.5", "--fps", "10",
        ])
        XCTAssertEqual(clipStatus, 0, clipOutput)
        let html = folder.appendingPathComponent("report.html").path
        // A pilot's runs are not people: by default every figure leaves them out, and says so.
        let people = try Commands.report([results], out: nil, json: nil)
        XCTAssertTrue(people.contains("0 participants (0 finished)"), people)
        XCTAssertTrue(
            people.contains("4 scripted runs are not people and left out of every figure (P01, P02, P03, P04; --include-scripted counts them)."), people)
        // Piloting the analysis itself: brought in, and said so.
        let report = try Commands.report(
            [results], out: nil, json: nil, html: html, csv: folder.appendingPathComponent("csv").path, clips: clips,
            selection: .init(includeScripted: true))
        XCTAssertTrue(report.contains("4 participants (4 finished; 4 scripted, not people, counted as asked (--include-scripted): P01, P02, P03, P04)"), report)
        let narrowed = try Commands.report([results], out: nil, json: nil, selection: .init(includeScripted: true, only: ["P02", "P04"]))
        XCTAssertTrue(narrowed.contains("2 participants (2 finished;") && narrowed.contains("Only P02, P04 counted (--participant)."), narrowed)
        let csv = try String(contentsOf: folder.appendingPathComponent("csv/participants.csv"), encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("participant,number,consent,finished,variant_order,blocks,scripted,restarted,observed,counted,left_out_why"), csv)
        let attempts = try String(contentsOf: folder.appendingPathComponent("csv/attempts.csv"), encoding: .utf8)
        XCTAssertTrue(attempts.components(separatedBy: "\r\n").first?.hasSuffix(",scripted,restarted,observed,run,counted,not_counted_why") ?? false, attempts)
        XCTAssertTrue(report.contains("## Markers and notes"), report)
        XCTAssertTrue(report.contains("| confusion |") && report.contains("| note |"), report)
        XCTAssertTrue(report.contains("## The study's own questions"), report)
        // Four participants: SEQ intervals stay inside the scale (a t interval would pass 7).
        XCTAssertTrue(report.contains("–7.0) |"), "an SEQ interval clamped at the scale's top: \(report)")
        XCTAssertFalse(report.range(of: #"–7\.[1-9]\)"#, options: .regularExpression) != nil, "no SEQ above 7")
        XCTAssertTrue(report.contains("not a clear difference"), report)
        let page = try String(contentsOf: URL(fileURLWithPath: html), encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "<svg class=\"timeline\"").count - 1, 8, "a timeline row per participant and block")
        XCTAssertTrue(page.contains("<h2>Where people touched</h2>"))
        for screen in ["The editor during tasks", "The Single Ease Question", "The System Usability Scale"] {
            XCTAssertTrue(page.contains("<figcaption>\(screen)"), screen)
        }
        let links = page.components(separatedBy: "<a class=\"clip\" href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        XCTAssertFalse(links.isEmpty, "each marker links to its clip")
        for link in links { XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(String(link)).path), String(link)) }

        // Rendered in headless Chromium, as a researcher opens it (kept with TACTILE_KEEP_TEST_OUTPUT).
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium") {
            let png = folder.appendingPathComponent("report.png").path
            let chromium = Process()
            chromium.executableURL = URL(fileURLWithPath: "/usr/bin/chromium")
            chromium.arguments = [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1000,6000", "--screenshot=\(png)",
                "file://\(html)",
            ]
            chromium.standardOutput = FileHandle.nullDevice
            chromium.standardError = FileHandle.nullDevice
            try chromium.run()
            chromium.waitUntilExit()
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0, 100_000, "the page drew")
        }
    }

    // MARK: Recording the pilot

    /// Drives four participants through the example study and keeps each one's study trace.
    func recordThePilot() throws {
        let study = try StudyFile.load(exampleStudy)
        let raster = try RasterCanvas(scale: 1)
        try FileManager.default.createDirectory(at: Self.pilot, withIntermediateDirectories: true)
        let recording = folder.appendingPathComponent("recording")
        for n in 1...4 {
            now = .zero
            let s = StudySession(
                study: study, folder: recording, participant: n, configuration: try study.configuration(variant: nil), measurer: raster.measurer,
                project: DemoProject.make(), viewport: Size(width: 390, height: 844))
            _ = s.step([], now: now, context: StepContext())
            wait(s, 2)
            tap(s, "study.agree")
            wait(s, 1.5)
            tap(s, "study.start")
            wait(s, 2)
            tap(s, "task.skip")
            wait(s, 2.5)
            for block in 0..<2 {
                wait(s, 1.5)
                tap(s, "study.start")
                wait(s, 1)
                while let task = s.block?.state.tasks?.current?.id, s.block?.state.tasks?.asking == nil {
                    let completed = behave(s, participant: n, block: block, task: task)
                    wait(s, 2)
                    if s.block?.state.tasks?.asking?.questionnaire.id == "seq" { answer(s, [completed ? 5 + (n + block) % 3 : 2 + n % 2]) }
                }
                let sus = [[4, 2, 4, 2, 4, 1, 5, 2, 4, 2], [3, 3, 3, 2, 4, 2, 4, 3, 3, 3], [5, 1, 4, 1, 5, 2, 5, 1, 4, 2], [2, 4, 3, 3, 3, 3, 2, 4, 3, 3]]
                answer(s, sus[(n + block) % 4])
                answer(s, [3 + (n + block) % 3])
            }
            XCTAssertEqual(s.stage, .thanks, "P0\(n) finished")
            s.close()
            let trace = recording.appendingPathComponent("P0\(n)/\(StudySession.studyTraceName)")
            _ = try? FileManager.default.removeItem(at: Self.pilot.appendingPathComponent("P0\(n).jsonl"))
            try FileManager.default.copyItem(at: trace, to: Self.pilot.appendingPathComponent("P0\(n).jsonl"))
        }
    }

    /// What participant `n` does with `task` in block `block`: mostly the task, with the slips,
    /// hesitations and give-ups a pilot shows, and the operator's markers. Whether it was done.
    func behave(_ s: StudySession, participant n: Int, block: Int, task: String) -> Bool {
        switch task {
        case "delete-star":
            if n == 4 && block == 0 {
                // Deletes the wrong sticker first, undoes it; the operator marks the error.
                select(s, "hello")
                tap(s, "toolbar.delete")
                key(s, "2")
                wait(s, 0.8)
                tap(s, "toolbar.undo")
                wait(s, 0.6)
            }
            select(s, "star")
            tap(s, "toolbar.delete")
            if n == 1 && block == 1 { key(s, "3") }
            return true
        case "trim-city":
            if n == 3 && block == 1 {
                // Hunts for the handle, taps the empty timeline, gives up.
                tapEmptyTimeline(s)
                key(s, "1")
                wait(s, 3)
                tap(s, "task.skip")
                return false
            }
            select(s, "city")
            if n == 1 && block == 0 { note(s, "hesitated before finding the end handle") }
            // P02 drags past 3 s first, then back.
            if n == 2 { trim(s, "city", edge: "trailing", by: -3.9) }
            trim(s, "city", edge: "trailing", by: n == 2 ? 0.9 : -3)
            return true
        default: // trim-forest-start
            if n == 3 && block == 0 {
                select(s, "forest")
                wait(s, 4)
                key(s, "1")
                tap(s, "task.skip")
                return false
            }
            select(s, "forest")
            trim(s, "forest", edge: "leading", by: 2)
            return true
        }
    }

    // MARK: A participant's hands

    func touch(_ s: StudySession, _ phase: TouchPhase, _ p: Point) {
        _ = s.step([InputEvent.touch(phase, id: 1, at: p, time: now).roundedForTrace()], now: now, context: StepContext())
    }

    func tap(_ s: StudySession, _ id: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let e = elements(s).first(where: { $0.id == id }) else {
            XCTFail("no \(id) on screen (stage \(s.stageName))", file: file, line: line)
            return
        }
        tap(s, at: Point(x: e.hitFrame.midX, y: e.hitFrame.midY))
    }

    func tap(_ s: StudySession, at p: Point) {
        wait(s, 0.4)
        touch(s, .down, p)
        wait(s, 0.09)
        touch(s, .up, p)
        wait(s, 0.3)
    }

    /// Answers the questionnaire on show: `values` item by item, Next after each.
    func answer(_ s: StudySession, _ values: [Int]) {
        for v in values {
            guard let asking = s.block?.state.tasks?.asking else { return XCTFail("no questionnaire on screen") }
            wait(s, 0.8)
            tap(s, "questionnaire.\(asking.questionnaire.items[asking.item].id).\(v)")
            tap(s, "questionnaire.next")
        }
    }

    func key(_ s: StudySession, _ text: String) {
        wait(s, 0.2)
        _ = s.step([.text(text, time: now)], now: now, context: StepContext())
    }

    func note(_ s: StudySession, _ text: String) {
        key(s, "n")
        for c in text { key(s, String(c)) }
        wait(s, 0.1)
        _ = s.step([.key(.enter, time: now)], now: now, context: StepContext())
    }

    func drag(_ s: StudySession, from p: Point, by d: Point, seconds: Double = 0.6) {
        wait(s, 0.3)
        touch(s, .down, p)
        let steps = Int(seconds / 0.016)
        for k in 1...steps {
            wait(s, 0.016)
            touch(s, .move, Point(x: p.x + d.x * Double(k) / Double(steps), y: p.y + d.y * Double(k) / Double(steps)))
        }
        wait(s, 0.2)
        touch(s, .up, Point(x: p.x + d.x, y: p.y + d.y))
        wait(s, 0.4)
    }

    /// The clip `id`'s frame on the timeline, scrolled into view first.
    func reveal(_ s: StudySession, _ id: String) -> Rect? {
        let width = s.block?.state.viewport.width ?? 390
        // A clip off the screen is not drawn: scroll towards its time until it is.
        for _ in 0..<6 where elements(s).first(where: { $0.id == "clip:\(id)" }) == nil {
            guard let track = elements(s).first(where: { $0.id == "track:audio" })?.frame,
                let start = s.block?.state.project.clip(withID: id)?.0.start.seconds
            else { break }
            let later = start > (s.block?.state.playhead.seconds ?? 0)
            drag(s, from: Point(x: width * (later ? 0.8 : 0.2), y: track.midY), by: Point(x: (later ? -1 : 1) * width * 0.5, y: 0), seconds: 0.5)
            wait(s, 1.5)
        }
        guard var clip = elements(s).first(where: { $0.id == "clip:\(id)" })?.frame else { return nil }
        if clip.midX < 40 || clip.midX > width - 40, let track = elements(s).first(where: { $0.id == "track:audio" })?.frame {
            // A finger scrolls the timeline (on the soundtrack's row) until the clip is in the middle.
            drag(s, from: Point(x: width * 0.7, y: track.midY), by: Point(x: width / 2 - clip.midX, y: 0), seconds: 0.5)
            wait(s, 1.5)
            clip = elements(s).first(where: { $0.id == "clip:\(id)" })?.frame ?? clip
        }
        return clip
    }

    func select(_ s: StudySession, _ id: String) {
        guard let clip = reveal(s, id) else { return XCTFail("no clip \(id)") }
        let width = s.block?.state.viewport.width ?? 390
        tap(s, at: Point(x: min(max(clip.midX, 20), width - 20), y: clip.midY))
    }

    /// Drags clip `id`'s `edge` handle by `seconds` of its timeline.
    func trim(_ s: StudySession, _ id: String, edge: String, by seconds: Double) {
        guard let clip = elements(s).first(where: { $0.id == "clip:\(id)" }),
            let handle = elements(s).first(where: { $0.id == "clip:\(id).trimHandle.\(edge)" }),
            let duration = s.block?.state.project.clip(withID: id)?.0.duration.seconds, duration > 0
        else { return XCTFail("no \(edge) handle on \(id)") }
        let perSecond = clip.frame.width / duration
        drag(s, from: Point(x: handle.hitFrame.midX, y: handle.hitFrame.midY), by: Point(x: seconds * perSecond, y: 0))
    }

    func tapEmptyTimeline(_ s: StudySession) {
        guard let track = elements(s).first(where: { $0.id == "track:video" })?.frame else { return }
        tap(s, at: Point(x: track.minX + 12, y: track.midY))
    }
}

/// A value several threads write, one at a time.
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
