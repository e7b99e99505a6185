import Foundation
import TactileAppTesting
import XCTest
import TactileCore
import TactileEditor
import TactileHost
import TactileInput
import TactileKiosk
import TactileStudy
import TactileTestSupport
import TactileUI
@testable import TactileApp
import TactileHeadless
import TactileMedia

/// `tactile study run`, driven as a participant drives it: taps on the study's screens, the
/// editor and its questionnaires, on the virtual clock, with the example study Docs/Studies.md walks
/// through. What it must leave: a folder per participant with `answers.json`, a replayable
/// recording per block, and the operator's markers in the logs.
final class StudyRunTests: XCTestCase, ReplayTesting, StudyDriving, StartsPrograms {
    var folder: URL!
    var now = Time.zero
    override func setUpWithError() throws { folder = try Self.makeTestFolder("study-run") }
    override func tearDown() { removeTestFolder() }

    func makeSession(
        participant: Int?, viewport: Size = Size(width: 390, height: 844), kiosk: TactileConfiguration.Kiosk? = nil, resume: Bool = false,
        study url: URL = exampleStudy
    ) throws -> StudySession {
        let study = try StudyFile.load(url)
        let s = StudySession(
            study: study, folder: folder, participant: participant, configuration: TactileConfiguration(),
            measurer: FixedWidthTextMeasurer(), project: DemoProject.make(), viewport: viewport, kiosk: kiosk, resume: resume)
        s.wallClock = { Date(timeIntervalSince1970: 1_800_000_000) }
        _ = s.step([], now: now, context: StepContext())
        return s
    }

    func testAParticipantTakenBetweenTheCheckAndTheLockIsRefusedWithExitFourNeverPlayedAsAnotherNumber() throws {
        // Another run took participant 3 after this one checked: this one's lock finds it held.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let other = try WriterLock(StudySession.lockURL(of: 3, in: folder), guarding: folder.appendingPathComponent("P03").path)
        defer { other.release() }
        let s = try makeSession(participant: 3)
        XCTAssertNotNil(s.refusedParticipant)
        XCTAssertNil(s.participant, "no number is played in its place")
        XCTAssertThrowsError(try StudyRun.refuseIfTaken(s, participant: "3", number: 3, folder: folder)) { error in
            XCTAssertEqual((error as? CommandError)?.exitCode, 4, "\(error)")
            XCTAssertTrue("\(error)".contains("P03 is being written by another Tactile"), "\(error)")
        }
        // A kiosk study asks the next visitor's number on its keypad instead: no refusal there.
        XCTAssertNil(try makeSession(participant: nil).refusedParticipant)
    }

    /// A finger taps the element `id` (at its centre) and lifts 80 ms later.
    func tap(_ s: StudySession, _ id: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let e = elements(s).first(where: { $0.id == id }) else {
            XCTFail("no \(id) on screen (stage \(s.stageName)): \(elements(s).map(\.id).prefix(40))", file: file, line: line)
            return
        }
        let p = Point(x: e.hitFrame.midX, y: e.hitFrame.midY)
        now = now + .seconds(0.2)
        // Positions on the thousandths, as the window gives them (and the trace keeps them).
        _ = s.step([InputEvent.touch(.down, id: 1, at: p, time: now).roundedForTrace()], now: now, context: StepContext())
        now = now + .seconds(0.08)
        _ = s.step([InputEvent.touch(.up, id: 1, at: p, time: now).roundedForTrace()], now: now, context: StepContext())
        wait(s, 0.05)
    }

    /// Answers the questionnaire on screen: `values` item by item, Next after each.
    func answer(_ s: StudySession, _ values: [Int], file: StaticString = #filePath, line: UInt = #line) {
        for v in values {
            guard let asking = s.block?.state.tasks?.asking else { XCTFail("no questionnaire on screen", file: file, line: line); return }
            tap(s, "questionnaire.\(asking.questionnaire.items[asking.item].id).\(v)", file: file, line: line)
            tap(s, "questionnaire.next", file: file, line: line)
        }
    }

    /// Agrees to the consent, starts the practice and skips its task: the first block's introduction is on.
    func throughThePractice(_ s: StudySession) {
        tap(s, "study.agree")
        tap(s, "study.start")
        skipTask(s)
    }

    /// Skips the task on show and waits for its questionnaire.
    func skipTask(_ s: StudySession) {
        tap(s, "task.skip")
        wait(s, 2)
    }

    func testAParticipantGoesThroughTheWholeStudyAndEveryAnswerIsSaved() throws {
        let s = try makeSession(participant: 2)
        var parts: [String] = []
        s.add(StudyEvents(partBegan: { parts.append("began " + $0.lastPathComponent) }, partEnded: { parts.append("ended") }))
        XCTAssertEqual(s.stage, .consent)
        tap(s, "study.agree")
        XCTAssertEqual(s.stage, .intro(.practice))
        tap(s, "study.start")
        XCTAssertEqual(s.stage, .running(.practice))
        skipTask(s)
        XCTAssertEqual(s.stage, .intro(.block(0)), "the practice asks nothing")
        let order = s.study.schedule(forParticipant: 2).blocks
        XCTAssertEqual(order.map(\.variant), ["inside", "outside"], "P02's order from the balanced Latin square")
        let sus: [[Int]] = [[4, 2, 4, 1, 4, 2, 5, 2, 4, 3], [2, 4, 2, 4, 3, 3, 2, 4, 2, 4]]
        for block in 0..<2 {
            let intro = elements(s).first { $0.id == "study.intro" }?.label ?? ""
            XCTAssertEqual(intro.contains("The editor has changed"), block > 0, "the second part says the editor changed: \(intro)")
            tap(s, "study.start")
            XCTAssertEqual(s.stage, .running(.block(block)))
            XCTAssertEqual(s.block?.configuration.feel.handlesInside, order[block].variant == "inside", "the block runs its variant")
            for (n, task) in order[block].tasks.enumerated() {
                XCTAssertEqual(s.block?.state.tasks?.current?.id, task)
                if task == "delete-star" {
                    // Done for real: select the star and delete it.
                    tap(s, "clip:star")
                    tap(s, "toolbar.delete")
                    wait(s, 2)
                } else {
                    skipTask(s)
                }
                XCTAssertEqual(s.block?.state.tasks?.asking?.questionnaire.id, "seq")
                answer(s, [n + 5])
            }
            XCTAssertEqual(s.block?.state.tasks?.asking?.questionnaire.id, "sus")
            answer(s, sus[block])
            XCTAssertEqual(s.block?.state.tasks?.asking?.questionnaire.id, "handles")
            answer(s, [block + 3])
        }
        XCTAssertEqual(s.stage, .thanks)
        XCTAssertEqual(
            parts, ["began practice", "ended", "began block1-inside", "ended", "began block2-outside", "ended"],
            "the think-aloud recording follows the parts")

        let p = folder.appendingPathComponent("P02")
        let saved = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: p.appendingPathComponent("answers.json"))) as? [String: Any])
        XCTAssertEqual(saved["participant"] as? String, "P02")
        XCTAssertNotNil(saved["finished"] as? String)
        let answers = try XCTUnwrap(saved["answers"] as? [[String: Any]])
        XCTAssertEqual(answers.count, 2 * (3 + 10 + 1), "3 SEQ, 10 SUS and 1 own item per block")
        let scores = try XCTUnwrap(saved["scores"] as? [[String: Any]])
        let susScores = scores.filter { $0["questionnaire"] as? String == "sus" }
        XCTAssertEqual(susScores.map { $0["variant"] as? String }, ["inside", "outside"])
        XCTAssertEqual(susScores.map { $0["score"] as? Double }, [77.5, 30], "scored as Brooke defines it")
        let blocks = try XCTUnwrap(saved["blocks"] as? [[String: Any]])
        XCTAssertEqual(blocks.map { $0["folder"] as? String }, ["practice", "block1-inside", "block2-outside"])
        let delete = (blocks[1]["tasks"] as? [[String: Any]])?.first { $0["task"] as? String == "delete-star" }
        XCTAssertEqual(delete?["outcome"] as? String, "completed")

        // Each block is a recorded session that replays to the same log, answers included.
        let block1 = p.appendingPathComponent("block1-inside")
        let recorded = try String(contentsOf: block1.appendingPathComponent("log.jsonl"), encoding: .utf8)
        XCTAssertEqual(recorded.components(separatedBy: "\"kind\":\"answer\"").count - 1, 14)
        _ = try Commands.replay(
            trace: block1.path, project: nil, outputs: .init(logOut: folder.appendingPathComponent("replayed.jsonl").path), scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("replayed.jsonl"), encoding: .utf8), recorded, "the same log, line for line")

        // And the study report reads the folder the run left.
        let report = try Commands.report([folder.path], out: nil, json: nil)
        XCTAssertTrue(report.hasPrefix("# Study report: Trim handles: outside or inside the clip"), report)
        XCTAssertTrue(report.contains("| delete-star | inside | 1 | 100 % ("), report)
        XCTAssertTrue(report.contains("| P02 | 30.0 | 77.5 |"), "each variant's SUS, in the study file's order: \(report)")
        // The study's own question (issue 31): block 1 (inside) answered 3, block 2 (outside) 4.
        XCTAssertTrue(report.contains("| handles · grab | outside | 1 | 4.0 | 4 × 1 |"), report)
        XCTAssertTrue(report.contains("| handles · grab | inside | 1 | 3.0 | 3 × 1 |"), report)
    }

    /// An exporter that reports half way half a second after the session first asks, and the
    /// movie written a second after (the real one is `ExportFlowTests`').
    final class QuickExporter: MovieExporting {
        var started = 0
        private var asked: Time?
        private var said = 0
        func start(_ project: Project, settings: MovieSettings) { started += 1 }
        func cancel() {}
        func takeNews(now: Time) -> MovieExportNews? {
            guard started > 0 else { return nil }
            let first = asked ?? now
            asked = first
            if said == 0 && now >= first + .seconds(0.5) { said = 1; return .progress(fraction: 0.5, secondsLeft: 0.5) }
            if said == 1 && now >= first + .seconds(1) { said = 2; return .finished(path: "/movies/Demo.mp4", bytes: 2_400_000) }
            return nil
        }
    }

    func testAParticipantsExportIsInThePartsLogAndReplaysWithoutWritingAMovie() throws {
        let s = try makeSession(participant: 3)
        var exporters: [QuickExporter] = []
        s.partServices = { _ in
            let e = QuickExporter(); exporters.append(e); return HostServices(exporter: e)
        }
        tap(s, "study.agree")
        tap(s, "study.start")
        XCTAssertEqual(s.stage, .running(.practice))
        tap(s, "toolbar.export")
        tap(s, "exportSheet.start")
        wait(s, 2)
        XCTAssertEqual(exporters.first?.started, 1, "the participant's Start reached the exporter")
        XCTAssertEqual(s.block?.state.banner?.message, "“Demo.mp4” is saved in /movies (2.4 MB)")
        skipTask(s)
        XCTAssertEqual(s.stage, .intro(.block(0)))

        let practice = folder.appendingPathComponent("P03/practice")
        let trace = try Trace.load(from: practice.appendingPathComponent("trace.jsonl"))
        XCTAssertTrue(trace.offersExport)
        XCTAssertEqual(trace.exportNews.map(\.news), [.progress(fraction: 0.5, secondsLeft: 0.5), .finished(path: "/movies/Demo.mp4", bytes: 2_400_000)])
        let recorded = try String(contentsOf: practice.appendingPathComponent("log.jsonl"), encoding: .utf8)
        XCTAssertTrue(
            recorded.contains("\"kind\":\"exportEnd\",\"bytes\":2400000,\"file\":\"Demo.mp4\",\"outcome\":\"finished\",\"path\":\"/movies/Demo.mp4\""), recorded
        )
        let replayed = folder.appendingPathComponent("replayed.jsonl")
        _ = try Commands.replay(trace: practice.path, project: nil, outputs: .init(logOut: replayed.path), scale: 1, until: nil)
        XCTAssertEqual(try String(contentsOf: replayed, encoding: .utf8), recorded, "the same log, line for line, the export's end included")
    }

    /// A disk that fills in the middle of a participant's session (a real tmpfs): the part that
    /// cannot be recorded is named, and the run ends with exit status 3 saying what was lost,
    /// never "what was done is kept".
    func testADiskThatFillsMidStudyEndsTheRunWithStatus3NamingWhatWasLost() throws {
        guard getuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root (as in CI)") }
        let disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let (mounted, output) = try runTool("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", disk.path])
        guard mounted == 0 else { throw XCTSkip("cannot mount a tmpfs here: \(output)") }
        defer { _ = try? runTool("/bin/umount", [disk.path]) }
        let testFolder = folder
        folder = disk.appendingPathComponent("results")
        defer { folder = testFolder }
        let s = try makeSession(participant: 1)
        tap(s, "study.agree")
        XCTAssertNil(s.unsaved["answers.json"], "the answers are saved at consent")
        XCTAssertEqual(try StudyRun.ending(of: s, kiosk: false, folder: folder).contains("what was done is kept"), true)
        // Someone fills the disk before the practice starts.
        let free = ((try FileManager.default.attributesOfFileSystem(forPath: disk.path))[.systemFreeSize] as? NSNumber)?.intValue ?? 0
        try Data(count: free).write(to: disk.appendingPathComponent("filler"))
        tap(s, "study.start")
        skipTask(s)
        XCTAssertNotNil(s.unsaved["the recording of practice"], "\(s.unsaved)")
        XCTAssertThrowsError(try StudyRun.ending(of: s, kiosk: false, folder: folder)) { error in
            let e = error as? CommandError
            XCTAssertEqual(e?.exitCode, 3)
            XCTAssertTrue(e?.message.contains("P01 (\(self.folder.path)): not everything could be saved: ") == true, "\(error)")
            XCTAssertTrue(e?.message.contains("No space left on device") == true, "\(error)")
        }
    }

    func testDecliningTheConsentRecordsNothing() throws {
        let s = try makeSession(participant: 3, viewport: Size(width: 844, height: 390))
        // The consent scrolls under a finger (it is longer than the screen at this size).
        let text = try XCTUnwrap(elements(s).first { $0.id == "study.consent" })
        guard case let .number(height)? = text.state["height"] else { return XCTFail("the consent's height") }
        XCTAssertGreaterThan(height, text.frame.height, "longer than its room")
        let p = Point(x: text.frame.midX, y: text.frame.maxY - 20)
        now = now + .seconds(0.2)
        _ = s.step([.touch(.down, id: 1, at: p, time: now)], now: now, context: StepContext())
        for k in 1...10 {
            now = now + .seconds(0.016)
            _ = s.step([.touch(.move, id: 1, at: Point(x: p.x, y: p.y - Double(k) * 30), time: now)], now: now, context: StepContext())
        }
        now = now + .seconds(0.016)
        _ = s.step([.touch(.up, id: 1, at: Point(x: p.x, y: p.y - 300), time: now)], now: now, context: StepContext())
        let scrolled = elements(s).first { $0.id == "study.consent" }?.state["offset"]
        XCTAssertEqual(scrolled, .number(height - text.frame.height), "scrolled to its end, and no further")
        tap(s, "study.decline")
        XCTAssertEqual(s.stage, .declined)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["declined.jsonl"], "no participant folder")
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("declined.jsonl"), encoding: .utf8), #"{"declined":"2027-01-15T08:00:00Z"}"# + "\n",
            "only when: no number, no answer")
        // The report counts the decline, and when it was.
        let report = try Commands.report([folder.path], out: nil, json: path("report.json"))
        XCTAssertTrue(report.contains("0 participants (0 finished)"), report)
        XCTAssertTrue(report.contains("1 declined the consent (2027-01-15 08:00); nothing else of theirs was kept."), report)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("report.json")))) as? [String: Any]
        XCTAssertEqual(json?["declined"] as? Int, 1)
    }

    /// Runs participant `number` into their first block, does its first task's first step and
    /// closes the window (a recorded block, answers and the study's log on disk).
    func runIntoTheFirstBlock(_ number: Int) throws {
        let s = try makeSession(participant: number)
        throughThePractice(s)
        XCTAssertEqual(s.whereStopped, "before block 1", "the closing line's words (it read \"stopped at before block 2\")")
        tap(s, "study.start")
        XCTAssertEqual(s.stage, .running(.block(0)))
        XCTAssertEqual(s.whereStopped, "in block 1")
        now = now + .seconds(1)
        _ = s.step([.text("1", time: now)], now: now, context: StepContext())
        s.close()
    }

    func testWithdrawingAParticipantDeletesEverythingOfTheirsAndTheReportCountsIt() throws {
        try runIntoTheFirstBlock(1)
        try runIntoTheFirstBlock(2)
        // Videos and clips of both, in the results folder and in a folder of their own.
        let videos = folder.appendingPathComponent("videos"), elsewhere = folder.appendingPathComponent("../\(folder.lastPathComponent)-clips").standardized
        try FileManager.default.createDirectory(at: videos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        for file in ["videos/P01-block1-outside.mp4", "videos/P02-block1-inside.mp4", "videos/P010-block1.mp4"] {
            try Data([1, 2, 3]).write(to: folder.appendingPathComponent(file))
        }
        // Not theirs: a pilot's P01 deeper down, and another study's clips behind a link.
        let pilot = folder.appendingPathComponent("pilot/P01"), other = folder.appendingPathComponent("../\(folder.lastPathComponent)-other").standardized
        try FileManager.default.createDirectory(at: pilot, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: pilot.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: other) }
        try Data([1]).write(to: other.appendingPathComponent("P01-block1-outside.mp4"))
        try FileManager.default.createSymbolicLink(at: videos.appendingPathComponent("linked"), withDestinationURL: other)
        try Data([1]).write(to: elsewhere.appendingPathComponent("P01-block1-outside-marker-01-confusion.mp4"))
        // What `tactile videos` and `tactile clips` note as made of each (a file named so but not
        // noted is listed and left: `PlantedLinkTests` goes through the real commands).
        for (file, session) in [
            (videos.appendingPathComponent("P01-block1-outside.mp4"), "P01/block1-outside"),
            (videos.appendingPathComponent("P02-block1-inside.mp4"), "P02/block1-inside"),
            (elsewhere.appendingPathComponent("P01-block1-outside-marker-01-confusion.mp4"), "P01/block1-outside"),
        ] {
            StudyManifest.note(file, madeFrom: folder.appendingPathComponent(session), by: "videos")
        }

        // Without --yes: the list, nothing deleted.
        let listed = try StudyWithdraw.run(results: folder.path, participant: "P01", videos: [elsewhere.path, videos.path], yes: false)
        XCTAssertTrue(listed.contains("Nothing was deleted: run again with --yes"), listed)
        for item in ["/P01\n", "P01-block1-outside.mp4", "P01-block1-outside-marker-01-confusion.mp4"] {
            XCTAssertTrue(listed.contains(item), "\(item): \(listed)")
        }
        XCTAssertFalse(listed.contains("P02") || listed.contains("P010"), "nobody else's: \(listed)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("P01/answers.json").path))

        let done = try StudyWithdraw.run(
            results: folder.path, participant: "1", videos: [elsewhere.path], yes: true, now: Date(timeIntervalSince1970: 1_800_000_000))
        XCTAssertTrue(done.contains("P01 withdrawn: 3 items deleted"), done)
        let fm = FileManager.default
        XCTAssertFalse(fm.fileExists(atPath: folder.appendingPathComponent("P01").path), "their folder: answers, study log, recordings")
        XCTAssertFalse(fm.fileExists(atPath: videos.appendingPathComponent("P01-block1-outside.mp4").path))
        XCTAssertFalse(fm.fileExists(atPath: elsewhere.appendingPathComponent("P01-block1-outside-marker-01-confusion.mp4").path))
        for kept in ["P02/answers.json", "videos/P02-block1-inside.mp4", "videos/P010-block1.mp4", "pilot/P01/notes.txt"] {
            XCTAssertTrue(fm.fileExists(atPath: folder.appendingPathComponent(kept).path), kept)
        }
        XCTAssertTrue(fm.fileExists(atPath: other.appendingPathComponent("P01-block1-outside.mp4").path), "nothing behind a link")
        XCTAssertEqual(
            try String(contentsOf: folder.appendingPathComponent("withdrawn.jsonl"), encoding: .utf8),
            #"{"participant":"P01","withdrawn":"2027-01-15T08:00:00Z"}"# + "\n", "only the id and when")

        // The report counts it and reads on; the id is never given again.
        let report = try Commands.report([folder.path], out: nil, json: path("report.json"))
        XCTAssertTrue(report.contains("1 participant (0 finished)"), report)
        XCTAssertTrue(
            report.contains("1 withdrew (P01 on 2027-01-15 08:00); none of it is counted here, and everything this study made of them was deleted."), report)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path("report.json")))) as? [String: Any]
        XCTAssertEqual(json?["withdrawn"] as? Int, 1)
        XCTAssertEqual(StudySession.refusal(of: 1, in: folder), "P01 withdrew from this study (2027-01-15T08:00:00Z); a withdrawn id is never given again")
        XCTAssertEqual(StudySession.nextFree(in: folder), 3)
        XCTAssertThrowsError(try StudyWithdraw.run(results: folder.path, participant: "P01", videos: [], yes: true)) {
            XCTAssertTrue("\($0)".contains("P01: nothing of theirs in"), "\($0)")
        }
    }

    /// Runs the variant block on show to its end: Start, every task skipped with its SEQ, the SUS
    /// and the study's own question.
    func runBlock(_ s: StudySession, sus: [Int] = [4, 2, 4, 2, 4, 2, 4, 2, 4, 2]) {
        tap(s, "study.start")
        while s.block?.state.tasks?.asking == nil || s.block?.state.tasks?.asking?.questionnaire.id == "seq" {
            if s.block?.state.tasks?.asking?.questionnaire.id == "seq" { answer(s, [5]); continue }
            guard s.block?.state.tasks?.current != nil else { break }
            skipTask(s)
        }
        answer(s, sus)
        answer(s, [3])
    }

    /// Issue 46's whole path in one study: people, one of them interrupted and resumed, one who
    /// withdraws, and a scripted pilot — reported, with the SUS comparison's figures worked out by
    /// hand (below), not by our code.
    func testAStudyWithAPilotAResumeAndAWithdrawalReportsPeopleOnlyWithFiguresWorkedOutByHand() throws {
        let study = try StudyFile.load(exampleStudy)
        // SUS answers giving 50, 72.5, 75 and 100: ((odd items − 5) + (25 − even items)) × 2.5.
        let sus: [Double: [Int]] = [
            50: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3], 72.5: [4, 2, 4, 2, 4, 2, 4, 2, 3, 2], 75: [4, 2, 4, 2, 4, 2, 4, 2, 4, 2],
            100: [5, 1, 5, 1, 5, 1, 5, 1, 5, 1],
        ]
        // Each person's SUS with outside and with inside.
        let scores: [Int: (outside: Double, inside: Double)] = [1: (50, 75), 2: (72.5, 100), 4: (75, 72.5), 5: (50, 100)]
        func block(_ s: StudySession, _ n: Int, _ index: Int) {
            let variant = study.schedule(forParticipant: n).blocks[index].variant
            let score = variant == "outside" ? scores[n]!.outside : scores[n]!.inside
            runBlock(s, sus: sus[score]!)
        }
        // P01 is interrupted in block 1 and resumed; P02, P04 and P05 run through.
        try runIntoTheFirstBlock(1)
        let resumed = try makeSession(participant: 1, resume: true)
        block(resumed, 1, 0)
        block(resumed, 1, 1)
        resumed.close()
        for n in [2, 4, 5] {
            let s = try makeSession(participant: n)
            throughThePractice(s)
            block(s, n, 0)
            block(s, n, 1)
            XCTAssertEqual(s.stage, .thanks)
            s.close()
        }
        // A scripted pilot (P07 meets P01's orders, as the pilot's P01 trace did).
        let piloted = try StudyRun.runScripted(
            study: exampleStudy.path, participant: "7", out: folder.path, script: StudyPilotTests.pilot.appendingPathComponent("P01.jsonl").path,
            settings: Settings(), mediaDir: nil)
        XCTAssertTrue(piloted.contains("P07 finished the study"), piloted)
        // P05 withdraws.
        try StudyWithdrawal.carry(out: try StudyWithdrawal.plan(5, in: folder), in: folder, at: Date(timeIntervalSince1970: 1_800_000_000))

        let json = folder.appendingPathComponent("report.json")
        let markdown = try Commands.report([folder.path], out: nil, json: json.path)
        XCTAssertTrue(markdown.contains("3 participants (3 finished)"), markdown)
        XCTAssertTrue(markdown.contains("1 scripted run is not people and left out of every figure (P07"), markdown)
        XCTAssertTrue(markdown.contains("1 withdrew (P05"), markdown)
        XCTAssertTrue(markdown.contains("P01's block 1 (outside) was interrupted and run again after a resume"), markdown)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let comparison = try XCTUnwrap((report["comparisons"] as? [[String: Any]])?.first { $0["measure"] as? String == "sus" })
        // By hand: inside − outside for P01, P02, P04 = +25, +27.5, −2.5; ranks of |d| 2, 3, 1;
        // V = 2 + 3 = 5. Of the 8 sign patterns V = 0, 1, 2, 3, 3, 4, 5, 6: |V − 3| ≥ 2 for 0, 1,
        // 5, 6, so p = 4/8 = 0.5. Walsh averages −2.5, 11.25, 12.5, 25, 26.25, 27.5: the
        // Hodges–Lehmann shift is (12.5 + 25) / 2 = 18.75; rank-biserial (5 − 1) / 6 = 0.667.
        XCTAssertEqual(comparison["test"] as? String, "Wilcoxon signed-rank exact")
        XCTAssertEqual(comparison["n"] as? Double, 3, "people only: the pilot and the withdrawn are not counted")
        XCTAssertEqual(try XCTUnwrap(comparison["statistic"] as? Double), 5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(comparison["p"] as? Double), 0.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap((comparison["estimate"] as? [String: Any])?["value"] as? Double), 18.75, accuracy: 1e-9)
        let sentence = try XCTUnwrap(comparison["sentence"] as? String)
        XCTAssertTrue(sentence.contains("rank-biserial r = 0.67") && sentence.contains("sign test 2 of 3 higher with inside, p = 1.000"), sentence)
        XCTAssertTrue(sentence.hasPrefix("The SUS was 82.5 with inside and 65.8 with outside"), sentence)
    }

    func testAnInterruptedParticipantIsResumedIntoTheSameFolderFromThePartCutShort() throws {
        try runIntoTheFirstBlock(1)
        XCTAssertEqual(
            StudySession.refusal(of: 1, in: folder), "P01 has already taken part and did not finish: --resume goes on from the first part not finished")
        let refused = try makeSession(participant: 1)
        XCTAssertEqual(refused.stage, .participant, "without --resume the number is refused")

        let s = try makeSession(participant: 1, resume: true)
        XCTAssertEqual(s.stage, .intro(.block(0)), "the practice ran to its end; block 1 was cut short")
        let p = folder.appendingPathComponent("P01")
        XCTAssertTrue(FileManager.default.fileExists(atPath: p.appendingPathComponent("block1-outside-interrupted-1/trace.jsonl").path), "kept beside")
        runBlock(s)
        XCTAssertEqual(s.stage, .intro(.block(1)))
        runBlock(s)
        XCTAssertEqual(s.stage, .thanks)
        s.close()

        let saved = try StudyAnswers.read(from: p)
        XCTAssertEqual(saved.blocks.map(\.folder), ["practice", "block1-outside-interrupted-1", "block1-outside", "block2-inside"])
        XCTAssertEqual(saved.blocks.map(\.restarted), [false, true, false, false])
        XCTAssertEqual(saved.blocks[1].stopped, "closed")
        XCTAssertNotNil(saved.finished)
        XCTAssertEqual(saved.scores.filter { $0.questionnaire == "sus" }.count, 2, "one SUS per variant, none of the interrupted block")
        let log = try String(contentsOf: p.appendingPathComponent("study-log.jsonl"), encoding: .utf8)
        XCTAssertEqual(log.components(separatedBy: "\"kind\":\"consent\"").count - 1, 1, "one consent")
        let resumed = log.split(separator: "\n").first { $0.contains("\"kind\":\"resumed\"") } ?? ""
        XCTAssertTrue(resumed.contains("\"part\":\"block1-outside\"") && resumed.contains("\"restarted\":\"block1-outside-interrupted-1\""), log)
        XCTAssertTrue(log.contains("\"kind\":\"study.finished\""))

        // The report counts the block run to its end, once.
        let report = try Commands.report([folder.path], out: nil, json: nil)
        XCTAssertTrue(report.contains("1 participant (1 finished)"), report)
        XCTAssertTrue(report.contains("2 variant blocks recorded"), report)
        XCTAssertTrue(report.contains("| trim-city | outside | 1 |"), report)
        // The marker made before the window closed stays, with the run it was made in: its block's
        // variant and number, its own video and clip.
        XCTAssertTrue(
            report.contains("| P01 | outside | 1 | trim-city | 0:01.1 | P01-block1-outside-interrupted-1.mp4 | 0:04.3 | confusion |"), report)
        let rows = StudyReport(try StudyResults.read(folder)).markerRows
        XCTAssertEqual(rows.first { $0.part == "block1-outside-interrupted-1" }?.clipName, "P01-block1-outside-interrupted-1-marker-01-confusion")
        // Every attempt is shown, which one counts and why: the interrupted run's too, not counted.
        XCTAssertTrue(
            report.contains("P01's block 1 (outside) was interrupted and run again after a resume: only the run again counts; the interrupted run's"),
            report)
        _ = try Commands.report([folder.path], out: nil, json: nil, csv: path("csv"))
        let attempts = try String(contentsOf: URL(fileURLWithPath: path("csv/attempts.csv")), encoding: .utf8).components(separatedBy: "\r\n")
        XCTAssertTrue(attempts[0].hasSuffix(",run,counted,not_counted_why"), "\(attempts[0])")
        let interruptedRows = attempts.filter { $0.contains(",block1-outside-interrupted-1,0,") }
        XCTAssertFalse(interruptedRows.isEmpty, "the interrupted run's attempts are listed: \(attempts)")
        XCTAssertTrue(interruptedRows.allSatisfy { $0.hasSuffix("the run was interrupted and block 1 run again after a resume; that run counts") })
        XCTAssertEqual(attempts.filter { $0.contains(",block1-outside,1,") }.count, 3, "the run again: its three tasks, counted")
        XCTAssertEqual(StudySession.refusal(of: 1, in: folder, resuming: true), "P01 finished the study: there is nothing to resume")
        XCTAssertEqual(StudySession.refusal(of: 2, in: folder, resuming: true), "P02 has not taken part: there is nothing to resume")
    }

    func testAScriptedParticipantPlaysAPersonsStudyTraceToTheSameResultsMarkedAsScripted() throws {
        // A person, P01, measured with the real fonts a headless script uses; deletes the star for
        // real, skips the rest, marks a moment.
        let study = try StudyFile.load(exampleStudy)
        let raster = try RasterCanvas(scale: 1)
        let s = StudySession(
            study: study, folder: folder, participant: 1, configuration: try study.configuration(variant: nil), measurer: raster.measurer,
            project: DemoProject.make(), viewport: Size(width: 390, height: 844))
        _ = s.step([], now: now, context: StepContext())
        throughThePractice(s)
        for block in 0..<2 {
            tap(s, "study.start")
            if block == 0 {
                now = now + .seconds(0.5)
                _ = s.step([.text("1", time: now)], now: now, context: StepContext())
            }
            while let task = s.block?.state.tasks?.current?.id, s.block?.state.tasks?.asking == nil {
                if task == "delete-star" {
                    tap(s, "clip:star")
                    tap(s, "toolbar.delete")
                    wait(s, 2)
                } else {
                    skipTask(s)
                }
                answer(s, [block == 0 ? 6 : 3])
            }
            answer(s, block == 0 ? [4, 2, 4, 1, 4, 2, 5, 2, 4, 3] : [2, 4, 2, 4, 3, 3, 2, 4, 2, 4])
            answer(s, [block + 3])
        }
        XCTAssertEqual(s.stage, .thanks)
        s.close()
        let trace = folder.appendingPathComponent("P01/\(StudySession.studyTraceName)")
        XCTAssertTrue(try String(contentsOf: trace, encoding: .utf8).hasPrefix("{\"tactile_trace\":1,\"viewport\":{\"width\":390,\"height\":844}}\n"))

        // Played for a participant who meets the same order, through the command's own runner.
        let twin = try XCTUnwrap(
            (2...48).first {
                study.schedule(forParticipant: $0).blocks.map(\.tasks) == study.schedule(forParticipant: 1).blocks.map(\.tasks)
                    && study.schedule(forParticipant: $0).blocks.map(\.variant) == study.schedule(forParticipant: 1).blocks.map(\.variant)
            })
        let printed = try StudyRun.runScripted(
            study: exampleStudy.path, participant: "\(twin)", out: folder.path, script: trace.path, settings: Settings(), mediaDir: nil)
        let name = StudyAnswers.name(of: twin)
        XCTAssertTrue(printed.contains("\(name) finished the study"), printed)
        let person = try StudyAnswers.read(from: folder.appendingPathComponent("P01"))
        let script = try StudyAnswers.read(from: folder.appendingPathComponent(name))
        XCTAssertNil(person.scripted)
        XCTAssertEqual(script.scripted, trace.path, "marked in the participant's folder")
        XCTAssertEqual(script.blocks.map(\.folder), person.blocks.map(\.folder))
        XCTAssertEqual(script.blocks.map { $0.tasks.map(\.outcome) }, person.blocks.map { $0.tasks.map(\.outcome) }, "the same judgements")
        XCTAssertTrue(script.blocks.contains { $0.tasks.contains { $0.task == "delete-star" && $0.outcome == "completed" } })
        XCTAssertEqual(script.answers.map(\.value), person.answers.map(\.value), "the same answers")
        XCTAssertEqual(script.scores.map(\.score), person.scores.map(\.score))
        let markers = try String(contentsOf: folder.appendingPathComponent("\(name)/study-log.jsonl"), encoding: .utf8)
        XCTAssertEqual(markers.components(separatedBy: "\"kind\":\"marker\"").count - 1, 1, "the operator's marker too")

        // The person is counted; the scripted run is not a person and is left out unless asked for.
        let report = try Commands.report([folder.path], out: nil, json: nil)
        XCTAssertTrue(report.contains("1 participant (1 finished)"), report)
        XCTAssertTrue(report.contains("1 scripted run is not people and left out of every figure (\(name); --include-scripted counts it)."), report)
        let both = try Commands.report([folder.path], out: nil, json: nil, selection: .init(includeScripted: true))
        XCTAssertTrue(both.contains("2 participants (2 finished; 1 scripted, not people, counted as asked (--include-scripted): \(name))"), both)
        // Withdrawing the person names the scripted participant that holds their input.
        let listed = try StudyWithdraw.run(results: folder.path, participant: "P01", videos: [], yes: false)
        XCTAssertTrue(listed.contains("Played from P01's trace, so holding their input: \(name); withdraw it too."), listed)
    }

    func testAStudysHeatmapDrawsEachScreensTouchesOverThatScreenWithALegend() throws {
        let s = try makeSession(participant: 1)
        throughThePractice(s)
        runBlock(s)
        runBlock(s)
        XCTAssertEqual(s.stage, .thanks)
        s.close()

        let summary = try Commands.heatmap(traces: [folder.path], out: path("map.png"), project: nil, scale: 1, radius: nil)
        // Each block: three Skip taps in the editor, a choice and Next for each of three SEQs, ten
        // SUS items and the study's own question.
        for (screen, taps) in [("editor", 6), ("seq", 12), ("sus", 40), ("handles", 4)] {
            XCTAssertTrue(summary.contains("map-\(screen).png: ") && summary.contains("\(taps) touch-downs"), "\(screen): \(summary)")
            let image = try ImageCodec.readPNG(at: URL(fileURLWithPath: path("map-\(screen).png")))
            XCTAssertEqual(image.width, 390)
            XCTAssertGreaterThan(image.height, 844, "the legend under the screen")
        }
        let lines = summary.split(separator: "\n")
        XCTAssertEqual(lines.first { $0.contains("map-sus.png") }?.contains("40 touch-downs"), true, summary)
        XCTAssertEqual(lines.first { $0.contains("map-editor.png") }?.contains("6 touch-downs"), true, "no questionnaire tap over the editor: \(summary)")

        let one = try Commands.heatmap(traces: [folder.path], out: path("inside.png"), project: nil, scale: 1, radius: nil, variant: "inside", screen: "editor")
        XCTAssertTrue(one.hasPrefix(path("inside.png") + ": The editor during tasks · 1 block · variant inside; 3 touch-downs"), one)
        let seq = try Commands.heatmap(traces: [folder.path], out: path("seq.png"), project: nil, scale: 1, radius: nil, task: "delete-star")
        XCTAssertTrue(seq.contains("seq.png-") == false && seq.contains("-seq.png: The Single Ease Question · 2 blocks · task delete-star; 4 touch-downs"), seq)
        XCTAssertThrowsError(try Commands.heatmap(traces: [folder.path], out: path("x.png"), project: nil, scale: 1, radius: nil, variant: "middle")) {
            XCTAssertTrue("\($0)".contains("--variant middle: not a variant of this study (outside, inside)"), "\($0)")
        }
    }

    func testMissesAndErrorsAreCountedAsAResearcherDefinesThemAndAsTheStudyFileSays() throws {
        try Data(#"{"variants": {"a": {}}}"#.utf8).write(to: folder.appendingPathComponent("variants.json"))
        let file = folder.appendingPathComponent("study.json")
        try Data(
            #"""
            {"title": "Misses", "consent": "You will edit a video.", "configuration": "variants.json", "variants": ["a"],
             "design": {"tasks": "fixed"},
             "tasks": [
               {"id": "delete-star", "prompt": "Delete the star", "done": [{"path": "clip:star", "exists": false}], "needs": ["clip:star", "toolbar.delete"]},
               {"id": "delete-city", "prompt": "Delete City Lights", "done": [{"path": "clip:city", "exists": false}], "errors": ["failedEdit", "undo"]}
             ]}
            """#.utf8
        ).write(to: file)
        let s = try makeSession(participant: 1, study: file)
        tap(s, "study.agree")
        tap(s, "study.start")
        XCTAssertEqual(s.block?.state.tasks?.current?.id, "delete-star")
        // The timeline's empty space (a background), a clip the task does not need, then that
        // clip deleted (an edit of another clip), then the star.
        let timeline = try XCTUnwrap(elements(s).first { $0.id == "track:video" })
        now = now + .seconds(0.2)
        let empty = Point(x: timeline.frame.minX + 10, y: timeline.frame.midY)
        _ = s.step([InputEvent.touch(.down, id: 1, at: empty, time: now)], now: now, context: StepContext())
        now = now + .seconds(0.08)
        _ = s.step([InputEvent.touch(.up, id: 1, at: empty, time: now)], now: now, context: StepContext())
        wait(s, 0.6)
        tap(s, "clip:hello")
        wait(s, 0.5)
        tap(s, "toolbar.delete")
        wait(s, 0.5)
        tap(s, "clip:star")
        wait(s, 0.5)
        tap(s, "toolbar.delete")
        wait(s, 2.5)
        answer(s, [5])
        XCTAssertEqual(s.block?.state.tasks?.current?.id, "delete-city")
        // City selected, then deselected by a tap on the empty timeline (the way to what comes
        // next: needed, so no miss).
        tap(s, "clip:city")
        wait(s, 0.5)
        now = now + .seconds(0.2)
        _ = s.step([InputEvent.touch(.down, id: 1, at: empty, time: now)], now: now, context: StepContext())
        now = now + .seconds(0.08)
        _ = s.step([InputEvent.touch(.up, id: 1, at: empty, time: now)], now: now, context: StepContext())
        wait(s, 0.6)
        XCTAssertNil(s.block?.state.selection, "deselected")
        // Deleted, undone before the judgement (an error this task names), deleted again.
        tap(s, "clip:city")
        wait(s, 0.5)
        tap(s, "toolbar.delete")
        tap(s, "toolbar.undo")
        wait(s, 0.5)
        tap(s, "clip:city")
        wait(s, 0.5)
        tap(s, "toolbar.delete")
        wait(s, 2.5)
        s.close()

        let log = try String(contentsOf: folder.appendingPathComponent("P01/block1-a/log.jsonl"), encoding: .utf8).split(separator: "\n")
        func ended(_ task: String) throws -> [String: Any] {
            let line = try XCTUnwrap(log.first { $0.contains("\"kind\":\"task.ended\"") && $0.contains("\"task\":\"\(task)\"") }, "\(task) ended")
            return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let star = try ended("delete-star"), city = try ended("delete-city")
        XCTAssertEqual(star["outcome"] as? String, "completed")
        XCTAssertEqual(star["misses"] as? Int, 2, "the empty timeline and Hello, which the task does not need: \(star)")
        XCTAssertEqual(star["offTask"] as? Int, 1)
        XCTAssertEqual(star["errors"] as? Int, 1, "deleting Hello: an edit of a clip the rules do not name")
        XCTAssertEqual(city["outcome"] as? String, "completed")
        XCTAssertEqual(city["misses"] as? Int, 0, "a tap that deselected was needed: \(city)")
        XCTAssertEqual(city["undos"] as? Int, 1)
        XCTAssertEqual(city["errors"] as? Int, 1, "this task names each undo an error: \(city)")
        XCTAssertTrue(log.contains { $0.contains("\"kind\":\"task.error\"") && $0.contains("\"reason\":\"otherClip\"") && $0.contains("\"clip\":\"hello\"") })
        XCTAssertTrue(log.contains { $0.contains("\"kind\":\"gesture.recognized\"") && $0.contains("\"miss\":\"background\"") })
        XCTAssertTrue(log.contains { $0.contains("\"miss\":\"offTask\"") && $0.contains("\"target\":\"clip:hello\"") })

        // One definition: the heatmap's misses are the ones the tasks counted.
        let mapOutput = try Commands.heatmap(
            traces: [folder.path], out: path("map.png"), project: nil, scale: 0.5, radius: nil, layers: ["misses"], screen: "editor",
            selection: StudyResults.Selection(includeScripted: true))
        XCTAssertTrue(mapOutput.contains("; 2 misses"), "as task.ended counts them (2 and 0): \(mapOutput)")

        let report = try Commands.report([folder.path], out: nil, json: nil, csv: path("csv"))
        XCTAssertTrue(report.contains("| delete-star | a | 1 | 100 % ("), report)
        XCTAssertTrue(report.contains("| 1.0 | 100 % (") && report.contains("), 1/1 | 2.0 |"), "errors, the share of attempts with one, misses: \(report)")
        XCTAssertTrue(report.contains("A miss is a tap that landed on no interactive element"), report)
        let attempts = try String(contentsOf: URL(fileURLWithPath: path("csv/attempts.csv")), encoding: .utf8)
        XCTAssertTrue(attempts.contains(",delete-star,completed,1,") && attempts.contains(",2,1,1,0,"), "misses, off-task, errors, undos: \(attempts)")
    }

    func testASessionsVideoHasItsTasksAndMarkersAsChaptersAndClipsCutOnePerMarker() throws {
        let s = try makeSession(participant: 1)
        throughThePractice(s)
        tap(s, "study.start")
        let began = now - .seconds(0.05)
        wait(s, 1)
        _ = s.step([.text("1", time: now)], now: now, context: StepContext())
        let marked = (now - began).seconds
        skipTask(s)
        answer(s, [5])
        wait(s, 3)
        _ = s.step([.text("m", time: now)], now: now, context: StepContext())
        wait(s, 1)
        s.close()

        // The block's video: its tasks and markers as chapters, on its clock.
        let videos = folder.appendingPathComponent("videos")
        _ = try BatchVideos.run([folder.appendingPathComponent("P01/block1-outside").path], out: videos.path, scale: 0.5, fps: 10, jobs: 2)
        let chapters = try VideoChapter.read(from: videos.appendingPathComponent("P01-block1-outside.mp4"))
        let titles = chapters.map(\.title)
        XCTAssertEqual(titles.first, "Task 1: trim-city", "\(titles)")
        XCTAssertTrue(titles.contains("Marker: confusion"), "\(titles)")
        // One clock, one number: the chapter's time on task is the one the report and the CSVs give.
        let attempt = try XCTUnwrap(try StudyResults.read(folder).participants.first?.blocks.flatMap(\.attempts).first { $0.task == "trim-city" })
        XCTAssertTrue(titles.contains("trim-city: skipped after \(String(format: "%.2f", attempt.seconds)) s"), "\(attempt.seconds): \(titles)")
        XCTAssertTrue(titles.contains("Task 2: trim-forest-start") && titles.contains("Marker"), "\(titles)")
        let confusion = try XCTUnwrap(chapters.first { $0.title == "Marker: confusion" })
        XCTAssertEqual(confusion.start, marked, accuracy: 0.002, "at the marker's time in the video")

        // Clips: one per marker, the window around it, named to sort, cut out of the block's
        // video just made (drawn as it was asked for, the same scale and frame rate).
        let clips = folder.appendingPathComponent("clips")
        let summary = try HighlightClips.run(
            [folder.path], out: clips.path, tasks: false, before: 1, after: 2, category: nil, participant: "P01", scale: 0.5, fps: 10, jobs: 2)
        XCTAssertTrue(summary.hasPrefix("2 of 2 clips into"), summary)
        XCTAssertTrue(summary.contains("s of video in ") && summary.contains("× real time, all cut from the sessions' videos)"), summary)
        let names = try FileManager.default.contentsOfDirectory(atPath: clips.path).sorted()
        XCTAssertEqual(names, ["P01-block1-outside-marker-01-confusion.mp4", "P01-block1-outside-marker-02-marker.mp4"])
        let probe = MediaProbe.probe(clips.appendingPathComponent(names[0]).path)
        XCTAssertEqual(probe.duration ?? 0, 3, accuracy: 0.25, "a second before, two after")
        // Its pictures are the video's from the frame on show a second before the marker (the
        // video has a frame every 0.1 s).
        let whole = try VideoDecoder(path: videos.appendingPathComponent("P01-block1-outside.mp4").path)
        let clip = try VideoDecoder(path: clips.appendingPathComponent(names[0]).path)
        let onShow = ((marked - 1) * 10 + 1e-6).rounded(.down) / 10
        for at in [0.05, 1.55, 2.85] {
            XCTAssertTrue(
                try clip.frame(at: .seconds(at)).image.pixels == whole.frame(at: .seconds(onShow + at)).image.pixels,
                "the clip at \(at) s is the video at \(onShow + at) s")
        }
        XCTAssertFalse(
            try clip.frame(at: .seconds(0.05)).image.pixels == whole.frame(at: .seconds(onShow + 1.05)).image.pixels,
            "the pictures move: a second later is another picture")
        // Asked for no frame rate, they are still cut from the video, at its rate.
        let anyRate = try HighlightClips.run(
            [folder.path], out: clips.path, tasks: false, before: 1, after: 2, category: nil, participant: "P01", scale: 0.5, fps: nil, jobs: 2)
        XCTAssertTrue(anyRate.contains("all cut from the sessions' videos"), anyRate)
        XCTAssertEqual(MediaProbe.probe(clips.appendingPathComponent(names[0]).path).video?.frameRate ?? 0, 10, accuracy: 0.01)
        // Asked for another frame rate, the clips are drawn from the traces, side by side.
        let byTask = try HighlightClips.run(
            [folder.path], out: clips.path, tasks: true, before: 0.5, after: 0.5, category: nil, participant: nil, scale: 0.5, fps: 12, jobs: 2)
        XCTAssertTrue(byTask.hasPrefix("3 of 3 clips"), "the practice's task and the block's two met (the third not reached): \(byTask)")
        XCTAssertTrue(byTask.contains("× real time, 2 at a time)"), "the rate, two drawn side by side: \(byTask)")
        let skipped = clips.appendingPathComponent("P01-block1-outside-task-1-trim-city-skipped.mp4")
        XCTAssertEqual(MediaProbe.probe(skipped.path).video?.frameRate ?? 0, 12, accuracy: 0.01)
        // Drawn from the trace with no rate asked for: study.clipFramesPerSecond (30), not the session's 60 Hz.
        try FileManager.default.removeItem(at: videos)
        _ = try HighlightClips.run(
            [folder.path], out: clips.path, tasks: true, before: 0.5, after: 0.5, category: nil, participant: nil, scale: 0.5, fps: nil, jobs: 2)
        XCTAssertEqual(MediaProbe.probe(skipped.path).video?.frameRate ?? 0, 30, accuracy: 0.01)
        XCTAssertThrowsError(
            try HighlightClips.run(
                [folder.path], out: clips.path, tasks: false, before: 1, after: 2, category: "quote", participant: nil, scale: 0.5, fps: 10, jobs: 1)
        ) { XCTAssertTrue("\($0)".contains("no markers or notes of the category quote"), "\($0)") }

        // Two machines' parts (--shard 1/2 and 2/2): together every session's video, none twice.
        let sessions = try BatchVideos.sessions(under: [folder.path]).map { $0.name + ".mp4" }
        var made: [[String]] = []
        for part in 1...2 {
            let out = folder.appendingPathComponent("part-\(part)")
            let line = try BatchVideos.run([folder.path], out: out.path, scale: 0.5, fps: 10, jobs: 2, shard: Shard(part: part, count: 2))
            XCTAssertTrue(line.hasPrefix("shard \(part)/2: "), line)
            made.append(((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).filter { $0.hasSuffix(".mp4") })
        }
        XCTAssertEqual(Set(made.flatMap { $0 }), Set(sessions), "\(made)")
        XCTAssertEqual(made.flatMap { $0 }.count, sessions.count, "none twice: \(made)")
    }

    func testTheKeypadTakesTheNumberAndRefusesOneWhoTookPart() throws {
        let taken = folder.appendingPathComponent("P07")
        try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: taken.appendingPathComponent("answers.json"))
        let s = try makeSession(participant: nil)
        XCTAssertEqual(s.stage, .participant)
        XCTAssertEqual(elements(s).first { $0.id == "study.start" }?.state["enabled"], .bool(false), "no number, no start")
        tap(s, "study.key.7")
        tap(s, "study.start")
        XCTAssertEqual(s.stage, .participant, "P07 already took part")
        tap(s, "study.key.clear")
        tap(s, "study.key.1")
        tap(s, "study.key.2")
        tap(s, "study.start")
        XCTAssertEqual(s.participant, 12)
        XCTAssertEqual(s.stage, .consent)
        for e in elements(s) where e.role == "key" || e.id.hasPrefix("study.") && e.role == "button" {
            XCTAssertGreaterThanOrEqual(min(e.hitFrame.width, e.hitFrame.height), 44, "\(e.id) is a finger's target")
        }
    }

    func testAnObserversMarkerIsRefusedBeforeConsentOrForAnotherParticipantAndALateOneKeepsItsMoment() throws {
        let s = try makeSession(participant: 1)
        XCTAssertEqual(
            s.observerMark(key: "m", note: nil, id: "a", participant: "P01", now: now), "P01 has not agreed to the study yet: nothing is logged before consent")
        tap(s, "study.agree")
        XCTAssertEqual(s.observerMark(key: "m", note: nil, id: "b", participant: "P02", now: now), "P02's session ended")
        wait(s, 10)
        tap(s, "study.start")
        XCTAssertEqual(s.stage, .running(.practice))
        now = now + .seconds(20)
        // Made before the practice began (it waited in the page's outbox): the study's log only.
        XCTAssertNil(s.observerMark(key: "n", note: "late", id: "c", participant: "P01", waited: 25, now: now))
        XCTAssertNil(s.observerMark(key: "2", note: nil, id: "d", participant: "P01", waited: 5, now: now))
        // One that waited longer than study.observerLateMarkerLimit (600 s) is placed no earlier than the study began.
        XCTAssertNil(s.observerMark(key: "m", note: nil, id: "e", participant: "P01", waited: 4000, now: now))
        s.close()
        let studyLog = try String(contentsOf: folder.appendingPathComponent("P01/study-log.jsonl"), encoding: .utf8)
        let markers = studyLog.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["kind"] as? String == "marker" }
        XCTAssertEqual(markers.map { $0["id"] as? String }, ["c", "d", "e"], studyLog)
        guard markers.count == 3 else { return }
        XCTAssertEqual((markers[1]["t"] as? Double ?? 0) - (markers[0]["t"] as? Double ?? 0), 20, accuracy: 1e-6, "each at the moment it was made")
        XCTAssertEqual(markers[2]["t"] as? Double, 0, "not before the study began")
        XCTAssertEqual(markers.map { $0["queued"] as? Double }, [25, 5, 4000], "and how long it waited")
        let iso = ISO8601DateFormatter()
        XCTAssertEqual(markers[0]["at"] as? String, iso.string(from: Date(timeIntervalSince1970: 1_800_000_000 - 25)), "its wall-clock time then")
        XCTAssertNil(markers[0]["part"], "made before the practice began")
        XCTAssertEqual(markers[1]["part"] as? String, "practice")
        let practiceLog = try String(contentsOf: folder.appendingPathComponent("P01/practice/log.jsonl"), encoding: .utf8)
        XCTAssertFalse(practiceLog.contains("\"id\":\"c\""), practiceLog)
        XCTAssertTrue(practiceLog.contains("\"id\":\"d\""), practiceLog)
    }

    /// The review's case: a marker made during the first task that reached the program only once
    /// the second had begun (the page was offline) was logged with no task.
    func testALateObserverMarkerKeepsTheTaskOnShowWhenItWasMade() throws {
        let s = try makeSession(participant: 1)
        throughThePractice(s)
        tap(s, "study.start")
        let first = try XCTUnwrap(s.block?.state.tasks?.current?.id)
        wait(s, 3)
        let made = now
        skipTask(s)
        answer(s, [5])
        let second = try XCTUnwrap(s.block?.state.tasks?.current?.id)
        XCTAssertNotEqual(first, second)
        XCTAssertNotNil(s.block?.state.tasks?.began, "the second task is on")
        XCTAssertNil(s.observerMark(key: "m", note: nil, id: "late", participant: "P01", waited: (now - made).seconds, now: now))
        XCTAssertNil(s.observerMark(key: "m", note: nil, id: "now", participant: "P01", now: now))
        s.close()
        let log = try String(contentsOf: folder.appendingPathComponent("P01/block1-outside/log.jsonl"), encoding: .utf8)
        let markers = log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["kind"] as? String == "marker" }
        XCTAssertEqual(markers.map { $0["task"] as? String }, [first, second], log)
    }

    func testTheOperatorsMarkersAndNotesLandInTheBlockLogAtTheirTime() throws {
        let s = try makeSession(participant: 1)
        throughThePractice(s)
        tap(s, "study.start")
        let began = now - .seconds(0.05) // the Start tap lifted then (`tap` waits 50 ms after)
        XCTAssertEqual(s.stage, .running(.block(0)))
        now = now + .seconds(1)
        _ = s.step([.text("2", time: now)], now: now, context: StepContext())
        let markedAt = now
        now = now + .seconds(1)
        var told: [String?] = []
        s.add(StudyEvents(note: { told.append($0) }))
        let before = s.block?.picture(at: now)
        _ = s.step([.text("n", time: now)], now: now, context: StepContext())
        XCTAssertEqual(s.note, "")
        for c in "looks lost" {
            now = now + .seconds(0.1)
            let frame = s.step([.text(String(c), time: now)], now: now, context: StepContext())
            let drawn = (frame.drawList ?? DrawList()).commands.compactMap { command -> String? in
                if case let .text(run) = command { return run.text }; return nil
            }
            XCTAssertFalse(drawn.contains { $0.contains("looks") || $0.hasPrefix("Note") }, "the note is never on the participant's screen")
        }
        XCTAssertEqual(s.block?.picture(at: now), before, "the participant's picture is as it was")
        now = now + .seconds(0.1)
        _ = s.step([.key(.enter, time: now)], now: now, context: StepContext())
        XCTAssertNil(s.note)
        XCTAssertEqual(told.first, "", "the operator's screen hears the note open")
        XCTAssertEqual(told.dropLast().last, "looks lost", "and each key")
        XCTAssertEqual(told.last, .some(nil), "and its close")
        s.close()
        let log = try String(contentsOf: folder.appendingPathComponent("P01/block1-outside/log.jsonl"), encoding: .utf8)
        let markers = log.split(separator: "\n").filter { $0.contains("\"kind\":\"marker\"") }
        XCTAssertEqual(markers.count, 2, log)
        XCTAssertTrue(markers[0].contains("\"category\":\"error\""), "key 2 is the study's \"error\": \(markers[0])")
        XCTAssertTrue(markers[0].contains("\"task\":\""), "with the task on show")
        let t = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(markers[0].utf8)) as? [String: Any])?["t"] as? Double)
        XCTAssertEqual(t, (markedAt - began).seconds, accuracy: 1e-6, "on the block's clock, as its trace")
        XCTAssertTrue(markers[1].contains("\"note\":\"looks lost\""), String(markers[1]))
        let studyLog = try String(contentsOf: folder.appendingPathComponent("P01/study-log.jsonl"), encoding: .utf8)
        XCTAssertTrue(studyLog.contains("\"kind\":\"consent\""))
        XCTAssertEqual(studyLog.components(separatedBy: "\"kind\":\"marker\"").count - 1, 2)
        XCTAssertTrue(studyLog.contains("\"kind\":\"part.stopped\""), "the window closed mid-block")

        // The report lists them, on the block's clock (the video's) and the study's (issue 31).
        let csv = folder.appendingPathComponent("csv"), html = folder.appendingPathComponent("report.html")
        let report = try Commands.report([folder.path], out: nil, json: nil, html: html.path, csv: csv.path)
        // The block the window closed in, not run again, counts what was done and is said to be cut short.
        XCTAssertTrue(report.contains("1 stopped before their end and were not run again (P01 block1-outside (closed))"), report)
        let video = String(format: "0:%04.1f", (markedAt - began).seconds)
        XCTAssertTrue(report.contains("## Markers and notes"), report)
        XCTAssertTrue(report.contains("| P01 | outside | 1 | "), report)
        XCTAssertTrue(report.contains("| \(video) | P01-block1-outside.mp4 | "), "the marker's time in the block's video: \(report)")
        XCTAssertTrue(report.contains("| error | keyboard |"), report)
        XCTAssertTrue(report.contains("| note | keyboard | looks lost |"), report)
        let rows = try String(contentsOf: csv.appendingPathComponent("markers.csv"), encoding: .utf8).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        XCTAssertEqual(rows.count, 3, "a header and two markers: \(rows)")
        XCTAssertEqual(
            rows.first, "participant,variant,block,part,task,block_seconds,video,video_seconds,study_seconds,category,source,note")
        let fields = rows[1].components(separatedBy: ",")
        XCTAssertEqual(Double(fields[5]) ?? -1, (markedAt - began).seconds, accuracy: 1e-6, "block seconds: \(rows[1])")
        XCTAssertEqual(fields[7], fields[5], "the video's clock is the block's")
        XCTAssertEqual(Double(fields[8]) ?? -1, markedAt.seconds, accuracy: 0.01, "the study's clock: \(rows[1])")
        XCTAssertEqual(fields[9], "error")
        let page = try String(contentsOf: html, encoding: .utf8)
        XCTAssertTrue(page.contains("<svg class=\"timeline\" data-participant=\"P01\" data-part=\"block1-outside\""), "a timeline per block")
        XCTAssertEqual(page.components(separatedBy: "<path class=\"marker\"").count - 1, 2, "both marks on it")
        XCTAssertTrue(page.contains("<table id=\"markers\">"))
        XCTAssertFalse(page.contains("<figure>"), "no plot without a task judged (an empty axis says nothing)")
    }

    func testAKioskStudyMakesEachVisitorTheNextParticipantAndLetsNobodyOutWithoutThePIN() throws {
        var k = TactileConfiguration.Kiosk()
        k.pin = "2468"
        k.idleTimeout = 30
        k.studyResetAfter = 5
        let s = try makeSession(participant: nil, kiosk: k)
        XCTAssertTrue(s.refusesQuit)
        XCTAssertEqual(s.participant, 1, "no keypad: the first free number")
        XCTAssertEqual(s.stage, .consent)
        // The first visitor declines: nothing recorded, and after the pause the next visitor is P01 again.
        tap(s, "study.decline")
        wait(s, 6)
        XCTAssertEqual(s.stage, .consent)
        XCTAssertEqual(s.participant, 1)
        // The next agrees, starts the practice and walks away: after the idle time what they did is kept.
        tap(s, "study.agree")
        tap(s, "study.start")
        XCTAssertEqual(s.stage, .running(.practice))
        wait(s, 31)
        XCTAssertEqual(s.stage, .consent, "let go after kiosk.idleTimeout")
        XCTAssertEqual(s.participant, 2, "P01 took part")
        let log = try String(contentsOf: folder.appendingPathComponent("P01/study-log.jsonl"), encoding: .utf8)
        XCTAssertTrue(log.contains("\"kind\":\"part.stopped\"") && log.contains("\"reason\":\"idle\""), log)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("P01/practice/trace.jsonl").path))

        // Five fingers held for three seconds open the PIN pad; a wrong PIN keeps it shut, the right one lets out.
        let fingers = (1...5).map { InputEvent.touch(.down, id: $0, at: Point(x: 60.0 * Double($0), y: 400), time: now) }
        _ = s.step(fingers, now: now, context: StepContext())
        wait(s, 3.1)
        func pinKey(_ d: Int) { self.pinKey(d, on: s, kiosk: k) }
        for id in 1...5 {
            now = now + .seconds(0.01); _ = s.step([.touch(.up, id: id, at: Point(x: 60.0 * Double(id), y: 400), time: now)], now: now, context: StepContext())
        }
        for d in [1, 1, 1, 1] { pinKey(d) }
        XCTAssertFalse(s.exited, "a wrong PIN")
        for d in [2, 4, 6, 8] { pinKey(d) }
        XCTAssertTrue(s.exited, "the right PIN lets out")
    }

    /// A finger taps the PIN pad's digit `d` and lifts 80 ms later.
    func pinKey(_ d: Int, on s: StudySession, kiosk k: TactileConfiguration.Kiosk) {
        let keys = PinPad.keys(in: Size(width: 390, height: 844), keySize: k.pinKeySize, metrics: Theme().metrics.kiosk)
        let frame = keys.first { $0.key == .digit(d) }!.frame
        let p = Point(x: frame.midX, y: frame.midY)
        now = now + .seconds(0.2)
        _ = s.step([.touch(.down, id: 9, at: p, time: now)], now: now, context: StepContext())
        now = now + .seconds(0.08)
        _ = s.step([.touch(.up, id: 9, at: p, time: now)], now: now, context: StepContext())
    }

    func testAKioskStudysPINPadLocksAfterTooManyWrongPINsAndItsCornerTapsOpenTheWayOut() throws {
        var k = TactileConfiguration.Kiosk()
        k.pin = "2468"
        k.pinAttempts = 3
        k.pinLockoutDuration = 30
        k.pinTimeout = 20
        k.idleTimeout = 600
        k.exitCornerSequence = [.topLeft, .topRight, .bottomRight]
        let s = try makeSession(participant: nil, kiosk: k)
        // The corner taps, as in the editor kiosk, open the PIN pad.
        for corner in [Point(x: 10, y: 10), Point(x: 380, y: 10), Point(x: 380, y: 834)] {
            now = now + .seconds(0.3)
            _ = s.step([.touch(.down, id: 7, at: corner, time: now)], now: now, context: StepContext())
            now = now + .seconds(0.08)
            _ = s.step([.touch(.up, id: 7, at: corner, time: now)], now: now, context: StepContext())
        }
        XCTAssertEqual(s.nextDue(after: now)?.reason, "kiosk PIN timeout", "the corner taps opened the PIN pad")
        // Three wrong PINs lock the pad: the right one typed during the lockout does not let out.
        for _ in 1...3 { for d in [1, 1, 1, 1] { pinKey(d, on: s, kiosk: k) } }
        XCTAssertFalse(s.exited)
        XCTAssertEqual(s.nextDue(after: now)?.reason, "kiosk PIN lockout", "the pad counts the lockout down")
        for d in [2, 4, 6, 8] { pinKey(d, on: s, kiosk: k) }
        XCTAssertFalse(s.exited, "digits are refused while the pad is locked")
        // Closing the pad does not reset the lockout: opened again at once, it is still locked.
        wait(s, 21)
        for corner in [Point(x: 10, y: 10), Point(x: 380, y: 10), Point(x: 380, y: 834)] {
            now = now + .seconds(0.3)
            _ = s.step([.touch(.down, id: 7, at: corner, time: now)], now: now, context: StepContext())
            now = now + .seconds(0.08)
            _ = s.step([.touch(.up, id: 7, at: corner, time: now)], now: now, context: StepContext())
        }
        for d in [2, 4, 6, 8] { pinKey(d, on: s, kiosk: k) }
        XCTAssertFalse(s.exited, "still locked after the pad closed and opened again")
        // Once the lockout is over the right PIN lets out.
        wait(s, 10)
        for d in [2, 4, 6, 8] { pinKey(d, on: s, kiosk: k) }
        XCTAssertTrue(s.exited, "the right PIN after the lockout lets out")
    }
}
